"""Ruling sheets as plain text for a line printer: fixed width, no markup, form feeds.

Long source lines are wrapped at word boundaries only; words are never changed, so the
printed text is the source text with different line breaks.
"""
from __future__ import annotations

import textwrap

from judge.sheet.markdown import heading_of
from judge.sheet.model import NOT_MODELLED_HEAD, CitedEntry, ReplayLog, Sheet

WIDTH = 78
FORM_FEED = "\f"


def _wrap(text: str, indent: str = "", width: int = WIDTH) -> list[str]:
    out: list[str] = []
    for line in text.splitlines() or [""]:
        if not line.strip():
            out.append("")
            continue
        out += textwrap.wrap(line, width=width, initial_indent=indent, subsequent_indent=indent,
                             break_long_words=False, break_on_hyphens=False)
    return out


def _title(text: str, rule: str) -> list[str]:
    return [text, rule * min(len(text), WIDTH)]


def _entry(entry: CitedEntry) -> list[str]:
    out = _title(heading_of(entry), "-")
    out += _wrap(f"{entry.id} · {entry.breadcrumb}", "  ")
    if entry.tags:
        out += _wrap(" ".join(f"[{t}]" for t in entry.tags), "  ")
    out += [""] + _wrap(entry.text, "    ") + [""]
    for note in entry.notes:
        out += _wrap(note.heading, "  ") + [w for line in note.lines for w in _wrap(line, "    ")] + [""]
    for quoted in entry.contains:
        out += _wrap(quoted.citation, "  ") + _wrap(quoted.text, "    ") + [""]
    for example in entry.examples:
        out += ["  Example:"] + _wrap(example, "    ") + [""]
    if entry.parent and entry.parent.text:
        out += _wrap(f"In context — {entry.parent.citation}:", "  ") + _wrap(entry.parent.text, "    ") + [""]
    elif entry.parent:
        out += _wrap(f"In context — {entry.parent.citation} (quoted above)", "  ") + [""]
    return out


def _replay(log: ReplayLog, names: dict) -> list[str]:
    out = _title(f"REPLAY — {log.title or log.source}", "=")
    if log.source and log.title:
        out += [f"Scenario file: {log.source}"]
    out.append("")
    if log.not_modelled:
        out += _wrap(f"{NOT_MODELLED_HEAD}:", "")
        for note in log.not_modelled:
            rules = f" ({', '.join(names.get(r, r) for r in note.rules)})" if note.rules else ""
            out += textwrap.wrap(f"! {note.where}: {note.what}{rules}", width=WIDTH, initial_indent="  ",
                                 subsequent_indent="    ", break_long_words=False)
        out.append("")
    for step in log.steps:
        out += _wrap(f"{step.n}. {step.action}", "")
        for ev in step.events:
            rules = f" ({', '.join(names.get(r, r) for r in ev.rules)})" if ev.rules else ""
            out += textwrap.wrap(f"- {ev.text}{rules}", width=WIDTH, initial_indent="   ",
                                 subsequent_indent="     ", break_long_words=False)
    out.append("")
    for ok, text in log.expectations:
        out += _wrap(f"[{'ok' if ok else 'FAILED'}] {text}", "  ")
    if log.expectations:
        out.append("")
    return out


def render_one(sheet: Sheet) -> str:
    out = _title(sheet.heading.upper(), "=")
    out += [f"{label + ':':<7}{value}" for label, value in sheet.particulars()] + [""]
    if sheet.question:
        out += ["QUESTION"] + _wrap(sheet.question, "  ") + [""]
    if sheet.ruling:
        out += ["RULING"] + _wrap(sheet.ruling, "  ") + [""]
    if sheet.cited:
        out += ["RULES CITED", ""]
        for entry in sheet.cited:
            out += _entry(entry)
    if sheet.replay is not None:
        out += _replay(sheet.replay, sheet.rule_names)
    if sheet.sources:
        out += ["SOURCES"]
        out += _wrap("\n".join(f"{s.title} — sha256 {s.short}" for s in sheet.sources), "  ")
        out.append("")
    out.append(f"Prepared {sheet.date.isoformat()} with judge.")
    return "\n".join(line.rstrip() for line in out) + "\n"


def render(sheets: list[Sheet]) -> str:
    return FORM_FEED.join(render_one(s) for s in sheets)
