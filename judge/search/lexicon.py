"""The plain-word index: every term's postings with their BM25 weights, loaded whole.

Plain words are most of what a judge types. Scored through whoosh's matchers, a dozen words cost
tens of milliseconds on this corpus and whoosh's imports a good part of a process's start-up.
This table holds the same three fields (an entry's own words, what surrounds it, and the
questions the judge's index says it answers), analysed the same way, as packed arrays: a term's score is one pass over two short arrays. Entries are
numbered by game, so one game's postings are a contiguous slice. Each entry's term sequence is
kept too, so "these two words stand together" is a substring test. Built with the whoosh index
and saved beside it with marshal, which reads it back in a few milliseconds.

Card names are words too, but only as the judge types them: a word the vocabulary bridge adds
("drained" -> "tap") must not find "Brain Tap Rifle". For each term that stands in a card's name
in a field, a second posting row counts the term without those name occurrences (same length
norm); the searcher reads bridged words from it.
"""

from __future__ import annotations

import marshal
import math
from array import array
from bisect import bisect_left

from judge.search.analysis import analyze

FIELDS = ("text", "around", "asked")
K1, B = 1.2, 0.75  # BM25's usual constants, as whoosh's BM25F uses them
FORMAT = 3  # 3: the asked field, and the questions shown as why a hit was found


class Lexicon:
    def __init__(self, data: dict) -> None:
        self.ids: list[str] = data["ids"]
        self.games: list[str] = data["games"]
        self.ranges: dict[str, tuple[int, int]] = data["ranges"]  # game -> [first, last + 1)
        self.postings: dict[str, dict[str, tuple[bytes, bytes]]] = data["postings"]
        self.vocabulary: dict[str, int] = data["vocabulary"]  # term -> id in the sequences
        self.sequences: list[bytes] = data["sequences"]
        # field -> term -> (entries, weights) counting the term outside card names only
        self.unnamed: dict[str, dict[str, tuple[bytes, bytes]]] = data["unnamed"]
        # entry number -> the judge's-index questions it answers (judge_index), for `matched`
        self.questions: dict[int, list[str]] = data["questions"]
        self.number = {entry_id: n for n, entry_id in enumerate(self.ids)}
        self.count = len(self.ids)
        self._with: dict[tuple[str, bool], frozenset[int]] = {}

    # -- building ------------------------------------------------------------------------------
    @classmethod
    def from_documents(cls, docs: list[dict], names: dict[str, dict[str, str]] | None = None) -> Lexicon:
        """`docs`: the whoosh documents (index.documents), whose fields are already folded.
        `names`: entry id -> field -> the card names that field holds (index.card_names)."""
        names = names or {}
        order: dict[str, int] = {}
        for d in docs:
            order.setdefault(d["game"], len(order))
        docs = sorted(docs, key=lambda d: order[d["game"]])  # stable: document order within a game
        ids = [d["id"] for d in docs]
        games = [d["game"] for d in docs]
        ranges: dict[str, tuple[int, int]] = {}
        for n, game in enumerate(games):
            lo, _ = ranges.get(game, (n, n))
            ranges[game] = (lo, n + 1)
        vocabulary: dict[str, int] = {}
        postings: dict[str, dict[str, tuple[bytes, bytes]]] = {}
        unnamed: dict[str, dict[str, tuple[bytes, bytes]]] = {}
        sequences = []
        analysed = {f: [analyze(d.get(f, "")) for d in docs] for f in FIELDS}  # a field a document lacks is empty
        for field in FIELDS:
            named = [analyze(names.get(d["id"], {}).get(field, "")) for d in docs]
            lengths = [len(terms) for terms in analysed[field]]
            average = sum(lengths) / max(1, sum(1 for n in lengths if n)) or 1.0
            rows: dict[str, tuple[array, array]] = {}
            outside: dict[str, tuple[array, array]] = {}
            in_names = {t for terms in named for t in terms}
            for n, terms in enumerate(analysed[field]):
                counts: dict[str, int] = {}
                for t in terms:
                    counts[t] = counts.get(t, 0) + 1
                norm = K1 * (1 - B + B * lengths[n] / average)
                for t, tf in counts.items():
                    row = rows.setdefault(t, (array("i"), array("f")))
                    row[0].append(n)
                    row[1].append(tf * (K1 + 1) / (tf + norm))
                    if t not in in_names:
                        continue
                    left = tf - named[n].count(t)  # the occurrences that are not a card's name
                    row = outside.setdefault(t, (array("i"), array("f")))
                    if left > 0:
                        row[0].append(n)
                        row[1].append(left * (K1 + 1) / (left + norm))
            postings[field] = {t: (d.tobytes(), w.tobytes()) for t, (d, w) in rows.items()}
            unnamed[field] = {t: (d.tobytes(), w.tobytes()) for t, (d, w) in outside.items()}
        for n in range(len(docs)):
            seq = array("i")
            for field in FIELDS:  # 0 between the fields: no pair spans them
                seq.extend(vocabulary.setdefault(t, len(vocabulary) + 1) for t in analysed[field][n])
                seq.append(0)
            sequences.append(seq.tobytes())
        questions = {n: list(d["questions"]) for n, d in enumerate(docs) if d.get("questions")}
        return cls(
            {
                "format": FORMAT,
                "ids": ids,
                "games": games,
                "ranges": ranges,
                "postings": postings,
                "vocabulary": vocabulary,
                "sequences": sequences,
                "unnamed": unnamed,
                "questions": questions,
            }
        )

    def to_bytes(self) -> bytes:
        return marshal.dumps(
            {
                "format": FORMAT,
                "ids": self.ids,
                "games": self.games,
                "ranges": self.ranges,
                "postings": self.postings,
                "vocabulary": self.vocabulary,
                "sequences": self.sequences,
                "unnamed": self.unnamed,
                "questions": self.questions,
            }
        )

    @classmethod
    def from_bytes(cls, raw: bytes) -> Lexicon:
        """Read back what to_bytes wrote (the index checks the bytes are its own first)."""
        data = marshal.loads(raw)
        if data.get("format") != FORMAT:
            raise ValueError(f"lexicon format {data.get('format')}, expected {FORMAT}")
        return cls(data)

    # -- reading -------------------------------------------------------------------------------
    def doc_frequency(self, term: str) -> int:
        """How many entries hold the term in their own words."""
        row = self.postings["text"].get(term)
        return len(row[0]) // 4 if row else 0

    def idf(self, field: str, term: str) -> float:
        """whoosh's idf, so that the figures read like its scores."""
        row = self.postings[field].get(term)
        df = len(row[0]) // 4 if row else 0
        return math.log(self.count / (df + 1)) + 1

    def weights(self, field: str, term: str, game: str | None = None, names: bool = True) -> tuple[array, array]:
        """(entries, BM25 term-frequency weights) of a term in a field, one game's only if given;
        with names=False, its occurrences in card names do not count."""
        row = None if names else self.unnamed[field].get(term)
        row = row or self.postings[field].get(term)
        docs, weights = array("i"), array("f")
        if not row:
            return docs, weights
        docs.frombytes(row[0])
        weights.frombytes(row[1])
        if game is not None:
            lo, hi = self.ranges.get(game, (0, 0))
            i, j = bisect_left(docs, lo), bisect_left(docs, hi)
            return docs[i:j], weights[i:j]
        return docs, weights

    def weight_of(self, field: str, term: str, doc: int) -> float:
        """The BM25 term weight of a term in one entry's field (0 when absent)."""
        row = self.postings[field].get(term)
        if not row:
            return 0.0
        docs = array("i")
        docs.frombytes(row[0])
        at = bisect_left(docs, doc)
        if at == len(docs) or docs[at] != doc:
            return 0.0
        weights = array("f")
        weights.frombytes(row[1])
        return weights[at]

    def docs_with(self, term: str, names: bool = True) -> frozenset[int]:
        """The entries that hold the term in either field (kept for the session); with
        names=False, outside card names."""
        found = self._with.get((term, names))
        if found is None:
            docs: set[int] = set()
            for field in FIELDS:
                row = None if names else self.unnamed[field].get(term)
                row = row or self.postings[field].get(term)
                if row:
                    docs.update(array("i", row[0]))
            found = self._with[(term, names)] = frozenset(docs)
        return found

    def adjacent(self, first: str, second: str, docs) -> set[int]:
        """Of `docs`, those where `second` directly follows `first` in one field."""
        a, b = self.vocabulary.get(first), self.vocabulary.get(second)
        if a is None or b is None:
            return set()
        pair = array("i", [a, b]).tobytes()
        found = set()
        for doc in docs:
            seq = self.sequences[doc]
            at = seq.find(pair)
            while at != -1 and at % 4:  # a match must start on a term, not inside one
                at = seq.find(pair, at + 1)
            if at != -1:
                found.add(doc)
        return found
