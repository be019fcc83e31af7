"""What the reading pages share: the library they read through (judge.library, as the TUI does)
and the notes on entries (judge.conflicts), both opened on first use and kept for the process."""

from __future__ import annotations

import threading

from starlette.requests import Request

from judge.corpus.documents import GAME_TITLES
from judge.corpus.model import Entry
from judge.library import Library

_opening = threading.Lock()


def library(request: Request) -> Library:
    return open_library(request.app)


def open_library(app) -> Library:
    """The app's library, opened now if it is not yet (`judge serve` opens it before it prints
    its address, so the first judge to search does not wait for the corpus to load)."""
    state = app.state
    if getattr(state, "library", None) is None:
        with _opening:
            if getattr(state, "library", None) is None:
                from judge import context

                state.library = Library(context.corpus(), context.searcher(), rulings_db=state.settings.rulings_db)
                # Which editions are read: fixed for the process (an import needs a restart).
                from judge.lookup.reading import editions_line

                state.editions_note = editions_line(state.library.corpus)
                context.conflicts()  # the notes every result and entry page shows
    return state.library


def notes_for(entry_id: str) -> list:
    """The policy conflicts and recorded damage on an entry, as `judge show` shows them."""
    from judge import context

    return context.conflicts().notes_for(entry_id)


def game_title(game: str | None) -> str:
    return GAME_TITLES.get(game, game) if game else "All games"


def document_title(request: Request, entry: Entry) -> str:
    info = library(request).corpus.documents.get(entry.doc)
    return info.title if info else entry.doc
