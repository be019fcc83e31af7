"""Asking a judge program's archive for precedents while someone waits: the station's search page
(judge/serve/precedents.py) and the TUI's Lookup. The archive is another machine's, so it is asked
with a short connect timeout, and one that cannot be had is said in one line (host, port, the
driver's reason) instead of raising: the rules' results stand without it."""

from __future__ import annotations

from dataclasses import dataclass, field

CONNECT_TIMEOUT = 3  # seconds: a judge is waiting for the results
LIMIT = 10


@dataclass(frozen=True)
class Lookup:
    where: str  # host:port/db, never the password
    found: list = field(default_factory=list)  # Precedent…, newest first
    error: str = ""  # why the precedents are left out, in one line ("" when asked)


def look_up(url: str, text: str, limit: int = LIMIT, timeout: int = CONNECT_TIMEOUT) -> Lookup:
    """The archive's precedents for `text` (blocking: call it off a UI thread or event loop)."""
    from judge.rulings import archive  # deferred: start-up

    try:
        where = archive.where(url)
    except ImportError:  # psycopg is the optional extra judge[archive]
        where = "the archive"
    try:
        conn = archive.connect(url, timeout=timeout)
        try:
            return Lookup(where, archive.precedents(url, text, limit, conn=conn))
        finally:
            conn.close()
    except archive.ArchiveError as exc:
        return Lookup(where, error=str(exc))
