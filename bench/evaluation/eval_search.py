#!/usr/bin/env python3
"""In-process search evaluation: the same scoring as shared/bench/score_search.py (a result
answers when it holds the answer passage or one of its `also` equivalents), without a process per
question, so ranking changes can be measured quickly.

usage: python bench/evaluation/eval_search.py QUESTIONS.json [QUESTIONS.json …] [--game-from-doc] [--verbose]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from pathlib import Path

DEFAULT_SCORER = Path(__file__).resolve().parents[3] / "shared/bench/score_search.py"


def load_scorer(path: Path):
    if not path.exists():
        sys.exit(f"scorer not found: {path}")
    spec = importlib.util.spec_from_file_location("score_search", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def rank_of(searcher, corpus, scorer, q: dict, game_from_doc: bool, limit: int = 10) -> int | None:
    game = scorer.GAME_OF_DOC[q["doc"]] if game_from_doc else None
    hits = searcher.search(q["question"], game=game, limit=limit).hits
    return next((i + 1 for i, h in enumerate(hits) if scorer.answers_any((h.entry or corpus.get(h.id)).text, q)), None)


def table(per: dict[str, list]) -> dict[str, tuple[float, float, float]]:
    """recall@1, recall@5 and MRR per document and for "all"."""
    rows = dict(per)
    rows["all"] = [r for ranks in per.values() for r in ranks]
    out = {}
    for doc, ranks in rows.items():
        n = len(ranks) or 1
        out[doc] = (
            sum(1 for r in ranks if r == 1) / n,
            sum(1 for r in ranks if r and r <= 5) / n,
            sum(1 / r for r in ranks if r) / n,
        )
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("questions", nargs="+")
    ap.add_argument("--scorer", default=str(DEFAULT_SCORER))
    ap.add_argument("--game-from-doc", action="store_true", help="give each question its document's game")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    scorer = load_scorer(Path(args.scorer))
    from judge import context

    corpus, searcher = context.corpus(), context.searcher()
    per: dict[str, list] = {}
    for path in args.questions:
        for q in json.loads(Path(path).read_text()):
            rank = rank_of(searcher, corpus, scorer, q, args.game_from_doc)
            per.setdefault(q["doc"], []).append(rank)
            if args.verbose and (rank is None or rank > 5):
                game = scorer.GAME_OF_DOC[q["doc"]] if args.game_from_doc else None
                hits = searcher.search(q["question"], game=game, limit=3).hits
                print(
                    f"{'MISS' if rank is None else 'LOW '} {q['id']} rank={rank} {q['question'][:70]!r} "
                    f"top3={[h.id for h in hits]}"
                )
    for doc, (r1, r5, mrr) in sorted(table(per).items(), key=lambda kv: (kv[0] == "all", kv[0])):
        n = len(per.get(doc, [])) if doc != "all" else sum(map(len, per.values()))
        print(f"{doc:5s} n={n:3d} recall@1 {r1:.3f} recall@5 {r5:.3f} mrr {mrr:.3f}")


if __name__ == "__main__":
    main()
