"""Running a parsed query against the index and the corpus.

Rule numbers are answered from the corpus directly (exact, in document order). Plain words are
scored from the lexicon (lexicon.py: BM25 over an entry's own text and what surrounds it), with
the vocabulary bridge and glossary feedback adding words the judge didn't type, each bridged word
only in the game whose bridge it comes from; queries with operators or phrases go to whoosh. Both
are then re-ranked: by how much of the question an entry covers, and by how likely its game is
for the question's vocabulary. Filters apply to all. whoosh is opened only when a query needs it.
"""
from __future__ import annotations

import heapq
import math
import os
import re
from dataclasses import dataclass, field, replace

from judge.corpus import ranges
from judge.corpus.model import Corpus, Entry
from judge.search import query as qlang
from judge.search.analysis import analyze, fold, use_tables
from judge.search.lexicon import FIELDS, Lexicon
from judge.search.synonyms import Vocabulary, bridges, translations

SEARCHED_FIELDS = list(FIELDS)
# "Did you mean" looks up at most this many unknown words (each costs a scan of the vocabulary),
# none longer than the longest word worth correcting: a pasted page must not take seconds.
MAX_CORRECTIONS = 3
MAX_CORRECTED_LENGTH = 30
AROUND_WEIGHT = 0.5  # what surrounds an entry (titles above it, its examples, its list items) against its own words
CONCEPT_MAX = True  # a concept scores by its best reading (False: its readings add up)
TALK_WEIGHT = 0.5  # a word of table talk (rules/table-talk.yaml), against a word of the rules
GAME_FLOOR = 0.4  # a result from an unlikely game keeps this share of its score
PHRASE_BOOST = 0.33  # an adjacent pair of the question's words found together in an entry
TITLE_BOOST = 1.0  # per idf of a title's words, when the judge typed the whole title
CANDIDATES = 100  # results fetched from whoosh before re-ranking
GLOSSARY_FEEDBACK = 3  # glossary entries consulted to name what the question describes
GLOSSARY_BOOST = 0.5
GLOSSARY_AGREEMENT = 3  # question words a glossary entry must share to be named
COVERAGE_POWER = 1.0  # how strongly answering more of the question's words counts
FIRST_PAGE = 5  # the results a judge reads first
ELSEWHERE = 3  # answers of other games named when a game filter found nothing
OTHER_DOCUMENT = 0.5  # the other document of a game joins the first page from this share of the best score
RULE_ABOVE_EXAMPLE = 1.01  # a rule ranks just above the best of its examples that was found
SAVED_RULING_MIN_COVERAGE = 0.5  # a saved ruling must answer to half the question to be listed
OPERATOR_RE = re.compile(r'"|\b(?:AND|OR|NOT)\b')


@dataclass
class Hit:
    id: str
    score: float
    terms: frozenset = frozenset()  # analysed query terms, for highlighting
    entry: Entry | None = None  # set for entries outside the corpus (saved rulings)
    same_text: list[str] = field(default_factory=list)  # lower-ranked entries with the very same text


@dataclass
class SearchResult:
    hits: list[Hit]
    query: qlang.ParsedQuery
    suggestions: list[str] = field(default_factory=list)  # "did you mean"
    notes: list[str] = field(default_factory=list)  # e.g. an unknown game name
    # How likely each game is for the question's words (gamemodel), when the judge named no game:
    # a soft prior on the ranking, never a filter. Empty when a game was given or nothing inferred.
    game_likelihood: dict[str, float] = field(default_factory=dict)
    # When a game filter hid the answer: the best hits of the other games (else empty).
    elsewhere: list[Hit] = field(default_factory=list)

    @property
    def inferred_game(self) -> str | None:
        """The game the question's words point to most (None when a game was given)."""
        ranked = sorted(self.game_likelihood.values(), reverse=True)
        if not ranked or len(ranked) > 1 and ranked[0] == ranked[1]:
            return None  # no word of the question says which game (a uniform likelihood)
        return max(self.game_likelihood, key=self.game_likelihood.get)


def _preloaded(q):
    """Score OR queries with whoosh's preloading matcher: on an index this small it is several
    times faster than the default tree of union matchers, which pays for skipping we don't need."""
    from whoosh import query as wq

    if isinstance(q, wq.Or):
        q.matcher_type = wq.Or.ARRAY_MATCHER
    for child in q.children():
        _preloaded(child)
    return q


SAVED_KIND, SAVED_DOC = "ruling", "saved"  # saved rulings' kind and doc (judge ruling save)


class Searcher:
    def __init__(self, corpus: Corpus, lexicon: Lexicon, open_index, games=None, titles=None,
                 vocabulary: Vocabulary | None = None) -> None:
        """`open_index`: a callable that opens the whoosh index, called the first time a query
        needs whoosh (operators, phrases, "did you mean")."""
        self.corpus = corpus
        self.lexicon = lexicon
        self._open_index = open_index
        self._index = None
        self._whoosh = None  # (searcher, parser), opened with the index
        self.games = games
        self.titles = titles
        if vocabulary is None:
            from judge.search.synonyms import load_vocabulary

            vocabulary = load_vocabulary(corpus)
        use_tables(vocabulary.analysis)
        self.synonyms = vocabulary.groups
        self.talk = vocabulary.talk
        self._glossary = vocabulary.glossary
        self._translations = translations(self.synonyms)
        self._leads = None  # list item -> the paragraph that introduces it, built on first use
        self._known = None  # (kinds, docs) a filter may name, gathered on first use

    @property
    def index(self):
        if self._index is None:
            self._index = self._open_index()
        return self._index

    def _whoosh_searcher(self):
        if self._whoosh is None:
            from whoosh import qparser
            from whoosh.scoring import BM25F

            searcher = self.index.searcher(weighting=BM25F(B=0.75, K1=1.2))
            parser = qparser.MultifieldParser(SEARCHED_FIELDS, self.index.schema,
                                              group=qparser.OrGroup.factory(0.9))
            parser.remove_plugin_class(qparser.WildcardPlugin)
            parser.remove_plugin_class(qparser.FieldsPlugin)  # our own filters handle field:
            self._whoosh = (searcher, parser)
        return self._whoosh

    # -- public ----------------------------------------------------------------------------
    def search(self, text: str, game: str | None = None, kind: str | None = None,
               limit: int = 10) -> SearchResult:
        """The hits for `text`; QueryTooLarge past the query bounds (query.check_size)."""
        qlang.check_size(text)
        parsed = qlang.parse(text)
        if not (parsed.words.strip() or parsed.numbers or parsed.card or parsed.games or parsed.kinds
                or parsed.docs):
            return SearchResult([], parsed, notes=["nothing to search for"])  # e.g. a lone quote
        if game:
            parsed.games.append(game)
        if kind:
            parsed.kinds += [k.strip() for k in kind.split(",") if k.strip()]
        self._check_filters(parsed)
        result = SearchResult([], parsed)
        only_numbers = parsed.numbers and not parsed.words.strip() and not parsed.card
        if only_numbers:
            result.hits = self._number_hits(parsed)[:limit]
            if not result.hits and parsed.games:
                # A rule number names its rule whatever the game filter: 704.5 is No Dawn's.
                result.hits = self._number_hits(replace(parsed, games=[]))[:limit]
                for doc in dict.fromkeys(self.corpus.get(h.id).doc for h in result.hits):
                    result.notes.append(f"from {self.corpus.documents[doc].title}, outside the game filter")
            return result
        result.hits, result.game_likelihood = self._word_hits(parsed, limit)
        if parsed.games:
            result.elsewhere = self._hidden_by_filter(parsed, result.hits)
        if not result.hits and parsed.words:
            result.suggestions = self.did_you_mean(parsed.words)
        return result

    def _hidden_by_filter(self, parsed: qlang.ParsedQuery, hits: list[Hit]) -> list[Hit]:
        """The best answers of the other games, when the game filter hid the answer: nothing
        was found in the game, or the same search over every game puts another game's entry
        first and none of the game's first page on its own first page."""
        everywhere, _ = self._word_hits(replace(parsed, games=[], kinds=list(parsed.kinds)), FIRST_PAGE)
        outside = [h for h in everywhere if self._game_of(h) not in parsed.games]
        if not outside:
            return []
        if not hits:
            return outside[:ELSEWHERE]
        shown = {h.id for h in everywhere}
        if everywhere[0] is outside[0] and not shown & {h.id for h in hits[:FIRST_PAGE]}:
            return outside[:1]
        return []

    def _game_of(self, hit: Hit) -> str | None:
        entry = hit.entry or self.corpus.get(hit.id)
        return entry.game if entry else None

    def _check_filters(self, parsed) -> None:
        """UnknownFilter for a game, kind or doc the query names that nothing searched has."""
        from judge.corpus.documents import GAME_TITLES

        if parsed.unknown_games:
            raise qlang.UnknownFilter(
                f"unknown game {', '.join(map(repr, parsed.unknown_games))}; choose one of "
                f"{', '.join(GAME_TITLES)} (or nd, lcg, ccg, sf)")
        if self._known is None:
            kinds = {e.kind for e in self.corpus.entries.values()} | {SAVED_KIND}
            self._known = (kinds, set(self.corpus.documents) | {SAVED_DOC})
        for name, values, known in (("kind", parsed.kinds, self._known[0]), ("doc", parsed.docs, self._known[1])):
            unknown = [v for v in values if v not in known]
            if unknown:
                raise qlang.UnknownFilter(f"unknown {name} {', '.join(map(repr, unknown))}; "
                                          f"choose from {', '.join(sorted(known))}")

    def did_you_mean(self, words: str) -> list[str]:
        """Corrections drawn from the index's own (unstemmed) vocabulary."""
        searcher, _ = self._whoosh_searcher()
        corrector = searcher.corrector("spell")
        fixed, changed, looked_up = [], False, 0
        for token in re.findall(r"[^\W\d_]+|\S+", fold(words)):
            lower = token.lower()
            if len(lower) < 3 or len(lower) > MAX_CORRECTED_LENGTH or not lower.isalpha() \
                    or looked_up == MAX_CORRECTIONS or searcher.doc_frequency("spell", lower):
                fixed.append(token)
                continue
            looked_up += 1
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
                if term.doc and entry.doc != term.doc:
                    continue
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
        return ranges.expand(self.corpus, doc, start, end)

    def _number_hits(self, parsed: qlang.ParsedQuery) -> list[Hit]:
        entries = self.number_targets(parsed)
        return [Hit(e.id, float(len(entries) - n)) for n, e in enumerate(entries)]

    # -- words -----------------------------------------------------------------------------
    def _filter(self, parsed: qlang.ParsedQuery):
        """The whoosh filter of an operator query (same rules as _allowed_docs)."""
        from whoosh import query as wq

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

    def _allowed_docs(self, parsed: qlang.ParsedQuery) -> set[int] | None:
        """The lexicon entries the query's filters leave (None: no filter)."""
        numbers = [t.number for t in parsed.numbers if isinstance(t, qlang.NumberTerm)]
        if not (parsed.games or parsed.kinds or parsed.docs or numbers or parsed.card):
            return None
        family = set(self._card_family(parsed.card, parsed.games)) if parsed.card else None
        allowed = set()
        for n, entry_id in enumerate(self.lexicon.ids):
            entry = self.corpus.get(entry_id)
            if entry is None or not self._allowed(entry, parsed):
                continue
            if family is not None and entry_id not in family:
                continue
            if numbers:
                path = {a.number for a in self.corpus.ancestors(entry) if a.number and a.kind != "section"}
                if entry.number and entry.kind != "section":
                    path.add(entry.number)
                if not path.intersection(numbers):
                    continue
            allowed.add(n)
        return allowed

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
        from whoosh import query as wq

        words = words.strip()
        if not words:
            return wq.Every()
        _, parser = self._whoosh_searcher()
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

    def _operator_candidates(self, parsed: qlang.ParsedQuery) -> list[tuple[int, float]]:
        """Operators and quoted phrases: whoosh's parser and matchers, on lexicon numbering."""
        searcher, _ = self._whoosh_searcher()
        results = searcher.search(_preloaded(self._text_query(parsed.words)),
                                  filter=self._filter(parsed), limit=CANDIDATES)
        number = self.lexicon.number
        return [(number[r["id"]], float(r.score or 0.0)) for r in results if r["id"] in number]

    def _word_hits(self, parsed: qlang.ParsedQuery, limit: int) -> tuple[list[Hit], dict[str, float]]:
        """The ranked hits, and the likelihood of each game that weighed them."""
        plain = bool(parsed.words.strip()) and not qlang.uses_operators(parsed.words)
        # A lone or doubled operator ("NOT", "AND AND") is a word, as a judge would read it.
        terms = analyze(parsed.words.lower() if plain else OPERATOR_RE.sub(" ", parsed.words))
        posterior = self._posterior(terms, parsed)
        # Bridge into every game (or the ones asked for): each bridged word is read only in the
        # documents of its own game, and the posterior weighs the games afterwards.
        games = parsed.games or None
        # Each query word is a concept; a bridged synonym satisfies the concept it stands in for.
        concepts: dict[str, set[str]] = {t: {t} for t in terms}
        if plain:
            candidates = self._plain_candidates(terms, concepts, games, parsed)
        else:
            candidates = self._operator_candidates(parsed)
        words = set().union(*concepts.values()) if concepts else set()
        highlight = frozenset(words)
        weights = {g: GAME_FLOOR + (1 - GAME_FLOOR) * p for g, p in posterior.items()}
        concept_idf = self._concept_weights(concepts)
        typed = set(terms)  # a word the judge typed may be a card's name; a bridged word is not
        containing = {w: self.lexicon.docs_with(w, names=w in typed) for w in words}
        ids, games_of = self.lexicon.ids, self.lexicon.games
        hits = []
        for docnum, score in candidates:
            matched = {w for w, docs in containing.items() if docnum in docs}
            score *= weights.get(games_of[docnum], 1.0)
            score *= self._coverage(matched, concepts, concept_idf) ** COVERAGE_POWER
            hits.append(Hit(ids[docnum], score, highlight))
        hits = self._rules_above_examples(hits, parsed)
        hits += self._saved_ruling_hits(parsed, concepts, concept_idf, highlight,
                                        best=max((h.score for h in hits), default=1.0))
        hits.sort(key=lambda h: -h.score)
        hits = self._without_repeats(hits, limit + FIRST_PAGE)
        hits = self._every_document_of_the_game(hits, limit)
        return hits[:limit], posterior

    def _without_repeats(self, hits: list[Hit], limit: int) -> list[Hit]:
        """The documents repeat themselves word for word (a Shadowfist topic and its only ruling,
        the L5R card-type boilerplate, one paragraph under four tournament formats): a text is
        listed once, at its best rank, naming the other places it stands."""
        first: dict[str, Hit] = {}
        kept = []
        for hit in hits:
            if len(kept) == limit:
                break
            entry = hit.entry or self.corpus.get(hit.id)
            key = " ".join(re.findall(r"\w+", fold(entry.text).lower())) if entry else ""
            if key and key in first:
                first[key].same_text.append(hit.id)
                continue
            if key:
                first[key] = hit
            kept.append(hit)
        return kept

    def _plain_candidates(self, terms, concepts, games, parsed) -> list[tuple[int, float]]:
        """Plain words: the question's words, the bridged synonyms and the glossary names it
        describes, each weighted, scored straight from the lexicon. A bridged word is read only
        in the game its bridge belongs to: Shadowfist's "turn" (tap) says nothing of No Dawn.
        The readings of one concept (the word typed, each of its translations) do not add up:
        an entry is scored by its best reading, so a concept counts once however it is worded,
        and a translation competes with the other concepts of the question on equal terms."""
        # concept -> its readings; a reading is the words it adds, each with its game, boost and
        # whether it may be read in a card's name
        readings: dict[tuple[str, ...], list[list[tuple[str, str | None, float, bool]]]] = {}
        for term in dict.fromkeys(terms):
            boost = (TALK_WEIGHT if term in self.talk else 1.0) * terms.count(term)
            readings.setdefault((term,), []).append([(term, None, boost, True)])
        for bridge in bridges(terms, self.synonyms, games):
            # A translation counts as the word typed (the concept scores by its best reading, so
            # it never adds to it); a phrase's words share that weight.
            share = 1.0 / len(bridge.phrase)
            # A bridged word is never read in a card's name: "drained" is not Brain *Tap* Rifle.
            readings.setdefault(bridge.trigger, []).append(
                [(w, bridge.game, share, w in terms) for w in bridge.phrase])
            for word in bridge.trigger:
                concepts.setdefault(word, {word}).update(bridge.phrase)
        for game, name in self._glossary_feedback(set().union(*concepts.values()) if concepts else set(), games):
            readings.setdefault(("glossary",) + name, []).append(
                [(w, game, GLOSSARY_BOOST / len(name), True) for w in name])
        allowed = self._allowed_docs(parsed)
        scores: dict[int, float] = {}
        for options in readings.values():
            if len(options) == 1 or not CONCEPT_MAX:
                for words in options:
                    self._score(words, allowed, scores)
                continue
            best: dict[int, float] = {}
            for words in options:
                for doc, value in self._score(words, allowed, {}).items():
                    if value > best.get(doc, 0.0):
                        best[doc] = value
            for doc, value in best.items():
                scores[doc] = scores.get(doc, 0.0) + value
        pairs = [p for p in dict.fromkeys(zip(terms, terms[1:])) if p[0] != p[1]]
        self._add_phrases(scores, pairs, allowed)
        self._reward_named_titles(scores, terms, allowed)
        return heapq.nlargest(CANDIDATES, scores.items(), key=lambda item: item[1])

    def _score(self, words: list[tuple[str, str | None, float, bool]], allowed: set[int] | None,
               scores: dict[int, float]) -> dict[int, float]:
        """Adds to `scores` Σ over the words and fields of boost × idf × BM25 term weight; a
        word whose last flag is False is not read in card names."""
        get = scores.get
        for word, game, boost, in_names in words:
            for name, field_weight in (("text", 1.0), ("around", AROUND_WEIGHT)):
                docs, tfw = self.lexicon.weights(name, word, game, names=in_names)
                if not docs:
                    continue
                k = boost * field_weight * self.lexicon.idf(name, word)
                if allowed is None:
                    for d, w in zip(docs, tfw):
                        scores[d] = get(d, 0.0) + k * w
                else:
                    for d, w in zip(docs, tfw):
                        if d in allowed:
                            scores[d] = get(d, 0.0) + k * w
        return scores

    def _add_phrases(self, scores: dict[int, float], pairs: list[tuple[str, str]], allowed) -> None:
        """Reward words that stand together in an entry as they do in the question ("master
        blood", "declare blockers"): each adjacent pair found adds its idf."""
        for first, second in pairs:
            both = self.lexicon.docs_with(first) & self.lexicon.docs_with(second)
            if allowed is not None:
                both = both & allowed
            docs = self.lexicon.adjacent(first, second, both)
            if docs:
                idf = math.log(self.lexicon.count / (len(docs) + 1)) + 1
                for doc in docs:
                    scores[doc] = scores.get(doc, 0.0) + PHRASE_BOOST * idf

    def _reward_named_titles(self, scores: dict[int, float], terms: list[str], allowed) -> None:
        """An entry whose whole name the judge typed (a glossary term, a card, a keyword)
        gains the idf of that name's words: "master-blood" means the Master-Blood entry."""
        if self.titles is None:
            return
        for words, ids in self.titles.named_in(terms):
            bonus = TITLE_BOOST * sum(self.lexicon.idf("text", w) for w in words)
            for entry_id in ids:
                docnum = self.lexicon.number.get(entry_id)
                if docnum is not None and (allowed is None or docnum in allowed):
                    scores[docnum] = scores.get(docnum, 0.0) + bonus

    def _posterior(self, terms: list[str], parsed: qlang.ParsedQuery) -> dict[str, float]:
        """Which games the question's words belong to (see gamemodel); each game hears the
        question through its own vocabulary bridge. Empty when the judge chose the game."""
        if self.games is None or len(parsed.games) == 1 or parsed.card:
            return {}
        named = self.titles.named_in(terms) if self.titles else []
        return self.games.posterior(terms, self._translations, frozenset(w for words, _ in named for w in words))

    def _saved_ruling_hits(self, parsed, concepts, concept_idf, highlight, best: float) -> list[Hit]:
        """Rulings judges saved at this event (judge ruling save), searched alongside the rules.
        They live in a database that changes while the index does not, so they are scored here:
        by how much of the question they answer, on the scale of the best indexed result."""
        if parsed.kinds and SAVED_KIND not in parsed.kinds or parsed.docs and SAVED_DOC not in parsed.docs:
            return []
        if parsed.card or parsed.numbers:
            return []
        from judge.rulings.location import default_db_path

        if not os.path.exists(default_db_path()):  # no log here (what the store would say too),
            return []  # and its code, sqlite3 and all, is not loaded for nothing
        from judge.rulings.store import saved_ruling_entries

        hits = []
        for entry in saved_ruling_entries():
            if parsed.games and entry.game not in parsed.games:
                continue
            extra = entry.extra
            words = set(analyze(" ".join([entry.text, str(extra.get("event") or ""), "table",
                                          str(extra.get("table") or ""), str(extra.get("judge") or "")])))
            if not any(found & words for found in concepts.values()):
                continue  # shares no word with the question (coverage alone says 1.0 when the
                # index knows none of the question's words)
            coverage = self._coverage(words, concepts, concept_idf)
            if coverage >= SAVED_RULING_MIN_COVERAGE:
                hits.append(Hit(entry.id, best * coverage ** COVERAGE_POWER, highlight, entry))
        return hits

    def _glossary_feedback(self, words: set[str], games: list[str] | None) -> list[tuple[str, tuple[str, ...]]]:
        """(game, name) of the glossary entries that best match the question: a judge describes
        a thing ("hiding inside my Haven"); the glossary names it ("Sheltered")."""
        idf = {w: self.lexicon.idf("text", w) for w in words if self.lexicon.doc_frequency(w)}
        shared: dict[tuple[str, tuple[str, ...]], list[str]] = {}
        for word in idf:
            for game, name in self._glossary.get(word, ()):
                if not games or game in games:
                    shared.setdefault((game, name), []).append(word)
        scored = []
        for (game, name), found in shared.items():
            if len(found) >= GLOSSARY_AGREEMENT:  # several of the question's words agree on this entry
                scored.append((sum(idf[w] for w in found), game, name))
        scored.sort(reverse=True)
        return [(game, name) for _, game, name in scored[:GLOSSARY_FEEDBACK]]

    def _concept_weights(self, concepts: dict[str, set[str]]) -> dict[str, float]:
        """How telling each concept is: the idf of its rarest indexed word (0 if unknown)."""
        out = {}
        for concept, words in concepts.items():
            idfs = [self.lexicon.idf("text", w) for w in words if self.lexicon.doc_frequency(w)]
            out[concept] = (max(idfs) if idfs else 0.0) * (TALK_WEIGHT if concept in self.talk else 1.0)
        return out

    def _rules_above_examples(self, hits: list[Hit], parsed: qlang.ParsedQuery) -> list[Hit]:
        """An example tells a story in the judge's own terms ("a response that destroys a Scholar
        does not raise the price"), so it is often found where the rule it illustrates ("the total
        cost is locked") shares no word with the question; a short list item ("- Any Event") is
        found on few words where the paragraph that introduces it states the rule. The judge
        cites the rule or the paragraph: it is listed just above its example or item, however it
        scored by itself."""
        if self._leads is None:
            from judge.search.leads import introductions

            self._leads = introductions(self.corpus)
        by_id = {h.id: h for h in hits}
        for hit in hits:
            entry = self.corpus.get(hit.id)
            if entry is None:
                continue
            lead_id = entry.parent if entry.kind == "example" else self._leads.get(entry.id)
            if not lead_id:
                continue
            lead = hit.score * RULE_ABOVE_EXAMPLE
            rule = by_id.get(lead_id)
            if rule is not None:
                rule.score = max(rule.score, lead)
            elif self._allowed(self.corpus.get(lead_id), parsed):
                by_id[lead_id] = Hit(lead_id, lead, hit.terms)
        return list(by_id.values())

    def _every_document_of_the_game(self, hits: list[Hit], limit: int) -> list[Hit]:
        """A game told in two documents (L5R CCG: the rulebook and the comprehensive-rules
        excerpt) states many rules in both. When the first page holds one and not the other, the
        other's best hit joins the page's last place, provided it scores at least OTHER_DOCUMENT
        of the page's best: a judge is shown both statements."""
        page = hits[:min(limit, FIRST_PAGE)]
        if not page:
            return hits
        best = page[0].score
        docs_of_game: dict[str, set[str]] = {}
        for d in self.corpus.documents.values():
            docs_of_game.setdefault(self.corpus.game_of(d.key), set()).add(d.key)
        shown = {self.corpus.get(h.id).doc for h in page if self.corpus.get(h.id)}
        games = {self.corpus.get(h.id).game for h in page if self.corpus.get(h.id)}
        for game in games:
            for doc in sorted(docs_of_game.get(game, set()) - shown):
                other = next((h for h in hits[len(page):] if self.corpus.get(h.id) and self.corpus.get(h.id).doc == doc), None)
                if other is not None and other.score >= OTHER_DOCUMENT * best and len(page) >= 2:
                    hits = [h for h in hits if h is not other]
                    hits.insert(len(page) - 1, other)
        return hits

    @staticmethod
    def _coverage(matched: set[str], concepts: dict[str, set[str]], idf: dict[str, float]) -> float:
        """The idf-weighted share of the question's concepts that an entry answers to: an
        entry that matches "sideboard" and "copies" beats one that repeats "copies" five times."""
        total = sum(idf.values())
        if not total:
            return 1.0
        got = sum(w for c, w in idf.items() if concepts[c] & matched)
        return max(got / total, 0.05)

