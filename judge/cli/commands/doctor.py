"""`judge doctor`: what could not be read or resolved, listed — never silently dropped."""

from __future__ import annotations

from collections import Counter

from judge.safe_text import json_text


def register(sub) -> None:
    p = sub.add_parser("doctor", help="list unreadable sources, unresolved references and other problems")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=run)


def run(args) -> int:
    from judge import context
    from judge.editions import store
    from judge.editions.loader import cache_path

    corpus = context.corpus()
    indexed = context.searcher().index.doc_count()  # builds the index on first run
    date = store.event_date()
    docs = [
        {
            "key": d.key,
            "title": d.title,
            "loaded": d.loaded,
            "error": d.error,
            "sha256": d.sha256,
            "entries": sum(1 for _ in corpus.in_doc(d.key)),
            "facts": d.facts,
            **_editions(corpus, d.key, date),
        }
        for d in corpus.documents.values()
    ]
    # The policies and anomaly kinds the readers show beside entries: a policy naming an entry
    # that does not exist is listed here by its id (the other policies still load).
    asked = judge_index_report(corpus)
    problems = [p.__dict__ for p in corpus.problems + context.conflicts().problems + asked.pop("problems")]
    if args.json:
        print(
            json_text(
                {
                    "documents": docs,
                    "problems": problems,
                    "cache": str(cache_path()),
                    "indexed": indexed,
                    "event_date": date,
                    "judge_index": asked,
                },
                indent=2,
                default=str,
            )
        )
        return 0
    from rich.table import Table
    from rich.text import Text

    from judge.console import stdout_console
    from judge.safe_text import one_line

    # Paths, file names and messages can hold anything (a cache folder named "[/x]"): Text only.
    console = stdout_console()
    table = Table("doc", "document", "entries", "edition read", "status", title="Documents")
    for d in docs:
        table.add_row(
            Text(d["key"]),
            Text(one_line(d["title"])),
            Text(str(d["entries"])),
            Text(one_line(d["edition_read"] or "—")),
            Text("ok", style="green") if d["loaded"] else Text(one_line(str(d["error"])), style="red"),
        )
    console.print(table)
    console.print(
        Text(
            f"Editions in force on {date} ($JUDGE_EVENT_DATE)."
            if date
            else "No event date set ($JUDGE_EVENT_DATE): the newest edition of each document is read.",
            style="dim",
        )
    )
    counts = Counter(p["kind"] for p in problems)
    console.print(
        Text(
            f"Problems: {len(problems)}"
            + (" (" + ", ".join(f"{k} {v}" for k, v in counts.items()) + ")" if counts else "")
        )
    )
    for p in problems:
        line = Text("  ")
        line.append(one_line(str(p["doc"])), style="yellow")
        line.append(one_line(f" {p['kind']}: {p['message']}"))
        console.print(line)
    console.print(
        Text(
            f"Search index: {indexed} entries indexed. The judge's index (the questions each entry "
            "answers; skipped: headings, fragments, cross-references):"
        )
    )
    for doc, row in asked.items():
        said = f"  {doc} ({row['edition']}): {row['with_questions']} entries with questions, {row['skipped']} skipped"
        if row["changed"]:
            said += f"; {row['changed']} without, their text changed since the index was written"
        if row["unwritten"]:
            said += f"; {row['unwritten']} without, never written"
        console.print(Text(one_line(said), style="yellow" if row["changed"] or row["unwritten"] else "dim"))
    console.print(Text(f"cache: {one_line(str(cache_path()))}", style="dim"))
    return 0


def judge_index_report(corpus) -> dict:
    """Per document: how many entries of the edition read have the judge's-index questions, how
    many were skipped by its writers, how many have none (text changed in an imported edition);
    and the index's problems (an item naming no entry, or written for other text)."""
    from judge.search import judge_index

    reading = judge_index.read(corpus)
    out: dict = {}
    for doc in corpus.documents:
        items = [reading.items[e.id] for e in corpus.in_doc(doc) if e.id in reading.items]
        edition = corpus.editions.get(doc)
        out[doc] = {
            "edition": edition.label if edition else "bundled",
            "with_questions": sum(1 for i in items if not i.skip),
            "skipped": sum(1 for i in items if i.skip),
            "changed": len(reading.changed.get(doc, [])),
            "unwritten": len(reading.unwritten.get(doc, [])),
        }
    out["problems"] = reading.problems
    return out


def _editions(corpus, doc: str, date: str | None) -> dict:
    """The edition the corpus reads of `doc`, in words and as data, and every edition judge has."""
    from judge.editions import store
    from judge.lookup import reading

    edition = corpus.editions.get(doc)
    return {
        "edition_read": reading.describe(edition, date) if edition else None,
        "edition": edition.to_dict() if edition else None,
        "editions": [e.label for e in store.list_editions(doc)],
    }
