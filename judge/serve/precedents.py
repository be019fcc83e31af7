"""Precedents from a judge program's archive on the station's search page (`judge serve
--archive URL`). The archive is another machine's: it is asked with a short timeout, off the
event loop, and when it cannot be reached the page says so in one line and the rules' results
stand; the rulings log stays the station's own SQLite file either way."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool

CONNECT_TIMEOUT = 3  # seconds: a phone is waiting for the page
LIMIT = 10


async def look_up(url: str, text: str) -> dict:
    """{"where": host:port/db, "found": [Precedent…], "error": "" or why they are left out}."""
    from judge.rulings import archive

    def ask() -> dict:
        try:
            conn = archive.connect(url, timeout=CONNECT_TIMEOUT)
            try:
                return {"found": archive.precedents(url, text, LIMIT, conn=conn), "error": ""}
            finally:
                conn.close()
        except archive.ArchiveError as exc:
            return {"found": [], "error": str(exc)}

    return {"where": archive.where(url), **await run_in_threadpool(ask)}
