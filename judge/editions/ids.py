"""Ids that name one edition: `nd@2026-11:704.5j` (the edition's name or its date, then the
usual id or number after the colon). An id without `@` means the edition the main corpus reads."""

from __future__ import annotations

import re

EDITION_ID_RE = re.compile(r"^([a-z]+)@([^:\s]+):(.+)$")


def split(wanted: str) -> tuple[str, str, str] | None:
    """(doc, edition, the id without its edition) for an `@` id; None for any other text."""
    m = EDITION_ID_RE.match(wanted.strip())
    return (m.group(1), m.group(2), m.group(3)) if m else None


def with_edition(entry_id: str, edition: str) -> str:
    """nd:704.5j, 2026-11 -> nd@2026-11:704.5j."""
    doc, _, rest = entry_id.partition(":")
    return f"{doc}@{edition}:{rest}"


def plain(entry_id: str) -> str:
    """nd@2026-11:704.5j -> nd:704.5j; any other id unchanged."""
    named = split(entry_id)
    return f"{named[0]}:{named[2]}" if named else entry_id
