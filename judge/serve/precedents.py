"""Precedents from a judge program's archive on the station's search page (`judge serve
--archive URL`). The archive is another machine's: it is asked with a short timeout
(judge/rulings/precedent_lookup.py, shared with the TUI), off the event loop, and when it cannot
be reached the page says so in one line and the rules' results stand; the rulings log stays the
station's own SQLite file either way."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool

from judge.rulings.precedent_lookup import look_up as ask


async def look_up(url: str, text: str) -> dict:
    """{"where": host:port/db, "found": [Precedent…], "error": "" or why they are left out}."""
    found = await run_in_threadpool(ask, url, text)
    return {"where": found.where, "found": found.found, "error": found.error}
