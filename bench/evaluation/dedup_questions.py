#!/usr/bin/env python3
"""Which of our judge questions paraphrase a question of a reference set (the shared bench)?

A question of ours is a duplicate when its words and a reference question's overlap strongly
(Jaccard similarity of their analysed word sets >= --threshold), or when both are answered by the
same passage (one's answer, or an `also` passage, contains the other's). Only OUR ids are
printed, with the similarity and the reason: the reference set's text is never shown, so running
this against the shared bench does not turn it into a tuning set.

usage: python bench/evaluation/dedup_questions.py REFERENCE.json OURS.json [OURS.json …] [--threshold 0.6]
       [--drop]   rewrite OURS files without the duplicates
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from eval_search import load_scorer


def word_set(text: str) -> frozenset[str]:
    from judge.search.analysis import analyze

    return frozenset(analyze(text))


def jaccard(a: frozenset, b: frozenset) -> float:
    return len(a & b) / len(a | b) if a | b else 0.0


def paraphrases(candidates: list[str], reference: list[str], threshold: float = 0.6) -> list[tuple[int, int, float]]:
    """(candidate index, reference index, similarity) of each candidate whose word set overlaps a
    reference question's by Jaccard >= threshold — the rule above, for many candidates at once
    (the judge's index: thousands of questions), through an inverted index of the reference."""
    ref_words = [word_set(r) for r in reference]
    by_word: dict[str, set[int]] = {}
    for n, words in enumerate(ref_words):
        for w in words:
            by_word.setdefault(w, set()).add(n)
    found = []
    for n, text in enumerate(candidates):
        words = word_set(text)
        for m in set().union(*(by_word.get(w, set()) for w in words)) if words else ():
            similarity = jaccard(words, ref_words[m])
            if similarity >= threshold:
                found.append((n, m, similarity))
    return found


def passages(q: dict) -> list[str]:
    return [q["answer"], *q.get("also", [])]


def same_passage(norm, ours: dict, ref: dict) -> bool:
    """Either question's passages contain one of the other's (compared as the scorer compares)."""
    for a in map(norm, passages(ours)):
        for b in map(norm, passages(ref)):
            if a and b and (a in b or b in a):
                return True
    return False


def duplicates(reference: list[dict], ours: list[dict], norm, threshold: float):
    """(our id, best similarity, reason) for each of our questions that duplicates a reference one."""
    ref_words = [(word_set(r["question"]), r) for r in reference]
    out = []
    for q in ours:
        words = word_set(q["question"])
        best = max((jaccard(words, w) for w, _ in ref_words), default=0.0)
        same = any(r["doc"] == q["doc"] and same_passage(norm, q, r) for _, r in ref_words)
        if best >= threshold or same:
            out.append((q["id"], best, "same answer" if same else "similar words"))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("reference")
    ap.add_argument("ours", nargs="+")
    ap.add_argument("--threshold", type=float, default=0.6)
    ap.add_argument("--scorer", default=str(Path(__file__).resolve().parents[3] / "shared/bench/score_search.py"))
    ap.add_argument("--drop", action="store_true", help="rewrite our files without the duplicates")
    args = ap.parse_args()
    norm = load_scorer(Path(args.scorer)).norm
    reference = json.loads(Path(args.reference).read_text())
    total = 0
    for path in map(Path, args.ours):
        ours = json.loads(path.read_text())
        found = duplicates(reference, ours, norm, args.threshold)
        for qid, sim, reason in found:
            print(f"{path.name}\t{qid}\t{sim:.2f}\t{reason}")
        total += len(found)
        print(f"{path.name}: {len(found)} of {len(ours)} duplicate the reference set")
        if args.drop and found:
            dropped = {qid for qid, _, _ in found}
            kept = [q for q in ours if q["id"] not in dropped]
            path.write_text(json.dumps(kept, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    print(f"total {total}")


if __name__ == "__main__":
    main()
