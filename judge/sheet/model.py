"""What a ruling sheet holds, as plain data: no corpus, no rich, no I/O.

The builders (judge.sheet.build) fill it from the corpus, a replay or a saved ruling; each
format module renders a list of sheets. Keeping the sheet a plain value is what lets the
golden tests fix everything, the date included, without a clock or a terminal.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from judge.replay_words import not_modelled_head, note_body, note_place


@dataclass(frozen=True)
class Quoted:
    """A piece of source text quoted in full, with the citation that names it."""

    citation: str
    text: str
    id: str = ""


@dataclass(frozen=True)
class SheetNote:
    """A note on a cited entry (judge.conflicts): a policy conflict or recorded damage, as lines."""

    kind: str  # conflict | anomaly
    id: str  # the policy id (C35) or the anomaly kind
    heading: str  # "⚑ Conflict C35: Can a drained Entity block?"
    lines: tuple[str, ...] = ()  # the readings, the default and why, how to choose; or the explanation


@dataclass(frozen=True)
class CitedEntry:
    """One entry the ruling rests on, with everything needed to read it on paper."""

    id: str
    citation: str
    title: str
    text: str
    doc: str
    breadcrumb: str  # "No Dawn Comprehensive Rules › 7. Additional Rules › 704 … › 704.5"
    tags: tuple[str, ...] = ()
    # The enclosing rule, unless it is cited itself; its text is "" when an earlier entry
    # on the sheet already quoted it.
    parent: Quoted | None = None
    examples: tuple[str, ...] = ()
    contains: tuple[Quoted, ...] = ()  # sub-rules, when the judge cited a rule with them
    notes: tuple[SheetNote, ...] = ()  # where the rules contradict themselves or the text is damaged
    source: SourceVersion | None = None  # the document and edition it was read in


@dataclass(frozen=True)
class SourceVersion:
    """A source document as it was when the sheet was made: its title and file hash, and the
    edition read ("" when it has only the bundled one and no date was asked for)."""

    doc: str
    title: str
    sha256: str
    edition: str = ""

    @property
    def short(self) -> str:
        return self.sha256[:12] if self.sha256 else "unknown"


@dataclass(frozen=True)
class StepEvent:
    text: str
    rules: tuple[str, ...] = ()
    decisive: bool = False  # it moved a card, changed a meter or refused an action (judge.sheet.decisive)


@dataclass(frozen=True)
class ReplayStep:
    n: int
    action: str
    events: tuple[StepEvent, ...] = ()


# The head of a replay's "Not modelled here" section, in every format.
NOT_MODELLED_HEAD = not_modelled_head()


@dataclass(frozen=True)
class NotModelled:
    """Something the replay relied on that the engine does not play (step 0: the scenario's cards)."""

    step: int
    text: str
    rules: tuple[str, ...] = ()

    @property
    def where(self) -> str:
        return note_place(self.step)

    @property
    def what(self) -> str:
        return note_body(self.text)


@dataclass(frozen=True)
class ReplayLog:
    """The step log of a replayed scenario, as the sheet prints it."""

    title: str
    source: str  # the scenario file's name
    steps: tuple[ReplayStep, ...] = ()
    expectations: tuple[
        tuple[bool, str], ...
    ] = ()  # the scenario's own checks: for the judge, never printed on a sheet
    not_modelled: tuple[NotModelled, ...] = ()  # said plainly at the head of the replay
    # Said first when another No Dawn edition is read than the one the engine plays
    # (judge.editions.engine_rules): which cited rules read otherwise there; "" otherwise.
    edition_note: str = ""
    # The rules of the decisive events, in citing order; None when the log does not say which
    # events were decisive (steps collected in the TUI), so no rule is put ahead of the others.
    decisive: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Sheet:
    date: dt.date
    cited: tuple[CitedEntry, ...]
    sources: tuple[SourceVersion, ...]
    question: str = ""
    ruling: str = ""
    event: str = ""
    table: str = ""
    judge: str = ""
    saved_number: int | None = None  # set when the sheet prints a saved ruling
    replay: ReplayLog | None = None
    # a short name (the printed number) for every rule id a replay step cites
    rule_names: dict = field(default_factory=dict)
    title: str = ""  # a heading of the judge's own, instead of "Ruling sheet"
    # The ids of the cited entries that lead, before the step log; None: all of them lead.
    lead: tuple[str, ...] | None = None
    as_of: str | None = None  # the day it was read as in force (judge.editions.status)

    @property
    def heading(self) -> str:
        if self.title:
            return self.title
        if self.saved_number is not None:
            return f"Ruling sheet — saved ruling #{self.saved_number}"
        return "Ruling sheet"

    # The particulars a person typed (the date is the sheet's own): writers make these safe.
    TYPED = ("Event", "Table", "Judge")

    def particulars(self) -> list[tuple[str, str]]:
        """The (label, value) lines at the head of the sheet, only those given."""
        rows = [*zip(self.TYPED, (self.event, self.table, self.judge)), ("Date", self.date.isoformat())]
        return [(k, v) for k, v in rows if v]
