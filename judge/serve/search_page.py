"""The search page: `/search?q=…[&game=…][&fragment=1]`, one box for everything the CLI and the
TUI take (rule numbers, ranges, words, card:, game:, kind:, doc:).

It asks judge.library exactly what the TUI's omnibox asks, so a query means the same everywhere.
A rule number or id typed exactly goes to its entry page (a redirect); a range lists its rules.
The game is `?game=` if given (`all`: every game), else the one this browser chose, unless the
query names its own with game:. A query the search refuses (too long, a filter naming nothing)
is a 400 page saying why. `fragment=1` returns the results alone, for static/app.js to show as
the judge types (it never redirects).
"""

from __future__ import annotations

import asyncio

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from judge.corpus.documents import GAME_TITLES, normalize_game
from judge.serve import game_choice, pages, reading
from judge.serve.linked_text import snippet_pieces
from judge.serve.permalinks import entry_path, ruling_path, search_path
from judge.serve.typed import carrying

RESULTS = 20  # results on a page (a phone scrolls; the CLI's default is 10)
SNIPPET = 300


def _asked_game(request: Request) -> tuple[str | None, bool]:
    """(game, chosen_before): `?game=` when given, else the browser's remembered choice."""
    asked = request.query_params.get("game")
    if asked is None or not asked.strip():
        remembered = game_choice.chosen(request)
        return remembered, remembered is not None
    if asked.strip().lower() == game_choice.ALL:
        return None, False
    game = normalize_game(asked)
    if game is None:
        raise HTTPException(
            400,
            f"There is no game {asked.strip()[:40]!r} to search; choose one of "
            f"{', '.join([game_choice.ALL, *GAME_TITLES])}.",
        )
    return game, False


SEARCHES_AT_ONCE = 2
_slots: dict[int, asyncio.Semaphore] = {}  # per event loop (each test client runs its own)


def _searching() -> asyncio.Semaphore:
    loop = id(asyncio.get_running_loop())
    if loop not in _slots:
        _slots.clear()  # the station runs one loop; a finished one's semaphore is of no use
        _slots[loop] = asyncio.Semaphore(SEARCHES_AT_ONCE)
    return _slots[loop]


async def search(request: Request) -> Response:
    from judge.library import search_game  # deferred: start-up

    text = request.query_params.get("q", "")
    fragment = request.query_params.get("fragment") == "1"
    template = "_results.html" if fragment else "search.html"
    game, chosen_before = _asked_game(request)
    if not text.strip():
        return pages.render(request, template, query=text, view=None, refusal="")
    game = search_game(text, game)
    library = reading.library(request)
    # In a worker thread: a long search must not hold the event loop, which serves every other
    # page (eight heavy searches made every page wait ~1.2 s). At most SEARCHES_AT_ONCE run or
    # wait for a thread; the others wait here, holding no thread.
    async with _searching():
        found = await run_in_threadpool(library.find, text, game=game, limit=RESULTS)
    if found.refusal:
        return pages.render(request, template, status_code=400, query=text, view=None, refusal=found.refusal)
    if found.direct is not None and not fragment:
        # "704.5." asks for the rule alone, as in `judge show`: its page without the sub-rules
        alone = "." if found.alone and found.direct.number else ""
        return RedirectResponse(carrying(entry_path(found.direct.id) + alone, text), status_code=303)
    view = _view(library, text, found, game, from_choice=chosen_before and game is not None)
    url = request.app.state.settings.archive_url
    if url and not fragment:  # the archive's precedents beside the rules (judge/serve/precedents.py)
        from judge.serve.precedents import look_up  # deferred: start-up

        view["precedents"] = await look_up(url, text)
    return pages.render(request, template, query=text, view=view, refusal="")


def _view(library, text: str, found, game: str | None, from_choice: bool) -> dict:
    """What the results show, as the CLI prints it: hints first, then each result."""
    from judge.conflicts.present import mark  # deferred: start-up
    from judge.render import label  # deferred: start-up
    from judge.search_view import hidden_hint, likely_hint, same_text, saved_number, widen_by  # deferred: start-up

    corpus = library.corpus
    hints = []
    if from_choice:
        hints.append(
            f"{GAME_TITLES[found.games[0]]} only (the game chosen on this phone); choose All games to search every game"
        )
    hints += found.notes
    hints += [
        hint
        for hint in (
            likely_hint(found.inferred_game, found.game_likelihood, bool(found.hits), "choose a game for one"),
            hidden_hint(found.games, bool(found.hits), found.elsewhere, widen_by(text, "choose All games")),
        )
        if hint
    ]
    results = []
    for result in found.results:
        entry, terms = result.entry, result.terms
        number = saved_number(entry)
        if number is not None:  # a ruling saved at this event: its page in the log, never an entry page
            results.append(_saved_result(entry, number, terms))
            continue
        parent = corpus.parent(entry)
        notes = reading.notes_for(entry.id)
        results.append(
            {
                "href": entry_path(entry.id),
                "citation": entry.citation or entry.id,
                "id": entry.id,
                "title": entry.title if entry.title and entry.title not in (entry.citation or "") else "",
                "kind": entry.kind,
                "tags": list(entry.tags),
                "game": GAME_TITLES.get(entry.game, entry.game),
                "marks": mark(notes) if notes else "",
                "parent": ({"href": entry_path(parent.id), "label": label(parent)} if parent is not None else None),
                "snippet": snippet_pieces(entry.text, terms, SNIPPET),
                # why it came up, when the judge's index found it rather than the rule's own words
                "matched": result.matched,
                # as `judge search` says "same text in …": the copies the ranking folded into this one
                "same_text": [
                    {"href": entry_path(i), "label": citation} for i, citation in same_text(corpus, result.same_text)
                ],
            }
        )
    suggestions = []
    for suggestion in found.suggestions:
        target = corpus.get(suggestion)
        suggestions.append(
            {
                "text": label(target) if target else suggestion,
                "href": entry_path(target.id) if target else search_path(suggestion),
            }
        )
    # A game given by the page (not typed as game:) is dropped by asking for every game.
    every_game = search_path(text) + "&game=all" if game is not None else None
    return {"hints": hints, "results": results, "suggestions": suggestions, "every_game": every_game}


def _saved_result(entry, number: int, terms) -> dict:
    """A saved ruling among the results, as `judge search` lists it: its citation (which carries
    its mark: "overturned on appeal", "WITHDRAWN"), the ruling as it now stands, a link to /log/N."""
    return {
        "href": ruling_path(number),
        "citation": entry.citation or entry.id,
        "id": entry.id,
        "title": "",
        "kind": "saved ruling",
        "tags": [],
        "game": GAME_TITLES.get(entry.game, entry.game or "no game cited"),
        "marks": "",
        "parent": None,
        "snippet": snippet_pieces(entry.text, terms, SNIPPET),
        "matched": "",
        "same_text": [],
    }


def routes() -> list[Route]:
    return [Route("/search", search, name="search")]
