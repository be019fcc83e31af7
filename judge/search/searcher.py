"""Running a parsed query against the index and the corpus.

Rule numbers are answered from the corpus directly (exact, in document order); words go to
whoosh (BM25F over title, text and parent context). Filters apply to both.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from whoosh import qparser
from whoosh import query as wq
from whoosh.scoring import BM25F

from judge.corpus.model import Corpus, Entry
from judge.search import query as qlang
from judge.search.analysis import analyze, fold
from judge.search.synonyms import expansions, load_groups, translations

SYNONYM_BOOST = 0.6  # a bridged word counts, but less than the word the judge typed
GAME_FLOOR = 0.3  # a result from an unlikely game keeps this share of its score
CANDIDATES = 100  # results fetched from whoosh before re-ranking
GLOSSARY_FEEDBACK = 3  # glossary entries consulted to name what the question describes
GLOSSARY_BOOST = 0.5
COVERAGE_POWER = 2.0  # how strongly answering more of the question's words counts
SAVED_RULING_MIN_COVERAGE = 0.5  # a saved ruling must answer to half the question to be listed
OPERATOR_RE = re.compile(r'"|\b(?:AND|OR|NOT)\b')


@dataclass
class Hit:
    id: str
    score: float
    terms: frozenset = frozenset()  # analysed query terms, for highlighting
    entry: Entry | None = None  # set for entries outside the corpus (saved rulings)


@dataclass
class SearchResult:
    hits: list[Hit]
    query: qlang.ParsedQuery
    suggestions: list[str] = field(default_factory=list)  # "did you mean"
    notes: list[str] = field(default_factory=list)  # e.g. an unknown game name


class Searcher:
    def __init__(self, corpus: Corpus, index, games=None) -> None:
        self.corpus = corpus
        self.index = index
        self.games = games
        self._searcher = index.searcher(weighting=BM25F(B=0.75, K1=1.2))
        self._parser = qparser.MultifieldParser(
            ["title", "text", "context", "examples"], index.schema, group=qparser.OrGroup.factory(0.9)
        )
        self._parser.remove_plugin_class(qparser.WildcardPlugin)
        self._parser.remove_plugin_class(qparser.FieldsPlugin)  # our own filters handle field:
        self._plain_parser = qparser.MultifieldParser(
            ["title", "text", "context", "examples"], index.schema, group=qparser.OrGroup.factory(0.9),
            plugins=[],
        )
        for cls in list(type(p) for p in self._plain_parser.plugins):
            if cls not in (qparser.WhitespacePlugin,):
                self._plain_parser.remove_plugin_class(cls)
        self.synonyms = load_groups(corpus)
        self._translations = translations(self.synonyms)

    # -- public ----------------------------------------------------------------------------
    def search(self, text: str, game: str | None = None, kind: str | None = None,
               limit: int = 10) -> SearchResult:
        parsed = qlang.parse(text)
        if game:
            parsed.games.append(game)
        if kind:
            parsed.kinds += [k.strip() for k in kind.split(",") if k.strip()]
        result = SearchResult([], parsed)
        if parsed.unknown_games:
            result.notes.append("unknown game: " + ", ".join(parsed.unknown_games))
        only_numbers = parsed.numbers and not parsed.words.strip() and not parsed.card
        if only_numbers:
            result.hits = self._number_hits(parsed)[:limit]
            return result
        result.hits = self._word_hits(parsed, limit)
        if not result.hits and parsed.words:
            result.suggestions = self.did_you_mean(parsed.words)
        return result

    def did_you_mean(self, words: str) -> list[str]:
        """Corrections drawn from the index's own (unstemmed) vocabulary."""
        corrector = self._searcher.corrector("spell")
        fixed, changed = [], False
        for token in re.findall(r"[^\W\d_]+|\S+", fold(words)):
            lower = token.lower()
            if len(lower) < 3 or not lower.isalpha() or self._searcher.doc_frequency("spell", lower):
                fixed.append(token)
                continue
            options = corrector.suggest(lower, limit=1, maxdist=2)
            fixed.append(options[0] if options else token)
            changed = changed or bool(options)
        return [" ".join(fixed)] if changed else []

    # -- rule numbers ----------------------------------------------------------------------
    def _allowed(self, entry: Entry, parsed: qlang.ParsedQuery) -> bool:
        if parsed.games and entry.game not in parsed.games:
            return False
        if parsed.docs and entry.doc not in parsed.docs:
            return False
        if parsed.kinds and entry.kind not in parsed.kinds:
            return False
        return True

    def number_targets(self, parsed: qlang.ParsedQuery) -> list[Entry]:
        """The entries the query's numbers name, in the order asked, then document order."""
        found: list[Entry] = []
        seen = set()

        def add(entry: Entry | None) -> None:
            if entry and entry.id not in seen and self._allowed(entry, parsed):
                seen.add(entry.id)
                found.append(entry)

        for term in parsed.numbers:
            for entry in self._numbered(term.number if isinstance(term, qlang.NumberTerm) else term.start):
                if isinstance(term, qlang.RangeTerm):
                    for member in self.expand_range(entry.doc, term.start, term.end):
                        add(member)
                    continue
                add(entry)
                if not term.alone:
                    for sub in self.corpus.descendants(entry):
                        add(sub)
        return found

    def _numbered(self, number: str) -> list[Entry]:
        out = []
        for doc in self.corpus.documents:
            entry = self.corpus.by_number(doc, number)
            if entry:
                out.append(entry)
        return out

    def expand_range(self, doc: str, start: str, end: str) -> list[Entry]:
        """All numbered entries of the same level from start to end, as the document has them
        (so 703.4m–r skips the letter o that the document skips)."""
        first, last = self.corpus.by_number(doc, start), self.corpus.by_number(doc, end)
        if not first or not last or first.kind != last.kind:
            return [e for e in (first, last) if e]
        same_level = [e for e in self.corpus.in_doc(doc) if e.kind == first.kind and e.number]
        ids = [e.id for e in same_level]
        i, j = ids.index(first.id), ids.index(last.id)
        return same_level[i : j + 1] if i <= j else [first, last]

    def _number_hits(self, parsed: qlang.ParsedQuery) -> list[Hit]:
        entries = self.number_targets(parsed)
        return [Hit(e.id, float(len(entries) - n)) for n, e in enumerate(entries)]

    # -- words -----------------------------------------------------------------------------
    def _filter(self, parsed: qlang.ParsedQuery):
        clauses = []
        for name, values in (("game", parsed.games), ("kind", parsed.kinds), ("doc", parsed.docs)):
            if values:
                clauses.append(wq.Or([wq.Term(name, v) for v in values]))
        numbers = [t for t in parsed.numbers if isinstance(t, qlang.NumberTerm)]
        if numbers:
            clauses.append(wq.Or([wq.Term("numpath", t.number) for t in numbers]))
        if parsed.card:
            ids = self._card_family(parsed.card, parsed.games)
            clauses.append(wq.Or([wq.Term("id", i) for i in ids]) if ids else wq.NullQuery)
        return wq.And(clauses) if clauses else None

    def _card_family(self, name: str, games: list[str]) -> list[str]:
        """The entries a `card:` filter names: the card (both versions of a PAP pair, or the
        candidates of an ambiguous name) and its rulings."""
        from judge.search.cardnames import lookup

        found = lookup(self.corpus, name, games[0] if len(games) == 1 else None)
        cards = found.cards or [e for c in found.candidates[:5] for e in c.group.entries] \
            if found.status in ("exact", "fuzzy", "ambiguous") else []
        ids = []
        for card in cards:
            ids.append(card.id)
            ids += [d.id for d in self.corpus.descendants(card)]
        return ids

    def _text_query(self, words: str):
        words = words.strip()
        if not words:
            return wq.Every()
        try:
            q = self._parser.parse(words)
            if q is not wq.NullQuery:
                return self._exclusions_exclude(q)
        except Exception:  # anything whoosh rejects is read as plain words
            pass
        plain = " ".join(re.findall(r"\w+", words))
        return self._plain_parser.parse(plain) if plain else wq.NullQuery

    @staticmethod
    def _phrase_query(phrase: tuple[str, ...]):
        fields = ("title", "text")
        if len(phrase) == 1:
            return wq.Or([wq.Term(f, phrase[0]) for f in fields])
        return wq.Or([wq.Phrase(f, list(phrase)) for f in fields])

    @staticmethod
    def _exclusions_exclude(q):
        """With OR as the default, whoosh reads `flying NOT reach` as "flying, or anything
        without reach". A judge means "flying, and not reach": NOT terms are subtracted."""
        if isinstance(q, wq.Or):
            negatives = [c.query for c in q.subqueries if isinstance(c, wq.Not)]
            positives = [c for c in q.subqueries if not isinstance(c, wq.Not)]
            if negatives and positives:
                return wq.AndNot(wq.Or(positives), wq.Or(negatives))
        return q

    def _word_hits(self, parsed: qlang.ParsedQuery, limit: int) -> list[Hit]:
        q = self._text_query(parsed.words)
        terms = analyze(OPERATOR_RE.sub(" ", parsed.words))
        # Each query word is a concept; a bridged synonym satisfies the concept it stands in for.
        concepts: dict[str, set[str]] = {t: {t} for t in terms}
        if parsed.words and not OPERATOR_RE.search(parsed.words):
            bridged = expansions(terms, self.synonyms, parsed.games or None)
            if bridged:
                q = wq.Or([q, wq.Or([self._phrase_query(p) for p, _, _ in bridged], boost=SYNONYM_BOOST)])
                for phrase, trigger, _ in bridged:
                    for word in trigger:
                        concepts.setdefault(word, {word}).update(phrase)
        if parsed.words and not OPERATOR_RE.search(parsed.words):
            glossary_terms = self._glossary_feedback(q, parsed)
            if glossary_terms:
                q = wq.Or([q, wq.Or([self._phrase_query(p) for p in glossary_terms], boost=GLOSSARY_BOOST)])
        highlight = frozenset(set().union(*concepts.values()) if concepts else ())
        results = self._searcher.search(q, filter=self._filter(parsed),
                                        limit=max(limit, CANDIDATES), terms=True)
        weights = self._game_weights(terms, parsed)
        concept_idf = self._concept_weights(concepts)
        hits = []
        for r in results:
            matched = {t.decode("utf-8") if isinstance(t, bytes) else t for _, t in (r.matched_terms() or [])}
            score = float(r.score or 0.0) * weights.get(r["game"], 1.0)
            score *= self._coverage(matched, concepts, concept_idf) ** COVERAGE_POWER
            hits.append(Hit(r["id"], score, highlight))
        hits += self._saved_ruling_hits(parsed, concepts, concept_idf, highlight,
                                        best=hits[0].score if hits else 1.0)
        hits.sort(key=lambda h: -h.score)
        return hits[:limit]

    def _saved_ruling_hits(self, parsed, concepts, concept_idf, highlight, best: float) -> list[Hit]:
        """Rulings judges saved at this event (judge ruling save), searched alongside the rules.
        They live in a database that changes while the index does not, so they are scored here:
        by how much of the question they answer, on the scale of the best indexed result."""
        if parsed.kinds and "ruling" not in parsed.kinds or parsed.docs and "saved" not in parsed.docs:
            return []
        if parsed.card or parsed.numbers:
            return []
        from judge.rulings.store import saved_ruling_entries

        hits = []
        for entry in saved_ruling_entries():
            if parsed.games and entry.game not in parsed.games:
                continue
            extra = entry.extra
            words = set(analyze(" ".join([entry.text, str(extra.get("event") or ""), "table",
                                          str(extra.get("table") or ""), str(extra.get("judge") or "")])))
            coverage = self._coverage(words, concepts, concept_idf)
            if coverage >= SAVED_RULING_MIN_COVERAGE:
                hits.append(Hit(entry.id, best * coverage ** COVERAGE_POWER, highlight, entry))
        return hits

    def _glossary_feedback(self, q, parsed: qlang.ParsedQuery) -> list[tuple[str, ...]]:
        """The terms of the glossary entries that best match the question: a judge describes a
        thing ("hiding inside my Haven"); the glossary names it ("Sheltered")."""
        flt = wq.Term("kind", "glossary")
        if parsed.games:
            flt = wq.And([flt, wq.Or([wq.Term("game", g) for g in parsed.games])])
        found = self._searcher.search(q, filter=flt, limit=GLOSSARY_FEEDBACK, terms=True)
        phrases = []
        for r in found:
            if len({t for _, t in (r.matched_terms() or [])}) >= 3:  # several words agree
                entry = self.corpus.get(r["id"])
                if entry is not None:
                    phrases.append(tuple(analyze(entry.title.split(" (")[0])))
        return [p for p in phrases if p]

    def _concept_weights(self, concepts: dict[str, set[str]]) -> dict[str, float]:
        """How telling each concept is: the idf of its rarest indexed word (0 if unknown)."""
        out = {}
        for concept, words in concepts.items():
            idfs = [self._searcher.idf("text", w) for w in words if self._searcher.doc_frequency("text", w)]
            out[concept] = max(idfs) if idfs else 0.0
        return out

    @staticmethod
    def _coverage(matched: set[str], concepts: dict[str, set[str]], idf: dict[str, float]) -> float:
        """The idf-weighted share of the question's concepts that an entry answers to: an
        entry that matches "sideboard" and "copies" beats one that repeats "copies" five times."""
        total = sum(idf.values())
        if not total:
            return 1.0
        got = sum(w for c, w in idf.items() if concepts[c] & matched)
        return max(got / total, 0.05)

    def _game_weights(self, terms: list[str], parsed: qlang.ParsedQuery) -> dict[str, float]:
        """Favour the games whose vocabulary the question is written in (see gamemodel); each
        game hears the question in its own words through the vocabulary bridge."""
        if self.games is None or len(parsed.games) == 1 or parsed.card:
            return {}
        posterior = self.games.posterior(terms, self._translations)
        return {g: GAME_FLOOR + (1 - GAME_FLOOR) * p for g, p in posterior.items()}
