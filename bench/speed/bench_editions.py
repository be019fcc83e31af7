#!/usr/bin/env python3
"""Benchmark editions, whole process: `judge show` with the bundled files alone, `judge import`
of a No Dawn edition (704.5j reworded), the first `judge show` after it (the corpus rebuilt) and
the next ones, and `judge show nd@bundled:…` (that edition's own corpus) cold and warm.

Not a test (machines are noisy): it prints figures for docs/development/benchmarks.md. Each run has its own cache
and data folders.

usage: python bench/speed/bench_editions.py [--runs N] [--write-doc]
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

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench"))
import doc_table  # noqa: E402
from doc_table import Row  # noqa: E402

JUDGE = [sys.executable, "-m", "judge"]
OLD = "704.5j An Entity with Vigor greater than 0 whose"
NEW = "704.5j An Entity with Vigor above 0 whose"


def timed(env: dict, *argv: str) -> float:
    start = time.perf_counter()
    subprocess.run([*JUDGE, *argv], env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def one_run(folder: Path) -> dict[str, float]:
    env = dict(
        os.environ,
        JUDGE_CACHE_DIR=str(folder / "cache"),
        JUDGE_DATA_HOME=str(folder / "data"),
        JUDGE_CONFIG_DIR=str(folder / "config"),
    )
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("JUDGE_EVENT_DATE", None)
    source = folder / "nd-2026-11.txt"
    text = (REPO / "rules/nodawn/nodawn-comprehensive-rules.txt").read_text(encoding="utf-8")
    source.write_text(text.replace(OLD, NEW), encoding="utf-8")
    timed(env, "show", "704.5j")  # the bundled cache built
    figures = {
        "show, bundled only (warm)": timed(env, "show", "704.5j"),
        "import": timed(env, "import", str(source), "--doc", "nd", "--date", "2026-11-01"),
        "show, first after the import": timed(env, "show", "704.5j"),
        "show, with the edition (warm)": timed(env, "show", "704.5j"),
        "show nd@bundled:…, first": timed(env, "show", "nd@bundled:704.5j"),
        "show nd@bundled:…, warm": timed(env, "show", "nd@bundled:704.5j"),
        "import again (a no-op)": timed(env, "import", str(source), "--doc", "nd"),
    }
    return figures


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    doc_table.add_option(ap)
    args = ap.parse_args()
    run = doc_table.Run.start(__file__)
    runs = []
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory(prefix="judge-bench-editions-") as folder:
            runs.append(one_run(Path(folder)))
    rows = []
    for name in runs[0]:
        values = [r[name] for r in runs]
        print(f"{name:34} median {statistics.median(values):6.2f} s  (min {min(values):.2f}, max {max(values):.2f})")
        rows.append(
            Row(
                f"{name} (`judge`, whole process, {len(values)} runs)",
                f"median {statistics.median(values):.2f} s (min {min(values):.2f}, max {max(values):.2f})",
            )
        )
    if args.write_doc:
        doc_table.write(run, rows)


if __name__ == "__main__":
    main()
