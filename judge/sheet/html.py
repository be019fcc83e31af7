"""Ruling sheets as one self-contained HTML file: inline CSS, no scripts, no fetches.

The page is judge/sheet/templates/sheet.html (CSS included), rendered with autoescaping by
judge.html_templates; this module hands it the parts `walk` orders, as plain values.

Every source text is one escaped element with `white-space: pre-wrap`, so the page shows (and
an HTML parser reads back) exactly the source text.

Printing (checked in real Chromium by tests/test_sheet_print.py): each sheet starts a page; a
heading or label never ends a page (`break-after: avoid`); a short entry is kept whole on one
page, while a long one (taller than a page may be: 704.5 with its sub-rules) is allowed to split
between its quoted blocks and lines — asking a long entry to stay whole makes the browser push
it to the next page and leave a blank one before it.
"""

from __future__ import annotations

from judge.sheet.model import NOT_MODELLED_HEAD, Sheet
from judge.sheet.sections import (
    CONTEXT,
    EXAMPLE,
    NOTE,
    SheetWriter,
    as_of_text,
    edition_text,
    entry_blocks,
    heading_of,
    rule_names,
    walk,
)

# An entry expected to print in at most this many lines is kept on one page: about a quarter of
# an A4 or Letter page at the print size, so keeping it whole never leaves much of a page empty.
# The estimate counts CHARS_PER_LINE characters a line (fewer than a printed line holds) and one
# line more for each block's label and spacing.
KEEP_WHOLE_LINES = 16
CHARS_PER_LINE = 90
# The class of a quoted block's <blockquote>, by the block's kind (none for the entry's own text).
BLOCK_CLASS = {EXAMPLE: "example", CONTEXT: "context", NOTE: "note"}


def _printed_lines(blocks) -> int:
    lines = 2  # the heading and the where-line
    for block in blocks:
        lines += 1 + sum(-(-len(line) // CHARS_PER_LINE) or 1 for line in block.text.splitlines())
    return lines


class HtmlWriter(SheetWriter):
    """One sheet as the values the template prints: `view` holds its head, its parts in the order
    `walk` gives them (each a dict with its `kind`) and its foot."""

    def __init__(self) -> None:
        self.view: dict = {"parts": []}

    def start(self, sheet: Sheet) -> None:
        self.view.update(heading=sheet.heading, particulars=list(sheet.particulars()))

    def said(self, part) -> None:
        self.view["parts"].append({"kind": "said", "title": part.title, "text": part.text})

    def rules(self, part) -> None:
        entries = []
        for entry in part.entries:
            blocks = entry_blocks(entry)
            entries.append(
                {
                    "heading": heading_of(entry),
                    "id": entry.id,
                    "breadcrumb": entry.breadcrumb,
                    "tags": entry.tags,
                    "whole": _printed_lines(blocks) <= KEEP_WHOLE_LINES,
                    "blocks": [{"label": b.label, "text": b.text, "css": BLOCK_CLASS.get(b.kind, "")} for b in blocks],
                }
            )
        self.view["parts"].append({"kind": "rules", "title": part.title, "entries": entries})

    def steps(self, part) -> None:
        self.view["parts"].append({"kind": "steps", "log": part.log, "names": part.names})

    def sources(self, part) -> None:
        self.view["parts"].append({"kind": "sources", "sources": part.sources, "as_of_text": as_of_text(part)})

    def finish(self, sheet: Sheet) -> None:
        self.view["date"] = sheet.date.isoformat()


def render(sheets: list[Sheet], page_id: str = "") -> str:
    """The whole page; `page_id` names its body (judge serve's landmark for a served sheet)."""
    from judge.html_templates import render_file  # deferred: start-up (other formats never load Jinja2)

    return render_file(
        "judge.sheet",
        "sheet.html",
        quote=False,  # text between tags keeps its quotes as typed: the file reads like the source
        title=sheets[0].heading if len(sheets) == 1 else f"{len(sheets)} ruling sheets",
        page_id=page_id,
        sheets=[walk(sheet, HtmlWriter()).view for sheet in sheets],
        not_modelled_head=NOT_MODELLED_HEAD,
        rule_names=rule_names,
        edition_text=edition_text,
    )
