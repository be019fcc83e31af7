"""What of an entry is not in force on a date, from the No Dawn status tags
(judge.corpus.nodawn.tags): `proposed`, `deferred` and `future` text ("not committed") is not
in force on any date, nor is a `struck` rule (the entry keeps its number, not its rule); a rule
`adopted:<date>` is not in force before that date. A tag on a rule's group or parent rule
covers the rule; a sentence-level tag (extra["tag_spans"]) covers that sentence only.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.corpus.model import Corpus, Entry

NEVER_IN_FORCE = ("proposed", "deferred", "future", "struck")


@dataclass(frozen=True)
class NotInForce:
    reason: str  # "proposed", "deferred", "adopted 2026-11-05"
    source: str  # the id of the entry that carries the tag (the entry itself, or an ancestor)
    text: str = ""  # the sentence it covers; "" for the whole entry

    def to_dict(self) -> dict:
        return {"reason": self.reason, "from": self.source, "text": self.text}


def _reason(tag: str, as_of: str) -> str | None:
    status, _, date = tag.partition(":")
    if status in NEVER_IN_FORCE and date != "partial":
        return status
    if status == "adopted" and date and date != "partial" and date > as_of:
        return f"adopted {date}"
    return None


def not_in_force(corpus: Corpus, entry: Entry, as_of: str) -> list[NotInForce]:
    """Why `entry` (or a sentence of it) is not in force on `as_of` (YYYY-MM-DD); [] when it is."""
    found: list[NotInForce] = []
    for carrier in [entry, *reversed(corpus.ancestors(entry))]:
        for tag in carrier.tags:
            reason = _reason(tag, as_of)
            if reason and not any(n.reason == reason and not n.text for n in found):
                found.append(NotInForce(reason, carrier.id))
    for span in entry.extra.get("tag_spans", []):
        reason = _reason(span.get("tag", ""), as_of)
        if reason:
            found.append(NotInForce(reason, entry.id, span.get("text", "")))
    return found


def whole_entry_in_force(marks: list[NotInForce]) -> bool:
    return not any(not m.text for m in marks)


def as_of_dict(corpus: Corpus, entry: Entry, as_of: str) -> dict:
    """The --json field: {"as_of", "in_force" (the entry as a whole), "not_in_force": [...]}."""
    marks = not_in_force(corpus, entry, as_of)
    return {"as_of": as_of, "in_force": whole_entry_in_force(marks), "not_in_force": [m.to_dict() for m in marks]}
