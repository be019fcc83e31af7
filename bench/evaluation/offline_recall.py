#!/usr/bin/env python3
"""recall@5 of the phone's offline search (judge/serve/static/offline-core.js, run under Node on
the reader bundle the station serves) beside the server's, on the held-out question sets.

Measured, never tuned on: two modes, as bench/evaluation/eval_search.py has them —
  all games:  the bundle of every game, the question asked with no game;
  its game:   the bundle of the question's game, the question asked in that game.
A hit answers as in shared/bench/score_search.py (the answer passage or an `also` passage in the
hit's text, folded by locate_passage.fold, the scorer's folding).

usage: python bench/evaluation/offline_recall.py [QUESTIONS.json …]   (default: tests/data held-out sets)
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tools"))
from locate_passage import fold  # noqa: E402

GAME_OF_DOC = {"nd": "nodawn", "lcg": "l5r-lcg", "ccg": "l5r-ccg", "ce": "l5r-ccg", "sf": "shadowfist"}
HELD_OUT = [HERE.parents[1] / "tests/data" / f"judge_questions_heldout{n}.json" for n in ("", "2", "3")]
CORE = HERE.parents[1] / "judge/serve/static/offline-core.js"
NODE_RUN = """
globalThis.exports = require(process.argv[1].replace("offline-core.js", "porter2.js"));
require(process.argv[1]);
const fs = require("fs");
const reader = new JudgeOffline.Reader(JSON.parse(fs.readFileSync(process.argv[2])));
const questions = JSON.parse(fs.readFileSync(process.argv[3]));
const out = questions.map(q => reader.searchWords(q, 5).entries.map(e => e.id));
fs.writeFileSync(process.argv[4], JSON.stringify(out));
"""


def answers(text: str, passage: str) -> bool:
    t, p = fold(text), fold(passage)
    return bool(t and p) and (p in t or (t in p and len(t) >= 0.5 * len(p)))


def answered(corpus, ids: list[str], q: dict) -> bool:
    return any(
        any(answers(corpus.get(i).text, p) for p in [q["answer"], *q.get("also", [])])
        for i in ids[:5]
        if corpus.get(i) is not None
    )


def offline_ids(bundle_body: bytes, questions: list[str]) -> list[list[str]]:
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        sys.exit("Node is not installed: the offline search runs under Node here")
    with tempfile.TemporaryDirectory() as folder:
        bundle, asked, out = (Path(folder) / n for n in ("bundle.json", "questions.json", "out.json"))
        bundle.write_bytes(bundle_body)
        asked.write_text(json.dumps(questions))
        subprocess.run([node, "-e", NODE_RUN, str(CORE), str(bundle), str(asked), str(out)], check=True)
        return json.loads(out.read_text())


def main() -> None:
    from judge import context
    from judge.serve.offline_bundle import bundle_for

    paths = [Path(p) for p in sys.argv[1:]] or HELD_OUT
    questions = [q for p in paths for q in json.loads(p.read_text(encoding="utf-8"))]
    corpus, searcher = context.corpus(), context.searcher()
    context.conflicts()
    rows = []
    for mode in ("all games", "its game"):
        games = [None] if mode == "all games" else sorted(set(GAME_OF_DOC.values()))
        server = phone = n = 0
        for game in games:
            mine = [q for q in questions if game is None or GAME_OF_DOC[q["doc"]] == game]
            found = offline_ids(bundle_for(corpus, searcher, game, "bench").body, [q["question"] for q in mine])
            for q, ids in zip(mine, found):
                hits = [h.id for h in searcher.search(q["question"], game=game, limit=5).hits]
                server += answered(corpus, hits, q)
                phone += answered(corpus, ids, q)
                n += 1
        rows.append((mode, n, server / n, phone / n))
    print(f"{'mode':10s} {'n':>4s} {'server':>7s} {'offline':>7s}")
    for mode, n, s, p in rows:
        print(f"{mode:10s} {n:4d} {s:7.3f} {p:7.3f}  ({p - s:+.3f})")


if __name__ == "__main__":
    main()
