"""A search's results as every reader shows them — `judge search` (text and --json), the TUI's
lookup screen (through judge.library.Found) and the station's search page — as plain data, as
judge/card_facts.py is for a card: each hit's entry, its highlight terms, its score and what each
ranking stage did to it, the question of the judge's index that found it, the copies folded into
it, whether it is a saved ruling; and the notices around them (what the game filter hid, which
game the question's words point to), in the words judge.filter_words gives them.

It sits beside judge/library.py, above search: the readers ask it, it asks judge.search.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from judge.corpus.model import Corpus, Entry
from judge.search.ranking import SAVED_DOC, Step

DROP_TYPED_GAME = "drop game: from the query"  # how to widen a search whose query names its game


@dataclass(frozen=True)
class ResultView:
    entry: Entry  # a corpus entry, or a saved ruling (saved_number says which)
    terms: frozenset  # the analysed query words, for highlighting
    score: float
    matched: str = ""  # the judge's-index question that found it ("" when its own words did)
    same_text: tuple[str, ...] = ()  # ids of lower-ranked entries with the very same text
    steps: tuple[Step, ...] = ()  # what each ranking stage did to it (explain)

    @property
    def saved_number(self) -> int | None:
        return saved_number(self.entry)


@dataclass
class SearchView:
    results: list[ResultView]
    elsewhere: list[ResultView]  # what the game filter hid, best first
    games: list[str]  # the game filter the search ran with
    notes: list[str] = field(default_factory=list)
    suggestions: list[str] = field(default_factory=list)  # "did you mean"
    game_likelihood: dict[str, float] = field(default_factory=dict)
    inferred_game: str | None = None

    @property
    def hidden(self) -> list[Entry]:
        """The entries the game filter hid, best first."""
        return [r.entry for r in self.elsewhere]


def view_of(result, corpus: Corpus) -> SearchView:
    """A Searcher's SearchResult as the readers show it: each hit with its entry (a hit whose
    entry the corpus no longer has is left out)."""
    return SearchView(
        results=_results(result.hits, corpus),
        elsewhere=_results(result.elsewhere, corpus),
        games=list(result.query.games),
        notes=list(result.notes),
        suggestions=list(result.suggestions),
        game_likelihood=result.game_likelihood,
        inferred_game=result.inferred_game,
    )


def _results(hits, corpus: Corpus) -> list[ResultView]:
    results = []
    for hit in hits:
        entry = hit.entry or corpus.get(hit.id)  # hit.entry: a saved ruling
        if entry is not None:
            results.append(ResultView(entry, hit.terms, hit.score, hit.matched, tuple(hit.same_text), tuple(hit.steps)))
    return results


def saved_number(entry: Entry) -> int | None:
    """The number of the saved ruling a search found (judge.rulings.searchable.ruling_entry), None
    for an entry of the corpus: a saved ruling opens as a ruling, never as a rule."""
    if entry.doc != SAVED_DOC or not entry.id.startswith(f"{SAVED_DOC}:"):
        return None
    number = entry.id.split(":", 1)[1]
    return int(number) if number.isdigit() else None


def same_text(corpus: Corpus, ids) -> list[tuple[str, str]]:
    """(id, citation) of each copy a hit folded in ("same text in …"), those the corpus has."""
    return [(i, entry.citation or i) for i in ids if (entry := corpus.get(i))]


def likely_hint(inferred_game: str | None, likelihood: dict[str, float], found_any: bool, how: str) -> str:
    """Which game the question's words point to, when none was given and something was found
    ("" otherwise); `how`: how this reader picks one game."""
    from judge.filter_words import likely_games  # deferred: start-up

    return likely_games(likelihood, how) if inferred_game and found_any else ""


def hidden_hint(games: list[str], found_any: bool, elsewhere: list[Entry], widen: str) -> str:
    """What the game filter hid ("" when nothing); `widen`: how to drop the filter (widen_by)."""
    from judge.filter_words import hidden_answer  # deferred: start-up

    return hidden_answer(games, found_any, elsewhere, widen) if elsewhere else ""


def widen_by(text: str, otherwise: str) -> str:
    """How to drop the game filter: from the query when it names its game, else `otherwise`
    (this reader's way: a flag, a button)."""
    from judge.search.query import parse  # deferred: start-up

    return DROP_TYPED_GAME if parse(text).games else otherwise


def likelihood_of(view: SearchView, game: str) -> float | None:
    """How likely the question's words make `game`, when a game was inferred and the entry has one."""
    if not view.inferred_game or game not in view.game_likelihood:
        return None
    return round(view.game_likelihood[game], 4)


def step_dict(step: Step) -> dict:
    """One ranking stage's step as --json gives it."""
    return {
        "stage": step.stage,
        "factor": None if step.factor is None else round(step.factor, 4),
        "score": round(step.score, 4),
    }


def step_line(step: Step) -> str:
    """One ranking stage's step as `judge search --explain` prints it."""
    if step.factor is None:
        return f"{step.stage}: {step.score:.4g}"
    return f"{step.stage} x{step.factor:.4g} = {step.score:.4g}"
