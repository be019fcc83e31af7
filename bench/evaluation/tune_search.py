#!/usr/bin/env python3
"""Fit the ranking constants (judge/search/searcher.py, word_scoring.py) on OUR question sets, by coordinate ascent.

The shared benchmark and the held-out set are never read here: they stay measurements. Each constant is tried at a few
multiples of its current value, one at a time, keeping a change only when it raises the objective
(MRR + recall@5, averaged over the documents so a large set does not drown a small one) by more
than `--min-gain`; rounds repeat until nothing moves. The result is printed, not written: a person
reads the table, copies the values into those modules and measures the shared benchmark once.

usage: python bench/evaluation/tune_search.py QUESTIONS.json [QUESTIONS.json …] [--rounds 3]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from eval_search import DEFAULT_SCORER, load_scorer, rank_of

# (module, constant) pairs that are tuned, and the factors each is tried at.
TUNABLE = [
    ("judge.search.ranking", "GAME_FLOOR"),
    ("judge.search.word_scoring", "PHRASE_BOOST"),
    ("judge.search.word_scoring", "TITLE_BOOST"),
    ("judge.search.word_scoring", "GLOSSARY_BOOST"),
    ("judge.search.word_scoring", "COVERAGE_POWER"),
    ("judge.search.word_scoring", "AROUND_WEIGHT"),
    ("judge.search.word_scoring", "ASKED_WEIGHT"),
    ("judge.search.word_scoring", "TALK_WEIGHT"),
]
FACTORS = (0.5, 0.75, 1.33, 2.0)


def evaluate(searcher, corpus, scorer, questions) -> tuple[float, dict]:
    """Both ways a judge searches count alike: without a game and with the event's game."""
    per: dict[str, list] = {}
    for q in questions:
        for game_from_doc in (False, True):
            per.setdefault(q["doc"], []).append(rank_of(searcher, corpus, scorer, q, game_from_doc))
    table = {}
    for doc, ranks in per.items():
        n = len(ranks)
        table[doc] = (sum(1 for r in ranks if r and r <= 5) / n, sum(1 / r for r in ranks if r) / n)
    objective = sum(r5 + mrr for r5, mrr in table.values()) / len(table)
    return objective, table


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("questions", nargs="+")
    ap.add_argument("--scorer", default=str(DEFAULT_SCORER))
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--min-gain", type=float, default=0.005)
    args = ap.parse_args()
    if any(Path(p).resolve() == Path(args.scorer).resolve().with_name("questions.json") for p in args.questions):
        sys.exit("refusing to tune on the shared benchmark: it is the measurement")
    if any("heldout" in Path(p).name for p in args.questions):
        sys.exit("refusing to tune on the held-out set: it is the measurement")
    scorer = load_scorer(Path(args.scorer))
    import importlib

    from judge import context

    corpus, searcher = context.corpus(), context.searcher()
    questions = [q for path in args.questions for q in json.loads(Path(path).read_text(encoding="utf-8"))]
    modules = {name: importlib.import_module(name) for name, _ in TUNABLE}
    best, table = evaluate(searcher, corpus, scorer, questions)
    print(f"start objective {best:.4f}  " + " ".join(f"{d}:{r5:.2f}/{m:.2f}" for d, (r5, m) in sorted(table.items())))
    for round_no in range(args.rounds):
        moved = False
        for module, name in TUNABLE:
            current = getattr(modules[module], name)
            for factor in FACTORS:
                setattr(modules[module], name, current * factor)
                score, trial = evaluate(searcher, corpus, scorer, questions)
                if score > best + args.min_gain:
                    best, table, moved = score, trial, True
                    print(
                        f"round {round_no + 1}: {name} {current:g} -> {current * factor:g}  objective {best:.4f}",
                        flush=True,
                    )
                    current = current * factor
                setattr(modules[module], name, current)
        if not moved:
            break
    print("final  " + " ".join(f"{name}={getattr(modules[m], name):g}" for m, name in TUNABLE))
    print(f"objective {best:.4f}  " + " ".join(f"{d}:{r5:.2f}/{m:.2f}" for d, (r5, m) in sorted(table.items())))


if __name__ == "__main__":
    main()
