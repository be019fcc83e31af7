"""Worksheets for the writers of the judge's index (rules/judge-index-brief.md), and the
stamping of what they wrote into the index files beside each source.

    python bench/tools/index_worksheets.py worksheet OUT_DIR [--chunks N]   # one text file per chunk
    python bench/tools/index_worksheets.py stamp DRAFT.yaml [DRAFT.yaml ...]  # into the index files

A worksheet shows each entry of the bundled documents as a writer needs it: its id, kind,
citation, the entry it sits under, and its text. It reads the corpus only — never a question
set, the bench or the ranking — so handing a writer a worksheet hands them the documents and
nothing else. `stamp` checks a draft against the corpus (every id exists, each item is
questions-and-words or a skip with its reason) and writes the items, with the hash of the text
they were written for, into the document's index file (judge.search.judge_index.INDEX_FILES).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "evaluation"))

from judge.editions.loader import load_corpus
from judge.search import judge_index

ORDER = ("nd", "lcg", "ccg", "ce", "sf")


def _block(corpus, entry) -> str:
    lines = [f"=== {entry.id}   [{entry.kind}]   {entry.citation}"]
    parent = corpus.entries.get(entry.parent) if entry.parent else None
    if parent is not None:
        head = " ".join(parent.text.split())[:160]
        lines.append(f"    (under {parent.id}: {head})")
    lines.append(entry.text.strip())
    return "\n".join(lines) + "\n"


def worksheet(out_dir: Path, chunks: dict[str, int]) -> None:
    corpus = load_corpus()
    out_dir.mkdir(parents=True, exist_ok=True)
    for doc in ORDER:
        entries = [e for e in corpus.entries.values() if e.doc == doc]
        parts = chunks.get(doc, 1)
        total = sum(len(e.text) for e in entries)
        target = total / parts
        chunk, size, number = [], 0, 1
        for entry in entries:
            chunk.append(entry)
            size += len(entry.text)
            if size >= target * number and number < parts:
                _write(out_dir / f"{doc}-{number}.txt", corpus, chunk)
                chunk, number = [], number + 1
        _write(out_dir / f"{doc}-{number}.txt", corpus, chunk)


def _write(path: Path, corpus, entries) -> None:
    path.write_text("\n".join(_block(corpus, e) for e in entries), encoding="utf-8")
    print(f"{path}: {len(entries)} entries ({entries[0].id} … {entries[-1].id})")


def _set_questions(paths: list[Path]) -> list[str]:
    out = []
    for path in paths:
        data = json.loads(path.read_text(encoding="utf-8"))
        out += [q["question"] for q in (data["questions"] if isinstance(data, dict) else data)]
    return out


def without_leaks(items: dict, against: list[str]) -> tuple[dict, int, list[str]]:
    """The draft items less every question that paraphrases a question of a set (word-set
    Jaccard >= 0.6, bench/evaluation/dedup_questions.py): how many were dropped, and the entries left with
    fewer than two questions (to be written again, by a writer who sees no set). The set's
    questions are never printed."""
    from dedup_questions import paraphrases

    flat = [(entry_id, q) for entry_id, item in items.items() for q in item.get("q", [])]
    leaked = {flat[n] for n, _, _ in paraphrases([q for _, q in flat], against)}
    kept, short = {}, []
    for entry_id, item in items.items():
        if "q" in item:
            item = dict(item, q=[q for q in item["q"] if (entry_id, q) not in leaked])
            if len(item["q"]) < judge_index.MIN_QUESTIONS:
                short.append(entry_id)
        kept[entry_id] = item
    return kept, len(leaked), short


def stamp(drafts: list[Path], against: list[Path]) -> int:
    corpus = load_corpus()
    by_doc: dict[str, dict] = {}
    failures = 0
    reference = _set_questions(against)
    for draft in drafts:
        items = yaml.safe_load(draft.read_text(encoding="utf-8")) or {}
        if reference:
            items, dropped, short = without_leaks(items, reference)
            print(
                f"{draft}: {dropped} questions dropped as paraphrases of a set's"
                + (f"; to write again (fewer than two left): {' '.join(short)}" if short else "")
            )
            for entry_id in short:
                items.pop(entry_id)
        for entry_id, item in items.items():
            entry = corpus.entries.get(entry_id)
            problem = judge_index.check_item(entry_id, item) if entry else "no such entry"
            if problem:
                print(f"{draft}: {entry_id}: {problem}", file=sys.stderr)
                failures += 1
                continue
            by_doc.setdefault(entry.doc, {})[entry_id] = (entry, item)
    for doc, items in by_doc.items():
        ordered = [items[e.id] for e in corpus.entries.values() if e.id in items]
        judge_index.write_index(doc, ordered)
        missing = [e.id for e in corpus.entries.values() if e.doc == doc and e.id not in items]
        print(
            f"{doc}: {len(ordered)} items written; {len(missing)} entries not covered"
            + (f" (first: {', '.join(missing[:5])})" if missing else "")
        )
    return 1 if failures else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    ws = sub.add_parser("worksheet")
    ws.add_argument("out_dir", type=Path)
    ws.add_argument("--chunks", default="nd=4,sf=2", help="doc=N,… chunks per document")
    st = sub.add_parser("stamp")
    st.add_argument("drafts", nargs="+", type=Path)
    st.add_argument(
        "--against",
        nargs="*",
        type=Path,
        default=[],
        help="question sets whose paraphrases are dropped (never printed)",
    )
    args = parser.parse_args()
    if args.command == "worksheet":
        chunks = {k: int(v) for k, v in (p.split("=") for p in args.chunks.split(",") if p)}
        worksheet(args.out_dir, chunks)
        return 0
    return stamp(args.drafts, args.against)


if __name__ == "__main__":
    sys.exit(main())
