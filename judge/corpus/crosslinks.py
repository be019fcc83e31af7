"""Links that cross documents, run after every document is parsed.

Each document's own references are resolved by its parser; here live the links that need the
whole corpus (for example No Dawn card files linked to the rules that name them).
"""
from __future__ import annotations

from judge.corpus.model import Corpus

# Each linker takes the whole corpus and adds refs to its entries.
LINKERS: list = []


def link_all(corpus: Corpus) -> None:
    for linker in LINKERS:
        linker(corpus)
