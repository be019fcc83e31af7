"""`judge search QUERY [--game G] [--kind K] [--limit N] [--json] [--explain]`."""

from __future__ import annotations

from judge.cli.commands.options import add_game_option, game_or_event_game
from judge.safe_text import json_text
from judge.search.query import __doc__ as QUERY_HELP


def register(sub) -> None:
    import argparse

    p = sub.add_parser(
        "search",
        help="search the rules, glossaries, FAQs and cards",
        description="Search every document. Query language:\n" + (QUERY_HELP or ""),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("query", nargs="+")
    add_game_option(p, event_default=True)
    p.add_argument("--kind", help="rule, subrule, glossary, example, topic, paragraph, card, ruling, …")
    p.add_argument("--limit", type=int, default=10)
    p.add_argument("--json", action="store_true", help="print one JSON list, best first")
    p.add_argument(
        "--explain",
        action="store_true",
        help='say what each ranking stage did to each result\'s score (with --json: a "stages" list per result)',
    )
    p.add_argument(
        "--archive",
        metavar="URL",
        help="also search a judge program's PostgreSQL archive of rulings "
        "for precedents from other events (judge[archive]; default $JUDGE_ARCHIVE)",
    )
    p.set_defaults(func=run)


def run(args) -> int:
    """The search, then the archive's precedents when one is named (a found precedent is a result)."""
    import os

    url = getattr(args, "archive", None) or os.environ.get("JUDGE_ARCHIVE") or None
    if url is None or args.json:
        return _search(args, url)
    code = _search(args, None)
    from judge.cli.commands.precedents import print_precedents

    return 0 if print_precedents(url, " ".join(args.query), max(1, args.limit)) else code


def _search(args, archive_url: str | None) -> int:
    from judge import context
    from judge.cli import UserError
    from judge.search.query import QueryTooLarge, UnknownFilter, check_size

    text = " ".join(args.query)
    if not text.strip():
        raise UserError("give words, a rule number or a filter to search for")
    try:
        check_size(text)
    except QueryTooLarge as exc:
        raise UserError(str(exc)) from None
    game = game_or_event_game(args)
    from_event = game is not None and not args.game
    if from_event:
        from judge.library import search_game

        game = search_game(text, game)  # a game: the judge typed wins over the event's game
        from_event = game is not None
    corpus = context.corpus()
    try:
        result = context.searcher().search(
            text, game=game, kind=args.kind, limit=max(1, args.limit), explain=args.explain
        )
    except UnknownFilter as exc:
        raise UserError(str(exc)) from None
    from judge import search_view

    view = search_view.view_of(result, corpus)
    hits, elsewhere = view.results, view.hidden
    from judge.conflicts.present import mark, note_dict

    notes = context.conflicts().notes_for  # each hit's policy conflicts and recorded damage
    from judge.lookup import reading

    read_editions = reading.editions_read(corpus)  # {} when only the bundled editions exist
    if args.json:
        # What a game filter hid: named on every result ("elsewhere", as "inferred_game" is), or,
        # when the filter found nothing, listed itself, each marked "outside_filter".
        hidden_ids = [e.id for e in elsewhere] if hits else []
        print(
            json_text(
                [
                    {
                        "id": e.id,
                        "doc": e.doc,
                        "game": e.game,
                        "kind": e.kind,
                        "number": e.number,
                        "title": e.title,
                        "text": e.text,
                        "score": round(r.score, 4),
                        "citation": e.citation,
                        "parent": e.parent,
                        "same_text": list(r.same_text),
                        "tags": list(e.tags),
                        # the judge's-index question that found it ("" when its own words did)
                        "matched": r.matched,
                        "conflicts": [note_dict(n) for n in notes(e.id)],
                        # which game the question's words point to, when none was given (a soft prior)
                        "inferred_game": view.inferred_game,
                        # (None for an entry of no game: a saved ruling that cites nothing)
                        "game_likelihood": search_view.likelihood_of(view, e.game),
                        "outside_filter": outside,
                        "elsewhere": hidden_ids if not outside else [],
                    }
                    | ({"edition": read_editions.get(e.doc)} if read_editions else {})
                    | ({"stages": [search_view.step_dict(s) for s in r.steps]} if args.explain else {})
                    for outside, results in ((False, hits), (True, [] if hits else view.elsewhere))
                    for r in results
                    for e in [r.entry]
                ]
                + (_precedent_dicts(archive_url, text, max(1, args.limit)) if archive_url else []),
                indent=2,
            )
        )
        return 0
    from rich.text import Text

    from judge import render
    from judge.console import stdout_console
    from judge.safe_text import for_terminal, one_line

    console = stdout_console()
    if read_editions:
        console.print(Text(one_line(reading.editions_line(corpus)), style="dim"))
    # Notes and suggestions can echo what the judge typed: Text, never markup.
    if from_event:
        from judge.corpus.documents import GAME_TITLES

        assert game is not None, "from_event: the event's game filtered the search"

        console.print(Text(f"{GAME_TITLES[game]} only ($JUDGE_GAME); --game all searches every game", style="dim"))
    for note in result.notes:
        console.print(Text(for_terminal(note), style="yellow"))
    likely = search_view.likely_hint(view.inferred_game, view.game_likelihood, bool(hits), "--game G for one")
    if likely:
        console.print(Text(likely, style="dim"))
    hidden = search_view.hidden_hint(view.games, bool(hits), elsewhere, search_view.widen_by(text, "--game all"))
    if hidden:
        console.print(Text(one_line(hidden), style="yellow"))
    if not hits:
        console.print(Text("No matches."))
        if result.suggestions:
            line = Text("Did you mean: ")
            for i, suggestion in enumerate(result.suggestions):
                line.append(", " if i else "")
                line.append(one_line(suggestion), style="bold")
            console.print(line)
        return 1
    for n, hit in enumerate(hits, 1):
        entry = hit.entry
        head = Text(f"{n:>2}. ")
        head.append(one_line(entry.citation or entry.id), style="bold cyan")
        if entry.title:
            head.append(f"  {one_line(entry.title)}", style="bold")
        head.append(f"  ({entry.kind})", style="dim")
        for tag in entry.tags:  # a status (proposed, clarified:2011-07-15) or damage (lost-word, truncated)
            head.append(f" [{one_line(tag)}]", style="yellow")
        if notes(entry.id):  # `judge show` gives the note in full
            head.append(f"  {mark(notes(entry.id))}", style="bold magenta")
        console.print(head)
        parent = corpus.parent(entry) if hit.saved_number is None else None
        if parent is not None:
            console.print(Text(f"    in {one_line(render.label(parent))}", style="dim"))
        if hit.matched:  # why it came up, when the rule's own words did not say it
            console.print(Text(f"    answers: {one_line(hit.matched)}", style="dim"))
        body = render.marked_text(render.snippet(entry.text, 400), hit.terms)
        body.pad_left(4)
        console.print(body)
        if hit.same_text:
            also = one_line(", ".join(label for _, label in search_view.same_text(corpus, hit.same_text)))
            console.print(Text(f"    same text in {also}", style="dim"))
        if args.explain and hit.steps:  # what each ranking stage did to its score, in order
            console.print(Text("    ranked: " + " · ".join(map(search_view.step_line, hit.steps)), style="dim"))
    return 0


def _precedent_dicts(url: str, text: str, limit: int) -> list[dict]:
    from judge.cli.commands.precedents import found

    return [
        {
            "kind": "precedent",
            "id": f"archive:{p.uuid}",
            "citation": p.citation,
            "event": p.event,
            "table": p.table,
            "number": p.number,
            "status": p.status,
            "question": p.question,
            "text": p.answer,
            "cites": list(p.cites),
            "given_at": p.given_at,
        }
        for p in found(url, text, limit)
    ]
