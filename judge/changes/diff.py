"""The changes between two editions of one document: added, removed, changed and moved entries,
each changed entry with its word diff. Built from `match`; rendered by the render_* modules."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from judge.changes import match as matching
from judge.changes.words import Piece, changed_words
from judge.changes.words import diff as word_diff
from judge.corpus.model import Entry


@dataclass
class Change:
    """One reported entry: `pieces` is the word diff of a changed entry (empty otherwise)."""

    pair: matching.Pair
    pieces: list[Piece] = field(default_factory=list)

    @property
    def status(self) -> str:
        return self.pair.status

    @property
    def entry(self) -> Entry:
        """The entry as it is now (as it was, for a removed one)."""
        return self.pair.entry

    def to_dict(self) -> dict:
        old, new = self.pair.old, self.pair.new
        doc: dict[str, object] = {
            "status": self.status,
            "kind": self.entry.kind,
            "old": _side(old),
            "new": _side(new),
        }
        if self.pair.relocated:
            doc["relocation"] = self.pair.relocation
            doc["carried"] = self.pair.carried
        if self.status == matching.CHANGED:
            removed, added = changed_words(self.pieces)
            doc["similarity"] = round(self.pair.similarity, 3)
            doc["words_removed"], doc["words_added"] = removed, added
            doc["diff"] = [p.to_dict() for p in self.pieces]
        return doc


def _side(entry: Entry | None) -> dict | None:
    if entry is None:
        return None
    return {
        "id": entry.id,
        "number": entry.number,
        "citation": entry.citation,
        "parent": entry.parent,
        "text": matching.entry_text(entry),
    }


@dataclass
class EditionDiff:
    doc: str
    old_edition: str
    new_edition: str
    changes: list[Change]  # every entry that differs, in the new edition's order

    def of(self, status: str) -> list[Change]:
        return [c for c in self.changes if c.status == status]

    @property
    def added(self) -> list[Change]:
        return self.of(matching.ADDED)

    @property
    def removed(self) -> list[Change]:
        return self.of(matching.REMOVED)

    @property
    def changed(self) -> list[Change]:
        return self.of(matching.CHANGED)

    @property
    def moved(self) -> list[Change]:
        """Entries with the same text at a new place (a changed entry that also moved is in
        `changed`, with its old place)."""
        return self.of(matching.MOVED)

    @property
    def empty(self) -> bool:
        return not self.changes

    def counts(self) -> dict[str, int]:
        return {status: len(self.of(status)) for status in STATUSES}

    def to_dict(self, moves: bool = True) -> dict:
        shown = [c for c in self.changes if moves or c.status != matching.MOVED]
        counts = self.counts()
        if not moves:
            counts.pop(matching.MOVED)
        return {
            "doc": self.doc,
            "old_edition": self.old_edition,
            "new_edition": self.new_edition,
            "moves_shown": moves,
            "counts": counts,
            "changes": [c.to_dict() for c in shown],
        }


STATUSES = (matching.ADDED, matching.REMOVED, matching.CHANGED, matching.MOVED)


def compare(
    doc: str, old_edition: str, old_entries: Iterable[Entry], new_edition: str, new_entries: Iterable[Entry]
) -> EditionDiff:
    """The diff of one document's entries between two editions (entries of other documents
    are left out)."""
    pairs = matching.match((e for e in old_entries if e.doc == doc), (e for e in new_entries if e.doc == doc))
    changes = []
    for pair in pairs:
        if pair.status == matching.UNCHANGED:
            continue
        pieces = []
        if pair.status == matching.CHANGED:
            pieces = word_diff(matching.entry_text(pair.old_entry), matching.entry_text(pair.new_entry), pair.opcodes)
        changes.append(Change(pair, pieces))
    return EditionDiff(doc, old_edition, new_edition, changes)
