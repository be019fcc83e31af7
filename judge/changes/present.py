"""What every rendering of a diff or trace says in words: headings, labels and counts. The
render_* modules only lay these out (rich Text, Markdown, HTML)."""

from __future__ import annotations

from judge.changes.diff import Change, EditionDiff
from judge.changes.trace import Step, Trace
from judge.corpus.model import Entry
from judge.editions.ids import with_edition

SECTIONS = (("changed", "Changed"), ("added", "Added"), ("removed", "Removed"), ("moved", "Moved"))
STEP_WORDS = {
    "first": "first edition",
    "unchanged": "unchanged",
    "changed": "changed",
    "moved": "same text",
    "added": "added",
    "removed": "removed",
    "absent": "not in this edition",
}


def place(entry: Entry) -> str:
    """How an entry is named in a list: its printed number, else its id within the document
    (702.14a/example-1, glossary/overrun, card/charmed-life/2)."""
    return entry.number or entry.id.split(":", 1)[-1]


def heading(diff: EditionDiff, title: str) -> str:
    return f"{title}: edition {diff.old_edition} → {diff.new_edition}"


def summary(diff: EditionDiff, moves: bool) -> str:
    if diff.empty:
        return "No differences: every entry has the same text at the same place."
    counts = diff.counts()
    parts = [f"{counts[s]} {s}" for s, _ in SECTIONS if s != "moved" or moves]
    if not moves and counts["moved"]:
        parts.append(f"{counts['moved']} moved, hidden")
    return ", ".join(parts) + "."


def sections(diff: EditionDiff, moves: bool) -> list[tuple[str, list[Change]]]:
    """(title, changes) per non-empty status, in reading order; a move carried by a move shown
    on its own line is left to that line ("with 2 entries under it", carried_counts)."""
    folded = set(_carriers(diff))
    out = []
    for status, title in SECTIONS:
        if status == "moved" and not moves:
            continue
        shown = [c for c in diff.of(status) if not (status == "moved" and c.pair.old_entry.id in folded)]
        if shown:
            out.append((f"{title} ({len(diff.of(status))})", shown))
    return out


def _carriers(diff: EditionDiff) -> dict[str, str]:
    """Carried move (old id) -> the move on its own line that carried it, when there is one
    (a sub-rule whose parent was reworded as it moved is carried by a change, and shown)."""
    moved = {c.pair.old_entry.id: c for c in diff.moved}

    def parent_move(change: Change) -> Change | None:
        parent_id = change.pair.old_entry.parent
        return moved.get(parent_id) if parent_id is not None else None

    out: dict[str, str] = {}
    for change in moved.values():
        if not change.pair.carried:
            continue
        parent = parent_move(change)
        while parent is not None and parent.pair.carried:
            parent = parent_move(parent)
        if parent is not None:
            out[change.pair.old_entry.id] = parent.pair.old_entry.id
    return out


def carried_counts(diff: EditionDiff) -> dict[str, int]:
    """For each move on its own line (by old id), how many moves it carried (its sub-rules and
    examples): one walk up per carried move."""
    counts: dict[str, int] = {}
    for carrier in _carriers(diff).values():
        counts[carrier] = counts.get(carrier, 0) + 1
    return counts


def change_line(diff: EditionDiff, change: Change, carried: dict[str, int] | None = None) -> str:
    """One line naming the entry: its number, and for a renumbered or moved one where it was
    (`carried`: carried_counts(diff), computed once by a caller naming many)."""
    pair = change.pair
    if pair.old is None:
        return place(pair.new_entry)
    if pair.new is None:
        return place(pair.old)
    if not pair.relocated:
        return place(pair.new)
    line = f"{place(pair.old)} → {place(pair.new)}"
    how = pair.relocation
    if how == "moved" and pair.new.parent:
        how = f"moved under {pair.new.parent.split(':', 1)[-1]}"
    if carried is None:
        carried = carried_counts(diff)
    extra = carried.get(pair.old.id, 0) if change.status == "moved" else 0
    with_them = f", with {extra} {'entry' if extra == 1 else 'entries'} under it" if extra else ""
    return f"{line} ({how}{with_them})"


def trace_heading(trace: Trace, title: str) -> str:
    return f"{trace.asked} through {len(trace.steps)} editions of {title}"


def trace_origin(trace: Trace) -> str:
    return f"Followed from edition {trace.found_in}, oldest edition first."


def step_line(step: Step) -> str:
    words = STEP_WORDS[step.status]
    if step.entry is None:
        return f"{step.edition}: {words}"
    if step.previous_id:
        words += f", {step.relocation} from {step.previous_id.split(':', 1)[-1]}"
    return f"{step.edition}: {place(step.entry)} — {words}"


def other_holders(trace: Trace) -> list[str]:
    return [
        f"In edition {edition}, {entry_id.split(':', 1)[-1]} is another entry "
        f"(judge trace {with_edition(entry_id, edition)})."
        for edition, entry_id in trace.other_holders
    ]
