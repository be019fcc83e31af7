#!/usr/bin/env python3
"""The query fuzz suite at a high count: tests/test_fuzz_queries.py's strategies and checks, with
many more examples, timed. Runs `judge search` (words and --json), `judge show`, `judge card`
in process, and search/lookup directly; prints per target the examples run, the problems found,
the median and slowest example and the peak memory of the process.

usage: python bench/fuzz/fuzz_queries.py [--examples 2000] [--seed N]

Exit status 0 if no example went wrong, 1 otherwise (the first failing inputs are printed).
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))

from fuzz_cli import check_layers, problems  # noqa: E402
from hypothesis import HealthCheck, given, seed, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from query_strategies import card_names, entry_ids, queries, rule_numbers  # noqa: E402


def targets(corpus, searcher):
    """(name, strategy, check): check(example) returns a list of problems."""

    def layers(pair):
        check_layers(corpus, searcher, *pair)
        return []

    return [
        ("judge search", queries(), lambda q: problems(["search", "--", q])),
        ("judge search (as typed)", queries(), lambda q: problems(["search", q])),
        ("judge search --json", queries(), lambda q: problems(["search", "--json", "--", q])),
        ("judge show", entry_ids() | rule_numbers() | queries(), lambda t: problems(["show", "--", t])),
        ("judge card", card_names(), lambda n: problems(["card", "--", n])),
        ("search + lookup", st.tuples(queries(), card_names()), layers),
    ]


def fuzz(name, strategy, check, examples: int, chosen_seed: int | None):
    times, failures = [], []

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        derandomize=chosen_seed is None,
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def one(example):
        start = time.perf_counter()
        try:
            found = check(example)
        except Exception as exc:  # a direct call that raised is what we count
            found = [f"{type(exc).__name__}: {exc}"]
        times.append(time.perf_counter() - start)
        if found:
            failures.append((example, found))

    if chosen_seed is not None:
        one = seed(chosen_seed)(one)
    one()
    return times, failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=2000, help="examples per target")
    parser.add_argument("--seed", type=int, help="a random seed (default: a fixed, derandomized run)")
    args = parser.parse_args()

    from judge import context

    corpus, searcher = context.corpus(), context.searcher()
    total_failures = 0
    print(f"{'target':<26} {'examples':>8} {'problems':>8} {'median ms':>10} {'slowest ms':>11}")
    for name, strategy, check in targets(corpus, searcher):
        times, failures = fuzz(name, strategy, check, args.examples, args.seed)
        total_failures += len(failures)
        print(
            f"{name:<26} {len(times):>8} {len(failures):>8} {statistics.median(times) * 1000:>10.1f} "
            f"{max(times) * 1000:>11.1f}"
        )
        for example, found in failures[:5]:
            print(f"    {example!r}: {'; '.join(found)}")
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory {peak_mb:.0f} MB; {total_failures} problems")
    return 1 if total_failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
