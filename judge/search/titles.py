"""Names a judge may type whole: glossary terms, card names, topic and keyword titles.

An entry whose whole title appears in the question ("master-blood", "declare blockers step",
"charmed life") is likely what the judge means. The table maps each short title, as analysed
words, to the entries that carry it; it is built with the index and cached beside it.
"""

from __future__ import annotations

import pickle
import re

from judge.corpus.model import Corpus
from judge.search.analysis import analyze

MAX_TITLE_WORDS = 5  # longer titles are sentences (run-in heads), not names


class TitleTable:
    def __init__(self, table: dict[tuple[str, ...], list[str]]):
        self.table = table
        self.longest = max((len(k) for k in table), default=0)

    @classmethod
    def from_corpus(cls, corpus: Corpus) -> TitleTable:
        table: dict[tuple[str, ...], list[str]] = {}
        for entry in corpus.entries.values():
            if not entry.title or entry.kind in ("section", "ruling", "paragraph", "example"):
                continue
            for name in entry.title.split(" / "):  # "Theronite / Beast-blood" names two things
                # "Master-Blood ◇" is typed as "master-blood": drop the qualifier and the symbol
                words = tuple(analyze(re.sub(r"[^\w\s'’-]", " ", name.split(" (")[0])))
                if 0 < len(words) <= MAX_TITLE_WORDS:
                    table.setdefault(words, []).append(entry.id)
        return cls(table)

    def to_bytes(self) -> bytes:
        return pickle.dumps(self.table, protocol=pickle.HIGHEST_PROTOCOL)

    @classmethod
    def from_bytes(cls, raw: bytes) -> TitleTable:
        """Read back what to_bytes wrote (the index checks the bytes are its own first)."""
        return cls(pickle.loads(raw))

    def named_in(self, terms: list[str]) -> list[tuple[tuple[str, ...], list[str]]]:
        """The titles that stand whole in the query's words, longest first, no overlaps."""
        found: list[tuple[tuple[str, ...], list[str]]] = []
        used: set[int] = set()
        for size in range(min(self.longest, len(terms)), 0, -1):
            for start in range(len(terms) - size + 1):
                span = set(range(start, start + size))
                words = tuple(terms[start : start + size])
                if words in self.table and not span & used:
                    found.append((words, self.table[words]))
                    used |= span
        return found
