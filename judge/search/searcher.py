"""Running a parsed query against the index and the corpus.

Rule numbers are answered from the corpus directly (exact, in document order). Plain words are
scored from the lexicon (word_scoring.py: BM25 over an entry's own text and what surrounds it),
with the vocabulary bridge and glossary feedback adding words the judge didn't type, each bridged
word only in the game whose bridge it comes from; queries with operators or phrases go to whoosh
(operators.py). Both are then re-ranked by the stages of ranking.py (its table STAGES is the
pipeline): by how much of the question an entry covers, and by how likely its game is for the
question's vocabulary; and the page is shaped so the answer, not its neighbours, leads (a rule
above its example, a text the documents repeat listed once, both L5R CCG documents offered).
Saved rulings come from the source the layer above hands the Searcher. Filters apply to all.
whoosh is opened only when a query needs it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from judge.corpus import ranges
from judge.corpus.model import Corpus, Entry
from judge.search import query as qlang
from judge.search import ranking
from judge.search.analysis import analyze, use_tables
from judge.search.lexicon import Lexicon
from judge.search.operators import OperatorSearch
from judge.search.ranking import FIRST_PAGE, SAVED_DOC, SAVED_KIND, Hit, SavedRulings
from judge.search.synonyms import Vocabulary, translations
from judge.search.word_scoring import WordScorer

ELSEWHERE = 3  # answers of other games named when a game filter found nothing
OPERATOR_RE = re.compile(r'"|\b(?:AND|OR|NOT)\b')


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


class Searcher:
    def __init__(
        self,
        corpus: Corpus,
        lexicon: Lexicon,
        open_index,
        games=None,
        titles=None,
        vocabulary: Vocabulary | None = None,
        saved_rulings: SavedRulings | None = None,
    ) -> None:
        """`open_index`: a callable that opens the whoosh index, called the first time a query
        needs whoosh (operators, phrases, "did you mean"). `saved_rulings`: where the rulings saved
        at this event come from, searched alongside the rules (None: none are)."""
        self.corpus = corpus
        self.saved_rulings = saved_rulings
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
        self,
        text: str,
        game: str | None = None,
        kind: str | None = None,
        limit: int = 10,
        saved_rulings: SavedRulings | None = None,
        explain: bool = False,
    ) -> SearchResult:
        """The hits for `text`; QueryTooLarge past the query bounds (query.check_size).
        `saved_rulings`: the saved rulings searched alongside the rules (default: the searcher's
        own). `explain`: each word hit carries what every ranking stage did to it (Hit.steps)."""
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
        source = self.saved_rulings if saved_rulings is None else saved_rulings
        result.hits, result.game_likelihood = self._word_hits(parsed, limit, source, explain)
        if parsed.games:
            result.elsewhere = self._hidden_by_filter(parsed, result.hits, source)
        if not result.hits and parsed.words:
            result.suggestions = self.did_you_mean(parsed.words)
        return result

    def _hidden_by_filter(
        self, parsed: qlang.ParsedQuery, hits: list[Hit], saved_rulings: SavedRulings | None
    ) -> list[Hit]:
        """The best answers of the other games, when the game filter hid the answer: nothing
        was found in the game, or the same search over every game puts another game's entry
        first and none of the game's first page on its own first page. The saved rulings are the
        ones this search was handed (a station's --db log), as for the hits themselves."""
        everywhere, _ = self._word_hits(replace(parsed, games=[], kinds=list(parsed.kinds)), FIRST_PAGE, saved_rulings)
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

    def _word_hits(
        self, parsed: qlang.ParsedQuery, limit: int, saved_rulings: SavedRulings | None, explain: bool = False
    ) -> tuple[list[Hit], dict[str, float]]:
        """The ranked hits (ranking.STAGES, in order), and the likelihood of each game that weighed them."""
        plain = bool(parsed.words.strip()) and not qlang.uses_operators(parsed.words)
        # A lone or doubled operator ("NOT", "AND AND") is a word, as a judge would read it.
        terms = analyze(parsed.words.lower() if plain else OPERATOR_RE.sub(" ", parsed.words))
        posterior = self._posterior(terms, parsed)
        asked = ranking.Ranking(parsed, terms, plain, limit, posterior, saved_rulings)
        hits = ranking.run(self, asked, explain)
        for hit in hits:
            found = self.lexicon.number.get(hit.id)
            if found is not None and hit.entry is None:
                hit.matched = self._words.matched_question(found, asked.words)
        return hits, posterior

    def _posterior(self, terms: list[str], parsed: qlang.ParsedQuery) -> dict[str, float]:
        """Which games the question's words belong to (see gamemodel); each game hears the
        question through its own vocabulary bridge. Empty when the judge chose the game."""
        if self.games is None or len(parsed.games) == 1 or parsed.card:
            return {}
        named = self.titles.named_in(terms) if self.titles else []
        return self.games.posterior(terms, self._translations, frozenset(w for words, _ in named for w in words))
