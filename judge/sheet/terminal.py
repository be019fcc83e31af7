"""Ruling sheets on the terminal (rich), styled like `judge show` through judge.render.

Every string becomes a rich `Text` (never parsed as markup); text a person typed or a scenario
file holds passes through `judge.safe_text.for_terminal` first, so a shared saved ruling cannot
send escape sequences to the judge's terminal.
"""

from __future__ import annotations

import io

from rich.console import Console, Group
from rich.padding import Padding
from rich.rule import Rule
from rich.text import Text

from judge import render as entry_render
from judge.safe_text import for_terminal as safe
from judge.sheet.model import NOT_MODELLED_HEAD, Sheet
from judge.sheet.sections import (
    CONTEXT,
    EXAMPLE,
    NOTE,
    SUB,
    SheetWriter,
    as_of_text,
    edition_text,
    entry_blocks,
    heading_of,
    rule_names,
    walk,
)

_LABEL_STYLE = {SUB: "bold", EXAMPLE: "italic", CONTEXT: "dim bold", NOTE: "bold magenta"}
_TEXT_STYLE = {EXAMPLE: "italic", CONTEXT: "dim"}


def _quoted(text: str, style: str = "") -> Padding:
    body = entry_render.marked_text(text)
    if style:
        body.stylize(style)
    return Padding(body, (0, 0, 0, 4))


def _with_rules(line: Text, rules: tuple[str, ...], names: dict) -> Text:
    if rules:
        line.append(f"  ({rule_names(rules, names)})", style="cyan")
    return line


class TerminalWriter(SheetWriter):
    def __init__(self) -> None:
        self.parts: list = []

    def start(self, sheet: Sheet) -> None:
        line = Text()
        for label, value in sheet.particulars():
            line.append(f"{label}: ", style="bold")
            line.append(f"{safe(value)}   ")
        self.parts += [Rule(Text(safe(sheet.heading)), style="bold"), line, Text("")]

    def said(self, part) -> None:
        self.parts += [Text(part.title, style="bold underline"), Padding(Text(safe(part.text)), (0, 0, 1, 2))]

    def rules(self, part) -> None:
        self.parts.append(Rule(part.title, align="left"))
        for entry in part.entries:
            self.parts += [
                Text(heading_of(entry), style="bold cyan"),
                Text(f"{entry.id} · {entry.breadcrumb}", style="dim"),
            ]
            if entry.tags:
                self.parts.append(entry_render.tag_text(entry.tags))
            for block in entry_blocks(entry):
                if block.label:
                    self.parts.append(Text(f"  {block.label}", style=_LABEL_STYLE.get(block.kind, "")))
                if block.text:
                    self.parts.append(_quoted(block.text, _TEXT_STYLE.get(block.kind, "")))
            self.parts.append(Text(""))

    def steps(self, part) -> None:
        log, names = part.log, part.names
        self.parts.append(Rule(Text(f"Replay — {safe(log.title or log.source)}"), align="left"))
        if log.source and log.title:
            self.parts.append(Text(f"Scenario file: {safe(log.source)}", style="dim"))
        if log.edition_note:
            self.parts.append(Text(safe(log.edition_note), style="bold yellow"))
        if log.not_modelled:
            self.parts.append(Text(f"{NOT_MODELLED_HEAD}:", style="bold yellow"))
            for note in log.not_modelled:
                line = _with_rules(Text(f"! {note.where}: {safe(note.what)}", style="yellow"), note.rules, names)
                self.parts.append(Padding(line, (0, 0, 0, 2)))
        for step in log.steps:
            self.parts.append(Text(f"{step.n:>3}. {safe(step.action)}", style="bold"))
            for ev in step.events:
                self.parts.append(Padding(_with_rules(Text(f"• {safe(ev.text)}"), ev.rules, names), (0, 0, 0, 5)))
        self.parts.append(Text(""))

    def sources(self, part) -> None:
        self.parts.append(Text("Sources", style="bold underline"))
        self.parts += [Text(f"  {s.title} — sha256 {s.short}{edition_text(s)}") for s in part.sources]
        if as_of_text(part):
            self.parts.append(Text(f"  {as_of_text(part)}"))

    def finish(self, sheet: Sheet) -> None:
        self.parts += [Text(f"Prepared {sheet.date.isoformat()} with judge.", style="dim"), Text("")]


def renderable_one(sheet: Sheet) -> Group:
    return Group(*walk(sheet, TerminalWriter()).parts)


def renderable(sheets: list[Sheet]) -> Group:
    return Group(*(renderable_one(s) for s in sheets))


def render(sheets: list[Sheet], width: int = 100) -> str:
    """The terminal rendering without colour, as text (for files and golden tests)."""
    buffer = io.StringIO()
    console = Console(
        file=buffer, width=width, color_system=None, force_terminal=False, legacy_windows=False, highlight=False
    )
    console.print(renderable(sheets))
    return "\n".join(line.rstrip() for line in buffer.getvalue().splitlines()) + "\n"
