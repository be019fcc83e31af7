"""What search reads saved rulings through: a source judge.context and judge.library hand the
searcher (judge.search.ranking.SavedRulings). Apart from judge.rulings.searchable so that
opening a search loads none of the store's code (sqlite3, the schema) until a log is there."""

from __future__ import annotations

import os
from pathlib import Path

from judge.rulings.location import default_db_path


def saved_rulings_source(db_path: str | Path | None = None):
    """What search reads saved rulings through (judge.search.ranking.SavedRulings): the entries
    of the file at `db_path` (None: default_db_path(), asked afresh on every search). No file: no
    entries, and the store's code (sqlite3 and all) is not loaded for nothing."""

    def entries():
        path = os.path.expanduser(db_path) if db_path else default_db_path()
        if not os.path.exists(path):  # no log here (what the store would say too)
            return []
        from judge.rulings.searchable import saved_ruling_entries  # deferred: start-up

        return saved_ruling_entries(path)

    return entries
