#!/usr/bin/env python3
"""Where a passage stands: the entry ids whose text holds it, compared as the benchmark's scorer
compares (casefolded; quotes, dashes, glyphs and punctuation folded). For whoever writes judge
questions: it reads the corpus only, never the search index or its ranking, so a question
writer can check a passage without seeing what search would answer. tests/test_question_sets.py
checks our sets with the same `fold` and `Passages`.

    python bench/tools/locate_passage.py "A player may concede at any time."
    python bench/tools/locate_passage.py --file draft.json          # check a draft set
    python bench/tools/locate_passage.py --file draft.json --fill   # …and write each answer's "where"

A draft set is a JSON list of questions with "doc", "answer" and optionally "also". With --fill,
a question whose answer stands in an entry of its document gets that entry as "where" (the first,
when a reprint shares the passage); every other case is listed (an answer in no entry of its
document, an `also` passage in no other entry) and the file is left as it was. Exit 1 when anything is listed.
"""

from __future__ import annotations

import argparse
import bisect
import json
import re
import sys
import unicodedata
from pathlib import Path


def fold(text: str) -> str:
    """The scorer's folding (shared/bench/score_search.py's norm)."""
    text = unicodedata.normalize("NFKC", text)
    text = re.sub(r"[\u2018\u2019\u02bc`]", "'", text)
    text = re.sub(r"[\u201c\u201d]", '"', text)
    text = re.sub(r"[\u2010-\u2015\u2212]", "-", text)
    text = re.sub(r"[\ue000-\uf8ff]", " ", text)
    text = re.sub(r"\[[a-z]+\]", " ", text.lower())
    text = re.sub(r"[^\w'\"%-]+", " ", text)
    return re.sub(r"\s+", " ", text).strip()


class Passages:
    """Every entry's folded text joined into one string, so a passage is found in one scan."""

    def __init__(self, corpus):
        self.texts = {eid: fold(entry.text) for eid, entry in corpus.entries.items()}
        self.ids, self.starts, parts, at = list(self.texts), [], [], 0
        for eid in self.ids:
            self.starts.append(at)
            parts.append(self.texts[eid])
            at += len(self.texts[eid]) + 1
        self.joined = "\n".join(parts)  # folded text has no newline: no match spans two entries

    def entries_with(self, passage: str) -> list[str]:
        found, folded = [], fold(passage)
        if not folded:
            return found
        at = self.joined.find(folded)
        while at != -1:
            eid = self.ids[bisect.bisect_right(self.starts, at) - 1]
            if eid not in found:
                found.append(eid)
            at = self.joined.find(folded, at + 1)
        return found


def check_draft(passages: Passages, questions: list[dict], fill: bool) -> list[str]:
    problems = []
    for n, q in enumerate(questions, 1):
        label = q.get("id") or f"question {n}"
        doc = q.get("doc", "")
        where = [eid for eid in passages.entries_with(q.get("answer", "")) if eid.startswith(doc + ":")]
        if not where:
            problems.append(f"{label}: answer in no entry of {doc!r}")
        elif fill:
            q["where"] = where[0]  # a passage two cards share (a reprint's ruling) answers in either
        for passage in q.get("also", []):
            if not set(passages.entries_with(passage)) - set(where[:1]):
                problems.append(f"{label}: also-passage in no other entry: {passage[:60]!r}")
    return problems


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("passage", nargs="?")
    ap.add_argument("--file", type=Path, help="a draft question set (JSON list)")
    ap.add_argument("--fill", action="store_true", help="write each answer's entry id as 'where'")
    args = ap.parse_args()
    if not args.passage and not args.file:
        ap.error("give a passage or --file")
    from judge import context

    passages = Passages(context.corpus())
    if args.passage:
        found = passages.entries_with(args.passage)
        print("\n".join(found) if found else "not found")
        return 0 if found else 1
    questions = json.loads(args.file.read_text(encoding="utf-8"))
    problems = check_draft(passages, questions, args.fill)
    for line in problems:
        print(line)
    if args.fill and not problems:
        args.file.write_text(json.dumps(questions, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{len(questions)} questions: 'where' written")
    elif not problems:
        print(f"{len(questions)} questions: every passage found")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
