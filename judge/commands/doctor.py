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
    from rich.text import Text

    from judge.safe_text import one_line

    # Paths, file names and messages can hold anything (a cache folder named "[/x]"): Text only.
    console = Console()
    table = Table("doc", "document", "entries", "status", title="Documents")
    for d in docs:
        table.add_row(Text(d["key"]), Text(one_line(d["title"])), Text(str(d["entries"])),
                      Text("ok", style="green") if d["loaded"] else Text(one_line(str(d["error"])), style="red"))
    console.print(table)
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
