#!/usr/bin/env python3
"""Search speed: in process on question-length queries and on rule numbers, beside SQLite FTS5
on the same entries and the same queries, and whole-process `judge search`.

The questions come from a question set (default: our tuning set; the held-out set is the one the
budget is stated for). FTS5 indexes each entry's title and text with its porter tokenizer and is
asked the question's words OR'ed together, ranked by its bm25 — plain full-text search with none
of judge's reading, as a yardstick for speed (its recall@5 is printed too when the shared scorer
is beside the repository).

usage: python bench/speed/bench_search.py [QUESTIONS.json] [--runs 15] [--no-process] [--write-doc]
"""

from __future__ import annotations

import argparse
import json
import re
import sqlite3
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
import doc_table  # noqa: E402
from doc_table import Row  # noqa: E402

DEFAULT_QUESTIONS = ROOT / "tests" / "data" / "judge_questions_tuning.json"
WARM_UP = ["drained entity block", "province broken honor", "smoked character damage", "bowed personality"]
BUDGET = {"question p95 ms": 25.0, "number p95 ms": 5.0, "process median s": 0.35}
BUDGET_TEXT = {"question p95 ms": "p95 ≤ 25 ms", "number p95 ms": "p95 ≤ 5 ms", "process median s": "median ≤ 0.35 s"}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def timed(fn, queries: list[str], rounds: int = 1) -> list[float]:
    """Milliseconds per query, each asked once after a warm-up on other queries (or the best of
    `rounds`, when the machine is shared and noisy)."""
    for q in WARM_UP:
        fn(q)
    out = []
    for q in queries:
        best = float("inf")
        for _ in range(rounds):
            t = time.perf_counter()
            fn(q)
            best = min(best, (time.perf_counter() - t) * 1000)
        out.append(best)
    return out


def fts5_index(corpus) -> sqlite3.Connection:
    db = sqlite3.connect(":memory:")
    db.execute("CREATE VIRTUAL TABLE entries USING fts5(id UNINDEXED, body, tokenize='porter unicode61')")
    db.executemany(
        "INSERT INTO entries VALUES (?, ?)", [(e.id, f"{e.title or ''} {e.text}") for e in corpus.entries.values()]
    )
    return db


def fts5_search(db: sqlite3.Connection, question: str, limit: int = 10) -> list[str]:
    words = [w for w in re.findall(r"[^\W_]+", question.lower()) if len(w) > 1]
    if not words:
        return []
    match = " OR ".join(f'"{w}"' for w in dict.fromkeys(words))
    rows = db.execute(
        "SELECT id FROM entries WHERE entries MATCH ? ORDER BY bm25(entries) LIMIT ?", (match, limit)
    ).fetchall()
    return [r[0] for r in rows]


def row(name: str, values: list[float], unit: str = "ms") -> str:
    return (
        f"{name:34s} p50 {statistics.median(values):7.2f} {unit}  p95 {percentile(values, 0.95):7.2f} {unit}"
        f"  max {max(values):7.2f} {unit}  (n={len(values)})"
    )


def figure(values: list[float], unit: str = "ms") -> str:
    """What row() prints, for the page's table."""
    return (
        f"p50 {statistics.median(values):.2f} {unit}, p95 {percentile(values, 0.95):.2f} {unit}, "
        f"max {max(values):.2f} {unit} (n={len(values)})"
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("questions", nargs="?", default=str(DEFAULT_QUESTIONS))
    ap.add_argument("--runs", type=int, default=15, help="whole-process runs")
    ap.add_argument("--no-process", action="store_true", help="skip the whole-process figure")
    ap.add_argument("--best-of", type=int, default=1, help="time each query this many times, keep the best")
    ap.add_argument("--scorer", default=str(ROOT.parent / "shared" / "bench" / "score_search.py"))
    doc_table.add_option(ap)
    args = ap.parse_args()
    run = doc_table.Run.start(__file__)
    from judge import context

    corpus, searcher = context.corpus(), context.searcher()
    questions = json.loads(Path(args.questions).read_text())
    texts = [q["question"] for q in questions]
    numbered = [e for e in corpus.entries.values() if e.number and e.kind in ("rule", "subrule")]
    numbers = [e.number for e in numbered[:: max(1, len(numbered) // 200)]]

    print(
        f"{Path(args.questions).name}: {len(texts)} questions; {len(numbers)} rule numbers; "
        f"{len(corpus.entries)} entries"
    )
    question_ms = timed(lambda q: searcher.search(q, limit=10), texts, args.best_of)
    number_ms = timed(lambda q: searcher.search(q, limit=10), numbers, args.best_of)
    db = fts5_index(corpus)
    fts_ms = timed(lambda q: fts5_search(db, q), texts, args.best_of)
    print(row("judge, question-length queries", question_ms))
    print(row("judge, rule numbers", number_ms))
    print(row("SQLite FTS5, same questions", fts_ms))
    name = Path(args.questions).name
    rows = [
        Row(
            f"judge in process, {len(texts)} questions of `{name}`", figure(question_ms), BUDGET_TEXT["question p95 ms"]
        ),
        Row(f"judge in process, {len(numbers)} rule numbers", figure(number_ms), BUDGET_TEXT["number p95 ms"]),
        Row("SQLite FTS5 (porter, bm25, words OR'ed), the same questions", figure(fts_ms)),
    ]
    if Path(args.scorer).exists():
        sys.path.insert(0, str(ROOT / "bench" / "evaluation"))
        from eval_search import load_scorer

        scorer = load_scorer(Path(args.scorer))
        found = sum(
            1
            for q in questions
            if any(scorer.answers_any(corpus.get(i).text, q) for i in fts5_search(db, q["question"], 5))
        )
        print(f"SQLite FTS5 recall@5 on these questions: {found / len(questions):.2f}")
        rows.append(Row("SQLite FTS5 recall@5 on these questions", f"{found / len(questions):.2f}"))
    figures = {"question p95 ms": percentile(question_ms, 0.95), "number p95 ms": percentile(number_ms, 0.95)}
    if not args.no_process:
        judge = Path(sys.executable).with_name("judge")
        seconds = []
        for n in range(args.runs):
            t = time.perf_counter()
            subprocess.run([str(judge), "search", "--json", texts[n % len(texts)]], check=True, capture_output=True)
            seconds.append(time.perf_counter() - t)
        print(row("judge search, whole process", seconds, "s"))
        figures["process median s"] = statistics.median(seconds)
        rows.append(
            Row(
                f"`judge search --json`, whole process, these questions in turn ({args.runs} runs)",
                figure(seconds, "s"),
                BUDGET_TEXT["process median s"],
            )
        )
    for key, value in figures.items():
        print(f"{key:20s} {value:8.3f}  budget {BUDGET[key]:g}  {'ok' if value <= BUDGET[key] else 'OVER'}")
    if args.write_doc:
        doc_table.write(run, rows)


if __name__ == "__main__":
    main()
