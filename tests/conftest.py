"""Shared fixtures: a private cache directory and one parsed corpus per test session."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

# Before judge is imported anywhere: never touch the user's real cache or data directory.
_TMP = Path(tempfile.mkdtemp(prefix="judge-tests-"))
os.environ["JUDGE_CACHE_DIR"] = str(_TMP / "cache")
os.environ["JUDGE_DATA_HOME"] = str(_TMP / "data")
os.environ.pop("JUDGE_GAME", None)  # a judge's event game must not steer the tests

SHARED = Path(__file__).resolve().parents[2] / "shared"


@pytest.fixture(scope="session")
def corpus():
    from judge.corpus.loader import build_corpus

    return build_corpus()
