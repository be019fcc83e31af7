"""`judge doctor`: what could not be read or resolved, listed — never silently dropped."""
from __future__ import annotations

import json
from collections import Counter


def register(sub) -> None:
    p = sub.add_parser("doctor", help="list unreadable sources, unresolved references and other problems")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=run)


def run(args) -> int:
    from judge import context
    from judge.corpus.loader import cache_path

    from judge.editions import store

    corpus = context.corpus()
    indexed = context.searcher().index.doc_count()  # builds the index on first run
    date = store.event_date()
    docs = [
        {"key": d.key, "title": d.title, "loaded": d.loaded, "error": d.error, "sha256": d.sha256,
         "entries": sum(1 for _ in corpus.in_doc(d.key)), "facts": d.facts, **_editions(corpus, d.key, date)}
        for d in corpus.documents.values()
    ]
    # The policies and anomaly kinds the readers show beside entries: a policy naming an entry
    # that does not exist is listed here by its id (the other policies still load).
    problems = [p.__dict__ for p in corpus.problems + context.conflicts().problems]
    if args.json:
        print(json.dumps({"documents": docs, "problems": problems, "cache": str(cache_path()), "indexed": indexed,
                          "event_date": date}, ensure_ascii=False, indent=2, default=str))
        return 0
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from judge.safe_text import one_line

    # Paths, file names and messages can hold anything (a cache folder named "[/x]"): Text only.
    console = Console()
    table = Table("doc", "document", "entries", "edition read", "status", title="Documents")
    for d in docs:
        table.add_row(Text(d["key"]), Text(one_line(d["title"])), Text(str(d["entries"])),
                      Text(one_line(d["edition_read"] or "—")),
                      Text("ok", style="green") if d["loaded"] else Text(one_line(str(d["error"])), style="red"))
    console.print(table)
    console.print(Text(f"Editions in force on {date} ($JUDGE_EVENT_DATE)." if date else
                       "No event date set ($JUDGE_EVENT_DATE): the newest edition of each document is read.",
                       style="dim"))
    counts = Counter(p["kind"] for p in problems)
    console.print(Text(f"Problems: {len(problems)}"
                       + (" (" + ", ".join(f"{k} {v}" for k, v in counts.items()) + ")" if counts else "")))
    for p in problems:
        line = Text("  ")
        line.append(one_line(str(p["doc"])), style="yellow")
        line.append(one_line(f" {p['kind']}: {p['message']}"))
        console.print(line)
    console.print(Text(f"Search index: {indexed} entries indexed."))
    console.print(Text(f"cache: {one_line(str(cache_path()))}", style="dim"))
    return 0


def _editions(corpus, doc: str, date: str | None) -> dict:
    """The edition the corpus reads of `doc`, in words and as data, and every edition judge has."""
    from judge.editions import reading, store

    edition = corpus.editions.get(doc)
    return {"edition_read": reading.describe(edition, date) if edition else None,
            "edition": edition.to_dict() if edition else None,
            "editions": [e.label for e in store.list_editions(doc)]}
