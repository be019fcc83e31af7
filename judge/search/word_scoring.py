"""Plain words scored straight from the lexicon: the question's words, the bridged synonyms
and the glossary names the question describes, each weighted, with the phrases the question
repeats and the names it types whole; then how much of the question an entry answers.

The ranking's constants live here; bench/evaluation/tune_search.py fits them on the tuning set only.
"""

from __future__ import annotations

import heapq
import math

from judge.search.analysis import analyze
from judge.search.lexicon import Lexicon
from judge.search.synonyms import Vocabulary, bridges

AROUND_WEIGHT = 0.25  # what surrounds an entry (titles above it, its examples, its list items) against its own words
ASKED_WEIGHT = 0.5  # the questions the judge's index says an entry answers, against its own words
MATCHED_SHARE = 1 / 3  # a hit says which question it answers when that field gave this share of its word score
CONCEPT_MAX = True  # a concept scores by its best reading (False: its readings add up)
TALK_WEIGHT = 0.375  # a word of table talk (rules/table-talk.yaml), against a word of the rules
PHRASE_BOOST = 0.66  # an adjacent pair of the question's words found together in an entry
TITLE_BOOST = 1.0  # per idf of a title's words, when the judge typed the whole title
CANDIDATES = 100  # results kept for re-ranking (of the lexicon's scores, or whoosh's)
GLOSSARY_FEEDBACK = 3  # glossary entries consulted to name what the question describes
GLOSSARY_BOOST = 0.25
GLOSSARY_AGREEMENT = 3  # question words a glossary entry must share to be named
COVERAGE_POWER = 1.0  # how strongly answering more of the question's words counts


def field_weights() -> tuple[tuple[str, float], ...]:
    """Each field of the lexicon with its weight (read at call time: the tuner changes them)."""
    return (("text", 1.0), ("around", AROUND_WEIGHT), ("asked", ASKED_WEIGHT))


class WordScorer:
    def __init__(self, lexicon: Lexicon, vocabulary: Vocabulary, titles=None) -> None:
        self.lexicon = lexicon
        self.titles = titles
        self.synonyms = vocabulary.groups
        self.talk = vocabulary.talk
        self._glossary = vocabulary.glossary

    def candidates(self, terms, concepts, games, allowed: set[int] | None) -> list[tuple[int, float]]:
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
            readings.setdefault(bridge.trigger, []).append([(w, bridge.game, share, w in terms) for w in bridge.phrase])
            for word in bridge.trigger:
                concepts.setdefault(word, {word}).update(bridge.phrase)
        for game, name in self._glossary_feedback(set().union(*concepts.values()) if concepts else set(), games):
            readings.setdefault(("glossary",) + name, []).append(
                [(w, game, GLOSSARY_BOOST / len(name), True) for w in name]
            )
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

    def _score(
        self, words: list[tuple[str, str | None, float, bool]], allowed: set[int] | None, scores: dict[int, float]
    ) -> dict[int, float]:
        """Adds to `scores` Σ over the words and fields of boost × idf × BM25 term weight; a
        word whose last flag is False is not read in card names."""
        get = scores.get
        for word, game, boost, in_names in words:
            for name, field_weight in field_weights():
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

    def matched_question(self, doc: int, words: set[str]) -> str:
        """The judge's-index question that best explains why entry `doc` was found for these
        words, when its questions gave at least MATCHED_SHARE of its word score; else ''."""
        questions = self.lexicon.questions.get(doc)
        if not questions:
            return ""
        by_field = {
            name: sum(weight * self.lexicon.idf(name, w) * self.lexicon.weight_of(name, w, doc) for w in words)
            for name, weight in field_weights()
        }
        total = sum(by_field.values())
        if not total or by_field["asked"] < MATCHED_SHARE * total:
            return ""
        idf = {w: self.lexicon.idf("asked", w) for w in words}

        def overlap(question: str) -> float:
            return sum(idf[w] for w in set(analyze(question)) & words)

        best = max(questions, key=overlap)
        return best if overlap(best) > 0 else ""

    def concept_weights(self, concepts: dict[str, set[str]]) -> dict[str, float]:
        """How telling each concept is: the idf of its rarest indexed word (0 if unknown)."""
        out = {}
        for concept, words in concepts.items():
            idfs = [self.lexicon.idf("text", w) for w in words if self.lexicon.doc_frequency(w)]
            out[concept] = (max(idfs) if idfs else 0.0) * (TALK_WEIGHT if concept in self.talk else 1.0)
        return out

    @staticmethod
    def coverage(matched: set[str], concepts: dict[str, set[str]], idf: dict[str, float]) -> float:
        """The idf-weighted share of the question's concepts that an entry answers to: an
        entry that matches "sideboard" and "copies" beats one that repeats "copies" five times."""
        total = sum(idf.values())
        if not total:
            return 1.0
        got = sum(w for c, w in idf.items() if concepts[c] & matched)
        return max(got / total, 0.05)
