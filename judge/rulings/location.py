"""Where the saved-rulings database is: data_dir()/rulings.sqlite3, or $JUDGE_RULINGS_DB.

Apart from judge.rulings.store so that a search can ask whether there is a log at all without
loading the store's code (sqlite3, the schema): most searches are made where none was saved."""

from __future__ import annotations

import os
from pathlib import Path

from judge import paths

ENV_VAR = "JUDGE_RULINGS_DB"
FILE_NAME = "rulings.sqlite3"


def default_db_path() -> Path:
    override = os.environ.get(ENV_VAR)
    return Path(override).expanduser() if override else paths.data_dir() / FILE_NAME
