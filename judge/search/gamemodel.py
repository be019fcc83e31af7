"""Which game is a question about? A unigram language model per game over the index's terms.

A judge rarely types `game:`. "Can my Haven's trap go off" is No Dawn, "my province is broken"
L5R. Each game's documents define a term distribution; the query's posterior over games
(Dirichlet-smoothed, uniform prior) is used to favour results from the games the question's
words belong to. Built with the index and cached beside it.
"""

from __future__ import annotations

import math
import pickle
import re
from collections import Counter

from judge.corpus.model import Corpus
from judge.search.analysis import analyze

MU = 2000.0  # Dirichlet smoothing mass: games with few words are not overconfident
# Naive Bayes over a dozen words is wildly overconfident (common words pile up evidence), so the
# log-likelihoods are averaged per word: a handful of telling words still decides.
# The kinds whose titles name the games' concepts (a glossary term, a rule's head, a topic).
# Cards are left out: their names are ordinary English ("200 Guys With Hatchets").
CONCEPT_KINDS = frozenset(
    {"rule", "subrule", "group", "glossary", "appendix", "topic", "subtopic", "subsection", "term"}
)
MAX_CONCEPT_WORDS = 5  # a longer title is a sentence, not a name


class GameModel:
    def __init__(self, counts: dict[str, Counter], concepts: frozenset[str] = frozenset()):
        self.counts = counts
        self.concepts = concepts
        self.sizes = {g: sum(c.values()) for g, c in counts.items()}
        self.collection: Counter[str] = Counter()
        for c in counts.values():
            self.collection.update(c)
        self.total = sum(self.collection.values()) or 1

    @classmethod
    def from_corpus(cls, corpus: Corpus) -> GameModel:
        counts: dict[str, Counter] = {}
        concepts: set[str] = set()
        for entry in corpus.entries.values():
            text = entry.extra.get("search_text") or entry.text
            counts.setdefault(entry.game, Counter()).update(analyze(f"{entry.title} {text}"))
            if entry.title and entry.kind in CONCEPT_KINDS:
                words = analyze(re.sub(r"[^\w\s'’-]", " ", entry.title.split(" (")[0]))
                if len(words) <= MAX_CONCEPT_WORDS:
                    concepts.update(words)
        return cls(counts, frozenset(concepts))

    def to_bytes(self) -> bytes:
        data = {"counts": self.counts, "concepts": self.concepts}
        return pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL)

    @classmethod
    def from_bytes(cls, raw: bytes) -> GameModel:
        """Read back what to_bytes wrote (the index checks the bytes are its own first)."""
        data = pickle.loads(raw)
        return cls(data["counts"], data["concepts"])

    def posterior(
        self, terms: list[str], translations: dict | None = None, names: frozenset[str] = frozenset()
    ) -> dict[str, float]:
        """P(game | query terms); uniform when no term is known anywhere.

        `translations` ({game or None: {word: {synonyms}}}) lets each game hear a word in its
        own vocabulary: "tapped" is read as "bowed" for L5R and "drained" for No Dawn, the
        best-scoring reading counting as the word itself. `names` are further words
        that decide: those of a card or other title the judge typed whole ("charmed life")."""
        translations = translations or {}
        games = list(self.counts)

        def readings(term: str, game: str) -> set[str]:
            words = {term}
            for key in (None, game):
                words |= translations.get(key, {}).get(term, set())
            return {w for w in words if self.collection.get(w)}

        known = [t for t in terms if any(readings(t, g) for g in games)]
        # Only the words that name a game's concepts (a title's or the bridge's words) decide:
        # "just", "guy", "anything bad" say how the judge talks, not which game it is, and
        # would favour the one document written as conversation (the Shadowfist FAQ).
        vocabulary = self.concepts | names | {w for table in translations.values() for w in table}
        known = [t for t in known if t in vocabulary] or known
        if not known or not games:
            return {g: 1.0 / max(1, len(games)) for g in games}
        logp = {}
        for g in games:
            c, size = self.counts[g], self.sizes[g]
            total = 0.0
            for t in known:
                total += max(
                    (
                        math.log((c.get(w, 0) + MU * self.collection[w] / self.total) / (size + MU))
                        for w in readings(t, g)
                    ),
                    default=math.log(MU / self.total / (size + MU)),
                )
            logp[g] = total
        scaled = {g: v / len(known) for g, v in logp.items()}  # averaged per word
        top = max(scaled.values())
        weights = {g: math.exp(v - top) for g, v in scaled.items()}
        norm = sum(weights.values())
        return {g: w / norm for g, w in weights.items()}
