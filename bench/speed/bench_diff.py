#!/usr/bin/env python3
"""Benchmark `judge diff`: the whole No Dawn document against a reworded copy of itself.

Not a test (machines are noisy): it prints figures for docs/development/benchmarks.md. The copies are made from the
bundled text: "identical"; "reworded" (every " the " becomes " that ": most entries change, each
matched where it stands); "reworded + renumbered" (that, plus the keyword renumbering of the
tests: entries matched across places too). In-process figures exclude parsing (an edition's
corpus is parsed once and cached); the whole-process figure is `judge diff nd` on a warm cache.

usage: python bench/speed/bench_diff.py [--runs N] [--write-doc]
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

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "bench"))
import doc_table  # noqa: E402
from doc_table import Row  # noqa: E402


def reword(text: str) -> str:
    return text.replace(" the ", " that ")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    doc_table.add_option(ap)
    args = ap.parse_args()
    run = doc_table.Run.start(__file__)
    rows = []

    import edition_edits as E

    from judge.changes.diff import compare
    from judge.corpus.nodawn import rules as nodawn

    base = E.bundled(E.ND_PATH)
    old = nodawn.parse(base).entries
    copies = {"identical": base, "reworded": reword(base), "reworded + renumbered": E.renumber_keywords(reword(base))}
    for name, text in copies.items():
        new = nodawn.parse(text).entries
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            result = compare("nd", "old", old, "new", new)
            times.append(time.perf_counter() - start)
        counts = ", ".join(f"{v} {k}" for k, v in result.counts().items())
        print(
            f"{name:24} {len(old)} entries: median {statistics.median(times) * 1000:6.0f} ms "
            f"(min {min(times) * 1000:.0f}) — {counts}"
        )
        rows.append(
            Row(
                f"compare, in process: {name}, {len(old):,} entries ({args.runs} runs)",
                f"median {statistics.median(times) * 1000:.0f} ms (min {min(times) * 1000:.0f}); {counts}",
            )
        )

    with tempfile.TemporaryDirectory() as tmp:
        env = dict(
            os.environ, JUDGE_DATA_HOME=f"{tmp}/data", JUDGE_CACHE_DIR=f"{tmp}/cache", JUDGE_CONFIG_DIR=f"{tmp}/config"
        )
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        Path(tmp, "nd.txt").write_text(copies["reworded + renumbered"], encoding="utf-8")
        judge = [sys.executable, "-m", "judge"]
        subprocess.run(
            judge + ["import", f"{tmp}/nd.txt", "--doc", "nd", "--edition", "reworded", "--date", "2099-01-01"],
            env=env,
            check=True,
            capture_output=True,
        )
        subprocess.run(judge + ["diff", "nd", "--json"], env=env, check=True, capture_output=True)  # warm
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            subprocess.run(judge + ["diff", "nd", "--json"], env=env, check=True, capture_output=True)
            times.append(time.perf_counter() - start)
        print(
            f"whole process `judge diff nd --json` (reworded + renumbered, warm cache): "
            f"median {statistics.median(times):.2f} s (min {min(times):.2f})"
        )
        rows.append(
            Row(
                f"`judge diff nd --json`, whole process, warm cache: reworded + renumbered ({args.runs} runs)",
                f"median {statistics.median(times):.2f} s (min {min(times):.2f})",
            )
        )
    if args.write_doc:
        doc_table.write(run, rows)


if __name__ == "__main__":
    main()
