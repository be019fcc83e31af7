"""What the reading pages share: the library they read through (judge.library, as the TUI does)
and the notes on entries (judge.conflicts), both opened on first use and kept for the process;
and the trail of titles (crumbs) above an entry or a card."""

from __future__ import annotations

import threading
from collections.abc import Callable

from starlette.requests import Request

from judge.corpus.documents import GAME_TITLES
from judge.corpus.model import Corpus, Entry
from judge.library import Library
from judge.serve.permalinks import document_path, entry_path

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
                from judge import context  # deferred: start-up

                state.library = Library(context.corpus(), context.searcher(), rulings_db=state.settings.rulings_db)
                # Which editions are read: fixed for the process (an import needs a restart).
                from judge.lookup.reading import editions_line  # deferred: start-up

                state.editions_note = editions_line(state.library.corpus)
                context.conflicts()  # the notes every result and entry page shows
    return state.library


def notes_for(entry_id: str) -> list:
    """The policy conflicts and recorded damage on an entry, as `judge show` shows them."""
    from judge import context  # deferred: start-up

    return context.conflicts().notes_for(entry_id)


def game_title(game: str | None) -> str:
    return GAME_TITLES.get(game, game) if game else "All games"


def document_title(request: Request, entry: Entry) -> str:
    info = library(request).corpus.documents.get(entry.doc)
    return info.title if info else entry.doc


def crumbs(request: Request, corpus: Corpus, entry: Entry, path: Callable[[str], str] = entry_path) -> list[dict]:
    from judge.render import label  # deferred: start-up

    trail = [{"href": document_path(entry.doc), "label": document_title(request, entry)}]
    trail += [{"href": path(a.id), "label": label(a)} for a in corpus.ancestors(entry)]
    return trail
