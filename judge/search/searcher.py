"""Running a parsed query against the index and the corpus.

Rule numbers are answered from the corpus directly (exact, in document order). Plain words are
scored from the lexicon (word_scoring.py: BM25 over an entry's own text and what surrounds it),
with the vocabulary bridge and glossary feedback adding words the judge didn't type, each bridged
word only in the game whose bridge it comes from; queries with operators or phrases go to whoosh
(operators.py). Both are then re-ranked here: by how much of the question an entry covers, and by how likely its game is
for the question's vocabulary; and the page is shaped so the answer, not its neighbours, leads
(a rule above its example, a text the documents repeat listed once, both L5R CCG documents
offered). Filters apply to all. whoosh is opened only when a query needs it.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field, replace

from judge.corpus import ranges
from judge.corpus.model import Corpus, Entry
from judge.search import query as qlang
from judge.search import word_scoring
from judge.search.analysis import analyze, fold, use_tables
from judge.search.lexicon import Lexicon
from judge.search.operators import OperatorSearch
from judge.search.synonyms import Vocabulary, translations
from judge.search.word_scoring import WordScorer

GAME_FLOOR = 0.4  # a result from an unlikely game keeps this share of its score
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
    # The judge's-index question the entry answers that found it ("" when its own words did)
    matched: str = ""


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
        return max(self.game_likelihood, key=lambda game: self.game_likelihood[game])


SAVED_KIND, SAVED_DOC = "ruling", "saved"  # saved rulings' kind and doc (judge ruling save)


class Searcher:
    def __init__(
        self,
        corpus: Corpus,
        lexicon: Lexicon,
        open_index,
        games=None,
        titles=None,
        vocabulary: Vocabulary | None = None,
    ) -> None:
        """`open_index`: a callable that opens the whoosh index, called the first time a query
        needs whoosh (operators, phrases, "did you mean")."""
        self.corpus = corpus
        self.lexicon = lexicon
        self._operators = OperatorSearch(open_index)
        self.games = games
        self.titles = titles
        if vocabulary is None:
            from judge.search.synonyms import load_vocabulary  # deferred: start-up

            vocabulary = load_vocabulary(corpus)
        use_tables(vocabulary.analysis)
        self.synonyms = vocabulary.groups
        self._words = WordScorer(lexicon, vocabulary, titles)
        self._translations = translations(self.synonyms)
        self._leads: dict[str, str] | None = None  # list item -> the paragraph that introduces it, built on first use
        self._known: tuple[set[str], set[str]] | None = None  # (kinds, docs) a filter may name, gathered on first use

    # -- public ----------------------------------------------------------------------------
    def search(
        self, text: str, game: str | None = None, kind: str | None = None, limit: int = 10, rulings_db=None
    ) -> SearchResult:
        """The hits for `text`; QueryTooLarge past the query bounds (query.check_size).
        `rulings_db`: the saved-rulings file searched alongside the rules (default: the
        store's default, judge.rulings.location)."""
        qlang.check_size(text)
        parsed = qlang.parse(text)
        if not (parsed.words.strip() or parsed.numbers or parsed.card or parsed.games or parsed.kinds or parsed.docs):
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
                for doc in dict.fromkeys(self.corpus.entries[h.id].doc for h in result.hits):  # number hits are entries
                    result.notes.append(f"from {self.corpus.documents[doc].title}, outside the game filter")
            return result
        result.hits, result.game_likelihood = self._word_hits(parsed, limit, rulings_db)
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
        from judge.corpus.documents import GAME_TITLES  # deferred: start-up

        if parsed.unknown_games:
            raise qlang.UnknownFilter(
                f"unknown game {', '.join(map(repr, parsed.unknown_games))}; choose one of "
                f"{', '.join(GAME_TITLES)} (or nd, lcg, ccg, sf)"
            )
        if self._known is None:
            kinds = {e.kind for e in self.corpus.entries.values()} | {SAVED_KIND}
            self._known = (kinds, set(self.corpus.documents) | {SAVED_DOC})
        for name, values, known in (("kind", parsed.kinds, self._known[0]), ("doc", parsed.docs, self._known[1])):
            unknown = [v for v in values if v not in known]
            if unknown:
                raise qlang.UnknownFilter(
                    f"unknown {name} {', '.join(map(repr, unknown))}; choose from {', '.join(sorted(known))}"
                )

    @property
    def index(self):
        """The whoosh index (opened on first use)."""
        return self._operators.index

    def did_you_mean(self, words: str) -> list[str]:
        """Corrections drawn from the index's own (unstemmed) vocabulary."""
        return self._operators.did_you_mean(words)

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
                    for member in ranges.expand(self.corpus, entry.doc, term.start, term.end):
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

    def _number_hits(self, parsed: qlang.ParsedQuery) -> list[Hit]:
        entries = self.number_targets(parsed)
        return [Hit(e.id, float(len(entries) - n)) for n, e in enumerate(entries)]

    # -- words -----------------------------------------------------------------------------
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
        from judge.search.cardnames import lookup  # deferred: start-up

        found = lookup(self.corpus, name, games[0] if len(games) == 1 else None)
        cards = (
            found.cards or [e for c in found.candidates[:5] for e in c.group.entries]
            if found.status in ("exact", "fuzzy", "ambiguous")
            else []
        )
        ids = []
        for card in cards:
            ids.append(card.id)
            ids += [d.id for d in self.corpus.descendants(card)]
        return ids

    def _operator_candidates(self, parsed: qlang.ParsedQuery) -> list[tuple[int, float]]:
        """Operators and quoted phrases: whoosh's parser and matchers, on lexicon numbering."""
        card_ids = self._card_family(parsed.card, parsed.games) if parsed.card else None
        return self._operators.candidates(parsed, card_ids, self.lexicon.number)

    def _word_hits(self, parsed: qlang.ParsedQuery, limit: int, rulings_db=None) -> tuple[list[Hit], dict[str, float]]:
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
            candidates = self._words.candidates(terms, concepts, games, self._allowed_docs(parsed))
        else:
            candidates = self._operator_candidates(parsed)
        words = set().union(*concepts.values()) if concepts else set()
        highlight = frozenset(words)
        weights = {g: GAME_FLOOR + (1 - GAME_FLOOR) * p for g, p in posterior.items()}
        concept_idf = self._words.concept_weights(concepts)
        typed = set(terms)  # a word the judge typed may be a card's name; a bridged word is not
        containing = {w: self.lexicon.docs_with(w, names=w in typed) for w in words}
        ids, games_of = self.lexicon.ids, self.lexicon.games
        hits = []
        for docnum, score in candidates:
            matched = {w for w, docs in containing.items() if docnum in docs}
            score *= weights.get(games_of[docnum], 1.0)
            score *= self._words.coverage(matched, concepts, concept_idf) ** word_scoring.COVERAGE_POWER
            hits.append(Hit(ids[docnum], score, highlight))
        hits = self._rules_above_examples(hits, parsed)
        hits += self._saved_ruling_hits(
            parsed, concepts, concept_idf, highlight, best=max((h.score for h in hits), default=1.0), db_path=rulings_db
        )
        hits.sort(key=lambda h: -h.score)
        hits = self._without_repeats(hits, limit + FIRST_PAGE)
        hits = self._every_document_of_the_game(hits, limit)[:limit]
        for hit in hits:
            found = self.lexicon.number.get(hit.id)
            if found is not None and hit.entry is None:
                hit.matched = self._words.matched_question(found, words)
        return hits, posterior

    def _without_repeats(self, hits: list[Hit], limit: int) -> list[Hit]:
        """The documents repeat themselves word for word (a Shadowfist topic and its only ruling,
        the L5R card-type boilerplate, one paragraph under four tournament formats): a text is
        listed once, at its best rank, naming the other places it stands."""
        first: dict[str, Hit] = {}
        kept: list[Hit] = []
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

    def _posterior(self, terms: list[str], parsed: qlang.ParsedQuery) -> dict[str, float]:
        """Which games the question's words belong to (see gamemodel); each game hears the
        question through its own vocabulary bridge. Empty when the judge chose the game."""
        if self.games is None or len(parsed.games) == 1 or parsed.card:
            return {}
        named = self.titles.named_in(terms) if self.titles else []
        return self.games.posterior(terms, self._translations, frozenset(w for words, _ in named for w in words))

    def _saved_ruling_hits(self, parsed, concepts, concept_idf, highlight, best: float, db_path=None) -> list[Hit]:
        """Rulings judges saved at this event (judge ruling save), searched alongside the rules.
        They live in a database that changes while the index does not, so they are scored here:
        by how much of the question they answer, on the scale of the best indexed result."""
        if parsed.kinds and SAVED_KIND not in parsed.kinds or parsed.docs and SAVED_DOC not in parsed.docs:
            return []
        if parsed.card or parsed.numbers:
            return []
        from judge.rulings.location import default_db_path  # deferred: start-up

        path = os.path.expanduser(db_path) if db_path else default_db_path()
        if not os.path.exists(path):  # no log here (what the store would say too),
            return []  # and its code, sqlite3 and all, is not loaded for nothing
        from judge.rulings.store import saved_ruling_entries  # deferred: start-up

        hits = []
        for entry in saved_ruling_entries(path):
            if parsed.games and entry.game not in parsed.games:
                continue
            extra = entry.extra
            words = set(
                analyze(
                    " ".join(
                        [
                            entry.text,
                            str(extra.get("event") or ""),
                            "table",
                            str(extra.get("table") or ""),
                            str(extra.get("judge") or ""),
                        ]
                    )
                )
            )
            if not any(found & words for found in concepts.values()):
                continue  # shares no word with the question (coverage alone says 1.0 when the
                # index knows none of the question's words)
            coverage = self._words.coverage(words, concepts, concept_idf)
            if coverage >= SAVED_RULING_MIN_COVERAGE:
                hits.append(Hit(entry.id, best * coverage**word_scoring.COVERAGE_POWER, highlight, entry))
        return hits

    def _rules_above_examples(self, hits: list[Hit], parsed: qlang.ParsedQuery) -> list[Hit]:
        """An example tells a story in the judge's own terms ("a response that destroys a Scholar
        does not raise the price"), so it is often found where the rule it illustrates ("the total
        cost is locked") shares no word with the question; a short list item ("- Any Event") is
        found on few words where the paragraph that introduces it states the rule. The judge
        cites the rule or the paragraph: it is listed just above its example or item, however it
        scored by itself."""
        if self._leads is None:
            from judge.search.leads import introductions  # deferred: start-up

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
            elif (lead_entry := self.corpus.get(lead_id)) is not None and self._allowed(lead_entry, parsed):
                by_id[lead_id] = Hit(lead_id, lead, hit.terms)
        return list(by_id.values())

    def _every_document_of_the_game(self, hits: list[Hit], limit: int) -> list[Hit]:
        """A game told in two documents (L5R CCG: the rulebook and the comprehensive-rules
        excerpt) states many rules in both. When the first page holds one and not the other, the
        other's best hit joins the page's last place, provided it scores at least OTHER_DOCUMENT
        of the page's best: a judge is shown both statements."""
        page = hits[: min(limit, FIRST_PAGE)]
        if not page:
            return hits
        best = page[0].score
        docs_of_game: dict[str, set[str]] = {}
        for d in self.corpus.documents.values():
            docs_of_game.setdefault(self.corpus.game_of(d.key), set()).add(d.key)

        def doc_of(hit: Hit) -> str | None:  # None for a saved ruling, which is no corpus entry
            entry = self.corpus.get(hit.id)
            return entry.doc if entry else None

        on_page = [e for e in (self.corpus.get(h.id) for h in page) if e]
        shown = {e.doc for e in on_page}
        games = {e.game for e in on_page}
        for game in games:
            for doc in sorted(docs_of_game.get(game, set()) - shown):
                other = next((h for h in hits[len(page) :] if doc_of(h) == doc), None)
                if other is not None and other.score >= OTHER_DOCUMENT * best and len(page) >= 2:
                    hits = [h for h in hits if h is not other]
                    hits.insert(len(page) - 1, other)
        return hits
