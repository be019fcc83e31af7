"""Shared fixtures: a private cache and data directory, and one parsed corpus per test session.

Nothing imports this module (pytest loads it once); what tests share as plain values lives in
tests/bundled.py.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

# Before judge is imported anywhere: never touch the user's real cache, data or config folder.
_TMP = Path(tempfile.mkdtemp(prefix="judge-tests-"))
os.environ["JUDGE_CACHE_DIR"] = str(_TMP / "cache")
os.environ["JUDGE_DATA_HOME"] = str(_TMP / "data")
os.environ["JUDGE_CONFIG_DIR"] = str(_TMP / "config")  # the cache's signing key
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
