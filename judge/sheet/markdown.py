"""Ruling sheets as Markdown: for a chat message, an e-mail or a tournament report.

Source texts are quoted verbatim (as `>` blockquotes), never escaped or reflowed, so the
file holds the exact text of every rule.
"""
from __future__ import annotations

from judge.sheet.model import NOT_MODELLED_HEAD, CitedEntry, ReplayLog, Sheet


def _quote(text: str) -> list[str]:
    return [f"> {line}" if line else ">" for line in text.splitlines()] or [">"]


def heading_of(entry: CitedEntry) -> str:
    if entry.title and entry.title.lower() not in entry.citation.lower():
        return f"{entry.citation} — {entry.title}"
    return entry.citation


def _entry(entry: CitedEntry) -> list[str]:
    out = [f"### {heading_of(entry)}", "", f"`{entry.id}` · {entry.breadcrumb}"]
    if entry.tags:
        out[-1] += " · " + " ".join(f"[{t}]" for t in entry.tags)
    out += [""] + _quote(entry.text) + [""]
    for note in entry.notes:
        out += [f"**{note.heading}**", ""] + [f"- {line}" for line in note.lines] + [""]
    for quoted in entry.contains:
        out += [f"**{quoted.citation}**", ""] + _quote(quoted.text) + [""]
    if entry.examples:
        out += ["*Examples*", ""]
        for example in entry.examples:
            out += _quote(example) + [""]
    if entry.parent and entry.parent.text:
        out += [f"*In context — {entry.parent.citation}*", ""] + _quote(entry.parent.text) + [""]
    elif entry.parent:
        out += [f"*In context — {entry.parent.citation} (quoted above)*", ""]
    return out


def _replay(log: ReplayLog, names: dict) -> list[str]:
    title = log.title or log.source
    out = [f"## Replay — {title}", ""]
    if log.source and log.title:
        out += [f"Scenario file: `{log.source}`", ""]
    if log.not_modelled:
        out += [f"**{NOT_MODELLED_HEAD}:**", ""]
        for note in log.not_modelled:
            rules = f" ({', '.join(names.get(r, r) for r in note.rules)})" if note.rules else ""
            out.append(f"- {note.where}: {note.what}{rules}")
        out.append("")
    for step in log.steps:
        out.append(f"{step.n}. **{step.action}**")
        for ev in step.events:
            rules = f" ({', '.join(names.get(r, r) for r in ev.rules)})" if ev.rules else ""
            out.append(f"    - {ev.text}{rules}")
    out.append("")
    if log.expectations:
        out += ["Expectations:", ""]
        out += [f"- {'✓' if ok else '✗ FAILED'} {text}" for ok, text in log.expectations]
        out.append("")
    return out


def render_one(sheet: Sheet) -> str:
    out = [f"# {sheet.heading}", ""]
    out += [f"- **{label}:** {value}" for label, value in sheet.particulars()] + [""]
    if sheet.question:
        out += ["## Question", "", sheet.question, ""]
    if sheet.ruling:
        out += ["## Ruling", "", sheet.ruling, ""]
    if sheet.cited:
        out += ["## Rules cited", ""]
        for entry in sheet.cited:
            out += _entry(entry)
    if sheet.replay is not None:
        out += _replay(sheet.replay, sheet.rule_names)
    if sheet.sources:
        out += ["## Sources", ""]
        out += [f"- {s.title} — sha256 `{s.short}`" for s in sheet.sources]
        out.append("")
    out.append(f"*Prepared {sheet.date.isoformat()} with judge.*")
    return "\n".join(out) + "\n"


def render(sheets: list[Sheet]) -> str:
    return "\n---\n\n".join(render_one(s) for s in sheets)
