"""A diff or a trace as rich Text for the terminal: document text goes in through
safe_text.for_terminal as plain Text, never as markup. Removed words are struck through and red
between [- -], added ones green between {+ +} (the markers survive a pipe or a printout)."""

from __future__ import annotations

from rich.console import Group
from rich.padding import Padding
from rich.text import Text

from judge.changes import present
from judge.changes.diff import EditionDiff
from judge.changes.match import entry_text
from judge.changes.trace import Trace
from judge.changes.words import DELETE, INSERT, Piece
from judge.safe_text import for_terminal, one_line

STYLE = {DELETE: "red strike", INSERT: "green"}
MARKS = {DELETE: ("[-", "-]"), INSERT: ("{+", "+}")}


def pieces_text(pieces: list[Piece]) -> Text:
    text = Text()
    for piece in pieces:
        body = for_terminal(piece.text)
        if piece.op not in STYLE:
            text.append(body)
            continue
        core = body.rstrip()
        opening, closing = MARKS[piece.op]
        text.append(opening + core + closing, style=STYLE[piece.op])
        text.append(body[len(core) :])
    return text


def _indented(text: Text, columns: int) -> Padding:
    """Wrapped under its heading, with no padding to the right edge (trailing spaces)."""
    return Padding(text, (0, 0, 0, columns), expand=False)


def diff_renderable(diff: EditionDiff, title: str, moves: bool = True) -> Group:
    parts: list = [Text(one_line(present.heading(diff, title)), style="bold"), Text(present.summary(diff, moves))]
    carried = present.carried_counts(diff)
    for section, changes in present.sections(diff, moves):
        parts.append(Text("\n" + section, style="bold underline"))
        for change in changes:
            parts.append(_indented(Text(one_line(present.change_line(diff, change, carried)), style="bold"), 2))
            if change.status == "changed":
                parts.append(_indented(pieces_text(change.pieces), 4))
            elif change.status in ("added", "removed"):
                style = STYLE[INSERT if change.status == "added" else DELETE]
                parts.append(_indented(Text(for_terminal(entry_text(change.entry)), style=style), 4))
    return Group(*parts)


def trace_renderable(trace: Trace, title: str) -> Group:
    parts: list = [
        Text(one_line(present.trace_heading(trace, title)), style="bold"),
        Text(one_line(present.trace_origin(trace))),
    ]
    for step in trace.steps:
        parts.append(Text("\n" + one_line(present.step_line(step)), style="bold"))
        if step.entry is None:
            continue
        body = pieces_text(step.pieces) if step.pieces else Text(for_terminal(entry_text(step.entry)))
        parts.append(_indented(body, 2))
    parts += [Text(one_line(line), style="dim") for line in present.other_holders(trace)]
    return Group(*parts)
