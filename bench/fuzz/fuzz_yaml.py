"""Fuzz the scenario and card loaders at a high example count (issue 20, Deliver 7).

The strategies of tests/yaml_mutations.py (the suite runs them at 40 examples each): the bundled
scenarios and card files with a wrong type at any key, an alias or an alias bomb, deep nesting,
control characters, long strings, cut-off text. Every example must load or be refused with a
ScenarioError naming a line; one that raises anything else, or takes longer than --budget
seconds, stops the run with the file that did it. Prints, for each strategy, the examples run,
how many loaded and were refused, the slowest example, and the process's peak memory.

    python bench/fuzz/fuzz_yaml.py [--examples N] [--budget SECONDS]
"""

from __future__ import annotations

import argparse
import collections
import re
import resource
import signal
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests"))

import yaml_mutations as M
from hypothesis import HealthCheck, given, settings


class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang()


def run(name: str, kind: str, strategy, examples: int, budget: float) -> None:
    counts: collections.Counter = collections.Counter()
    slowest = [0.0]

    @settings(max_examples=examples, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(strategy)
    def one(text):
        signal.setitimer(signal.ITIMER_REAL, budget)
        start = time.perf_counter()
        try:
            result = M.outcome(kind, text)
        except Hang:
            raise M.Unhandled(f"took over {budget} s:\n{text[:3000]}") from None
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        slowest[0] = max(slowest[0], time.perf_counter() - start)
        counts["loaded" if result == "loaded" else "refused"] += 1
        if result != "loaded":
            counts["kind: " + re.sub(r"[\d,]+|'[^']*'", "…", result)[:48]] += 1

    start = time.perf_counter()
    one()
    total = counts["loaded"] + counts["refused"]
    print(
        f"{name}: {total:,} examples in {time.perf_counter() - start:.0f} s — {counts['loaded']:,} loaded{' and replayed' if kind == 'scenario' else ''}, "
        f"{counts['refused']:,} refused with a line, 0 tracebacks, 0 hangs; slowest {slowest[0] * 1000:.0f} ms"
    )
    kinds = sorted(((n, k) for k, n in counts.items() if k.startswith("kind: ")), reverse=True)
    print(f"  {len(kinds)} kinds of refusal; the commonest: " + "; ".join(f"{k[6:]} ({n})" for n, k in kinds[:4]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=2000, help="examples per strategy (default 2000)")
    parser.add_argument("--budget", type=float, default=10.0, help="seconds one example may take (default 10)")
    args = parser.parse_args()
    signal.signal(signal.SIGALRM, _alarm)
    for name, kind, strategy in (
        ("scenarios, a wrong type", "scenario", M.wrong_type(M.SCENARIO_FILES)),
        ("scenarios, damaged text", "scenario", M.text_damage(M.SCENARIO_FILES)),
        ("card files, a wrong type", "cards", M.wrong_type(M.CARD_FILES)),
        ("card files, damaged text", "cards", M.text_damage(M.CARD_FILES)),
    ):
        run(name, kind, strategy, args.examples, args.budget)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory of the whole run: {peak:.0f} MB")


if __name__ == "__main__":
    main()
