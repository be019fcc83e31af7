"""One entry through every edition of its document: its number and text in each, the word diff
from the edition before, following it when it was renumbered or moved."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from judge.changes import match as matching
from judge.changes.words import Piece
from judge.changes.words import diff as word_diff
from judge.corpus.model import Entry


@dataclass
class Step:
    """The entry in one edition; `entry` is None where that edition does not have it."""

    edition: str
    entry: Entry | None
    status: str  # first | unchanged | changed | moved | added | removed | absent
    pieces: list[Piece] = field(default_factory=list)  # the diff from the previous step
    previous_id: str | None = None  # its id in the edition before, when that differs
    relocation: str = ""  # then: "renumbered" (same parent, or where the parent went) or "moved"

    def to_dict(self) -> dict:
        doc = {"edition": self.edition, "status": self.status, "present": self.entry is not None}
        if self.entry is not None:
            doc.update(
                id=self.entry.id,
                number=self.entry.number,
                citation=self.entry.citation,
                text=matching.entry_text(self.entry),
            )
        if self.previous_id:
            doc["previous_id"] = self.previous_id
            doc["relocation"] = self.relocation
        if self.pieces:
            doc["diff"] = [p.to_dict() for p in self.pieces]
        return doc


@dataclass
class Trace:
    asked: str
    found_in: str  # the edition whose entry the trace follows
    steps: list[Step]
    # Other entries that had the asked id in some edition: (edition, the entry it traced to).
    other_holders: list[tuple[str, str]] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {
            "id": self.asked,
            "followed_from": self.found_in,
            "steps": [s.to_dict() for s in self.steps],
            "same_id_elsewhere": [{"edition": e, "entry": i} for e, i in self.other_holders],
        }


Editions = Sequence[tuple[str, Sequence[Entry]]]  # (edition name, its entries), oldest first


def trace(entry_id: str, editions: Editions, edition: str | None = None) -> Trace | None:
    """The entry `entry_id` names in `edition` (default: the newest edition that has that id),
    through every edition; None when no edition has it."""
    names = [name for name, _ in editions]
    if edition is not None and edition not in names:
        raise KeyError(edition)
    by_id = [{e.id: e for e in entries} for _, entries in editions]
    holders = [i for i, ids in enumerate(by_id) if entry_id in ids]
    if edition is not None:
        holders = [i for i in holders if names[i] == edition]
    if not holders:
        return None
    start = holders[-1]
    # forward[i]: old id in edition i -> Pair with edition i+1
    forward = [
        {p.old.id: p for p in matching.match(editions[i][1], editions[i + 1][1]) if p.old is not None}
        for i in range(len(editions) - 1)
    ]
    backward = [{p.new.id: p for p in pairs.values() if p.new is not None} for pairs in forward]

    chain: list[Entry | None] = [None] * len(editions)
    links: list[matching.Pair | None] = [None] * len(editions)  # links[i]: edition i-1 to i
    chain[start] = by_id[start][entry_id]
    for i in range(start, 0, -1):
        current = chain[i]
        if current is None:
            break
        link = links[i] = backward[i - 1].get(current.id)
        chain[i - 1] = link.old if link else None
    for i in range(start, len(editions) - 1):
        current = chain[i]
        if current is None:
            break
        link = links[i + 1] = forward[i].get(current.id)
        chain[i + 1] = link.new if link else None

    steps = [
        _step(names[i], chain[i - 1] if i else None, chain[i], links[i], first=i == 0) for i in range(len(editions))
    ]
    others = [
        (names[i], entry_id)
        for i in range(len(editions))
        if entry_id in by_id[i] and chain[i] is not by_id[i][entry_id]
    ]
    return Trace(entry_id, names[start], steps, others)


def _step(name: str, before: Entry | None, now: Entry | None, link: matching.Pair | None, first: bool) -> Step:
    if now is None:
        return Step(name, None, "removed" if before is not None else "absent")
    if before is None:
        return Step(name, now, "first" if first else "added")
    old_text, new_text = matching.entry_text(before), matching.entry_text(now)
    moved_from = before.id if before.id != now.id else None
    how = link.relocation if link and moved_from else ""
    if " ".join(old_text.split()) == " ".join(new_text.split()):
        return Step(name, now, "moved" if moved_from else "unchanged", previous_id=moved_from, relocation=how)
    pieces = word_diff(old_text, new_text, link.opcodes if link else None)
    return Step(name, now, "changed", pieces, previous_id=moved_from, relocation=how)
