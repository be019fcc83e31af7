"""Shared start-up for commands and the TUI: the corpus and the search index, cached."""
from __future__ import annotations

import sys
from functools import lru_cache

from judge.corpus.loader import load_corpus
from judge.corpus.model import Corpus


def _progress_reporter():
    """A rich status line on stderr while something slow (a rebuild) runs; silent otherwise."""
    if not sys.stderr.isatty():
        return None
    from rich.console import Console

    console = Console(stderr=True)

    def report(message: str) -> None:
        console.print(f"[dim]judge: {message}…[/dim]")

    return report


@lru_cache(maxsize=1)
def corpus() -> Corpus:
    return load_corpus(progress=_progress_reporter())


@lru_cache(maxsize=1)
def searcher():
    from judge.search.index import open_searcher

    return open_searcher(corpus())
