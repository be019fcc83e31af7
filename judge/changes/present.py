"""What every rendering of a diff or trace says in words: headings, labels and counts. The
render_* modules only lay these out (rich Text, Markdown, HTML)."""
from __future__ import annotations

from judge.changes.diff import Change, EditionDiff
from judge.changes.trace import Step, Trace
from judge.corpus.model import Entry
from judge.editions.ids import with_edition

SECTIONS = (("changed", "Changed"), ("added", "Added"), ("removed", "Removed"), ("moved", "Moved"))
STEP_WORDS = {"first": "first edition", "unchanged": "unchanged", "changed": "changed", "moved": "same text",
              "added": "added", "removed": "removed", "absent": "not in this edition"}


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
    """(title, changes) per non-empty status, in reading order; moves carried by their parent's
    move are left to that parent's line (`carried_count`)."""
    out = []
    for status, title in SECTIONS:
        if status == "moved" and not moves:
            continue
        shown = [c for c in diff.of(status) if not (status == "moved" and c.pair.carried)]
        if shown:
            out.append((f"{title} ({len(diff.of(status))})", shown))
    return out


def carried_count(diff: EditionDiff, change: Change) -> int:
    """How many moved entries went along with this one (its sub-rules and examples)."""
    old_id = change.pair.old.id if change.pair.old else None
    count = 0
    for other in diff.moved:
        parent = other.pair.old.parent if other.pair.old else None
        while parent is not None and other.pair.carried:
            if parent == old_id:
                count += 1
                break
            holder = next((c for c in diff.moved if c.pair.old and c.pair.old.id == parent and c.pair.carried), None)
            parent = holder.pair.old.parent if holder else None
    return count


def change_line(diff: EditionDiff, change: Change) -> str:
    """One line naming the entry: its number, and for a renumbered or moved one where it was."""
    pair = change.pair
    if pair.old is None:
        return place(pair.new)
    if pair.new is None:
        return place(pair.old)
    if not pair.relocated:
        return place(pair.new)
    line = f"{place(pair.old)} → {place(pair.new)}"
    how = pair.relocation
    if how == "moved" and pair.new.parent:
        how = f"moved under {pair.new.parent.split(':', 1)[-1]}"
    extra = carried_count(diff, change) if change.status == "moved" else 0
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
    return [f"In edition {edition}, {entry_id.split(':', 1)[-1]} is another entry "
            f"(judge trace {with_edition(entry_id, edition)})." for edition, entry_id in trace.other_holders]
