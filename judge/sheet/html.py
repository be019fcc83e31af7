"""Ruling sheets as one self-contained HTML file: inline CSS, no scripts, no fetches.

Print CSS puts each sheet on its own page and keeps a quoted rule from splitting across
pages where it fits. Every source text is one escaped element with `white-space: pre-wrap`,
so the page shows (and an HTML parser reads back) exactly the source text.
"""
from __future__ import annotations

from functools import partial
from html import escape as _escape

from judge.sheet.markdown import heading_of
from judge.sheet.model import NOT_MODELLED_HEAD, CitedEntry, ReplayLog, Sheet

# Text nodes only: quotes stay as typed, so the file reads like the source.
escape = partial(_escape, quote=False)

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
.note { border-left: 3px solid #a3a; padding: 0 .6em; margin: .4em 0; }
.note.anomaly { border-left-color: #c90; }
.note ul { margin: .2em 0; }
blockquote { margin: .3em 0 .5em; padding: .2em .8em; border-left: 3px solid #444; white-space: pre-wrap; }
blockquote.example { border-left-color: #999; font-style: italic; }
blockquote.context { border-left-color: #bbb; color: #444; font-size: .92em; }
.label { font-size: .85em; font-weight: bold; margin: .4em 0 0; }
.answer { white-space: pre-wrap; }
.entry { break-inside: avoid; page-break-inside: avoid; }
ol.steps li { margin-bottom: .3em; } .rules { color: #555; font-size: .85em; }
.failed { color: #a00; font-weight: bold; }
code { font-size: .9em; }
footer { margin-top: 1.5em; color: #555; font-size: .85em; }
section.sheet + section.sheet { break-before: page; page-break-before: always; }
@page { size: auto; margin: 14mm 14mm 16mm; }
@media print {
  body { margin: 0; max-width: none; font-size: 10pt; }
  h2 { break-after: avoid; page-break-after: avoid; }
  a { color: inherit; text-decoration: none; }
}
""".strip()


def _block(text: str, css: str = "") -> str:
    cls = f' class="{css}"' if css else ""
    return f"<blockquote{cls}>{escape(text)}</blockquote>"


def _entry(entry: CitedEntry) -> list[str]:
    out = ['<div class="entry">', f"<h3>{escape(heading_of(entry))}</h3>",
           f'<p class="where"><code>{escape(entry.id)}</code> · {escape(entry.breadcrumb)}</p>']
    if entry.tags:
        out.append("<p>" + "".join(f'<span class="tag">{escape(t)}</span>' for t in entry.tags) + "</p>")
    out.append(_block(entry.text))
    for note in entry.notes:
        out += [f'<div class="note {escape(note.kind)}"><p class="label">{escape(note.heading)}</p><ul>']
        out += [f"<li>{escape(line)}</li>" for line in note.lines] + ["</ul></div>"]
    for quoted in entry.contains:
        out += [f'<p class="label">{escape(quoted.citation)}</p>', _block(quoted.text)]
    if entry.examples:
        out.append('<p class="label">Examples</p>')
        out += [_block(example, "example") for example in entry.examples]
    if entry.parent and entry.parent.text:
        out += [f'<p class="label">In context — {escape(entry.parent.citation)}</p>',
                _block(entry.parent.text, "context")]
    elif entry.parent:
        out.append(f'<p class="label">In context — {escape(entry.parent.citation)} (quoted above)</p>')
    out.append("</div>")
    return out


def _replay(log: ReplayLog, names: dict) -> list[str]:
    out = [f"<h2>Replay — {escape(log.title or log.source)}</h2>"]
    if log.source and log.title:
        out.append(f'<p class="where">Scenario file: <code>{escape(log.source)}</code></p>')
    if log.not_modelled:
        out.append(f'<p class="not-modelled"><strong>{escape(NOT_MODELLED_HEAD)}:</strong></p>')
        out.append('<ul class="not-modelled">')
        for note in log.not_modelled:
            rules = ", ".join(escape(names.get(r, r)) for r in note.rules)
            out.append(f"<li>{escape(note.where)}: {escape(note.what)}"
                       + (f' <span class="rules">({rules})</span>' if rules else "") + "</li>")
        out.append("</ul>")
    out.append('<ol class="steps">')
    for step in log.steps:
        out.append(f'<li value="{step.n}"><strong>{escape(step.action)}</strong><ul>')
        for ev in step.events:
            rules = ", ".join(escape(names.get(r, r)) for r in ev.rules)
            out.append(f"<li>{escape(ev.text)}" + (f' <span class="rules">({rules})</span>' if rules else "") + "</li>")
        out.append("</ul></li>")
    out.append("</ol>")
    if log.expectations:
        out.append("<ul>")
        for ok, text in log.expectations:
            mark = "✓" if ok else '<span class="failed">✗ FAILED</span>'
            out.append(f"<li>{mark} {escape(text)}</li>")
        out.append("</ul>")
    return out


def render_one(sheet: Sheet) -> str:
    out = ['<section class="sheet">', f"<h1>{escape(sheet.heading)}</h1>", '<dl class="particulars">']
    out += [f"<div><dt>{escape(k)}</dt><dd>{escape(v)}</dd></div>" for k, v in sheet.particulars()]
    out.append("</dl>")
    if sheet.question:
        out += ["<h2>Question</h2>", f'<p class="answer">{escape(sheet.question)}</p>']
    if sheet.ruling:
        out += ["<h2>Ruling</h2>", f'<p class="answer">{escape(sheet.ruling)}</p>']
    if sheet.cited:
        out.append("<h2>Rules cited</h2>")
        for entry in sheet.cited:
            out += _entry(entry)
    if sheet.replay is not None:
        out += _replay(sheet.replay, sheet.rule_names)
    if sheet.sources:
        out += ["<h2>Sources</h2>", "<ul>"]
        out += [f"<li>{escape(s.title)} — sha256 <code>{escape(s.short)}</code></li>" for s in sheet.sources]
        out.append("</ul>")
    out += [f"<footer>Prepared {sheet.date.isoformat()} with judge.</footer>", "</section>"]
    return "\n".join(out)


def render(sheets: list[Sheet]) -> str:
    title = sheets[0].heading if len(sheets) == 1 else f"{len(sheets)} ruling sheets"
    body = "\n".join(render_one(s) for s in sheets)
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f"<title>{escape(title)}</title>\n<style>\n{CSS}\n</style>\n</head>\n<body>\n{body}\n</body>\n</html>\n")
