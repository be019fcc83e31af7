"""Diff and trace over the stored editions (judge.editions): which editions to compare by
default, and each edition's entries of one document. What the CLI and the TUI both call."""

from __future__ import annotations

from judge import editions
from judge.changes.diff import EditionDiff, compare
from judge.changes.trace import Trace, trace


class NothingToCompare(Exception):
    """The document has one edition only: said, not an error of the user's."""


class NoEarlierEdition(Exception):
    """The edition asked for as the newer one is the first: there is nothing before it."""


def chosen(doc: str, title: str, old: str | None = None, new: str | None = None):
    """(older, newer) Edition: NEW defaults to the newest, OLD to the edition before NEW.
    An unknown name raises editions.UnknownEdition."""
    known = editions.list(doc)
    if len(known) < 2:
        raise NothingToCompare(
            f"{title} has only its bundled edition ({known[0].label}); nothing to compare — "
            f"`judge import FILE --doc {doc}` adds a newer one"
        )
    newer = editions.find(doc, new) if new else known[-1]
    if old:
        return editions.find(doc, old), newer
    at = [e.name for e in known].index(newer.name)
    if at == 0:
        raise NoEarlierEdition(f"{newer.label} is the first edition of {title}: no edition before it to compare with")
    return known[at - 1], newer


def entries_of(doc: str, name: str) -> list:
    return list(editions.corpus_for(doc, name).in_doc(doc))


def diff_editions(doc: str, title: str, old: str | None = None, new: str | None = None) -> EditionDiff:
    older, newer = chosen(doc, title, old, new)
    return compare(doc, older.name, entries_of(doc, older.name), newer.name, entries_of(doc, newer.name))


def trace_entry(doc: str, entry_id: str, edition: str | None = None) -> tuple[Trace | None, int]:
    """The trace of `entry_id` (None when no edition has it), and how many editions were read.
    `edition` may be a name or a date; an unknown one raises editions.UnknownEdition."""
    known = editions.list(doc)
    if edition is not None:
        edition = editions.find(doc, edition).name
    steps = [(e.name, entries_of(doc, e.name)) for e in known]
    return trace(entry_id, steps, edition), len(known)


def split_target(text: str) -> tuple[str, str, str | None] | None:
    """(doc, entry id, edition or None) for an id (nd:704.5j) or an edition's id
    (nd@2026-11:704.5j) of a known document; None for anything else (a bare number)."""
    from judge.corpus.documents import DOCUMENTS  # deferred: start-up
    from judge.editions import ids  # deferred: start-up

    split = ids.split(text)
    if split:
        doc, edition, rest = split
        return doc, f"{doc}:{rest}", edition
    doc, colon, rest = text.strip().partition(":")
    if colon and rest and doc in {d.key for d in DOCUMENTS}:
        return doc, text.strip(), None
    return None


def has_editions(doc: str) -> bool:
    """More than the bundled edition: something to diff."""
    return len(editions.list(doc)) > 1
