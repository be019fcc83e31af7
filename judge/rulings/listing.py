"""One saved ruling on one line, as `judge ruling list` prints it and the TUI's log lists it:
number, time, where, its mark, what was asked (or ruled), its citations."""

from __future__ import annotations

from judge.safe_text import one_line


def listed(ruling) -> str:
    """`#3    2026-11-30 14:05  Regional · table 12 · Kim  [overturned on appeal] Does …  [nd:704.5j]`.
    Stored text may come from another program: controls and line breaks are made visible."""
    r = ruling
    where = " · ".join(p for p in (r.event, f"table {r.table}" if r.table else "", r.judge) if p)
    cites = f"  [{', '.join(r.cites)}]" if r.cites else ""
    mark = f"[{r.mark}] " if r.mark else ""
    return one_line(
        f"#{r.number:<4} {r.given_at.replace('T', ' ')[:16]}  {where or '-'}  {mark}"
        f"{' '.join((r.question or r.answer).split())}{cites}"
    )
