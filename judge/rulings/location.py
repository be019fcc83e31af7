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


def saved_rulings_source(db_path: str | Path | None = None):
    """What search reads saved rulings through (judge.search.ranking.SavedRulings): the entries
    of the file at `db_path` (None: default_db_path(), asked afresh on every search). No file: no
    entries, and the store's code (sqlite3 and all) is not loaded for nothing."""

    def entries():
        path = os.path.expanduser(db_path) if db_path else default_db_path()
        if not os.path.exists(path):  # no log here (what the store would say too)
            return []
        from judge.rulings.searchable import saved_ruling_entries

        return saved_ruling_entries(path)

    return entries
