"""A diff or a trace as Markdown: every piece of document text through safe_text.for_markdown;
removed words as ~~strike~~, added ones as **bold** (the markers stay outside the whitespace,
where CommonMark reads them)."""

from __future__ import annotations

from judge.changes import present
from judge.changes.diff import EditionDiff
from judge.changes.match import entry_text
from judge.changes.trace import Trace
from judge.changes.words import DELETE, INSERT, Piece
from judge.safe_text import for_markdown

MARKS = {DELETE: "~~", INSERT: "**"}


def pieces_markdown(pieces: list[Piece]) -> str:
    out = []
    for piece in pieces:
        body = for_markdown(piece.text)
        if piece.op in MARKS:
            core = body.rstrip()
            out.append(f"{MARKS[piece.op]}{core}{MARKS[piece.op]}{body[len(core) :]}" if core else body)
        else:
            out.append(body)
    return _quoted("".join(out))


def _quoted(text: str) -> str:
    """A block quote, line breaks kept."""
    return "\n".join("> " + line for line in text.split("\n"))


def render_diff(diff: EditionDiff, title: str, moves: bool = True) -> str:
    out = [f"# {for_markdown(present.heading(diff, title))}", "", for_markdown(present.summary(diff, moves))]
    carried = present.carried_counts(diff)
    for section, changes in present.sections(diff, moves):
        out += ["", f"## {for_markdown(section)}"]
        for change in changes:
            out += ["", f"### {for_markdown(present.change_line(diff, change, carried))}", ""]
            if change.status == "changed":
                out.append(pieces_markdown(change.pieces))
            elif change.status in ("added", "removed"):
                out.append(_quoted(for_markdown(entry_text(change.entry))))
    return "\n".join(out) + "\n"


def render_trace(trace: Trace, title: str) -> str:
    out = [f"# {for_markdown(present.trace_heading(trace, title))}", "", for_markdown(present.trace_origin(trace))]
    for step in trace.steps:
        out += ["", f"## {for_markdown(present.step_line(step))}"]
        if step.entry is not None:
            out += ["", pieces_markdown(step.pieces) if step.pieces else _quoted(for_markdown(entry_text(step.entry)))]
    out += ["", *(for_markdown(line) for line in present.other_holders(trace))] if trace.other_holders else []
    return "\n".join(out) + "\n"
