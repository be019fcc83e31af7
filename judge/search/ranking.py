"""The stages a word search's hits pass through, in order: one table, STAGES, that IS the pipeline
(Searcher._word_hits runs it; `judge search --explain` names what each stage did to each hit).

A stage is a function `(searcher, ranking, hits) -> hits`: it reads the question as the searcher
analysed it (Ranking) and returns the hits, their scores changed, hits added, or the list
reordered or cut. Each can be run alone on a fixed input (tests/test_search_stages.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from judge.corpus.model import Entry
from judge.search import query as qlang
from judge.search import word_scoring
from judge.search.analysis import analyze, fold

if TYPE_CHECKING:
    from judge.search.searcher import Searcher

GAME_FLOOR = 0.4  # a result from an unlikely game keeps this share of its score
FIRST_PAGE = 5  # the results a judge reads first
OTHER_DOCUMENT = 0.5  # the other document of a game joins the first page from this share of the best score
RULE_ABOVE_EXAMPLE = 1.01  # a rule ranks just above the best of its examples that was found
SAVED_RULING_MIN_COVERAGE = 0.5  # a saved ruling must answer to half the question to be listed
SAVED_KIND, SAVED_DOC = "ruling", "saved"  # saved rulings' kind and doc (judge ruling save)


class SavedRulings(Protocol):
    """Where the rulings judges saved at this event come from: called once per search, it gives
    their entries (kind SAVED_KIND, doc SAVED_DOC, each with its `extra`: event, table, judge).
    The layer above search hands one to the Searcher (judge.context, judge.library); search
    itself knows nothing of where they are kept."""

    def __call__(self) -> Iterable[Entry]: ...


@dataclass
class Ranking:
    """The question as the stages read it. `concepts` (each query word and the words bridged to
    it), `words`, `highlight`, `concept_idf` and `containing` are filled by the first stage, since
    finding the candidates is what bridges the question's words."""

    parsed: qlang.ParsedQuery
    terms: list[str]  # the analysed query words
    plain: bool  # plain words (BM25), not operators or phrases (whoosh)
    limit: int
    # game -> how likely the question's words make it (gamemodel); empty: no prior
    posterior: dict[str, float] = field(default_factory=dict)
    saved_rulings: SavedRulings | None = None
    concepts: dict[str, set[str]] = field(default_factory=dict)
    words: set[str] = field(default_factory=set)
    highlight: frozenset = frozenset()
    concept_idf: dict = field(default_factory=dict)
    containing: dict[str, frozenset[int]] = field(default_factory=dict)  # word -> the lexicon entries holding it


@dataclass(frozen=True)
class Stage:
    name: str
    run: Callable[[Searcher, Ranking, list[Hit]], list[Hit]]
    rule: str  # its rule of thumb, as --explain's reader needs it


@dataclass(frozen=True)
class Step:
    """What one stage did to one hit: the factor its score was multiplied by (None: the stage
    brought the hit in) and the score after it."""

    stage: str
    factor: float | None
    score: float


@dataclass
class Hit:
    id: str
    score: float
    terms: frozenset = frozenset()  # analysed query terms, for highlighting
    entry: Entry | None = None  # set for entries outside the corpus (saved rulings)
    same_text: list[str] = field(default_factory=list)  # lower-ranked entries with the very same text
    # The judge's-index question the entry answers that found it ("" when its own words did)
    matched: str = ""
    docnum: int | None = None  # its number in the lexicon (None: a lead the ranking added, a saved ruling)
    steps: list[Step] = field(default_factory=list)  # what each ranking stage did to it (search(explain=True))


# -- the stages, in order ---------------------------------------------------------------------
def found(searcher: Searcher, ranking: Ranking, hits: list[Hit]) -> list[Hit]:
    """The candidates and their first score: BM25 over the lexicon for plain words
    (word_scoring), whoosh's matchers for operators and phrases (operators.py)."""
    parsed, terms = ranking.parsed, ranking.terms
    # Each query word is a concept; a bridged synonym satisfies the concept it stands in for.
    concepts: dict[str, set[str]] = {t: {t} for t in terms}
    if ranking.plain:
        # Bridge into every game (or the ones asked for): each bridged word is read only in the
        # documents of its own game, and the posterior weighs the games afterwards.
        candidates = searcher._words.candidates(terms, concepts, parsed.games or None, searcher._allowed_docs(parsed))
    else:
        candidates = searcher._operator_candidates(parsed)
    ranking.concepts = concepts
    ranking.words = set().union(*concepts.values()) if concepts else set()
    ranking.highlight = frozenset(ranking.words)
    ranking.concept_idf = searcher._words.concept_weights(concepts)
    typed = set(terms)  # a word the judge typed may be a card's name; a bridged word is not
    ranking.containing = {w: searcher.lexicon.docs_with(w, names=w in typed) for w in ranking.words}
    ids = searcher.lexicon.ids
    return [Hit(ids[docnum], score, ranking.highlight, docnum=docnum) for docnum, score in candidates]


def game_prior(searcher: Searcher, ranking: Ranking, hits: list[Hit]) -> list[Hit]:
    """Each hit's score times GAME_FLOOR + (1 - GAME_FLOOR) x the likelihood of its game."""
    weights = {g: GAME_FLOOR + (1 - GAME_FLOOR) * p for g, p in ranking.posterior.items()}
    games_of = searcher.lexicon.games
    for hit in hits:
        assert hit.docnum is not None, "every hit the first stage found has its lexicon number"
        hit.score *= weights.get(games_of[hit.docnum], 1.0)
    return hits


def coverage(searcher: Searcher, ranking: Ranking, hits: list[Hit]) -> list[Hit]:
    """Each hit's score times the share of the question it covers, to COVERAGE_POWER."""
    for hit in hits:
        matched = {w for w, docs in ranking.containing.items() if hit.docnum in docs}
        hit.score *= (
            searcher._words.coverage(matched, ranking.concepts, ranking.concept_idf) ** word_scoring.COVERAGE_POWER
        )
    return hits


def rules_above_examples(searcher: Searcher, ranking: Ranking, hits: list[Hit]) -> list[Hit]:
    """An example tells a story in the judge's own terms ("a response that destroys a Scholar
    does not raise the price"), so it is often found where the rule it illustrates ("the total
    cost is locked") shares no word with the question; a short list item ("- Any Event") is
    found on few words where the paragraph that introduces it states the rule. The judge
    cites the rule or the paragraph: it is listed just above its example or item, however it
    scored by itself."""
    corpus = searcher.corpus
    if searcher._leads is None:
        from judge.search.leads import introductions  # deferred: start-up

        searcher._leads = introductions(corpus)
    by_id = {h.id: h for h in hits}
    for hit in hits:
        entry = corpus.get(hit.id)
        if entry is None:
            continue
        lead_id = entry.parent if entry.kind == "example" else searcher._leads.get(entry.id)
        if not lead_id:
            continue
        lead = hit.score * RULE_ABOVE_EXAMPLE
        rule = by_id.get(lead_id)
        if rule is not None:
            rule.score = max(rule.score, lead)
        elif (lead_entry := corpus.get(lead_id)) is not None and searcher._allowed(lead_entry, ranking.parsed):
            by_id[lead_id] = Hit(lead_id, lead, hit.terms)
    return list(by_id.values())


def saved_rulings(searcher: Searcher, ranking: Ranking, hits: list[Hit]) -> list[Hit]:
    """Rulings judges saved at this event (judge ruling save), searched alongside the rules.
    They live in a database that changes while the index does not, so they are scored here:
    by how much of the question they answer, on the scale of the best indexed result."""
    parsed = ranking.parsed
    if parsed.kinds and SAVED_KIND not in parsed.kinds or parsed.docs and SAVED_DOC not in parsed.docs:
        return hits
    if parsed.card or parsed.numbers or ranking.saved_rulings is None:
        return hits
    best = max((h.score for h in hits), default=1.0)
    added = []
    for entry in ranking.saved_rulings():
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
        if not any(found & words for found in ranking.concepts.values()):
            continue  # shares no word with the question (coverage alone says 1.0 when the
            # index knows none of the question's words)
        share = searcher._words.coverage(words, ranking.concepts, ranking.concept_idf)
        if share >= SAVED_RULING_MIN_COVERAGE:
            added.append(Hit(entry.id, best * share**word_scoring.COVERAGE_POWER, ranking.highlight, entry))
    return hits + added


def by_score(searcher: Searcher, ranking: Ranking, hits: list[Hit]) -> list[Hit]:
    """Best first (a stable sort: equal scores keep the order found)."""
    hits.sort(key=lambda h: -h.score)
    return hits


def without_repeats(searcher: Searcher, ranking: Ranking, hits: list[Hit]) -> list[Hit]:
    """The documents repeat themselves word for word (a Shadowfist topic and its only ruling,
    the L5R card-type boilerplate, one paragraph under four tournament formats): a text is
    listed once, at its best rank, naming the other places it stands. Keeps FIRST_PAGE more
    than the limit, for the next stage to draw on."""
    limit = ranking.limit + FIRST_PAGE
    first: dict[str, Hit] = {}
    kept: list[Hit] = []
    for hit in hits:
        if len(kept) == limit:
            break
        entry = hit.entry or searcher.corpus.get(hit.id)
        key = " ".join(re.findall(r"\w+", fold(entry.text).lower())) if entry else ""
        if key and key in first:
            first[key].same_text.append(hit.id)
            continue
        if key:
            first[key] = hit
        kept.append(hit)
    return kept


def every_document_of_the_game(searcher: Searcher, ranking: Ranking, hits: list[Hit]) -> list[Hit]:
    """A game told in two documents (L5R CCG: the rulebook and the comprehensive-rules
    excerpt) states many rules in both. When the first page holds one and not the other, the
    other's best hit joins the page's last place, provided it scores at least OTHER_DOCUMENT
    of the page's best: a judge is shown both statements. Then the list is cut to the limit."""
    corpus, limit = searcher.corpus, ranking.limit
    page = hits[: min(limit, FIRST_PAGE)]
    if not page:
        return hits[:limit]
    best = page[0].score
    docs_of_game: dict[str, set[str]] = {}
    for d in corpus.documents.values():
        docs_of_game.setdefault(corpus.game_of(d.key), set()).add(d.key)

    def doc_of(hit: Hit) -> str | None:  # None for a saved ruling, which is no corpus entry
        entry = corpus.get(hit.id)
        return entry.doc if entry else None

    on_page = [e for e in (corpus.get(h.id) for h in page) if e]
    shown = {e.doc for e in on_page}
    games = {e.game for e in on_page}
    for game in games:
        for doc in sorted(docs_of_game.get(game, set()) - shown):
            other = next((h for h in hits[len(page) :] if doc_of(h) == doc), None)
            if other is not None and other.score >= OTHER_DOCUMENT * best and len(page) >= 2:
                hits = [h for h in hits if h is not other]
                hits.insert(len(page) - 1, other)
    return hits[:limit]


STAGES: tuple[Stage, ...] = (
    Stage("found", found, "BM25 over the entry and what surrounds it (plain words), or whoosh (operators, phrases)"),
    Stage("game", game_prior, f"x {GAME_FLOOR} + {1 - GAME_FLOOR:.1f} x how likely the question makes the hit's game"),
    Stage("coverage", coverage, "x the share of the question's words the hit has, to COVERAGE_POWER"),
    Stage(
        "rule above example",
        rules_above_examples,
        f"a rule or lead paragraph scores {RULE_ABOVE_EXAMPLE} x its best example or item",
    ),
    Stage(
        "saved rulings",
        saved_rulings,
        "a saved ruling answering half the question or more: the best score x its coverage",
    ),
    Stage("by score", by_score, "best first"),
    Stage("same text once", without_repeats, "a text the documents repeat is listed once, at its best rank"),
    Stage("both documents", every_document_of_the_game, "the other document of a game joins the first page"),
)


def run(searcher: Searcher, ranking: Ranking, explain: bool = False) -> list[Hit]:
    """The hits, through every stage in order; with `explain`, each hit that comes out carries
    the Step each stage took on it (Hit.steps)."""
    hits: list[Hit] = []
    for stage in STAGES:
        before = {id(h): h.score for h in hits} if explain else {}
        hits = stage.run(searcher, ranking, hits)
        if explain:
            for hit in hits:
                was = before.get(id(hit))
                hit.steps.append(Step(stage.name, None if was is None else _factor(was, hit.score), hit.score))
    return hits


def _factor(before: float, after: float) -> float:
    """after / before (1.0 when both are 0: the stage left a zero score alone)."""
    if before == 0:
        return 1.0 if after == 0 else float("inf")
    return after / before
