"""A diff or a trace as a standalone HTML page: every piece of document text escaped; removed
words in <del>, added ones in <ins>; text kept as written (white-space: pre-wrap)."""

from __future__ import annotations

from html import escape as _escape

from judge.changes import present
from judge.changes.diff import EditionDiff
from judge.changes.match import entry_text
from judge.changes.trace import Trace
from judge.changes.words import DELETE, INSERT, Piece
from judge.safe_text import for_terminal

TAGS = {DELETE: "del", INSERT: "ins"}
STYLE = """body { font: 16px/1.45 Georgia, serif; max-width: 46em; margin: 2em auto; padding: 0 1em; }
h1 { font-size: 1.4em; } h2 { font-size: 1.15em; border-bottom: 1px solid #999; }
h3 { font-size: 1em; font-family: sans-serif; }
.text { white-space: pre-wrap; margin: 0 0 1em 1em; }
del { color: #a00; background: #fdd; } ins { color: #060; background: #dfd; text-decoration: none; }
.added { border-left: 4px solid #2a2; padding-left: .5em; }
.removed { border-left: 4px solid #c22; padding-left: .5em; }"""


def escape(text: str) -> str:
    return _escape(for_terminal(text), quote=True)


def pieces_html(pieces: list[Piece]) -> str:
    out = []
    for piece in pieces:
        body = escape(piece.text)
        out.append(f"<{TAGS[piece.op]}>{body}</{TAGS[piece.op]}>" if piece.op in TAGS else body)
    return "".join(out)


def _page(title: str, body: list[str]) -> str:
    return (
        "\n".join(
            [
                "<!DOCTYPE html>",
                '<html lang="en"><head><meta charset="utf-8">',
                f"<title>{escape(title)}</title>",
                f"<style>{STYLE}</style></head><body>",
                *body,
                "</body></html>",
            ]
        )
        + "\n"
    )


def render_diff(diff: EditionDiff, title: str, moves: bool = True) -> str:
    head = present.heading(diff, title)
    body = [f"<h1>{escape(head)}</h1>", f"<p>{escape(present.summary(diff, moves))}</p>"]
    carried = present.carried_counts(diff)
    for section, changes in present.sections(diff, moves):
        body.append(f"<h2>{escape(section)}</h2>")
        for change in changes:
            body.append(f"<h3>{escape(present.change_line(diff, change, carried))}</h3>")
            if change.status == "changed":
                body.append(f'<p class="text">{pieces_html(change.pieces)}</p>')
            elif change.status in ("added", "removed"):
                body.append(f'<p class="text {change.status}">{escape(entry_text(change.entry))}</p>')
    return _page(head, body)


def render_trace(trace: Trace, title: str) -> str:
    head = present.trace_heading(trace, title)
    body = [f"<h1>{escape(head)}</h1>", f"<p>{escape(present.trace_origin(trace))}</p>"]
    for step in trace.steps:
        body.append(f"<h2>{escape(present.step_line(step))}</h2>")
        if step.entry is not None:
            inner = pieces_html(step.pieces) if step.pieces else escape(entry_text(step.entry))
            body.append(f'<p class="text">{inner}</p>')
    body += [f"<p>{escape(line)}</p>" for line in present.other_holders(trace)]
    return _page(head, body)
