"""Fill a Sheet from the corpus: from ids a judge typed, a replay log or a saved ruling.

Every id is checked before anything is built, so an unknown id stops the sheet with the
nearest existing ids and nothing is written.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from judge import render
from judge.corpus.model import Corpus, Entry
from judge.lookup import resolve
from judge.sheet.model import CitedEntry, Quoted, ReplayLog, Sheet, SheetNote, SourceVersion


class UnknownEntries(ValueError):
    """Some wanted ids are not in the corpus; carries each with its nearest ids."""

    def __init__(self, missing: list[tuple[str, list[Entry]]]):
        self.missing = missing
        parts = []
        for wanted, near in missing:
            names = ", ".join(_suggestion(e) for e in near)
            parts.append(f"no entry {wanted!r}" + (f" (nearest: {names})" if names else ""))
        super().__init__("; ".join(parts))


def _suggestion(entry: Entry) -> str:
    return f"{entry.id} {entry.title}".strip() if entry.title else entry.id


@dataclass(frozen=True)
class Wanted:
    """An entry to cite; `alone` leaves its sub-rules out (a judge typed `704.5.`). `corpus` is
    the one it was found in (one edition's, for `nd@2026-11:704.5j`); None: the sheet's; `named`
    says the id named its edition."""

    entry: Entry
    alone: bool = False
    corpus: Corpus | None = None
    named: bool = False


def resolve_all(corpus: Corpus, wanted: list[str], alone: bool = False, as_of: str | None = None) -> list[Wanted]:
    """Resolve every id or number, in order, without duplicates; raise UnknownEntries. With
    `as_of`, each is read in the edition in force that day."""
    from judge.editions.errors import UnknownEdition  # deferred: start-up
    from judge.lookup.reading import in_force_lookup, resolve_as_of  # deferred: start-up

    found: list[Wanted] = []
    missing: list[tuple[str, list[Entry]]] = []
    seen: set[tuple[str, int]] = set()
    for text in wanted:
        try:
            named = resolve(corpus, text)
        except UnknownEdition as unknown:  # a citation naming an edition this judge does not have
            missing.append((f"{text} ({unknown})", []))
            continue
        lookup = in_force_lookup(named, as_of)
        if lookup.entry is None and named.entry is None and as_of:
            lookup = resolve_as_of(corpus, text, None, as_of)
        if lookup.entry is None:
            missing.append((text + (f" ({lookup.note})" if lookup.note and named.entry else ""), lookup.suggestions))
            continue
        for entry in lookup.members or [lookup.entry]:  # a range quotes each of its entries
            key = (entry.id, id(lookup.corpus))
            if key not in seen:
                seen.add(key)
                found.append(Wanted(entry, alone or lookup.alone, lookup.corpus, named.edition is not None))
    if missing:
        raise UnknownEntries(missing)
    return found


def _quoted(entry: Entry) -> Quoted:
    return Quoted(entry.citation or entry.id, entry.text, entry.id)


# Parents that only head a part of the document: the breadcrumb already names them.
_CONTAINER_KINDS = frozenset({"section", "subsection", "group", "front-matter", "contents"})


def _bare_heading(entry: Entry) -> bool:
    """Whether the text is only the entry's number and title ("106.5. The three sources…")."""
    text = " ".join(entry.text.split())
    if entry.number and text.startswith(entry.number):
        text = text[len(entry.number) :].lstrip(". ")
    return not text or text.rstrip(".") == entry.title.strip().rstrip(".")


def _says_more(parent: Entry, entry: Entry) -> bool:
    """Whether quoting the parent adds context: not a bare heading, not a text that already
    holds the entry's own (an OmniFAQ topic is the run of its rulings)."""
    return (
        parent.kind not in _CONTAINER_KINDS
        and not _bare_heading(parent)
        and " ".join(entry.text.split()) not in " ".join(parent.text.split())
    )


def sheet_notes(notes, below=()) -> tuple[SheetNote, ...]:
    """The notes `judge show` prints with an entry, worded for players: its own in full and,
    when its sub-rules are quoted with it, theirs one line each (`below`: label, notes)."""
    from judge.conflicts.present import below_line, heading, sheet_lines  # deferred: start-up

    out = [SheetNote(n.kind, n.id, heading(n), tuple(sheet_lines(n))) for n in notes]
    if below:
        kinds = {n.kind for _, sub in below for n in sub}
        out.append(
            SheetNote(
                "conflict" if "conflict" in kinds else "anomaly",
                "",
                "In its parts:",
                tuple(below_line(label, sub) for label, sub in below),
            )
        )
    return tuple(out)


def _notes_of(corpus: Corpus, index, wanted: Wanted) -> tuple[SheetNote, ...]:
    from judge.render import child_label  # deferred: start-up

    entry = wanted.entry
    noted = [] if wanted.alone else [c for c in corpus.children(entry) if index.notes_for(c.id)]
    return sheet_notes(index.notes_for(entry.id), [(child_label(c, entry), index.notes_for(c.id)) for c in noted])


def cite(
    corpus: Corpus,
    wanted: Wanted,
    cited_ids: set[str],
    quoted_parents: set[str],
    notes: tuple[SheetNote, ...] = (),
    as_of: str | None = None,
) -> CitedEntry:
    """One cited entry. A parent already quoted for an earlier entry is named, not repeated
    (its Quoted has no text); `quoted_parents` records them. With `as_of`, what of it is not
    in force that day is a note on it."""
    corpus = wanted.corpus or corpus
    entry = wanted.entry
    if as_of:
        notes = notes + in_force_notes(corpus, entry, as_of)
    parent = corpus.parent(entry)
    parent_quote = None
    if parent is not None and parent.id not in cited_ids and _says_more(parent, entry):
        if parent.id in quoted_parents:
            parent_quote = Quoted(parent.citation or parent.id, "", parent.id)
        else:
            quoted_parents.add(parent.id)
            parent_quote = _quoted(parent)
    examples = tuple(e.text for e in corpus.children(entry, "example"))
    contains: tuple[Quoted, ...] = ()
    if not wanted.alone:
        own = " ".join(entry.text.split())
        contains = tuple(
            _quoted(c)
            for c in corpus.children(entry)
            if c.kind != "example" and c.id not in cited_ids and " ".join(c.text.split()) not in own
        )
    return CitedEntry(
        id=entry.id,
        citation=entry.citation or entry.id,
        title=entry.title,
        text=entry.text,
        doc=entry.doc,
        breadcrumb=render.breadcrumb(corpus, entry),
        tags=tuple(entry.tags),
        parent=parent_quote,
        examples=examples,
        contains=contains,
        notes=notes,
        source=source_of(corpus, entry.doc, as_of, wanted.named),
    )


def in_force_notes(corpus: Corpus, entry: Entry, as_of: str) -> tuple[SheetNote, ...]:
    """What of the entry is not in force on `as_of`, as a note the sheet prints with it."""
    from judge.editions import status  # deferred: start-up

    marks = status.not_in_force(corpus, entry, as_of)
    if not marks:
        return ()
    lines = tuple(
        (
            f"{m.reason}: {' '.join(m.text.split())}"
            if m.text
            else f"{m.reason}" + ("" if m.source == entry.id else f" (as {m.source})")
        )
        for m in marks
    )
    whole = status.whole_entry_in_force(marks)
    heading = f"Not in force on {as_of}" if not whole else f"In part not in force on {as_of}"
    return (SheetNote("not-in-force", entry.id, heading, lines),)


def source_of(corpus: Corpus, doc: str, as_of: str | None, named: bool) -> SourceVersion:
    from judge.lookup.reading import describe, edition_shown  # deferred: start-up

    info = corpus.documents.get(doc)
    edition = edition_shown(corpus, doc, as_of, named)
    return SourceVersion(
        doc, info.title if info else doc, info.sha256 if info else "", describe(edition, as_of) if edition else ""
    )


def sources_of(corpus: Corpus, cited: list[CitedEntry]) -> tuple[SourceVersion, ...]:
    out: dict[tuple[str, str], SourceVersion] = {}
    for c in cited:
        source = c.source or source_of(corpus, c.doc, None, False)
        out.setdefault((source.doc, source.sha256), source)
    return tuple(out.values())


def build_sheet(
    corpus: Corpus,
    ids: list[str],
    *,
    date: dt.date | None = None,
    question: str = "",
    ruling: str = "",
    event: str = "",
    table: str = "",
    judge: str = "",
    saved_number: int | None = None,
    replay: ReplayLog | None = None,
    alone: bool = False,
    title: str = "",
    lead: list[str] | None = None,
    as_of: str | None = None,
) -> Sheet:
    """A sheet citing `ids` (entry ids or printed numbers) in the order given.

    `date` defaults to today; tests pass a fixed one. `alone=True` cites each entry without
    its sub-rules (a replay cites precisely the rule that applied). `lead` (ids or numbers,
    each also in `ids`) are the rules printed before the step log, the others after it; None
    prints every rule before it (judge.sheet.sections). `as_of` reads every entry in the edition
    in force that day and notes what is not in force.
    """
    wanted = resolve_all(corpus, ids, alone=alone, as_of=as_of)
    lead_ids = None if lead is None else tuple(w.entry.id for w in resolve_all(corpus, list(lead)))
    if lead_ids is not None:  # cite in the order printed (the lead's own first), so "quoted above" is above
        rank = {entry_id: n for n, entry_id in reversed(list(enumerate(lead_ids)))}
        wanted = sorted((w for w in wanted if w.entry.id in rank), key=lambda w: rank[w.entry.id]) + [
            w for w in wanted if w.entry.id not in rank
        ]
    cited_ids = {w.entry.id for w in wanted}
    quoted_parents: set[str] = set()
    from judge.conflicts.cached import load_index  # deferred: start-up

    index = load_index(corpus)
    cited = [cite(corpus, w, cited_ids, quoted_parents, _notes_of(w.corpus or corpus, index, w), as_of) for w in wanted]
    rule_names: dict[str, str] = {}
    if replay is not None:
        noted = [rule for note in replay.not_modelled for rule in note.rules]
        for rule in [r for step in replay.steps for ev in step.events for r in ev.rules] + noted:
            entry = corpus.get(rule)
            if entry is not None:
                rule_names[rule] = entry.number or entry.citation or rule
    return Sheet(
        date=date or dt.date.today(),
        cited=tuple(cited),
        sources=sources_of(corpus, cited),
        question=question.strip(),
        ruling=ruling.strip(),
        event=event.strip(),
        table=table.strip(),
        judge=judge.strip(),
        saved_number=saved_number,
        replay=replay,
        rule_names=rule_names,
        title=title.strip(),
        lead=lead_ids,
        as_of=as_of,
    )
