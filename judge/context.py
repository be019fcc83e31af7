"""Shared start-up for commands and the TUI: the corpus and the search index, cached."""

from __future__ import annotations

import os
import sys
from functools import lru_cache
from typing import TYPE_CHECKING

from judge.corpus.model import Corpus
from judge.editions.loader import load_corpus

if TYPE_CHECKING:
    from rich.progress import Progress, TaskID


class RebuildProgress:
    """A rich progress bar on stderr while the cache is rebuilt; nothing when it is fresh (the
    bar starts on the first report) or when stderr is not a terminal."""

    def __init__(self) -> None:
        self._bar: Progress | None = None
        self._tasks: dict[str, TaskID] = {}

    def __call__(self, stage: str, detail: str, done: int, total: int) -> None:
        if not sys.stderr.isatty():
            return
        if self._bar is None:
            from rich.console import Console
            from rich.progress import Progress

            self._bar = Progress(console=Console(stderr=True), transient=True)
            self._bar.start()
        if stage not in self._tasks:
            self._tasks[stage] = self._bar.add_task(stage, total=total)
        self._bar.update(self._tasks[stage], completed=done, total=total, description=f"{stage} {detail}")

    def close(self) -> None:
        if self._bar is not None:
            self._bar.stop()
            self._bar = None


@lru_cache(maxsize=1)
def corpus() -> Corpus:
    progress = RebuildProgress()
    try:
        return load_corpus(progress=progress)
    finally:
        progress.close()


@lru_cache(maxsize=1)
def searcher():
    from judge.rulings.source import saved_rulings_source  # deferred: start-up
    from judge.search.index import open_searcher  # deferred: start-up

    progress = RebuildProgress()
    try:  # the rulings saved at this event are searched too (the default log, $JUDGE_RULINGS_DB)
        return open_searcher(corpus(), progress=progress, saved_rulings=saved_rulings_source())
    finally:
        progress.close()


@lru_cache(maxsize=1)
def conflicts():
    """The notes on entries: policy conflicts and recorded anomalies (judge.conflicts)."""
    from judge.conflicts.cached import load_index  # deferred: start-up

    return load_index(corpus())


EVENT_GAME_VARIABLE = "JUDGE_GAME"


def event_game() -> str | None:
    """The game of the event being judged, from $JUDGE_GAME ("nodawn", "lcg", …): searches and
    card look-ups start there. Unset, empty or "all" means every game.

    Raises ValueError naming the variable for a game that does not exist."""
    from judge.corpus.documents import normalize_game  # deferred: start-up

    value = os.environ.get(EVENT_GAME_VARIABLE, "").strip()
    if not value or value.lower() == "all":
        return None
    game = normalize_game(value)
    if game is None:
        raise ValueError(f"unknown game {value!r} in ${EVENT_GAME_VARIABLE}")
    return game
