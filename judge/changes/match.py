"""Pair the entries of an old and a new edition of one document.

An entry's *place* is its id (`nd:702.14a`, `sf:card/charmed-life/2`); its *text* is what it says
(`entry_text`: the body without its printed number, after its title when the body does not hold
it). Entries are paired in passes, each taking only what the passes before it left:

1. same place, same text: unchanged;
2. same text, another place: the entry was renumbered or moved (when the same text appears more
   than once, the copy at the expected place is taken first, then the nearest in document order);
3. the same place — its own id, or the place its parent's move implies (702.14a follows 702.14 to
   702.15a) — and similar text, similarity ≥ SAME_PLACE: changed where it stands;
4. another place, similarity ≥ OTHER_PLACE: renumbered or moved, and changed (the best-scoring
   pairs are taken first, as Academy Ruins' matcher does);
5. what is left was removed (old) or added (new).

Thresholds, on SequenceMatcher's ratio over word tokens (2·kept / total, see `words`):
- SAME_PLACE = 0.5: an entry that keeps its number is the same entry while half of its words
  survive in order; below that it was replaced (reported as removed and added). Sharing the
  number is evidence of its own, so the bar is lower than across places.
- OTHER_PLACE = 0.75: without the number, three quarters of the words must survive. Measured on
  the bundled documents, unrelated entries of one document reach a ratio of 0.42 (No Dawn) and
  0.67 (the formulaic Shadowfist rulings) at the 99.9th percentile, so 0.75 stays clear of chance
  resemblance; identical duplicates are handled by pass 2.
Entries are only paired within one kind family (rules with sub-rules, since a rule can become a
sub-rule when it moves; every other kind with itself).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from difflib import SequenceMatcher

from judge.changes.words import normalized, words
from judge.corpus.model import Entry

SAME_PLACE = 0.5
OTHER_PLACE = 0.75

UNCHANGED, CHANGED, MOVED, ADDED, REMOVED = "unchanged", "changed", "moved", "added", "removed"
_FAMILIES = {"rule": "rule", "subrule": "rule"}


def entry_text(entry: Entry) -> str:
    """What an entry says, as compared between editions: its body without the printed number,
    after its title when the body does not already hold it (a Shadowfist card's name)."""
    body = entry.body()
    title = entry.title.strip()
    if title and title not in body:
        return f"{title} — {body}"
    return body


@dataclass
class Pair:
    """One entry across two editions: old or new is None when it was added or removed."""

    old: Entry | None
    new: Entry | None
    status: str  # unchanged | changed | moved | added | removed
    similarity: float = 1.0
    # For a pair whose place changed: "renumbered" (still under its parent, or where its parent
    # went) or "moved" (under another parent); `carried` when the parent's move implies it.
    relocation: str = ""
    carried: bool = False
    # The word alignment the similarity was measured on (difflib opcodes over `words` of both
    # texts), kept so that the word diff does not align the same words again.
    opcodes: list | None = None

    @property
    def relocated(self) -> bool:
        return self.old is not None and self.new is not None and self.old.id != self.new.id

    @property
    def entry(self) -> Entry:
        """The entry as it is now (as it was, for a removed one)."""
        entry = self.new or self.old
        assert entry is not None, "a pair holds an entry on one side at least"
        return entry

    @property
    def old_entry(self) -> Entry:
        """`old`, for a pair that has one: every status but added."""
        assert self.old is not None, f"only an added pair has no old entry; this one is {self.status}"
        return self.old

    @property
    def new_entry(self) -> Entry:
        """`new`, for a pair that has one: every status but removed."""
        assert self.new is not None, f"only a removed pair has no new entry; this one is {self.status}"
        return self.new


class _Side:
    """One edition's entries in document order, with what is still unpaired."""

    def __init__(self, entries: Iterable[Entry]) -> None:
        self.order = list(entries)
        self.rank = {e.id: i / max(1, len(self.order) - 1) for i, e in enumerate(self.order)}
        self.by_id = {e.id: e for e in self.order}
        self.text = {e.id: normalized(entry_text(e)) for e in self.order}
        self.open: dict[str, Entry] = dict(self.by_id)
        self._words: dict[str, list[str]] = {}

    def words(self, entry_id: str) -> list[str]:
        if entry_id not in self._words:
            self._words[entry_id] = words(self.text[entry_id])
        return self._words[entry_id]


def match(old_entries: Iterable[Entry], new_entries: Iterable[Entry]) -> list[Pair]:
    """Every entry of both editions in exactly one Pair: the new edition's order, removed
    entries after the entry that preceded them in the old edition."""
    old, new = _Side(old_entries), _Side(new_entries)
    paired: dict[str, Pair] = {}  # old id -> pair

    def take(o: Entry, n: Entry, status: str, score: float = 1.0, opcodes: list | None = None) -> None:
        del old.open[o.id], new.open[n.id]
        paired[o.id] = Pair(o, n, status, score, opcodes=opcodes)

    def expected_place(o: Entry) -> str | None:
        """Where the parent's pairing puts this entry: 702.14a under 702.14 → 702.15 is 702.15a."""
        if not o.parent:
            return None
        parent = paired.get(o.parent)
        if parent is None or parent.new is None or not o.id.startswith(o.parent):
            return None
        return parent.new.id + o.id[len(o.parent) :]

    # 1. same place, same text
    for o in old.order:
        n = new.open.get(o.id)
        if n is not None and _family(n) == _family(o) and old.text[o.id] == new.text[n.id]:
            take(o, n, UNCHANGED)
    # 2. same text elsewhere; in document order, so a parent is paired before its children
    by_text: dict[str, list[Entry]] = {}
    for n in new.order:
        if n.id in new.open:
            by_text.setdefault(new.text[n.id], []).append(n)
    for o in old.order:
        if o.id not in old.open:
            continue
        candidates = [n for n in by_text.get(old.text[o.id], ()) if n.id in new.open and _family(n) == _family(o)]
        if candidates:
            place = expected_place(o)
            best = min(candidates, key=lambda n: (n.id != place, abs(new.rank[n.id] - old.rank[o.id])))
            take(o, best, MOVED)
    # 3–4. similar text at the same place, then anywhere; again for the children of what 4 paired
    for _ in range(2):
        _same_place(old, new, take, expected_place)
        _other_place(old, new, take)
    _same_place(old, new, take, expected_place)

    for pair in paired.values():
        _describe_relocation(pair, paired)
    return _in_order(old, new, paired)


def _family(entry: Entry) -> str:
    return _FAMILIES.get(entry.kind, entry.kind)


def _ratio(old: _Side, new: _Side, o: Entry, n: Entry, floor: float) -> tuple[float, list | None]:
    """The similarity and the alignment it was measured on; (0, None) when cheap upper bounds
    show it cannot reach `floor`."""
    a, b = old.words(o.id), new.words(n.id)
    if not a and not b:
        return 1.0, []
    if 2 * min(len(a), len(b)) / (len(a) + len(b)) < floor:
        return 0.0, None
    matcher = SequenceMatcher(None, a, b, autojunk=False)
    if matcher.real_quick_ratio() < floor or matcher.quick_ratio() < floor:
        return 0.0, None
    return matcher.ratio(), matcher.get_opcodes()


def _same_place(old: _Side, new: _Side, take, expected_place) -> None:
    for o in old.order:
        if o.id not in old.open:
            continue
        for place in (o.id, expected_place(o)):
            n = new.open.get(place) if place else None
            if n is None or _family(n) != _family(o):
                continue
            score, opcodes = _ratio(old, new, o, n, SAME_PLACE)
            if score >= SAME_PLACE:
                take(o, n, CHANGED, score, opcodes)
                break


def _other_place(old: _Side, new: _Side, take) -> None:
    """Greedy best-first over every open pair of one family scoring ≥ OTHER_PLACE."""
    edges: list[tuple[float, float, str, str]] = []
    alignments: dict[tuple[str, str], list | None] = {}
    open_new = list(new.open.values())
    for o in list(old.open.values()):
        for n in open_new:
            if _family(n) != _family(o):
                continue
            score, opcodes = _ratio(old, new, o, n, OTHER_PLACE)
            if score >= OTHER_PLACE:
                edges.append((-score, abs(new.rank[n.id] - old.rank[o.id]), o.id, n.id))
                alignments[o.id, n.id] = opcodes
    for negative, _, old_id, new_id in sorted(edges):
        if old_id in old.open and new_id in new.open:
            take(old.open[old_id], new.open[new_id], CHANGED, -negative, alignments[old_id, new_id])


def _describe_relocation(pair: Pair, paired: dict[str, Pair]) -> None:
    o, n = pair.old, pair.new
    if o is None or n is None or o.id == n.id:
        return
    parent = paired.get(o.parent) if o.parent else None
    same_parent = (parent.new.id if parent and parent.new else o.parent) == n.parent
    pair.relocation = "renumbered" if same_parent else "moved"
    pair.carried = False
    if parent is not None and parent.relocated:
        assert o.parent, "the parent's pair was found by the entry's parent id"
        pair.carried = o.id.startswith(o.parent) and n.id == parent.new_entry.id + o.id[len(o.parent) :]


def _in_order(old: _Side, new: _Side, paired: dict[str, Pair]) -> list[Pair]:
    by_new = {p.new.id: p for p in paired.values() if p.new is not None}
    removed_after: dict[str | None, list[Pair]] = {}
    anchor: str | None = None  # the last old entry that has a new counterpart
    for o in old.order:
        if o.id in paired:
            anchor = paired[o.id].new_entry.id
        else:
            removed_after.setdefault(anchor, []).append(Pair(o, None, REMOVED, 0.0))
    pairs: list[Pair] = list(removed_after.get(None, []))
    for n in new.order:
        pairs.append(by_new.get(n.id) or Pair(None, n, ADDED, 0.0))
        pairs.extend(removed_after.get(n.id, []))
    return pairs
