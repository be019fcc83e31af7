"""How a note reads: plain lines (sheets, the TUI), a rich band (the terminal), a dict (--json)
and a short mark for one-line listings. Every string from the data files passes through
judge.safe_text on its way to a terminal."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from judge.conflicts.notes import Note
from judge.safe_text import for_terminal, one_line

if TYPE_CHECKING:
    from rich.panel import Panel

CONFLICT_MARK = "⚑"
ANOMALY_MARK = "⚠"
STYLE = {"conflict": "bold magenta", "anomaly": "bold yellow"}


def in_number_order(notes: Iterable[Note]) -> list[Note]:
    """Policies as a judge counts them: C2 before C10 (the file keeps them by topic)."""
    import re

    def key(note: Note):
        return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", note.id)]

    return sorted(notes, key=key)


def short_id(entry_id: str) -> str:
    """'nd:509.1c' -> '509.1c': the policies speak of one document."""
    return entry_id.split(":", 1)[-1]


def heading(note: Note) -> str:
    if note.kind == "conflict":
        return f"{CONFLICT_MARK} Conflict {note.id}: {note.title}"
    return f"{ANOMALY_MARK} {note.title} ({note.id})"


def reading_line(reading) -> str:
    default = " (engine default)" if reading.default else ""
    return f"{reading.key}{default}: {reading.text}"


def body_lines(note: Note) -> list[str]:
    """The note under its heading, one line each (not yet made safe: the callers do that)."""
    if note.kind == "conflict":
        lines = [reading_line(r) for r in note.readings]
        lines.append(f"Why {note.default}: {note.why}")
        lines.append(note.choose)
        lines.append("Concerns: " + ", ".join(short_id(e) for e in note.entries))
        return lines
    lines = [note.explanation]
    if note.detail:
        lines.append(f"{note.detail_label}: {note.detail}")
    return lines


def sheet_lines(note: Note) -> list[str]:
    """The note as a sheet handed to players prints it: what `judge show` prints, less how to
    choose another reading in a replay (a scenario key is the engine's, not the players')."""
    if note.kind != "conflict":
        return body_lines(note)
    lines = [f"{r.key} (default reading): {r.text}" if r.default else reading_line(r) for r in note.readings]
    lines.append(f"Why {note.default}: {note.why}")
    lines.append("Concerns: " + ", ".join(short_id(e) for e in note.entries))
    return lines


def mark(notes: Iterable[Note]) -> str:
    """'⚑ C35 ⚠ lost-icon': what a one-line listing shows of an entry's notes."""
    return " ".join(f"{CONFLICT_MARK if n.kind == 'conflict' else ANOMALY_MARK} {n.id}" for n in notes)


def below_line(label: str, notes: Iterable[Note]) -> str:
    """One line for a sub-entry's notes: '509.1c: ⚑ C35 Can a drained Entity block?'."""
    return f"{label}: " + "; ".join(f"{mark([n])} {n.title}" for n in notes)


def band(notes: list[Note], below: Sequence[tuple[str, list[Note]]] = (), expand: bool = True) -> Panel | None:
    """The terminal band shown above an entry's text: its own notes in full, its sub-entries'
    (`below`: label, notes) one line each. None when there is nothing to show. `expand=False`
    fits the box to its lines (output without a terminal, where lines are not wrapped)."""
    if not notes and not below:
        return None
    from rich.console import Group  # here, not at the top: marks and --json dicts need no rich
    from rich.padding import Padding
    from rich.panel import Panel
    from rich.text import Text

    parts: list[Text | Padding] = []
    for note in notes:
        parts.append(Text(one_line(heading(note)), style=STYLE[note.kind]))
        for line in body_lines(note):
            parts.append(Padding(Text(one_line(line)), (0, 0, 0, 2)))
    if below:
        parts.append(Text("In its parts (show each for the note):", style="bold"))
        parts += [Padding(Text(one_line(below_line(label, sub))), (0, 0, 0, 2)) for label, sub in below]
    kinds = {n.kind for n in notes} | {n.kind for _, sub in below for n in sub}
    title = (
        "Conflict in the rules"
        if kinds == {"conflict"}
        else "Read with care"
        if kinds == {"anomaly"}
        else "Conflict and damage"
    )
    return Panel(
        Group(*parts),
        title=title,
        title_align="left",
        expand=expand,
        border_style="magenta" if "conflict" in kinds else "yellow",
    )


def note_dict(note: Note) -> dict:
    out: dict[str, Any] = {"kind": note.kind, "id": note.id, "title": note.title}
    if note.kind == "conflict":
        out |= {
            "readings": [{"key": r.key, "text": r.text, "default": r.default, "entry": r.entry} for r in note.readings],
            "default": note.default,
            "why": note.why,
            "choose": note.choose,
            "entries": list(note.entries),
        }
    else:
        out |= {"explanation": note.explanation, "detail": note.detail, "detail_label": note.detail_label}
    return out


def plain(note: Note) -> str:
    """The note as plain text (lines), made safe for a terminal."""
    return for_terminal("\n".join([heading(note), *("  " + line for line in body_lines(note))]))
