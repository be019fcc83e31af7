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

    corpus = context.corpus()
    indexed = context.searcher().index.doc_count()  # builds the index on first run
    docs = [
        {"key": d.key, "title": d.title, "loaded": d.loaded, "error": d.error, "sha256": d.sha256,
         "entries": sum(1 for _ in corpus.in_doc(d.key)), "facts": d.facts}
        for d in corpus.documents.values()
    ]
    # The policies and anomaly kinds the readers show beside entries: a policy naming an entry
    # that does not exist is listed here by its id (the other policies still load).
    problems = [p.__dict__ for p in corpus.problems + context.conflicts().problems]
    if args.json:
        print(json.dumps({"documents": docs, "problems": problems, "cache": str(cache_path()), "indexed": indexed},
                         ensure_ascii=False, indent=2, default=str))
        return 0
    from rich.console import Console
    from rich.table import Table

    from judge.safe_text import for_rich

    console = Console()
    table = Table("doc", "document", "entries", "status", title="Documents")
    for d in docs:
        table.add_row(d["key"], d["title"], str(d["entries"]),
                      "[green]ok[/green]" if d["loaded"] else f"[red]{d['error']}[/red]")
    console.print(table)
    counts = Counter(p["kind"] for p in problems)
    console.print(f"Problems: {len(problems)}" + (" (" + ", ".join(f"{k} {v}" for k, v in counts.items()) + ")" if counts else ""))
    for p in problems:
        console.print(f"  [yellow]{p['doc']}[/yellow] {p['kind']}: {for_rich(p['message'])}")
    console.print(f"Search index: {indexed} entries indexed.")
    console.print(f"[dim]cache: {cache_path()}[/dim]")
    return 0
