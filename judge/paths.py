"""Where the bundled data lives and where the cache goes.

In a wheel the vendored `rules/`, `rulings/` and `cards/` trees ship inside the package as
`judge/_data/…`; in a source checkout they sit at the repository root beside `judge/`.
"""
from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_root() -> Path:
    """The directory that holds rules/, rulings/ and cards/."""
    override = os.environ.get("JUDGE_DATA_DIR")
    if override:
        return Path(override)
    bundled = _PACKAGE / "_data"
    if (bundled / "rules").is_dir():
        return bundled
    return _PACKAGE.parent


def cache_dir() -> Path:
    """JUDGE_CACHE_DIR, else $XDG_CACHE_HOME/judge, else ~/.cache/judge."""
    override = os.environ.get("JUDGE_CACHE_DIR")
    if override:
        return Path(override)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "judge"


def data_dir() -> Path:
    """JUDGE_DATA_HOME, else $XDG_DATA_HOME/judge, else ~/.local/share/judge (saved rulings)."""
    override = os.environ.get("JUDGE_DATA_HOME")
    if override:
        return Path(override)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "judge"
