#!/usr/bin/env python3
"""In-process search evaluation: the same scoring as shared/bench/score_search.py, without a
process per question, so ranking changes can be measured quickly.

usage: python bench/eval_search.py QUESTIONS.json [QUESTIONS.json …] [--verbose]
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from pathlib import Path


def load_scorer(path: Path):
    spec = importlib.util.spec_from_file_location("score_search", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("questions", nargs="+")
    ap.add_argument("--scorer", default=str(Path(__file__).resolve().parents[2] / "shared/bench/score_search.py"))
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    answers = load_scorer(Path(args.scorer)).answers if Path(args.scorer).exists() else None
    if answers is None:
        sys.exit(f"scorer not found: {args.scorer}")
    from judge import context

    corpus, searcher = context.corpus(), context.searcher()
    per: dict[str, list] = {}
    for path in args.questions:
        for q in json.load(open(path)):
            hits = searcher.search(q["question"], limit=10).hits
            rank = next((i + 1 for i, h in enumerate(hits) if answers(corpus.get(h.id).text, q["answer"])), None)
            per.setdefault(q["doc"], []).append(rank)
            if args.verbose and (rank is None or rank > 5):
                print(f"{'MISS' if rank is None else 'LOW '} {q['id']} rank={rank} {q['question'][:70]!r} "
                      f"top3={[h.id for h in hits[:3]]}")
    allr = []
    for doc, ranks in sorted(per.items()):
        allr += ranks
        n = len(ranks)
        print(f"{doc:5s} n={n:3d} recall@1 {sum(1 for r in ranks if r == 1) / n:.2f} "
              f"recall@5 {sum(1 for r in ranks if r and r <= 5) / n:.2f} "
              f"mrr {sum(1 / r for r in ranks if r) / n:.2f}")
    n = len(allr)
    print(f"recall@5 {sum(1 for r in allr if r and r <= 5) / n:.2f} mrr {sum(1 / r for r in allr if r) / n:.2f} ({n} questions)")


if __name__ == "__main__":
    main()
