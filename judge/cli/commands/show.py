"""`judge show ID|NUMBER|RANGE [--game G] [--as-of DATE] [--json]`: one entry (or each entry of a
range, `116.2b–c`) with its context and links, and the notes on it (a policy conflict it is part
of, damage recorded in its document). With --as-of (default $JUDGE_EVENT_DATE) it is read in the
edition in force that day, and what is not in force then is marked."""

from __future__ import annotations

from judge.cli import NothingFound, UserError
from judge.cli.commands.options import add_game_option, chosen_game
from judge.input_limits import MAX_LOOKUP_CHARS
from judge.safe_text import json_text


def register(sub) -> None:
    p = sub.add_parser(
        "show",
        help="show one entry: its breadcrumb, text, examples, sub-rules, links, cited by",
        description="Show an entry by id (nd:704.5j, sf:card/charmed-life/2) or printed "
        "number (704.5j). `704.5` shows the rule with its sub-rules, `704.5.` the rule alone, "
        "`116.2b–c` every entry of the range.",
    )
    p.add_argument("target", metavar="ID|NUMBER|RANGE")
    add_game_option(p)
    p.add_argument(
        "--as-of",
        metavar="YYYY-MM-DD",
        help="read it as in force on that day: the edition "
        "of that date, and proposed, deferred or later-adopted text marked (default $JUDGE_EVENT_DATE)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.set_defaults(func=run)


def run(args) -> int:
    from judge import context, render
    from judge.lookup import reading

    if len(args.target) > MAX_LOOKUP_CHARS:
        raise UserError(
            f"{args.target[:40]!r}… is {len(args.target):,} characters long; an id, number or range "
            f"is at most {MAX_LOOKUP_CHARS} (to look for words, use judge search)"
        )
    as_of = reading.as_of(args.as_of)
    found = reading.resolve_as_of(context.corpus(), args.target, chosen_game(args), as_of)
    if found.entry is None:
        near = ", ".join(render.label(e) if e.number else e.id for e in found.suggestions)
        why = f" ({found.note})" if found.note else ""
        raise NothingFound(f"no entry {args.target!r}{why}" + (f"; nearest: {near}" if near else ""))
    corpus = found.corpus
    assert corpus is not None, "resolve_as_of names the corpus the entry was read in"
    from judge.conflicts import present

    index = context.conflicts()
    warn_unreadable_notes(index)
    shown = [(member, False) for member in found.members] or [(found.entry, found.alone)]
    if args.json:
        docs = [entry_document(corpus, index, entry, alone, as_of, found) for entry, alone in shown]
        if found.members:  # a range: every entry in it, in the document's order
            print(json_text({"range": args.target, "ids": [e.id for e, _ in shown], "entries": docs}, indent=2))
        else:
            print(json_text(docs[0], indent=2))
        return 0
    from rich.rule import Rule
    from rich.text import Text

    from judge.console import rule_width, stdout_console, unwrapped
    from judge.safe_text import one_line

    console = stdout_console()
    if found.members:
        console.print(
            Text(
                one_line(
                    f"{args.target}: {len(shown)} entries, {render.label(shown[0][0])} to {render.label(shown[-1][0])}"
                ),
                style="dim",
            )
        )
    for n, (entry, alone) in enumerate(shown):
        if n:
            console.print(Rule(style="dim"), width=rule_width(console))
        notes = index.notes_for(entry.id)
        # The notes of the sub-entries shown with it (704.5 lists 704.5a…), one line each.
        noted = [] if alone else [c for c in corpus.children(entry) if index.notes_for(c.id)]
        band = present.band(
            notes, [(render.child_label(c, entry), index.notes_for(c.id)) for c in noted], expand=not unwrapped(console)
        )
        if band is not None:
            console.print(band)
        edition = reading.edition_shown(corpus, entry.doc, as_of, bool(found.edition))
        console.print(
            render.entry_renderable(
                corpus,
                entry,
                with_children=not alone,
                as_of=as_of,
                edition=reading.describe(edition, as_of) if edition else "",
            )
        )
        reading_on = reading_on_line(corpus, entry)
        if reading_on:
            console.print(Text(one_line(reading_on), style="dim"))
    if found.note:
        console.print(Text(one_line(found.note), style="dim"))
    if found.also:
        also = ", ".join(f"{render.label(e)} ({e.id})" for e in found.also)
        console.print(Text(one_line(f"also named so: {also}"), style="dim"))
    return 0


def entry_document(corpus, index, entry, alone: bool, as_of: str | None, found) -> dict:
    """One entry as `judge show --json` prints it: the entry, its edition, how it was looked up
    and the notes on it and on the sub-entries shown with it."""
    from judge import render
    from judge.conflicts import present
    from judge.lookup import reading

    doc = render.entry_json(corpus, entry, with_children=not alone, as_of=as_of)
    edition = reading.edition_shown(corpus, entry.doc, as_of, bool(found.edition))
    if edition is not None:
        doc["edition"] = edition.to_dict()
    doc["lookup"] = {"note": found.note, "also": [e.id for e in found.also]}
    from judge.neighbours import around

    near = around(corpus, entry)
    doc["reading_on"] = {
        "previous": near.previous.id if near.previous else None,
        "next": near.next.id if near.next else None,
    }
    doc["conflicts"] = [present.note_dict(n) for n in index.notes_for(entry.id)]
    noted = [] if alone else [c for c in corpus.children(entry) if index.notes_for(c.id)]
    doc["conflicts_below"] = [{"entry": c.id, "notes": [n.id for n in index.notes_for(c.id)]} for c in noted]
    return doc


def reading_on_line(corpus, entry) -> str:
    """The entries before and after it in its document, as a judge reads on:
    "← previous: 704.5i (nd:704.5i)   next: 704.5k (nd:704.5k) →"; "" for an entry alone."""
    from judge.neighbours import around, name_of

    near = around(corpus, entry)
    parts = []
    if near.previous is not None:
        parts.append(f"← previous: {name_of(near.previous)} ({near.previous.id})")
    if near.next is not None:
        parts.append(f"next: {name_of(near.next)} ({near.next.id}) →")
    return "   ".join(parts)


def warn_unreadable_notes(index) -> None:
    """A policy or anomaly file that cannot be read: said on stderr (doctor lists it too)."""
    import sys

    from judge.safe_text import one_line

    for problem in index.problems:
        if problem.kind in ("policy-file", "anomaly-file"):
            print(f"judge: conflict notes incomplete: {one_line(problem.message)}", file=sys.stderr)
