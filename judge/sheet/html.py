"""Ruling sheets as one self-contained HTML file: inline CSS, no scripts, no fetches.

Every source text is one escaped element with `white-space: pre-wrap`, so the page shows (and
an HTML parser reads back) exactly the source text.

Printing (checked in real Chromium by tests/test_sheet_print.py): each sheet starts a page; a
heading or label never ends a page (`break-after: avoid`); a short entry is kept whole on one
page, while a long one (taller than a page may be: 704.5 with its sub-rules) is allowed to split
between its quoted blocks and lines — asking a long entry to stay whole makes the browser push
it to the next page and leave a blank one before it.
"""

from __future__ import annotations

from html import escape as _escape

from judge.safe_text import for_terminal
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


def escape(text: str, quote: bool = False) -> str:
    """Text for an HTML text node (quotes stay as typed, so the file reads like the source),
    through judge.safe_text first: a shared saved ruling holding escape sequences or control
    characters cannot carry them into the file (a terminal showing it would run them)."""
    return _escape(for_terminal(text), quote=quote)


# An entry expected to print in at most this many lines is kept on one page: about a quarter of
# an A4 or Letter page at the print size, so keeping it whole never leaves much of a page empty.
# The estimate counts CHARS_PER_LINE characters a line (fewer than a printed line holds) and one
# line more for each block's label and spacing.
KEEP_WHOLE_LINES = 16
CHARS_PER_LINE = 90

CSS = """
:root { color-scheme: light; }
body { font: 11pt/1.35 Georgia, "Times New Roman", serif; color: #111; margin: 2em auto; max-width: 46em; padding: 0 1em; }
h1 { font-size: 1.5em; margin: 0 0 .3em; border-bottom: 2px solid #111; }
h2 { font-size: 1.15em; margin: 1.1em 0 .4em; text-transform: uppercase; letter-spacing: .05em; }
h3 { font-size: 1.05em; margin: .9em 0 .2em; }
.particulars { display: flex; flex-wrap: wrap; gap: .3em 1.6em; margin: 0; }
.particulars div { display: flex; gap: .4em; } .particulars dt { font-weight: bold; } .particulars dd { margin: 0; }
.where { color: #555; font-size: .85em; margin: 0; }
.tag { font: .8em monospace; border: 1px solid #999; border-radius: 3px; padding: 0 .3em; margin-right: .3em; }
blockquote { margin: .3em 0 .5em; padding: .2em .8em; border-left: 3px solid #444; white-space: pre-wrap; }
blockquote.example { border-left-color: #999; font-style: italic; }
blockquote.note { border-left-color: #a3a; }
blockquote.context { border-left-color: #bbb; color: #444; font-size: .92em; }
.label { font-size: .85em; font-weight: bold; margin: .4em 0 0; }
.answer { white-space: pre-wrap; }
ol.steps li { margin-bottom: .3em; } .rules { color: #555; font-size: .85em; }
p.step { font-weight: bold; margin: 0; }
.failed { color: #a00; font-weight: bold; }
code { font-size: .9em; }
footer { margin-top: 1.5em; color: #555; font-size: .85em; }
section.sheet + section.sheet { break-before: page; page-break-before: always; }
@page { size: auto; margin: 14mm 14mm 16mm; }
@media print {
  body { margin: 0; max-width: none; font-size: 10pt; }
  h1, h2, h3, .where, .label, p.step { break-after: avoid; page-break-after: avoid; }
  .entry.whole, .particulars, li li { break-inside: avoid; page-break-inside: avoid; }
  blockquote, p, li { orphans: 3; widows: 3; }
  a { color: inherit; text-decoration: none; }
}
""".strip()


def _block(text: str, css: str = "") -> str:
    cls = f' class="{css}"' if css else ""
    return f"<blockquote{cls}>{escape(text)}</blockquote>"


def _printed_lines(blocks) -> int:
    lines = 2  # the heading and the where-line
    for block in blocks:
        lines += 1 + sum(-(-len(line) // CHARS_PER_LINE) or 1 for line in block.text.splitlines())
    return lines


def _rules(rules: tuple[str, ...], names: dict) -> str:
    return f' <span class="rules">({escape(rule_names(rules, names))})</span>' if rules else ""


class HtmlWriter(SheetWriter):
    def __init__(self) -> None:
        self.out: list[str] = []

    def start(self, sheet: Sheet) -> None:
        self.out += ['<section class="sheet">', f"<h1>{escape(sheet.heading)}</h1>", '<dl class="particulars">']
        self.out += [f"<div><dt>{escape(k)}</dt><dd>{escape(v)}</dd></div>" for k, v in sheet.particulars()]
        self.out.append("</dl>")

    def said(self, part) -> None:
        self.out += [f"<h2>{escape(part.title)}</h2>", f'<p class="answer">{escape(part.text)}</p>']

    def rules(self, part) -> None:
        self.out.append(f"<h2>{escape(part.title)}</h2>")
        for entry in part.entries:
            blocks = entry_blocks(entry)
            whole = _printed_lines(blocks) <= KEEP_WHOLE_LINES
            self.out += [
                f'<div class="entry{" whole" if whole else ""}">',
                f"<h3>{escape(heading_of(entry))}</h3>",
                f'<p class="where"><code>{escape(entry.id)}</code> · {escape(entry.breadcrumb)}</p>',
            ]
            if entry.tags:
                self.out.append("<p>" + "".join(f'<span class="tag">{escape(t)}</span>' for t in entry.tags) + "</p>")
            for block in blocks:
                if block.label:
                    self.out.append(f'<p class="label">{escape(block.label)}</p>')
                if block.text:
                    css = {EXAMPLE: "example", CONTEXT: "context", NOTE: "note"}.get(block.kind, "")
                    self.out.append(_block(block.text, css))
            self.out.append("</div>")

    def steps(self, part) -> None:
        log, names = part.log, part.names
        self.out.append(f"<h2>Replay — {escape(log.title or log.source)}</h2>")
        if log.source and log.title:
            self.out.append(f'<p class="where">Scenario file: <code>{escape(log.source)}</code></p>')
        if log.edition_note:
            self.out.append(f'<p class="not-modelled"><strong>{escape(log.edition_note)}</strong></p>')
        if log.not_modelled:
            self.out += [
                f'<p class="not-modelled"><strong>{escape(NOT_MODELLED_HEAD)}:</strong></p>',
                '<ul class="not-modelled">',
            ]
            self.out += [
                f"<li>{escape(note.where)}: {escape(note.what)}{_rules(note.rules, names)}</li>"
                for note in log.not_modelled
            ]
            self.out.append("</ul>")
        self.out.append('<ol class="steps">')
        for step in log.steps:
            self.out.append(f'<li value="{step.n}"><p class="step">{escape(step.action)}</p><ul>')
            self.out += [f"<li>{escape(ev.text)}{_rules(ev.rules, names)}</li>" for ev in step.events]
            self.out.append("</ul></li>")
        self.out.append("</ol>")

    def sources(self, part) -> None:
        self.out += ["<h2>Sources</h2>", "<ul>"]
        self.out += [
            f"<li>{escape(s.title)} — sha256 <code>{escape(s.short)}</code>{escape(edition_text(s))}</li>"
            for s in part.sources
        ]
        self.out.append("</ul>")
        if as_of_text(part):
            self.out.append(f"<p>{escape(as_of_text(part))}</p>")

    def finish(self, sheet: Sheet) -> None:
        self.out += [f"<footer>Prepared {sheet.date.isoformat()} with judge.</footer>", "</section>"]


def render_one(sheet: Sheet) -> str:
    return "\n".join(walk(sheet, HtmlWriter()).out)


def render(sheets: list[Sheet], page_id: str = "") -> str:
    """The whole page; `page_id` names its body (judge serve's landmark for a served sheet)."""
    title = sheets[0].heading if len(sheets) == 1 else f"{len(sheets)} ruling sheets"
    body = "\n".join(render_one(s) for s in sheets)
    body_tag = f'<body id="{escape(page_id, quote=True)}">' if page_id else "<body>"
    return (
        f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{escape(title)}</title>\n<style>\n{CSS}\n</style>\n</head>\n{body_tag}\n{body}\n</body>\n</html>\n"
    )
