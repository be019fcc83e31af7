"""Resolve what a judge typed — an id, a printed number, `704.5.` — to one entry.

Used by `judge show`, ruling sheets and the TUI. When nothing matches, it offers the nearest
existing numbers (704.5l → 704.5k, 704.5m) or ids.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field

from judge.corpus.documents import DOCUMENTS, normalize_game
from judge.corpus.model import Corpus, Entry

_NUMBER = re.compile(r"^(\d{1,3}(?:\.\d+[a-z]?)?)(\.?)$")


@dataclass
class Lookup:
    entry: Entry | None
    alone: bool = False  # "704.5." asks for the rule without its sub-rules
    suggestions: list[Entry] = field(default_factory=list)


def _docs_for(game: str | None) -> list[str]:
    g = normalize_game(game)
    return [d.key for d in DOCUMENTS if g is None or d.game == g]


def resolve(corpus: Corpus, wanted: str, game: str | None = None) -> Lookup:
    wanted = wanted.strip().replace("\u2013", "-")
    docs = _docs_for(game)
    if wanted in corpus.entries:
        return Lookup(corpus.entries[wanted])
    # "704.5j" or "nd:704.5." — a printed number, optionally with its document prefix
    prefix, _, rest = wanted.rpartition(":")
    if prefix and prefix in corpus.documents:
        docs, wanted_number = [prefix], rest
    else:
        wanted_number = wanted
    m = _NUMBER.match(wanted_number)
    if m:
        number, alone = m.group(1), bool(m.group(2))
        for doc in docs:
            entry = corpus.by_number(doc, number)
            if entry:
                return Lookup(entry, alone=alone)
        return Lookup(None, suggestions=nearest_numbers(corpus, number, docs))
    # "glossary/overrun" without its document prefix
    for doc in docs:
        entry = corpus.get(f"{doc}:{wanted}")
        if entry:
            return Lookup(entry)
    return Lookup(None, suggestions=nearest_ids(corpus, wanted, docs))


def number_key(number: str) -> tuple:
    """Sort key that orders 702.2 < 702.10 and 704.5k < 704.5m."""
    key: list = []
    for part in re.findall(r"\d+|[a-z]+", number):
        key.append((0, int(part), "") if part.isdigit() else (1, 0, part))
    return tuple(key)


def nearest_numbers(corpus: Corpus, number: str, docs: list[str], around: int = 1) -> list[Entry]:
    """The existing numbers just before and after where `number` would sit."""
    out: list[Entry] = []
    target = number_key(number)
    depth = len(re.findall(r"\d+|[a-z]+", number))
    for doc in docs:
        same_depth = sorted(
            (n for n in corpus.numbers(doc) if len(re.findall(r"\d+|[a-z]+", n)) == depth),
            key=number_key,
        )
        keys = [number_key(n) for n in same_depth]
        import bisect

        i = bisect.bisect_left(keys, target)
        for n in same_depth[max(0, i - around): i + around]:
            entry = corpus.by_number(doc, n)
            if entry:
                out.append(entry)
    return out


def nearest_ids(corpus: Corpus, wanted: str, docs: list[str], limit: int = 5) -> list[Entry]:
    candidates = [e.id for e in corpus.entries.values() if e.doc in docs]
    bare = {c.split(":", 1)[1]: c for c in candidates}
    names = difflib.get_close_matches(wanted.split(":", 1)[-1], list(bare), n=limit, cutoff=0.6)
    return [corpus.entries[bare[n]] for n in names]
