"""Shared fixtures: a private cache and data directory, and one parsed corpus per test session.

Nothing imports this module (pytest loads it once); what tests share as plain values lives in
tests/bundled.py.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

# Before judge is imported anywhere: never touch the user's real cache, data or config folder.
_TMP = Path(tempfile.mkdtemp(prefix="judge-tests-"))
if os.environ.pop("JUDGE_TESTS_PARENT_CACHE", None) != "1":  # a permission test's child reuses its parent's
    os.environ["JUDGE_CACHE_DIR"] = str(_TMP / "cache")
    os.environ["JUDGE_CONFIG_DIR"] = str(_TMP / "config")  # the cache's signing key
os.environ["JUDGE_DATA_HOME"] = str(_TMP / "data")
# Nor may the settings of whoever runs them: the event's game, a team's shared rulings file, a
# data folder elsewhere, or a theme (the snapshots are made dark); nor a terminal size, which
# would wrap what a command prints to a pipe (pytest-xdist's workers get COLUMNS=80).
for setting in (
    "JUDGE_GAME",
    "JUDGE_EVENT_DATE",
    "JUDGE_RULINGS_DB",
    "JUDGE_DATA_DIR",
    "JUDGE_THEME",
    "COLORFGBG",
    "COLUMNS",
    "LINES",
):
    os.environ.pop(setting, None)


def pytest_unconfigure(config):
    shutil.rmtree(_TMP)


# -- tests that need permission bits to bite (`@pytest.mark.permission_bits`) --------------------
# Root reads and writes whatever a file's mode says, and CI runs as root; so there such a test runs
# in a child pytest that has lost the two capabilities that override permission bits, from its
# bounding set as well (it cannot get them back): the same interpreter, checkout and user, with
# the file modes binding as they do for anyone else. (Running as `nobody` instead cannot work: the
# interpreter lives under /root, mode 700.) docs/development/testing.md, "Permission tests".
_WITHOUT_OVERRIDE = ("--inh-caps=-dac_override,-dac_read_search", "--bounding-set=-dac_override,-dac_read_search")


@functools.cache
def _permissions_overridden() -> bool:
    """Whether this process reads a folder of mode 000 (root, or CAP_DAC_* granted): tried, not guessed from the uid."""
    probe = Path(tempfile.mkdtemp(prefix="judge-mode-probe-"))
    probe.chmod(0)
    try:
        os.listdir(probe)
    except PermissionError:
        return False
    else:
        return True
    finally:
        probe.chmod(0o700)
        probe.rmdir()


def pytest_collection_modifyitems(config, items):
    if _permissions_overridden():  # each such test is then a whole pytest process of its own
        for item in items:
            if item.get_closest_marker("permission_bits"):
                item.add_marker(pytest.mark.slow)


def pytest_pyfunc_call(pyfuncitem):
    if pyfuncitem.get_closest_marker("permission_bits") is None or not _permissions_overridden():
        return None
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        reason = "this process overrides permission bits and setpriv (Debian package util-linux) is missing"
        if os.environ.get("CI") == "true":
            pytest.fail(reason + ": under CI the permission tests must run")
        pytest.skip(reason)
    env = {name: value for name, value in os.environ.items() if not name.startswith("PYTEST_")}
    env["JUDGE_TESTS_PARENT_CACHE"] = "1"  # the corpus this process parsed, not parsed again
    argv = [setpriv, *_WITHOUT_OVERRIDE, "--", sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    done = subprocess.run(
        [*argv, pyfuncitem.nodeid], cwd=pyfuncitem.config.rootpath, env=env, capture_output=True, text=True
    )
    report = f"{pyfuncitem.nodeid} without permission override (exit {done.returncode}):\n{done.stdout}{done.stderr}"
    assert done.returncode == 0, report
    assert re.search(r"^1 passed\b", done.stdout.splitlines()[-1]), report  # ran, and was not skipped
    return True


@pytest.fixture(scope="session")
def corpus():
    """Parsed once per session, into the session's private cache (which later loads reuse)."""
    from judge.editions.loader import load_corpus

    return load_corpus()


@pytest.fixture(scope="session")
def session_searcher(corpus):
    from judge.rulings.source import saved_rulings_source
    from judge.search.index import open_searcher

    return open_searcher(corpus, saved_rulings=saved_rulings_source())  # as judge.context opens it


@pytest.fixture
def session_context(corpus, session_searcher, monkeypatch):
    """What every command starts from (judge.context) serves the session's corpus and searcher,
    instead of each command test loading and opening its own."""
    from judge import context

    monkeypatch.setattr(context, "corpus", lambda: corpus)
    monkeypatch.setattr(context, "searcher", lambda: session_searcher)


@pytest.fixture(scope="module")
def browser():
    """The system Chromium, driven by Playwright, once per test module; without it the tests skip
    saying what to install (and fail under CI, which installs it)."""
    from tests import printed_sheet

    with printed_sheet.system_chromium(printed_sheet.browser_missing(), "drive a browser") as chromium:
        yield chromium


@pytest.fixture
def photos(tmp_path) -> Path:
    """Where a browser test's screenshots go: docs/ when JUDGE_SCREENSHOT_DIR=docs, else a temporary folder."""
    folder = Path(os.environ.get("JUDGE_SCREENSHOT_DIR") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder
