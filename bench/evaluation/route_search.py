#!/usr/bin/env python3
"""How well search infers the game of a question that names none, on OUR question sets.

For each question: the game the words point to (SearchResult.inferred_game, gamemodel's
posterior), the game of the first hit, and the likelihood given to the question's true game.
Per document and overall. The shared benchmark and the held-out set are refused here, as in
tune_search.py: this is a tool for the tuning set.

usage: python bench/evaluation/route_search.py QUESTIONS.json [QUESTIONS.json …]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from eval_search import DEFAULT_SCORER, load_scorer


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("questions", nargs="+")
    ap.add_argument("--scorer", default=str(DEFAULT_SCORER))
    args = ap.parse_args()
    if any(Path(p).resolve() == Path(args.scorer).resolve().with_name("questions.json") for p in args.questions):
        sys.exit("refusing the shared benchmark: it is the measurement")
    if any("heldout" in Path(p).name for p in args.questions):
        sys.exit("refusing the held-out set: it is the measurement")
    scorer = load_scorer(Path(args.scorer))
    from judge import context

    corpus, searcher = context.corpus(), context.searcher()
    rows: dict[str, list[tuple[bool, bool, float]]] = {}
    for path in args.questions:
        for q in json.loads(Path(path).read_text()):
            truth = scorer.GAME_OF_DOC[q["doc"]]
            result = searcher.search(q["question"], limit=1)
            first = corpus.get(result.hits[0].id).game if result.hits else None
            rows.setdefault(q["doc"], []).append(
                (result.inferred_game == truth, first == truth, result.game_likelihood.get(truth, 0.0))
            )
    rows["all"] = [r for doc, rs in rows.items() for r in rs]
    print("doc      n  words' game  first hit's game  likelihood of the true game")
    for doc, rs in sorted(rows.items(), key=lambda kv: (kv[0] == "all", kv[0])):
        n = len(rs)
        print(
            f"{doc:5s} {n:4d}  {sum(r[0] for r in rs) / n:11.2f}  {sum(r[1] for r in rs) / n:16.2f}"
            f"  {sum(r[2] for r in rs) / n:27.2f}"
        )


if __name__ == "__main__":
    main()
