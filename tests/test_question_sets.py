"""Our judge-question sets are data that scores are measured on, so the data itself is checked:
every answer passage is verbatim in the entry the question names, every `also` passage stands
in some other entry, ids are unique and each question's document is its answer's.

No score is computed here: the held-out sets (tests/data/judge_questions_heldout*.json) are never
used to check a change while the change is being made; bench/eval_search.py measures them.
"""
from __future__ import annotations

import bisect
import json
import re
import unicodedata

import pytest

from bundled import DATA

# The held-out sets, each written afresh from the documents alone by writers who saw neither the
# shared bench, our other sets nor the search code (README: Searching, "question sets").
HELD_OUT_SETS = ["judge_questions_heldout.json", "judge_questions_heldout2.json"]
DOCS = {"nd", "lcg", "ccg", "ce", "sf"}
STYLES = {"slang", "no-game", "two-clause", "wrong-term", "short", "plain"}


def fold(text: str) -> str:
    """Text compared the way the benchmark's scorer compares it: casefolded, with quotes, dashes,
    private-use glyphs, icon tokens and punctuation folded."""
    text = unicodedata.normalize("NFKC", text)
    text = re.sub(r"[\u2018\u2019\u02bc`]", "'", text)
    text = re.sub(r"[\u201c\u201d]", '"', text)
    text = re.sub(r"[\u2010-\u2015\u2212]", "-", text)
    text = re.sub(r"[\ue000-\uf8ff]", " ", text)
    text = re.sub(r"\[[a-z]+\]", " ", text.lower())
    text = re.sub(r"[^\w'\"%-]+", " ", text)
    return re.sub(r"\s+", " ", text).strip()


@pytest.fixture(scope="module", params=HELD_OUT_SETS)
def held_out(request):
    return json.loads((DATA / request.param).read_text(encoding="utf-8"))


class FoldedCorpus:
    """Every entry's folded text, joined into one string so a passage is found in one scan."""

    def __init__(self, corpus):
        self.texts = {eid: fold(e.text) for eid, e in corpus.entries.items()}
        self.ids = list(self.texts)
        self.starts, parts, at = [], [], 0
        for eid in self.ids:
            self.starts.append(at)
            parts.append(self.texts[eid])
            at += len(self.texts[eid]) + 1
        self.joined = "\n".join(parts)  # folded text has no newline, so no match spans two entries

    def entries_with(self, passage: str) -> set[str]:
        found, at = set(), self.joined.find(passage)
        while at != -1:
            found.add(self.ids[bisect.bisect_right(self.starts, at) - 1])
            at = self.joined.find(passage, at + 1)
        return found


@pytest.fixture(scope="module")
def folded(corpus):
    return FoldedCorpus(corpus)


def test_held_out_set_size_and_spread(held_out):
    assert len(held_out) >= 150
    per_doc = {doc: sum(1 for q in held_out if q["doc"] == doc) for doc in DOCS}
    assert min(per_doc.values()) >= 10, per_doc
    assert len({q["id"] for q in held_out}) == len(held_out)
    assert {q["style"] for q in held_out} <= STYLES


def test_held_out_answers_stand_verbatim_where_they_say(held_out, folded):
    wrong = []
    for q in held_out:
        where = q["where"]
        if not where.startswith(q["doc"] + ":") or where not in folded.texts:
            wrong.append(f"{q['id']}: no entry {where} in {q['doc']}")
        elif fold(q["answer"]) not in folded.texts[where]:
            wrong.append(f"{q['id']}: answer not in {where}")
        for passage in q["also"]:
            if not folded.entries_with(fold(passage)) - {where}:
                wrong.append(f"{q['id']}: also-passage in no other entry: {passage[:50]!r}")
    assert wrong == []
