"""Editions of the bundled documents: the bundled file is the first edition of each; newer ones
are imported into the user data folder (`judge import`). The contract other layers use (stable):

    editions.list(doc) -> list[Edition]      every edition, oldest first (the bundled one first)
    editions.newest(doc) -> Edition          the last of those
    editions.in_force(doc, date) -> Edition  the newest dated on or before `date` (YYYY-MM-DD);
                                             the first edition when every other is later
    editions.find(doc, name_or_date) -> Edition
    editions.corpus_for(doc, name) -> Corpus that one edition of that document alone, parsed by
                                             the document's parser and linked, cached and signed
                                             (judge.cache_files); `name` may be the edition's date
    editions.selected(doc) -> Edition        the one the main corpus reads: in force on
                                             $JUDGE_EVENT_DATE when set, else the newest
    editions.event_date() -> str | None      $JUDGE_EVENT_DATE, checked

An Edition has doc, name, date (YYYY-MM-DD or None), path (its source file), sha256 (of that
file), bundled (bool), and encoding, imported_at, source_name. An unknown name raises
UnknownEdition (an EditionError naming the editions that exist; the CLI exits 2 on it).
Entry ids in an edition's corpus are the document's usual ids (nd:704.5j); `nd@NAME:704.5j`
names an entry of one edition (judge.editions.ids).
"""

from __future__ import annotations

from judge.editions.errors import EditionError, UnknownEdition
from judge.editions.store import Edition, event_date, find, in_force, newest, selected
from judge.editions.store import list_editions as list  # the contract's name

__all__ = [
    "Edition",
    "EditionError",
    "UnknownEdition",
    "corpus_for",
    "event_date",
    "find",
    "in_force",
    "list",
    "newest",
    "selected",
]


def corpus_for(doc: str, name: str):
    """That one edition of `doc` as a Corpus (judge.editions.corpora; imported on first use, so
    that the many commands that never read an old edition do not load the cache code for it)."""
    from judge.editions.corpora import corpus_for as build  # deferred: start-up

    return build(doc, name)
