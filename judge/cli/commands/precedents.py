"""Precedents from a judge program's archive beside a search's results (`judge search --archive`).

The archive is another machine's: one that cannot be reached is said in one line on stderr and
the search stands without it (the event's own log and the rules need no server)."""

from __future__ import annotations

import sys


def found(url: str, text: str, limit: int) -> list:
    from judge.rulings.archive import ArchiveError, precedents
    from judge.safe_text import one_line

    try:
        return precedents(url, text, limit)
    except ArchiveError as exc:
        print(f"judge: precedents left out: {one_line(str(exc))}", file=sys.stderr)
        return []


def print_precedents(url: str, text: str, limit: int) -> bool:
    """Print the archive's precedents for `text`, each marked with its event; whether any were."""
    from rich.console import Console
    from rich.text import Text

    from judge.rulings.archive import where
    from judge.safe_text import one_line

    hits = found(url, text, limit)
    if not hits:
        return False
    console = Console()
    console.print(Text(f"\nPrecedents from the archive ({where(url)}), newest first", style="bold underline"))
    for n, p in enumerate(hits, 1):
        head = Text(f"{n:>2}. ")
        head.append(one_line(p.citation), style="bold cyan")
        head.append(f"  {one_line(p.given_at[:10])}" + (f", table {one_line(p.table)}" if p.table else ""), style="dim")
        console.print(head)
        if p.question:
            console.print(Text("    Q: " + one_line(p.question)))
        console.print(Text("    " + one_line(p.answer)))
        if p.cites:
            console.print(Text("    cites " + one_line(", ".join(p.cites)), style="dim"))
    return True
