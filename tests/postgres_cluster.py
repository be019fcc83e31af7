"""A throw-away PostgreSQL cluster for the archive tests: initdb in a temporary folder, the server
on a Unix socket in that folder (no TCP port), trust authentication for the one user `judge`,
stopped and removed afterwards. Run as root, the server runs as the `postgres` user (PostgreSQL
refuses to run as root); otherwise as the current user.

Without PostgreSQL's server binaries or psycopg the archive tests skip on a user's machine and
fail under CI (CI=true), as the print check does with Chromium."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


def _bin_dir() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _unavailable(why: str):
    if os.environ.get("CI"):
        pytest.fail(f"the archive tests need {why} (CI installs it: .ci/run)")
    pytest.skip(f"the archive tests need {why}")


@contextmanager
def cluster() -> Iterator[str]:
    """The conninfo URL of a fresh cluster's `postgres` database (CREATE DATABASE for more)."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        _unavailable("psycopg 3 (pip install 'judge[archive]')")
    bin_dir = _bin_dir()
    if bin_dir is None:
        _unavailable("PostgreSQL's server binaries (initdb, pg_ctl: Debian's postgresql package)")
    user = None
    folder = Path(tempfile.mkdtemp(prefix="judge-pg-"))
    if os.geteuid() == 0:
        user = "postgres"
        owner = pwd.getpwnam(user)
        os.chown(folder, owner.pw_uid, owner.pw_gid)
    data = folder / "data"

    def run(*argv: str) -> None:
        done = subprocess.run(
            [str(bin_dir / argv[0]), *argv[1:]], capture_output=True, text=True, user=user, cwd=folder
        )
        assert done.returncode == 0, f"{argv[0]} failed: {done.stdout}{done.stderr}"

    try:
        run("initdb", "-D", str(data), "-U", "judge", "--auth=trust", "-E", "UTF8", "--no-sync")
        # fsync off: a test's cluster is thrown away; max_connections for the concurrent syncs
        run(
            "pg_ctl",
            "-D",
            str(data),
            "-l",
            str(folder / "log"),
            "-w",
            "-o",
            f"-k {folder} -c listen_addresses='' -c fsync=off -c max_connections=50",
            "start",
        )
        try:
            yield f"postgresql://judge@/postgres?host={folder}"
        finally:
            run("pg_ctl", "-D", str(data), "-m", "immediate", "-w", "stop")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def new_database(url: str, name: str) -> str:
    """A new empty database in the cluster at `url`; its URL."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return url.replace("/postgres?", f"/{name}?")
