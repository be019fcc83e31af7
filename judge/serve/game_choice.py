"""The game a judge chose once, remembered in a cookie: searches and card look-ups start there.

A form (no JavaScript needed) posts the choice to /game; `all` clears it. Only a game judge knows
(judge.corpus.documents, its loose names too) is accepted: anything else is a 400 page. A cookie
holding something else (edited by hand, or from an older judge) counts as no choice.
"""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from judge.corpus.documents import GAME_TITLES, GAMES, normalize_game
from judge.serve import security

GAME_COOKIE = "judge_game"
REMEMBERED_SECONDS = 14 * 24 * 3600  # an event's weekend, with room
ALL = "all"


def chosen(request: Request) -> str | None:
    """The canonical game this browser chose, or None (every game)."""
    value = request.cookies.get(GAME_COOKIE, "")
    return value if value in GAMES else None


def choices() -> list[tuple[str, str]]:
    """(value, title) for the picker, every game first."""
    return [(ALL, "All games")] + [(game, GAME_TITLES[game]) for game in GAMES]


async def choose(request: Request) -> Response:
    form = await request.form()
    security.check_csrf(request, form)
    wanted = form.get("game")
    if not isinstance(wanted, str) or not wanted.strip():
        raise HTTPException(400, "Choose a game (or All games).")
    response = RedirectResponse(security.same_site_path(form.get("next")), status_code=303)
    if wanted.strip().lower() == ALL:
        response.delete_cookie(GAME_COOKIE, httponly=True, samesite="strict", secure=security.secure_cookies(request))
        return response
    game = normalize_game(wanted)
    if game is None:
        names = ", ".join([ALL, *GAMES])
        raise HTTPException(400, f"There is no game {wanted.strip()[:40]!r}; choose one of {names}.")
    response.set_cookie(
        GAME_COOKIE,
        game,
        max_age=REMEMBERED_SECONDS,
        httponly=True,
        samesite="strict",
        secure=security.secure_cookies(request),
    )
    return response


def routes() -> list[Route]:
    return [Route("/game", choose, methods=["POST"], name="choose_game")]
