"""Every path a command takes, given something that is not a file to read (issue 29): a FIFO,
a device, a folder, a path too long for the system, a missing file — every command with every
kind. Each is refused with exit 2 (or 1 for nothing found) and a reason, at once — never a hang,
never exit 3."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

JUDGE = str(Path(sys.executable).with_name("judge"))
KINDS = ("fifo", "null", "zero", "folder", "too-long", "missing")


def _path(tmp: Path, kind: str) -> str:
    if kind == "fifo":
        path = tmp / "a-fifo"
        if not path.exists():
            os.mkfifo(path)
        return str(path)
    return {
        "null": "/dev/null",
        "zero": "/dev/zero",
        "folder": str(tmp),
        "too-long": str(tmp / ("a" * 5000)),
        "missing": str(tmp / "missing.yaml"),
    }[kind]


# (argv with {} for the path, the statuses it may end with)
COMMANDS = [
    (["ruling", "list", "--db", "{}"], {1, 2}),
    (["ruling", "show", "1", "--db", "{}"], {1, 2}),
    (["ruling", "export", "--db", "{}"], {0, 1, 2}),  # a missing log exports nothing
    (["ruling", "save", "-a", "x", "--db", "{}"], {2}),
    (["sheet", "--saved", "1", "--db", "{}"], {1, 2}),
    (["ruling", "amend", "1", "-r", "why", "-a", "x", "--db", "{}"], {2}),  # issue 33's writers
    (["ruling", "withdraw", "1", "-r", "why", "--db", "{}"], {2}),
    (["ruling", "import", "{}", "--db", "{}.sqlite3"], {2}),
    (["import", "{}", "--doc", "nd", "--date", "2026-11-01"], {2}),
    (["replay", "{}"], {2}),
    (["sheet", "--replay", "{}"], {2}),
]


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c[0][:2]) if isinstance(c, tuple) else None)
def test_a_path_that_is_not_a_file_to_read_is_refused_at_once(tmp_path, command, kind):
    argv, allowed = command
    if kind == "missing" and argv[:2] == ["ruling", "save"]:
        return  # a missing log is created: that is a save, not a refusal
    path = _path(tmp_path, kind)
    env = dict(os.environ, JUDGE_DATA_HOME=str(tmp_path / "data"))
    done = subprocess.run(
        [JUDGE, *[a.replace("{}", path) for a in argv]],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode in allowed, (argv, kind, done.returncode, done.stderr)
    assert "Traceback" not in done.stderr and (done.returncode != 2 or done.stderr.startswith("judge: ")), done.stderr
