"""Ruling sheets as Markdown: for a chat message, an e-mail or a tournament report.

Source texts from our own corpus are quoted verbatim (as `>` blockquotes), never escaped or
reflowed, so the file holds the exact text of every rule. Everything a person typed or a
scenario file says — the heading, particulars, question, ruling, step log — goes
through `judge.safe_text.for_markdown`, so it reads as written and never becomes HTML, a
heading, a rule, a link or an image when the Markdown is rendered.
"""

from __future__ import annotations

from judge.safe_text import for_markdown as md
from judge.sheet.model import NOT_MODELLED_HEAD, Sheet
from judge.sheet.sections import SUB, SheetWriter, as_of_text, edition_text, entry_blocks, heading_of, rule_names, walk


def _quote(text: str) -> list[str]:
    return [f"> {line}" if line else ">" for line in text.splitlines()] or [">"]


def _rules(rules: tuple[str, ...], names: dict) -> str:
    return f" ({rule_names(rules, names)})" if rules else ""


class MarkdownWriter(SheetWriter):
    def __init__(self) -> None:
        self.lines: list[str] = []

    def start(self, sheet: Sheet) -> None:
        self.lines += [f"# {md(sheet.heading)}", ""]
        self.lines += [
            f"- **{label}:** {md(value) if label in sheet.TYPED else value}" for label, value in sheet.particulars()
        ] + [""]

    def said(self, part) -> None:
        self.lines += [f"## {part.title}", "", md(part.text), ""]

    def rules(self, part) -> None:
        self.lines += [f"## {part.title}", ""]
        for entry in part.entries:
            where = f"`{entry.id}` · {entry.breadcrumb}"
            if entry.tags:
                where += " · " + " ".join(f"[{t}]" for t in entry.tags)
            self.lines += [f"### {heading_of(entry)}", "", where, ""]
            for block in entry_blocks(entry):
                if block.label:
                    emphasis = "**" if block.kind == SUB else "*"
                    self.lines += [f"{emphasis}{block.label}{emphasis}", ""]
                if block.text:
                    self.lines += _quote(block.text) + [""]

    def steps(self, part) -> None:
        log, names = part.log, part.names
        self.lines += [f"## Replay — {md(log.title or log.source)}", ""]
        if log.source and log.title:
            self.lines += [f"Scenario file: {md(log.source)}", ""]
        if log.edition_note:
            self.lines += [f"**{md(log.edition_note)}**", ""]
        if log.not_modelled:
            self.lines += [f"**{NOT_MODELLED_HEAD}:**", ""]
            self.lines += [f"- {note.where}: {md(note.what)}{_rules(note.rules, names)}" for note in log.not_modelled]
            self.lines.append("")
        for step in log.steps:
            self.lines.append(f"{step.n}. **{md(step.action)}**")
            self.lines += [f"    - {md(ev.text)}{_rules(ev.rules, names)}" for ev in step.events]
        self.lines.append("")

    def sources(self, part) -> None:
        self.lines += ["## Sources", ""]
        self.lines += [f"- {s.title} — sha256 `{s.short}`{edition_text(s)}" for s in part.sources]
        if as_of_text(part):
            self.lines += ["", as_of_text(part)]
        self.lines.append("")

    def finish(self, sheet: Sheet) -> None:
        self.lines.append(f"*Prepared {sheet.date.isoformat()} with judge.*")


def render_one(sheet: Sheet) -> str:
    return "\n".join(walk(sheet, MarkdownWriter()).lines) + "\n"


def render(sheets: list[Sheet]) -> str:
    return "\n---\n\n".join(render_one(s) for s in sheets)
