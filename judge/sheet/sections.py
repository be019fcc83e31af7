"""The parts of a ruling sheet in reading order, walked once for every format.

A sheet leads with the ruling: the question, the ruling, the rules that decided it, the replay's
step log, then the full text of everything else cited. When the sheet does not say which rules
lead (`Sheet.lead` is None: no replay, steps collected in the TUI, or `--all-rules`), every cited
rule comes before the step log.

Each format (markdown, html, text, terminal) is a `SheetWriter`: it says how to write each kind
of part, and `walk` decides which parts there are and in what order — the one place that does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from judge.sheet.model import CitedEntry, ReplayLog, Sheet, SourceVersion

LEAD_TITLE = "Rules that decided it"
REST_TITLE = "Other rules cited"
ALL_TITLE = "Rules cited"

# The kinds of a Block: an entry's own text, a note on it (a policy conflict, recorded damage:
# judge.conflicts), a sub-rule it holds, an example, the rule around it.
TEXT, NOTE, SUB, EXAMPLE, CONTEXT = "text", "note", "sub", "example", "context"


@dataclass(frozen=True)
class Block:
    """One quoted piece of a cited entry. `label` is "" for the entry's own text and for every
    example after the first; `text` is "" for a context quoted earlier on the sheet."""

    kind: str
    label: str
    text: str


def heading_of(entry: CitedEntry) -> str:
    """ "No Dawn CR 704.5j — Title", or the citation alone when it already holds the title."""
    if entry.title and entry.title.lower() not in entry.citation.lower():
        return f"{entry.citation} — {entry.title}"
    return entry.citation


def entry_blocks(entry: CitedEntry) -> list[Block]:
    blocks = [Block(TEXT, "", entry.text)]
    blocks += [Block(NOTE, note.heading, "\n".join(note.lines)) for note in entry.notes]
    blocks += [Block(SUB, quoted.citation, quoted.text) for quoted in entry.contains]
    blocks += [Block(EXAMPLE, "Examples" if i == 0 else "", example) for i, example in enumerate(entry.examples)]
    if entry.parent is not None:
        above = "" if entry.parent.text else " (quoted above)"
        blocks.append(Block(CONTEXT, f"In context — {entry.parent.citation}{above}", entry.parent.text))
    return blocks


def rule_names(rules: tuple[str, ...], names: dict) -> str:
    """The rules an event cites by their short names ("510.2c, 702.7a"), "" for none."""
    return ", ".join(names.get(rule, rule) for rule in rules)


@dataclass(frozen=True)
class Said:
    """The question or the ruling, in the judge's own words (user text: each writer makes it safe)."""

    title: str
    text: str

    def write_to(self, writer: SheetWriter) -> None:
        writer.said(self)


@dataclass(frozen=True)
class Rules:
    title: str
    entries: tuple[CitedEntry, ...]

    def write_to(self, writer: SheetWriter) -> None:
        writer.rules(self)


@dataclass(frozen=True)
class Steps:
    log: ReplayLog
    names: dict  # rule id -> short name

    def write_to(self, writer: SheetWriter) -> None:
        writer.steps(self)


@dataclass(frozen=True)
class Sources:
    sources: tuple[SourceVersion, ...]
    as_of: str | None = None

    def write_to(self, writer: SheetWriter) -> None:
        writer.sources(self)


def edition_text(source: SourceVersion) -> str:
    """What follows a source's hash on every format: " — edition 2026-11 (2026-11-01), …"."""
    return f" — edition {source.edition}" if source.edition else ""


def as_of_text(part: Sources) -> str:
    """The line under the sources that says the day the rules were read as of ("" for none)."""
    return (
        f"Read as in force on {part.as_of}: the edition of that day; what was not in force is marked."
        if part.as_of
        else ""
    )


def parts(sheet: Sheet) -> list:
    """The sheet's parts between its head and its foot, in reading order."""
    out: list = []
    if sheet.question:
        out.append(Said("Question", sheet.question))
    if sheet.ruling:
        out.append(Said("Ruling", sheet.ruling))
    steps = [Steps(sheet.replay, sheet.rule_names)] if sheet.replay is not None else []
    if sheet.lead is None or sheet.replay is None:
        if sheet.cited:
            out.append(Rules(ALL_TITLE, sheet.cited))
        out += steps
    else:
        lead = set(sheet.lead)
        first = tuple(e for e in sheet.cited if e.id in lead)
        rest = tuple(e for e in sheet.cited if e.id not in lead)
        if first:
            out.append(Rules(LEAD_TITLE, first))
        out += steps
        if rest:
            out.append(Rules(REST_TITLE if first else ALL_TITLE, rest))
    if sheet.sources:
        out.append(Sources(sheet.sources, sheet.as_of))
    return out


class SheetWriter:
    """A format. `walk` calls `start`, one method per part, then `finish`; `result` is the text."""

    def start(self, sheet: Sheet) -> None:
        raise NotImplementedError

    def said(self, part: Said) -> None:
        raise NotImplementedError

    def rules(self, part: Rules) -> None:
        raise NotImplementedError

    def steps(self, part: Steps) -> None:
        raise NotImplementedError

    def sources(self, part: Sources) -> None:
        raise NotImplementedError

    def finish(self, sheet: Sheet) -> None:
        raise NotImplementedError


W = TypeVar("W", bound="SheetWriter")


def walk(sheet: Sheet, writer: W) -> W:
    """`writer` after it has written `sheet` (its own type, so its result fields are known)."""
    writer.start(sheet)
    for part in parts(sheet):
        part.write_to(writer)
    writer.finish(sheet)
    return writer
