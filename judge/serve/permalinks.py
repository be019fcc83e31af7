"""The judge station's addresses: one permalink per entry, derived from its id, never a file path.

An entry id is `<doc>:<rest>` (the corpus's own ids: `nd:704.5j`, `nd:glossary/overrun`,
`lcg:attachment-cards/3`, `sf:card/charmed-life/2`, `sf:errata/booby-trap`), so its page is
`/<doc>/<rest>`:

    /nd/704.5j                    No Dawn rule 704.5j (a numbered entry's id is its number)
    /nd/704.5.                    rule 704.5 without its sub-rules (as `judge show 704.5.`)
    /nd/glossary/overrun          a glossary term
    /lcg/attachment-cards/3       a topic's third paragraph
    /sf/card/charmed-life         a card (the card page), /sf/card/charmed-life/2 its ruling 2
    /nd@2026-11/704.5j            rule 704.5j as edition 2026-11 has it (an imported edition)
    /nd                           the document: its table of contents
    /card?name=charmed+lyfe       a card by a loose name (a redirect to its page, or a choice)
    /search?q=…                   the search

The document key is matched against the bundled documents (a route convertor built from
judge.corpus.documents), so `/search`, `/card` and other pages are never taken for a document. A
path that is not an id but names an entry the way `judge show` accepts (`/nd/1` for section 1,
`/nd/overrun`) redirects to the entry's permalink; anything else is a 404 page with the nearest
entries. The path is only ever looked up in the corpus's dictionary of ids.
"""

from __future__ import annotations

import re
from urllib.parse import quote, urlencode

from starlette.convertors import Convertor, register_url_convertor

from judge.corpus.documents import DOCUMENTS
from judge.editions import ids, store

# What a corpus id may hold after its document key (checked by tests/test_serve_reading.py
# against every id); a path with anything else is not an id and is never looked up as one.
ID_TAIL = re.compile(r"[A-Za-z0-9._/-]+")
# The longest id is far shorter; a longer path is refused before "nearest" compares strings.
MAX_ID_CHARS = 160


class DocumentKey(Convertor):
    regex = "|".join(re.escape(spec.key) for spec in DOCUMENTS)

    def convert(self, value: str) -> str:
        return value

    def to_string(self, value: str) -> str:
        return value


register_url_convertor("doc", DocumentKey())


class EditionName(Convertor):
    regex = store.NAME_RE.pattern.strip("^$")

    def convert(self, value: str) -> str:
        return value

    def to_string(self, value: str) -> str:
        return value


register_url_convertor("edition", EditionName())


class Count(Convertor):
    """A ruling's or a step's number: Starlette's `int` takes any length, and a number past
    SQLite's 64-bit integers made /log/<5,000 digits> a 500. Longer than 18 digits matches no
    route (404), as no such ruling or step can exist."""

    regex = "[0-9]{1,18}"

    def convert(self, value: str) -> int:
        return int(value)

    def to_string(self, value: int) -> str:
        return str(value)


register_url_convertor("count", Count())


def entry_path(entry_id: str) -> str:
    """`nd:704.5j` -> `/nd/704.5j`."""
    doc, _, rest = entry_id.partition(":")
    return f"/{doc}/{quote(rest, safe='/')}"


def ruling_path(number: int) -> str:
    """A saved ruling's page: 3 -> `/log/3` (log_pages.py)."""
    return f"/log/{int(number)}"


def edition_entry_path(edition: str, entry_id: str) -> str:
    """`2026-11`, `nd:704.5j` -> `/nd@2026-11/704.5j`: the entry as that edition has it
    (edition_pages.py; an edition's name is letters, digits and . _ -, store.NAME_RE)."""
    doc, _, rest = ids.plain(entry_id).partition(":")
    return f"/{doc}@{quote(edition, safe='')}/{quote(rest, safe='/')}"


def cited_path(entry_id: str) -> str:
    """The page of a saved citation: `nd@2026-11:704.5j` (a ruling given on an imported
    edition) -> `/nd@2026-11/704.5j`, the entry as it stood in the edition the ruling was given
    on (the page sends the judge on to `/nd/704.5j` when that is the edition the station reads);
    any other id -> its entry's page."""
    named = ids.split(entry_id)
    return edition_entry_path(named[1], entry_id) if named else entry_path(entry_id)


def document_path(doc: str) -> str:
    return f"/{doc}"


def search_path(query: str) -> str:
    return "/search?" + urlencode({"q": query})


def card_path(name: str) -> str:
    return "/card?" + urlencode({"name": name})


def entry_id(doc: str, rest: str) -> str | None:
    """The id a path names, or None when it cannot be one (too long, a character no id has)."""
    if len(rest) > MAX_ID_CHARS or not ID_TAIL.fullmatch(rest):
        return None
    return f"{doc}:{rest}"
