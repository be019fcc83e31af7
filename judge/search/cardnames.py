"""Card-name lookup across games: forgiving about case, punctuation, a leading "The" and typos.

    lookup(corpus, "charmed lyfe")  -> Charmed Life (fuzzy)
    lookup(corpus, "eastern king")  -> The Eastern King (exact)
    lookup(corpus, "arcanowave")    -> ambiguous: Arcanowave Pulse, Reinforcer, Researcher
    lookup(corpus, "pocket demon")  -> beyond the end of this (truncated) copy of the FAQ
    lookup(corpus, "blue monk")     -> mentioned, but the FAQ has no entry for it

Card entries are every entry of kind "card" in any document. Names that a truncated document
mentions but whose entries fall after its cut come from the document's facts["beyond_end"]
(and names it mentions without any entry from facts["no_entry"]).
The normalised name table is built once per corpus object.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from functools import lru_cache

from judge.corpus.model import Corpus, Entry
from judge.corpus.slug import normalize_name

CONFIDENT = 0.8  # a lone best guess at least this good is taken as the card meant
MARGIN = 0.08  # …when the next different name scores this much less
CANDIDATE_FLOOR = 0.6  # below this a name is not offered as a candidate
MAX_CANDIDATES = 8
SKIP_BELOW = 0.3  # letter-pair overlap below which a name is not aligned in full
SUGGEST_FLOOR = 0.3  # an unknown name's "nearest names" must be at least this close


@dataclass
class NameGroup:
    """One name in one game: a card's entries (two for PAP versions) or a name known only as a
    mention beyond a truncated document's end."""

    key: str
    name: str
    game: str
    doc: str
    entries: list[Entry] = field(default_factory=list)
    mentioned_by: list[str] = field(default_factory=list)  # for names without an entry
    # Why a mentioned name has no entry: "beyond_end" (after a truncated document's cut) or
    # "no_entry" (inside the covered range, but the document has none).
    missing: str = ""

    @property
    def beyond_end(self) -> bool:
        return self.missing == "beyond_end"


@dataclass
class Candidate:
    group: NameGroup
    score: float


@dataclass
class CardLookup:
    query: str
    status: str  # exact | fuzzy | ambiguous | beyond_end | no_entry | not_found
    cards: list[Entry] = field(default_factory=list)  # the card meant (PAP versions: several)
    candidates: list[Candidate] = field(default_factory=list)
    beyond: NameGroup | None = None  # the name, when it is only mentioned (beyond_end, no_entry)

    @property
    def found(self) -> bool:
        return self.status in ("exact", "fuzzy")


class CardNameTable:
    def __init__(self, corpus: Corpus):
        groups: dict[tuple[str, str, str], NameGroup] = {}
        for entry in corpus.entries.values():
            if entry.kind != "card":
                continue
            key = normalize_name(entry.title)
            group = groups.setdefault((entry.game, entry.doc, key), NameGroup(key, entry.title, entry.game, entry.doc))
            group.entries.append(entry)
        for doc, info in corpus.documents.items():
            for missing in ("beyond_end", "no_entry"):
                for name, ids in (info.facts.get(missing) or {}).items():
                    key = normalize_name(name)
                    if (info.game, doc, key) not in groups:
                        groups[(info.game, doc, key)] = NameGroup(
                            key, name, info.game, doc, mentioned_by=list(ids), missing=missing
                        )
        self.groups = list(groups.values())
        self.by_key: dict[str, list[NameGroup]] = {}
        for group in self.groups:
            self.by_key.setdefault(group.key, []).append(group)
            compact = group.key.replace(" ", "")
            if compact != group.key:
                self.by_key.setdefault(compact, []).append(group)

    def lookup(self, query: str, game: str | None = None) -> CardLookup:
        key = normalize_name(query)
        if not key:
            return CardLookup(query, "not_found")
        exact = [
            g
            for g in self.by_key.get(key, []) + self.by_key.get(key.replace(" ", ""), [])
            if game is None or g.game == game
        ]
        exact = list({id(g): g for g in exact}.values())
        if exact:
            return self._decide(query, [Candidate(g, 1.0) for g in exact], exact=True)
        similarity = _Similarity(key)
        ranked = sorted(
            (Candidate(g, similarity(g.key)) for g in self.groups if game is None or g.game == game),
            key=lambda c: (-c.score, c.group.key),
        )
        return self._decide(query, ranked, exact=False)

    @staticmethod
    def _decide(query: str, ranked: list[Candidate], exact: bool) -> CardLookup:
        if not ranked or ranked[0].score < CANDIDATE_FLOOR:
            return CardLookup(query, "not_found", candidates=[c for c in ranked[:5] if c.score >= SUGGEST_FLOOR])
        top = ranked[0]
        close = [c for c in ranked if c.score >= max(CANDIDATE_FLOOR, top.score - MARGIN)]
        offered = [c for c in ranked if c.score >= max(CANDIDATE_FLOOR, top.score - 0.2)][:MAX_CANDIDATES]
        if not exact and top.score < CONFIDENT and len(offered) == 1:
            # One doubtful guess is a suggestion, not an answer.
            return CardLookup(query, "not_found", candidates=offered)
        if len(close) > 1 or (not exact and top.score < CONFIDENT):
            return CardLookup(query, "ambiguous", candidates=offered if len(offered) > 1 else close)
        if top.group.missing:
            return CardLookup(query, top.group.missing, candidates=offered, beyond=top.group)
        return CardLookup(query, "exact" if exact else "fuzzy", cards=list(top.group.entries), candidates=offered)


class _Similarity:
    """Edit similarity to one query, with credit for typing the start of each word
    ("arcanowave p"). The query side of the matchers is prepared once per lookup."""

    def __init__(self, query: str):
        self.query = query
        self.words = query.split()
        self.bigrams = _bigrams(query)
        self.spaced = SequenceMatcher(None, autojunk=False)
        self.spaced.set_seq2(query)
        self.compact = SequenceMatcher(None, autojunk=False)
        self.compact.set_seq2(query.replace(" ", ""))

    def __call__(self, key: str) -> float:
        score = 0.0
        words = key.split()
        if len(self.words) <= len(words) and all(k.startswith(q) for q, k in zip(self.words, words)):
            score = 0.7 + 0.3 * len(self.query) / len(key)
        # Cheap first: a name sharing few letter pairs with the query is not worth aligning.
        theirs = _bigrams(key)
        overlap = 2 * len(self.bigrams & theirs) / ((len(self.bigrams) + len(theirs)) or 1)
        if overlap < SKIP_BELOW:
            return max(score, overlap / 2)
        for matcher, seq in ((self.spaced, key), (self.compact, key.replace(" ", ""))):
            matcher.set_seq1(seq)
            score = max(score, matcher.ratio())
        return score


@lru_cache(maxsize=8192)
def _bigrams(key: str) -> frozenset:
    compact = key.replace(" ", "")
    return frozenset(compact[i : i + 2] for i in range(len(compact) - 1)) or frozenset([compact])


_TABLES: weakref.WeakKeyDictionary[Corpus, CardNameTable] = weakref.WeakKeyDictionary()


def card_table(corpus: Corpus) -> CardNameTable:
    table = _TABLES.get(corpus)
    if table is None:
        table = _TABLES[corpus] = CardNameTable(corpus)
    return table


def lookup(corpus: Corpus, query: str, game: str | None = None) -> CardLookup:
    """Resolve a typed card name; `game` is a canonical game key (see documents.normalize_game)."""
    return card_table(corpus).lookup(query, game)
