"""Reading on: the entry before and after each one in its document's order, as a judge reads the
rules around the one looked up (704.5i ← 704.5j → 704.5k).

Computed once per corpus (an edition's corpus has its own) in one pass over the entries, which
every parser gives in document order; `judge show` uses it, and any other front end can. An
example is read with the rule it illustrates, so reading on steps over it; an example itself has
the entries around it as neighbours.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

from judge.corpus.model import Corpus, Entry

READ_WITH_PARENT = ("example",)  # kinds shown inside the entry they belong to, never stepped to

_TABLES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


@dataclass(frozen=True)
class Around:
    previous: Entry | None
    next: Entry | None


class Neighbours:
    def __init__(self, corpus: Corpus) -> None:
        self._corpus = corpus
        self._previous: dict[str, str] = {}
        self._next: dict[str, str] = {}
        last: dict[str, str] = {}  # doc -> the last entry read on to
        waiting: dict[str, list[str]] = {}  # doc -> entries (skipped or not) whose next is not yet known
        for entry in corpus.entries.values():
            doc = entry.doc
            if doc in last:
                self._previous[entry.id] = last[doc]
            if entry.kind in READ_WITH_PARENT:
                waiting.setdefault(doc, []).append(entry.id)
                continue
            for earlier in waiting.pop(doc, []):
                self._next[earlier] = entry.id
            waiting[doc] = [entry.id]
            last[doc] = entry.id

    def around(self, entry: Entry) -> Around:
        get = self._corpus.entries.get
        before, after = self._previous.get(entry.id), self._next.get(entry.id)
        return Around(get(before) if before else None, get(after) if after else None)


def neighbours(corpus: Corpus) -> Neighbours:
    """The table of `corpus`, made on first use and kept while the corpus lives."""
    table = _TABLES.get(corpus)
    if table is None:
        table = _TABLES[corpus] = Neighbours(corpus)
    return table


def around(corpus: Corpus, entry: Entry) -> Around:
    return neighbours(corpus).around(entry)


def name_of(entry: Entry) -> str:
    """How a neighbour is named: "704.5k", "Glossary — Owner"'s "Owner", a Shadowfist ruling by
    its card and first words (its own title is its card's name, which its citation completes)."""
    from judge.render import label  # deferred: start-up

    if not entry.number and " — " in entry.citation:
        return entry.citation.split(" — ", 1)[1]
    return label(entry)
