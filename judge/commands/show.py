"""`judge show ID|NUMBER [--game G] [--json]`: one entry with its context and links."""
from __future__ import annotations

import json

from judge.cli import NothingFound
from judge.commands.options import add_game_option, chosen_game


def register(sub) -> None:
    p = sub.add_parser("show", help="show one entry: its breadcrumb, text, examples, sub-rules, links, cited by",
                       description="Show an entry by id (nd:704.5j, sf:card/charmed-life/2) or printed "
                       "number (704.5j). `704.5` shows the rule with its sub-rules, `704.5.` the rule alone.")
    p.add_argument("target", metavar="ID|NUMBER")
    add_game_option(p)
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.set_defaults(func=run)


def run(args) -> int:
    from judge import context, render
    from judge.lookup import resolve

    corpus = context.corpus()
    found = resolve(corpus, args.target, chosen_game(args))
    if found.entry is None:
        near = ", ".join(render.label(e) if e.number else e.id for e in found.suggestions)
        why = f" ({found.note})" if found.note else ""
        raise NothingFound(f"no entry {args.target!r}{why}" + (f"; nearest: {near}" if near else ""))
    if args.json:
        doc = render.entry_json(corpus, found.entry, with_children=not found.alone)
        doc["lookup"] = {"note": found.note, "also": [e.id for e in found.also]}
        print(json.dumps(doc, ensure_ascii=False, indent=2))
        return 0
    from rich.console import Console
    from rich.text import Text

    from judge.safe_text import one_line

    console = Console()
    console.print(render.entry_renderable(corpus, found.entry, with_children=not found.alone))
    if found.note:
        console.print(Text(one_line(found.note), style="dim"))
    if found.also:
        also = ", ".join(f"{render.label(e)} ({e.id})" for e in found.also)
        console.print(Text(one_line(f"also named so: {also}"), style="dim"))
    return 0
