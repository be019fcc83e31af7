"""BM25 over whoosh's postings, for plain-word queries.

whoosh's own matchers score a flat OR of a dozen words through a tree of Python objects, about
20 ms on this index; reading the same postings and summing the same BM25 (whoosh's formula and
idf, so the scores are whoosh's) takes a few. Queries with operators and phrases still go
through whoosh's parser and matchers.
"""
from __future__ import annotations

import math
from collections import defaultdict

from whoosh import query as wq
from whoosh.scoring import bm25


class PostingScorer:
    def __init__(self, searcher, fields: list[str], B: float = 0.75, K1: float = 1.2) -> None:
        self.searcher = searcher
        self.reader = searcher.reader()
        self.fields = fields
        self.B, self.K1 = B, K1
        self.doc_count = self.reader.doc_count_all()
        self._lengths: dict[str, list[int]] = {}
        self._docs: dict[tuple[str, str], set[int]] = {}

    def _field_lengths(self, field: str) -> list[int]:
        if field not in self._lengths:  # read once: every document's length in this field
            self._lengths[field] = [self.reader.doc_field_length(d, field, 0) for d in range(self.doc_count)]
        return self._lengths[field]

    def score(self, weighted_terms: dict[str, float], allowed: set[int] | None = None) -> dict[int, float]:
        """Σ over terms and fields of boost × BM25(tf, field length), as whoosh computes it."""
        scores: dict[int, float] = defaultdict(float)
        for field in self.fields:
            avgfl = self.searcher.avg_field_length(field) or 1
            lengths = None
            for term, boost in weighted_terms.items():
                if not self.reader.doc_frequency(field, term):
                    continue
                lengths = lengths or self._field_lengths(field)
                idf = self.searcher.idf(field, term)
                postings = self.reader.postings(field, term)
                while postings.is_active():
                    doc = postings.id()
                    if allowed is None or doc in allowed:
                        scores[doc] += boost * bm25(idf, postings.weight(), lengths[doc] or 1, avgfl, self.B, self.K1)
                    postings.next()
        return scores

    def add_phrases(self, scores: dict[int, float], phrases: list[tuple[str, str]], boost: float,
                    allowed: set[int] | None = None) -> None:
        """Reward words that stand together in an entry as they do in the question ("master
        blood", "declare blockers"): each adjacent pair found as a phrase adds its idf."""
        for first, second in phrases:
            docs: set[int] = set()
            for field in self.fields:
                if self.reader.doc_frequency(field, first) and self.reader.doc_frequency(field, second):
                    docs.update(self.searcher.docs_for_query(wq.Phrase(field, [first, second])))
            if allowed is not None:
                docs &= allowed
            if docs:
                idf = math.log(self.doc_count / (len(docs) + 1)) + 1
                for doc in docs:
                    scores[doc] = scores.get(doc, 0.0) + boost * idf

    def docs_with(self, term: str) -> set[int]:
        """The documents that hold the word in any searched field (cached for the session)."""
        key = ("", term)
        if key not in self._docs:
            docs: set[int] = set()
            for field in self.fields:
                if self.reader.doc_frequency(field, term):
                    docs.update(self.reader.postings(field, term).all_ids())
            self._docs[key] = docs
        return self._docs[key]
