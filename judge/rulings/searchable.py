"""Saved rulings as search entries: what `judge search`, the TUI and the station find in the
rulings log (kind "ruling", doc "saved", id "saved:<n>"), read through the store
(judge.rulings.store) and kept until the file changes.
"""

from __future__ import annotations

import os
import sqlite3
import stat
import threading
from pathlib import Path

from judge.corpus.model import Entry, Ref
from judge.editions.ids import plain as plain_id
from judge.notices import report_once
from judge.rulings.location import default_db_path
from judge.rulings.store import RulingsError, RulingStore, SavedRuling


def _game_of(entry_id: str) -> str:
    from judge.corpus.documents import DOCUMENTS  # deferred: start-up

    doc = entry_id.split(":", 1)[0].split("@", 1)[0]  # nd@2026-11:704.5j is No Dawn's too
    return next((d.game for d in DOCUMENTS if d.key == doc), "")


def ruling_entry(ruling: SavedRuling) -> Entry:
    """A saved ruling as a searchable Entry (kind "ruling", doc "saved", id "saved:<n>")."""
    games = [g for g in (_game_of(c) for c in ruling.cites) if g]
    text = f"{ruling.question}\n\n{ruling.answer}" if ruling.question else ruling.answer
    return Entry(
        id=ruling.id,
        doc="saved",
        game=games[0] if games else "",
        kind="ruling",
        text=text,
        title=ruling.question or ruling.answer.strip().splitlines()[0][:80],
        citation=ruling.citation,
        refs=[Ref(surface=c, target=plain_id(c), kind="cite") for c in ruling.cites],
        tags=[f"saved:{ruling.date.isoformat()}" if ruling.date else "saved:undated"],
        extra={
            "event": ruling.event,
            "table": ruling.table,
            "judge": ruling.judge,
            "given_at": ruling.given_at,
            "answer": ruling.answer,
            "question": ruling.question,
        },
    )


# The last answer of saved_ruling_entries, keyed by what identifies the file's content: the
# search layer asks on every query, and the file changes only when a judge saves a ruling.
_entries_cache: dict[Path, tuple[tuple, list[Entry]]] = {}


class _ChangeWatch:
    """A read-only connection kept open on one rulings file, to ask SQLite whether another
    connection has committed since it last asked (PRAGMA data_version). The file's bytes are
    never read outside SQLite (see judge.rulings.store.RulingStore._check_file): a stamp of size and mtime would miss
    two commits within one mtime tick, and reading the header with open() drops SQLite's locks."""

    def __init__(self, path: Path, identity: tuple[int, int]) -> None:
        self.identity = identity
        uri = path.resolve().as_uri() + "?mode=ro"
        self.conn = sqlite3.connect(uri, uri=True, timeout=0.25, isolation_level=None, check_same_thread=False)

    def version(self) -> int:
        return self.conn.execute("PRAGMA data_version").fetchone()[0]


_watches: dict[Path, _ChangeWatch] = {}
_watches_lock = threading.Lock()


def _content_stamp(path: Path) -> tuple | None:
    """What identifies the file's content now: its identity (device, inode), size and mtime
    (a file rewritten outside SQLite) and SQLite's data_version on a connection kept open on it
    (a commit, which in WAL mode leaves the main file as it was until a checkpoint). None when there is no file; a stamp equal to
    no other when it cannot be had (an empty or unreadable file: it is read, and fails loudly)."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError:
        return (object(),)
    if not stat.S_ISREG(info.st_mode) or info.st_size == 0:
        return (object(),)
    identity = (info.st_dev, info.st_ino)
    with _watches_lock:
        watch = _watches.get(path)
        try:
            if watch is None or watch.identity != identity:
                if watch is not None:
                    watch.conn.close()
                watch = _watches[path] = _ChangeWatch(path, identity)
            return (identity, info.st_size, info.st_mtime_ns, watch.version())
        except sqlite3.Error:
            _watches.pop(path, None)
            return (object(),)


def saved_ruling_entries(db_path: str | Path | None = None) -> list[Entry]:
    """Every saved ruling as an Entry; [] when there is no database. A database that cannot be
    read, and rows that are skipped, are reported once on stderr (by path): search goes on
    without them, but never silently.

    Fast on repeat calls: an unchanged file is not read again. Treat the entries as read-only.
    """
    path = Path(db_path).expanduser() if db_path else default_db_path()
    stamp = _content_stamp(path)
    if stamp is None:
        return []
    cached = _entries_cache.get(path)
    if cached and cached[0] == stamp:
        return list(cached[1])
    store = RulingStore(path, timeout=0.25)
    try:
        entries = [ruling_entry(r) for r in store.all()]
    except RulingsError as exc:
        report_once(f"saved rulings are left out of this search: {exc}")
        return []
    for reason in store.skipped:
        report_once(reason)
    _entries_cache[path] = (stamp, entries)
    return list(entries)
