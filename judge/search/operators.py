"""The whoosh side of search: queries with operators or quoted phrases, and "did you mean".

Plain words never come here (word_scoring.py scores them from the lexicon); whoosh, its index
and its query modules are opened the first time a query needs them, so a plain search never
pays for them.
"""

from __future__ import annotations

import re

from judge.search import query as qlang
from judge.search.analysis import analyze, fold
from judge.search.lexicon import FIELDS
from judge.search.word_scoring import CANDIDATES

# A quoted phrase or an operator asks for the rule's own words: the judge's index (asked) is
# searched by plain words only.
SEARCHED_FIELDS = [f for f in FIELDS if f != "asked"]
# "Did you mean" looks up at most this many unknown words (each costs a scan of the vocabulary),
# none longer than the longest word worth correcting: a pasted page must not take seconds.
MAX_CORRECTIONS = 3
MAX_CORRECTED_LENGTH = 30


def _preloaded(q):
    """Score OR queries with whoosh's preloading matcher: on an index this small it is several
    times faster than the default tree of union matchers, which pays for skipping we don't need."""
    from whoosh import query as wq

    if isinstance(q, wq.Or):
        q.matcher_type = wq.Or.ARRAY_MATCHER
    for child in q.children():
        _preloaded(child)
    return q


class OperatorSearch:
    """whoosh, opened on first use: `open_index` is called the first time a query needs it."""

    def __init__(self, open_index) -> None:
        self._open_index = open_index
        self._index = None
        self._whoosh = None  # (searcher, parser), opened with the index

    @property
    def index(self):
        if self._index is None:
            self._index = self._open_index()
        return self._index

    def _searcher_and_parser(self):
        if self._whoosh is None:
            from whoosh import qparser
            from whoosh.scoring import BM25F

            searcher = self.index.searcher(weighting=BM25F(B=0.75, K1=1.2))
            parser = qparser.MultifieldParser(SEARCHED_FIELDS, self.index.schema, group=qparser.OrGroup.factory(0.9))
            parser.remove_plugin_class(qparser.WildcardPlugin)
            parser.remove_plugin_class(qparser.FieldsPlugin)  # our own filters handle field:
            self._whoosh = (searcher, parser)
        return self._whoosh

    def candidates(
        self, parsed: qlang.ParsedQuery, card_ids: list[str] | None, number: dict[str, int]
    ) -> list[tuple[int, float]]:
        """Operators and quoted phrases: whoosh's parser and matchers, on lexicon numbering
        (`number`: entry id -> lexicon number). `card_ids`: the entries a `card:` filter names."""
        searcher, _ = self._searcher_and_parser()
        results = searcher.search(
            _preloaded(self._text_query(parsed.words)), filter=self._filter(parsed, card_ids), limit=CANDIDATES
        )
        return [(number[r["id"]], float(r.score or 0.0)) for r in results if r["id"] in number]

    def did_you_mean(self, words: str) -> list[str]:
        """Corrections drawn from the index's own (unstemmed) vocabulary."""
        searcher, _ = self._searcher_and_parser()
        corrector = searcher.corrector("spell")
        fixed, changed, looked_up = [], False, 0
        for token in re.findall(r"[^\W\d_]+|\S+", fold(words)):
            lower = token.lower()
            if (
                len(lower) < 3
                or len(lower) > MAX_CORRECTED_LENGTH
                or not lower.isalpha()
                or looked_up == MAX_CORRECTIONS
                or searcher.doc_frequency("spell", lower)
            ):
                fixed.append(token)
                continue
            looked_up += 1
            options = corrector.suggest(lower, limit=1, maxdist=2)
            fixed.append(options[0] if options else token)
            changed = changed or bool(options)
        return [" ".join(fixed)] if changed else []

    @staticmethod
    def _filter(parsed: qlang.ParsedQuery, card_ids: list[str] | None):
        """The whoosh filter of an operator query (the same rules as Searcher._allowed_docs)."""
        from whoosh import query as wq

        clauses = []
        for name, values in (("game", parsed.games), ("kind", parsed.kinds), ("doc", parsed.docs)):
            if values:
                clauses.append(wq.Or([wq.Term(name, v) for v in values]))
        numbers = [t for t in parsed.numbers if isinstance(t, qlang.NumberTerm)]
        if numbers:
            clauses.append(wq.Or([wq.Term("numpath", t.number) for t in numbers]))
        if card_ids is not None:
            clauses.append(wq.Or([wq.Term("id", i) for i in card_ids]) if card_ids else wq.NullQuery)
        return wq.And(clauses) if clauses else None

    def _text_query(self, words: str):
        from whoosh import query as wq

        words = words.strip()
        if not words:
            return wq.Every()
        _, parser = self._searcher_and_parser()
        try:
            q = parser.parse(words)
            if q is not wq.NullQuery:
                return self._exclusions_exclude(q)
        except Exception:  # anything whoosh rejects is read as plain words
            pass
        return self._plain_query(words)

    @staticmethod
    def _plain_query(words: str):
        """The words alone, every operator and bracket ignored."""
        from whoosh import query as wq

        terms = analyze(words)
        if not terms:
            return wq.NullQuery
        return wq.Or([wq.Term(f, t) for t in dict.fromkeys(terms) for f in SEARCHED_FIELDS])

    @staticmethod
    def _exclusions_exclude(q):
        """With OR as the default, whoosh reads `flying NOT reach` as "flying, or anything
        without reach". A judge means "flying, and not reach": NOT terms are subtracted."""
        from whoosh import query as wq

        if isinstance(q, wq.Or):
            negatives = [c.query for c in q.subqueries if isinstance(c, wq.Not)]
            positives = [c for c in q.subqueries if not isinstance(c, wq.Not)]
            if negatives and positives:
                return wq.AndNot(wq.Or(positives), wq.Or(negatives))
        return q
