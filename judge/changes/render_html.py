"""A diff or a trace as a standalone HTML page: every piece of document text escaped; removed
words in <del>, added ones in <ins>; text kept as written (white-space: pre-wrap).

The page is judge/changes/templates/ (diff.html, trace.html on _page.html), rendered with
autoescaping by judge.html_templates; this module hands it what `present` says, as plain values.
"""

from __future__ import annotations

from judge.changes import present
from judge.changes.diff import EditionDiff
from judge.changes.match import entry_text
from judge.changes.trace import Trace
from judge.changes.words import DELETE, INSERT, Piece
from judge.html_templates import render_file

TAGS = {DELETE: "del", INSERT: "ins"}  # the element a removed or added word is shown in


def words(pieces: list[Piece]) -> list[tuple[str, str]]:
    """A word diff as the template's (tag, text) pairs: tag "" for words both editions hold."""
    return [(TAGS.get(piece.op, ""), piece.text) for piece in pieces]


def _page(template: str, head: str, lead: str, **context) -> str:
    return render_file("judge.changes", template, quote=True, head=head, lead=lead, **context)


def render_diff(diff: EditionDiff, title: str, moves: bool = True) -> str:
    carried = present.carried_counts(diff)
    sections = [
        {
            "title": section,
            "changes": [
                {
                    "line": present.change_line(diff, change, carried),
                    "status": change.status,
                    "pieces": words(change.pieces) if change.status == "changed" else [],
                    "text": entry_text(change.entry) if change.status in ("added", "removed") else "",
                }
                for change in changes
            ],
        }
        for section, changes in present.sections(diff, moves)
    ]
    return _page("diff.html", present.heading(diff, title), present.summary(diff, moves), sections=sections)


def render_trace(trace: Trace, title: str) -> str:
    steps = [
        {
            "line": present.step_line(step),
            "pieces": words(step.pieces) if step.entry is not None and step.pieces else [],
            "text": entry_text(step.entry) if step.entry is not None and not step.pieces else None,
        }
        for step in trace.steps
    ]
    return _page(
        "trace.html",
        present.trace_heading(trace, title),
        present.trace_origin(trace),
        steps=steps,
        other_holders=present.other_holders(trace),
    )
