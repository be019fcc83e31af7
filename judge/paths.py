"""Where the bundled data lives, and the user's cache, data and config folders.

In a wheel the vendored `rules/`, `rulings/` and `cards/` trees ship inside the package as
`judge/_data/…`; in a source checkout they sit at the repository root beside `judge/`.
The user's folders come from platformdirs (on Linux: $XDG_CACHE_HOME, $XDG_DATA_HOME and
$XDG_CONFIG_HOME, else ~/.cache, ~/.local/share and ~/.config), each overridable by a JUDGE_*
variable.
"""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
APP_NAME = "judge"


def data_root() -> Path:
    """The directory that holds rules/, rulings/ and cards/."""
    override = os.environ.get("JUDGE_DATA_DIR")
    if override:
        return Path(override)
    bundled = _PACKAGE / "_data"
    if (bundled / "rules").is_dir():
        return bundled
    return _PACKAGE.parent


def _user_folder(variable: str, kind: str) -> Path:
    """$variable, else platformdirs' user_<kind>_dir for judge — imported only then (it costs
    a command's start-up ~10 ms, for nothing when every folder is set)."""
    override = os.environ.get(variable)
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(getattr(platformdirs, f"user_{kind}_dir")(APP_NAME, appauthor=False))


def cache_dir() -> Path:
    """JUDGE_CACHE_DIR, else the platform's user cache folder for judge (the parsed corpus and
    the search index: anything in it can be rebuilt)."""
    return _user_folder("JUDGE_CACHE_DIR", "cache")


def data_dir() -> Path:
    """JUDGE_DATA_HOME, else the platform's user data folder for judge (saved rulings, sheets)."""
    return _user_folder("JUDGE_DATA_HOME", "data")


def config_dir() -> Path:
    """JUDGE_CONFIG_DIR, else the platform's user config folder for judge (the cache key)."""
    return _user_folder("JUDGE_CONFIG_DIR", "config")


def boards_dir() -> Path:
    """Where the TUI's board screen saves scenario files (and judge serve lists them)."""
    return data_dir() / "scenarios"
