"""Ruling sheets on the terminal (rich), styled like `judge show` through judge.render."""
from __future__ import annotations

import io

from rich.console import Console, Group
from rich.padding import Padding
from rich.rule import Rule
from rich.text import Text

from judge import render as entry_render
from judge.sheet.markdown import heading_of
from judge.sheet.model import NOT_MODELLED_HEAD, CitedEntry, ReplayLog, Sheet


def _quoted(text: str, style: str = "") -> Padding:
    body = entry_render.marked_text(text)
    if style:
        body.stylize(style)
    return Padding(body, (0, 0, 0, 4))


def _entry(entry: CitedEntry) -> list:
    head = Text(heading_of(entry), style="bold cyan")
    where = Text(f"{entry.id} · {entry.breadcrumb}", style="dim")
    parts: list = [head, where]
    if entry.tags:
        parts.append(entry_render.tag_text(entry.tags))
    parts.append(_quoted(entry.text))
    for note in entry.notes:
        parts += [Text(f"  {note.heading}", style="bold magenta" if note.kind == "conflict" else "bold yellow")]
        parts += [Padding(Text(line), (0, 0, 0, 4)) for line in note.lines]
    for quoted in entry.contains:
        parts += [Text(f"  {quoted.citation}", style="bold"), _quoted(quoted.text)]
    for example in entry.examples:
        parts += [Text("  Example", style="italic"), _quoted(example, "italic")]
    if entry.parent and entry.parent.text:
        parts += [Text(f"  In context — {entry.parent.citation}", style="dim bold"),
                  _quoted(entry.parent.text, "dim")]
    elif entry.parent:
        parts.append(Text(f"  In context — {entry.parent.citation} (quoted above)", style="dim"))
    parts.append(Text(""))
    return parts


def _replay(log: ReplayLog, names: dict) -> list:
    parts: list = [Rule(f"Replay — {log.title or log.source}", align="left")]
    if log.source and log.title:
        parts.append(Text(f"Scenario file: {log.source}", style="dim"))
    if log.not_modelled:
        parts.append(Text(f"{NOT_MODELLED_HEAD}:", style="bold yellow"))
        for note in log.not_modelled:
            line = Text(f"! {note.where}: {note.what}", style="yellow")
            if note.rules:
                line.append(f"  ({', '.join(names.get(r, r) for r in note.rules)})", style="cyan")
            parts.append(Padding(line, (0, 0, 0, 2)))
    for step in log.steps:
        parts.append(Text(f"{step.n:>3}. {step.action}", style="bold"))
        for ev in step.events:
            line = Text(f"• {ev.text}")
            if ev.rules:
                line.append(f"  ({', '.join(names.get(r, r) for r in ev.rules)})", style="cyan")
            parts.append(Padding(line, (0, 0, 0, 5)))
    for ok, text in log.expectations:
        line = Text("  ✓ " if ok else "  ✗ FAILED ", style="green" if ok else "bold red")
        line.append(text)
        parts.append(line)
    parts.append(Text(""))
    return parts


def renderable_one(sheet: Sheet) -> Group:
    parts: list = [Rule(sheet.heading, style="bold")]
    line = Text()
    for label, value in sheet.particulars():
        line.append(f"{label}: ", style="bold")
        line.append(f"{value}   ")
    parts += [line, Text("")]
    if sheet.question:
        parts += [Text("Question", style="bold underline"), Padding(Text(sheet.question), (0, 0, 1, 2))]
    if sheet.ruling:
        parts += [Text("Ruling", style="bold underline"), Padding(Text(sheet.ruling), (0, 0, 1, 2))]
    if sheet.cited:
        parts.append(Rule("Rules cited", align="left"))
        for entry in sheet.cited:
            parts += _entry(entry)
    if sheet.replay is not None:
        parts += _replay(sheet.replay, sheet.rule_names)
    if sheet.sources:
        parts.append(Text("Sources", style="bold underline"))
        parts += [Text(f"  {s.title} — sha256 {s.short}") for s in sheet.sources]
    parts += [Text(f"Prepared {sheet.date.isoformat()} with judge.", style="dim"), Text("")]
    return Group(*parts)


def renderable(sheets: list[Sheet]) -> Group:
    return Group(*(renderable_one(s) for s in sheets))


def render(sheets: list[Sheet], width: int = 100) -> str:
    """The terminal rendering without colour, as text (for files and golden tests)."""
    buffer = io.StringIO()
    console = Console(file=buffer, width=width, color_system=None, force_terminal=False,
                      legacy_windows=False, highlight=False)
    console.print(renderable(sheets))
    return "\n".join(line.rstrip() for line in buffer.getvalue().splitlines()) + "\n"
