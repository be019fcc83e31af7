"""Ruling sheets as plain text for a line printer: fixed width, no markup, form feeds.

Long source lines are wrapped at word boundaries only; words are never changed, so the
printed text is the source text with different line breaks. Text a person typed or a scenario
file holds passes through `judge.safe_text.for_terminal` first: a shared saved ruling printed
with `cat` cannot clear the screen or retitle the terminal.
"""

from __future__ import annotations

import textwrap

from judge.safe_text import for_terminal as safe
from judge.sheet.model import NOT_MODELLED_HEAD, Sheet
from judge.sheet.sections import SheetWriter, as_of_text, edition_text, entry_blocks, heading_of, rule_names, walk

WIDTH = 78
FORM_FEED = "\f"


def _wrap(text: str, indent: str = "", width: int = WIDTH) -> list[str]:
    out: list[str] = []
    for line in text.splitlines() or [""]:
        if not line.strip():
            out.append("")
            continue
        out += textwrap.wrap(
            line,
            width=width,
            initial_indent=indent,
            subsequent_indent=indent,
            break_long_words=False,
            break_on_hyphens=False,
        )
    return out


def _hanging(text: str, first: str, rest: str) -> list[str]:
    return textwrap.wrap(text, width=WIDTH, initial_indent=first, subsequent_indent=rest, break_long_words=False)


def _title(text: str, rule: str) -> list[str]:
    return [text, rule * min(len(text), WIDTH)]


def _rules(rules: tuple[str, ...], names: dict) -> str:
    return f" ({rule_names(rules, names)})" if rules else ""


class TextWriter(SheetWriter):
    def __init__(self) -> None:
        self.out: list[str] = []

    def start(self, sheet: Sheet) -> None:
        self.out += _title(safe(sheet.heading).upper(), "=")
        self.out += [f"{label + ':':<7}{safe(value)}" for label, value in sheet.particulars()] + [""]

    def said(self, part) -> None:
        self.out += [part.title.upper()] + _wrap(safe(part.text), "  ") + [""]

    def rules(self, part) -> None:
        self.out += [part.title.upper(), ""]
        for entry in part.entries:
            self.out += _title(heading_of(entry), "-")
            self.out += _wrap(f"{entry.id} · {entry.breadcrumb}", "  ")
            if entry.tags:
                self.out += _wrap(" ".join(f"[{t}]" for t in entry.tags), "  ")
            self.out.append("")
            for block in entry_blocks(entry):
                if block.label:
                    self.out += _wrap(f"{block.label}:" if block.text else block.label, "  ")
                if block.text:
                    self.out += _wrap(block.text, "    ")
                self.out.append("")

    def steps(self, part) -> None:
        log, names = part.log, part.names
        self.out += _title(f"REPLAY — {safe(log.title or log.source)}", "=")
        if log.source and log.title:
            self.out += [f"Scenario file: {safe(log.source)}"]
        self.out.append("")
        if log.edition_note:
            self.out += _wrap(safe(log.edition_note), "") + [""]
        if log.not_modelled:
            self.out += _wrap(f"{NOT_MODELLED_HEAD}:", "")
            for note in log.not_modelled:
                self.out += _hanging(f"! {note.where}: {safe(note.what)}{_rules(note.rules, names)}", "  ", "    ")
            self.out.append("")
        for step in log.steps:
            self.out += _wrap(f"{step.n}. {safe(step.action)}", "")
            for ev in step.events:
                self.out += _hanging(f"- {safe(ev.text)}{_rules(ev.rules, names)}", "   ", "     ")
        self.out.append("")

    def sources(self, part) -> None:
        self.out += ["SOURCES"]
        self.out += _wrap(
            "\n".join(
                [f"{s.title} — sha256 {s.short}{edition_text(s)}" for s in part.sources]
                + ([as_of_text(part)] if as_of_text(part) else [])
            ),
            "  ",
        )
        self.out.append("")

    def finish(self, sheet: Sheet) -> None:
        self.out.append(f"Prepared {sheet.date.isoformat()} with judge.")


def render_one(sheet: Sheet) -> str:
    return "\n".join(line.rstrip() for line in walk(sheet, TextWriter()).out) + "\n"


def render(sheets: list[Sheet]) -> str:
    return FORM_FEED.join(render_one(s) for s in sheets)
