"""Our judge-question sets are data that scores are measured on, so the data itself is checked:
every answer passage is verbatim in the entry the question names, every `also` passage stands
in some other entry, ids are unique and each question's document is its answer's.

No score is computed here: the held-out sets (tests/data/judge_questions_heldout*.json) are never
used to check a change while the change is being made; bench/evaluation/eval_search.py measures them.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from bundled import DATA

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench" / "tools"))
from locate_passage import Passages, fold  # (the scorer's folding; what question writers check with)

# The held-out sets, each written afresh from the documents alone by writers who saw neither the
# shared bench, our other sets nor the search code (docs/development/search-quality.md, "Question sets").
HELD_OUT_SETS = ["judge_questions_heldout.json", "judge_questions_heldout2.json", "judge_questions_heldout3.json"]
DOCS = {"nd", "lcg", "ccg", "ce", "sf"}
STYLES = {"slang", "no-game", "two-clause", "wrong-term", "short", "plain", "situation"}


@pytest.fixture(scope="module", params=HELD_OUT_SETS)
def held_out(request):
    return json.loads((DATA / request.param).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def folded(corpus):
    return Passages(corpus)


def test_held_out_set_size_and_spread(held_out):
    assert len(held_out) >= 150
    per_doc = {doc: sum(1 for q in held_out if q["doc"] == doc) for doc in DOCS}
    assert min(per_doc.values()) >= 10, per_doc
    assert len({q["id"] for q in held_out}) == len(held_out)
    assert {q["style"] for q in held_out} <= STYLES


def test_held_out_answers_stand_verbatim_where_they_say(held_out, folded, corpus):
    wrong = []
    for q in held_out:
        # a set written before the Shadowfist re-cut names a ruling by its old id (issue 31)
        where = corpus.former_ids.get(q["where"], q["where"])
        if not where.startswith(q["doc"] + ":") or where not in folded.texts:
            wrong.append(f"{q['id']}: no entry {where} in {q['doc']}")
        elif fold(q["answer"]) not in folded.texts[where]:
            wrong.append(f"{q['id']}: answer not in {where}")
        for passage in q["also"]:
            if not set(folded.entries_with(passage)) - {where}:
                wrong.append(f"{q['id']}: also-passage in no other entry: {passage[:50]!r}")
    assert wrong == []
