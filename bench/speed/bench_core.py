#!/usr/bin/env python3
"""Benchmark the spine: cold build, whole-process `judge show`, in-process search latency.

Not a test (machines are noisy): it prints figures for docs/development/benchmarks.md. Budgets (design.md):
show < 0.5 s warm, search p95 < 20 ms, fuzzy search p95 < 60 ms, build < 10 s.

usage: python bench/speed/bench_core.py [--runs N] [--write-doc]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import doc_table
from doc_table import Row

# A fixed list: rule numbers, keywords, player-style questions, card names, filters.
QUERIES = [
    "704.5j",
    "704.5",
    "704.5.",
    "116.2b–c",
    "overrun",
    "trample",
    "drained entity block",
    "can a tapped creature block",
    "master blood tax corruption",
    "state-based actions wrath",
    "sheltering at sunrise",
    "the drop once per turn",
    "counter an announcement",
    "game:l5r-lcg attachment restricted",
    "kind:glossary venom",
    "honor victory 40",
    "duel chi equal",
    "province broken",
    "card:charmed life",
    "damage redirection",
    "burn for power",
    '"declare blockers" AND drained',
    "flying NOT reach",
    "game:shadowfist reload",
]
FUZZY = ["charmed lyfe", "10000 man", "eastern king", "overun", "sherlter", "corruptoin tax"]


def pct(values, p):
    values = sorted(values)
    k = max(0, min(len(values) - 1, round(p / 100 * (len(values) - 1))))
    return values[k]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=15)
    doc_table.add_option(ap)
    args = ap.parse_args()
    run = doc_table.Run.start(__file__)
    cache = tempfile.mkdtemp(prefix="judge-bench-")
    os.environ["JUDGE_CACHE_DIR"] = cache

    from judge.editions import loader
    from judge.search import index as sindex

    t0 = time.perf_counter()
    corpus = loader.load_corpus()
    t1 = time.perf_counter()
    sindex.open_index(corpus)  # builds the whoosh index, the lexicon and the tables beside it
    t2 = time.perf_counter()
    print(
        f"cold build: corpus {t1 - t0:.2f} s + index {t2 - t1:.2f} s = {t2 - t0:.2f} s ({len(corpus.entries)} entries)"
    )

    judge = [sys.executable, "-m", "judge"]
    show_times = []
    for _ in range(args.runs):
        s = time.perf_counter()
        subprocess.run(judge + ["show", "nd:704.5j"], capture_output=True, check=True)
        show_times.append(time.perf_counter() - s)
    print(
        f"judge show nd:704.5j (whole process, warm cache): median {statistics.median(show_times):.3f} s, "
        f"max {max(show_times):.3f} s over {args.runs} runs"
    )

    search_times = []
    for _ in range(args.runs):
        s = time.perf_counter()
        subprocess.run(judge + ["search", "--json", "can a tapped creature block"], capture_output=True, check=True)
        search_times.append(time.perf_counter() - s)
    print(f"judge search (whole process, warm cache): median {statistics.median(search_times):.3f} s")

    from judge.rulings.source import saved_rulings_source

    searcher = sindex.open_searcher(corpus, saved_rulings=saved_rulings_source())  # as judge.context opens it
    for q in QUERIES:  # warm up caches once
        searcher.search(q)
    times = []
    for _ in range(max(3, args.runs // 3)):
        for q in QUERIES:
            s = time.perf_counter()
            searcher.search(q, limit=10)
            times.append((time.perf_counter() - s) * 1000)
    print(
        f"in-process search over {len(QUERIES)} queries: p50 {pct(times, 50):.1f} ms, "
        f"p95 {pct(times, 95):.1f} ms, max {max(times):.1f} ms"
    )
    ftimes = []
    for _ in range(max(3, args.runs // 3)):
        for q in FUZZY:
            s = time.perf_counter()
            searcher.search(q, limit=10)
            ftimes.append((time.perf_counter() - s) * 1000)
    print(f"fuzzy/typo queries ({len(FUZZY)}): p50 {pct(ftimes, 50):.1f} ms, p95 {pct(ftimes, 95):.1f} ms")
    if args.write_doc:
        doc_table.write(
            run,
            [
                Row(
                    f"cold build of the corpus ({len(corpus.entries):,} entries) and the index",
                    f"{t2 - t0:.2f} s (corpus {t1 - t0:.2f} s + index {t2 - t1:.2f} s)",
                    "< 10 s",
                ),
                Row(
                    f"`judge show nd:704.5j`, whole process, warm cache ({args.runs} runs)",
                    f"median {statistics.median(show_times):.3f} s, max {max(show_times):.3f} s",
                    "< 0.5 s",
                ),
                Row(
                    f"`judge search --json`, whole process, warm cache ({args.runs} runs)",
                    f"median {statistics.median(search_times):.3f} s",
                    "≤ 0.35 s",
                ),
                Row(
                    f"{len(QUERIES)} fixed queries in process ({len(times)} searches)",
                    f"p50 {pct(times, 50):.1f} ms, p95 {pct(times, 95):.1f} ms, max {max(times):.1f} ms",
                    "p95 < 20 ms",
                ),
                Row(
                    f'{len(FUZZY)} typo queries in process ("did you mean" opens whoosh; {len(ftimes)} searches)',
                    f"p50 {pct(ftimes, 50):.1f} ms, p95 {pct(ftimes, 95):.1f} ms",
                    "p95 < 60 ms",
                ),
            ],
        )


if __name__ == "__main__":
    main()
