"""`judge card NAME [--game G] [--json] [--brief]`: a card, its errata, its rulings, the
topics it refers to and the entries that mention it.

The name is forgiving (case, punctuation, a leading "The", typos: see judge.search.cardnames).
An ambiguous name lists the candidates (exit 0); an unknown name names the nearest ones
(exit 1). A card that a truncated FAQ mentions but whose entry lies past the cut says so and
lists where it is mentioned — it never reads as "no rulings".
"""

from __future__ import annotations

import sys

from judge.card_facts import (
    engine_lines,
    engine_status,
    fact_lines,
    from_rulings_document,
    listed_rulings,
    lookup_document,
    mentioned_by,
    mentioned_elsewhere,
    missing_message,
    named_in,
    see_references,
    without_rulings,
)
from judge.cli.commands.options import add_game_option, game_or_event_game
from judge.corpus.model import Corpus, Entry
from judge.safe_text import for_terminal, json_text, one_line

EXIT_NOT_FOUND = 1


def register(sub) -> None:
    p = sub.add_parser(
        "card",
        help="a card: its errata, numbered rulings, See topics and mentions",
        description="Look a card up by name (typos, case and punctuation forgiven): its "
        "errata text, its rulings numbered, the topics it refers to with their rulings, "
        "and the entries that mention it.",
    )
    p.add_argument("name", nargs="*", metavar="NAME", help='a card\'s name; none (or "") lists every card')
    add_game_option(p, event_default=True)
    p.add_argument("--json", action="store_true", help="print one JSON document")
    see = p.add_mutually_exclusive_group()
    see.add_argument("--see", action="store_true", help="print the rulings of every See topic in full")
    see.add_argument(
        "--brief", action="store_true", help="list the See topics by name with their ruling count (the default)"
    )
    p.set_defaults(func=run)


def run(args) -> int:
    from judge import context
    from judge.search.cardnames import lookup

    game = game_or_event_game(args)
    query = " ".join(args.name).strip()
    corpus = context.corpus()
    if not query:
        return _list_every_card(corpus, game, args.json)
    result = lookup(corpus, query, game)
    if result.status == "not_found":
        near = ", ".join(c.group.name for c in result.candidates)
        hidden = _hidden_by_filter(corpus, query, game)
        said = f"judge: no card named {query!r}" + (f" — {hidden}" if hidden else f"; nearest: {near}" if near else "")
        print(one_line(said), file=sys.stderr)
        return EXIT_NOT_FOUND
    if args.json:
        print(json_text(lookup_document(corpus, result), indent=2))
        return 0
    from judge.console import stdout_console

    stdout_console().print(lookup_renderable(corpus, result, brief=not args.see))
    return 0


def _hidden_by_filter(corpus: Corpus, query: str, game: str | None) -> str:
    """Where the card is when the game filter hid it, in the words search uses ("Nothing in
    L5R LCG; in Shadowfist: Charmed Life (--game all)"); "" when no other game has it either."""
    if game is None:
        return ""
    from judge.filter_words import hidden_answer
    from judge.search.cardnames import lookup

    wider = lookup(corpus, query, None)
    if wider.found:
        entries = list(wider.cards)
    elif wider.status == "ambiguous":
        entries = [c.group.entries[0] for c in wider.candidates if c.group.entries]
    else:
        return ""
    return hidden_answer([game], False, entries, "--game all") if entries else ""


def _list_every_card(corpus: Corpus, game: str | None, as_json: bool) -> int:
    """No name: every card, by name, all of them (through the pager at a terminal)."""
    from judge.corpus.documents import GAME_TITLES

    cards = sorted(
        (c for c in corpus.of_kind("card") if game is None or c.game == game), key=lambda c: (c.title.lower(), c.doc)
    )
    if as_json:
        print(
            json_text(
                {
                    "query": "",
                    "status": "all",
                    "count": len(cards),
                    "cards": [{"id": c.id, "title": c.title, "doc": c.doc, "game": c.game} for c in cards],
                },
                indent=2,
            )
        )
        return 0
    from rich.text import Text

    from judge.console import stdout_console

    console = stdout_console()
    where = GAME_TITLES.get(game, game) if game else "every game"
    lines = [Text(f"{len(cards)} cards ({where}); judge card NAME shows one", style="bold")]
    for card in cards:
        line = Text(f"  {one_line(card.title)}")
        line.append(f"  {card.doc}", style="dim")
        lines.append(line)
    with console.pager(styles=True) if console.is_terminal else _nothing():
        for line in lines:
            console.print(line)
    return 0


def _nothing():
    from contextlib import nullcontext

    return nullcontext()


# -- the terminal view ----------------------------------------------------------------------
def lookup_renderable(corpus: Corpus, result, brief: bool = False):
    from rich.console import Group
    from rich.text import Text

    if result.found:
        parts = []
        if result.status == "fuzzy":
            parts.append(Text(one_line(f"Closest match for {result.query!r}:"), style="dim"))
        for k, entry in enumerate(result.cards):
            if k:
                parts.append(Text(""))
            parts.append(card_renderable(corpus, entry, brief))
        return Group(*parts)
    if result.status == "ambiguous":
        lines = [Text(one_line(f"{result.query!r} could be any of these cards:"), style="bold")]
        for c in result.candidates:
            line = Text("  ")
            line.append(one_line(c.group.name), style="bold")
            line.append(one_line(f"  ({c.group.game}"), style="dim")
            if c.group.missing == "beyond_end":
                line.append(", entry beyond the end of this copy", style="dim")
            elif c.group.missing:
                line.append(", mentioned only", style="dim")
            elif len(c.group.entries) > 1:
                line.append(f", {len(c.group.entries)} entries", style="dim")
            line.append(")", style="dim")
            lines.append(line)
        lines.append(Text("Type the full name, or add --game.", style="dim"))
        return Group(*lines)
    group = result.beyond
    parts = [Text(for_terminal(missing_message(corpus, group)), style="bold yellow")]
    mentions = mentioned_elsewhere(corpus, group.mentioned_by)
    if mentions:
        parts.append(Text(f"\nMentioned in ({len(mentions)})", style="bold underline"))
        parts += [_entry_line(e, "  ← ") for e in mentions]
    return Group(*parts)


def _entry_line(entry: Entry, prefix: str):
    from rich.text import Text

    from judge.render import snippet

    line = Text(prefix)
    line.append(one_line(entry.citation or entry.id), style="bold")
    line.append(f"  {snippet(entry.text, 70)}", style="dim")
    return line


def _ruling_lines(corpus: Corpus, parent: Entry, indent: str) -> list:
    from rich.text import Text

    from judge.render import tag_text

    lines = []
    for n, ruling in listed_rulings(corpus, parent):
        line = Text(f"{indent}{n}. ", style="bold")
        line.append(for_terminal(ruling.text))
        if ruling.tags:
            line.append(" ")
            line.append_text(tag_text(ruling.tags))
        lines.append(line)
    return lines


def card_renderable(corpus: Corpus, entry: Entry, brief: bool = False):
    from rich.console import Group
    from rich.text import Text

    from judge.render import tag_text
    from judge.replay_words import counted

    parts: list = []
    head = Text()
    head.append(one_line(entry.title), style="bold cyan")
    head.append(one_line(f"   {entry.citation}  ({entry.id})"), style="dim")
    parts.append(head)
    facts = fact_lines(entry)
    if facts:
        parts.append(Text(one_line("   ".join(facts))))
    if entry.tags:
        parts.append(tag_text(entry.tags))
    if entry.extra.get("caveat"):
        parts.append(Text(for_terminal(f"Note: {entry.extra['caveat']}"), style="yellow"))
    if entry.extra.get("summary"):
        parts.append(Text(for_terminal(entry.extra["summary"]), style="italic"))
    for said, warning in engine_lines(engine_status(entry)):
        parts.append(Text(for_terminal(said), style="yellow" if warning else "dim"))
    if "errata_text" in entry.extra:
        parts.append(Text("\nErrata (card text)", style="bold underline"))
        parts.append(Text(for_terminal(entry.extra["errata_text"])))
    elif not from_rulings_document(corpus, entry) and entry.text:
        parts.append(Text("\nCard text", style="bold underline"))
        parts.append(Text(for_terminal(entry.text)))
    rulings = _ruling_lines(corpus, entry, "  ")
    if rulings or from_rulings_document(corpus, entry):
        parts.append(Text(f"\nRulings ({len(rulings)})", style="bold underline"))
    parts += rulings
    absent = without_rulings(corpus, entry)
    if absent is not None:
        parts.append(Text(for_terminal(f"  {absent[0]}"), style="yellow" if absent[1] else "dim"))
    topics, other_see = see_references(corpus, entry)
    if topics:
        parts.append(Text("\nSee", style="bold underline"))
        for topic in topics:
            line = Text("  ")
            line.append(one_line(topic.title), style="bold")
            line.append(f"  ({counted(len(corpus.children(topic, 'ruling')), 'ruling')})")
            line.append(one_line(f"  {topic.citation}"), style="dim")
            parts.append(line)
            if not brief:
                parts += _ruling_lines(corpus, topic, "    ")
        if brief:
            parts.append(Text("  --see prints their rulings", style="dim"))
    for ref in other_see:
        line = Text("  See also: ")
        line.append(one_line(ref["citation"] or ref["surface"]), style="bold")
        if ref["status"] != "resolved" and ref["note"]:
            line.append(one_line(f"  ({ref['note']})"), style="yellow")
        parts.append(line)
    named = named_in(corpus, entry)
    if named:
        parts.append(Text(f"\nNamed in the rules ({len(named)})", style="bold underline"))
        parts += [_entry_line(e, "  → ") for e in named]
    mentions = mentioned_by(corpus, entry)
    if mentions:
        parts.append(Text(f"\nMentioned by ({len(mentions)})", style="bold underline"))
        parts += [_entry_line(e, "  ← ") for e in mentions]
    return Group(*parts)
