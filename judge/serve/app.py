"""One ASGI application: the routes of the page modules, the middleware, the error pages.

Page modules each expose `routes() -> list[Route]`; PAGE_MODULES lists them in order. Every
error a client can cause is a 4xx page saying what was wrong; a defect in judge is a 500 page
(its traceback goes to a log file named on the server's terminal, never to the browser, and is
not printed a second time by the server).
"""

from __future__ import annotations

import importlib
import sys

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from judge import safe_text

# permalinks registers the URL convertors (doc, edition, count) before any route is built
from judge.serve import pages, permalinks, security, static  # noqa: F401
from judge.serve.settings import ServeSettings

# The entry pages last: their `/{doc}/{rest}` pattern is matched only against document keys,
# but nothing is lost by letting every fixed path be tried first.
PAGE_MODULES = (
    "judge.serve.static",
    "judge.serve.offline_pages",
    "judge.serve.game_choice",
    "judge.serve.search_page",
    "judge.serve.cards_page",
    "judge.serve.log_pages",
    "judge.serve.revise_pages",
    "judge.serve.replay_pages",
    "judge.serve.edition_pages",
    "judge.serve.entry_page",
)

# The scope key under which internal_error leaves the exception it wrote down (see Station).
_REPORTED = "judge.reported_error"

_REASONS = {
    400: "Bad request",
    403: "Not allowed",
    404: "Not found",
    405: "Method not allowed",
    408: "Too slow",
    413: "Too large",
    415: "Unsupported upload",
    422: "Cannot use this",
    429: "Too many requests",
    503: "Not available now",
}


async def home(request: Request) -> Response:
    from judge.corpus.documents import DOCUMENTS, GAME_TITLES  # deferred: start-up
    from judge.serve.permalinks import document_path  # deferred: start-up

    documents = [
        {"href": document_path(d.key), "title": d.title, "game": GAME_TITLES.get(d.game, d.game)} for d in DOCUMENTS
    ]
    return pages.render(request, "home.html", documents=documents)


async def unlock_page(request: Request) -> Response:
    return pages.render(
        request, "unlock.html", wrong=False, back=security.same_site_path(request.query_params.get("next"))
    )


async def unlock(request: Request) -> Response:
    """The access code entered once: the session gets a signed mark and need not type it again."""
    form = await request.form()
    security.check_csrf(request, form)
    back = security.same_site_path(form.get("next"))
    if not security.code_matches(request, form.get(security.CODE_FIELD)):
        return pages.render(request, "unlock.html", status_code=403, wrong=True, back=back)
    response = RedirectResponse(back, status_code=303)
    security.set_writer_cookie(request, response)
    return response


async def http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    if exc.status_code in (301, 302, 303, 304, 307, 308):
        return Response(status_code=exc.status_code, headers=exc.headers)
    page = pages.render(
        request,
        "error.html",
        status_code=exc.status_code,
        title=_REASONS.get(exc.status_code, "Cannot do that"),
        message=exc.detail,
    )
    page.headers.update(exc.headers or {})  # Retry-After on a 429, Allow on a 405
    return page


SHOWN_PATH_CHARS = 120  # of a path on the head judge's terminal: a URL may be 8 KB long


def _shown_path(request: Request) -> str:
    """The request's path as the head judge's terminal may show it: escapes and controls made
    harmless (a path is the client's text, percent-decoded), and cut to one line's worth."""
    path = safe_text.one_line(request.url.path)
    return path if len(path) <= SHOWN_PATH_CHARS else path[:SHOWN_PATH_CHARS] + f"… ({len(path):,} characters)"


async def internal_error(request: Request, exc: Exception) -> Response:
    from judge import crash_log  # deferred: start-up

    try:
        where = f"its traceback is in {crash_log.write(exc, [request.method, request.url.path])}"
    except OSError as log_error:  # not marked reported: the server prints the traceback instead
        where = f"its traceback could not be written ({log_error})"
    else:
        request.scope[_REPORTED] = exc
    print(f"judge serve: internal error on {request.method} {_shown_path(request)}: {where}", file=sys.stderr)
    page = pages.render(
        request,
        "error.html",
        status_code=500,
        title="Internal error",
        message="judge failed on this request. Nothing was saved by it. The head judge's terminal names the log file.",
    )
    # Starlette answers a 500 outside the middleware that adds these to every other page.
    for name, value in security.security_headers(request.app.state.settings):
        page.headers[name.decode()] = value.decode()
    return page


async def client_gone(request: Request, exc: Exception) -> Response:
    """A client that hung up mid-request (a phone leaving the Wi-Fi): nobody is there to read
    an answer, nothing was saved, and it is no defect of judge — no log file, no terminal line."""
    return Response(status_code=400)


async def slash_or_not_found(scope, receive, send) -> None:
    """The router's fallback. Starlette's own slash redirect names the Host header's host in its
    Location (an absolute URL a client chose); this one answers with a path only (308: the
    method and body are kept) when the path with its trailing slash dropped, or added, is a page."""
    from urllib.parse import quote

    from starlette.routing import Match

    path = scope["path"]
    if scope["type"] == "http" and path != "/":
        other = path.rstrip("/") if path.endswith("/") else path + "/"
        router = scope["app"].router
        if (
            other
            and not other.startswith("//")
            and any(route.matches(dict(scope, path=other))[0] is not Match.NONE for route in router.routes)
        ):
            location = quote(other, safe="/@:-._~!$&'()*+,;=")
            if scope.get("query_string"):
                location += "?" + scope["query_string"].decode("latin-1")
            await Response(status_code=308, headers={"location": location})(scope, receive, send)
            return
    raise HTTPException(404)


class Station(Starlette):
    """Starlette raises an exception again after its 500 handler has answered, so that the server
    can log it; uvicorn then prints a second traceback ("Exception in ASGI application") after
    internal_error has already written it down. An exception internal_error reported stops here;
    any other still reaches the server."""

    async def __call__(self, scope, receive, send) -> None:
        try:
            await super().__call__(scope, receive, send)
        except Exception as exc:
            if scope.get(_REPORTED) is not exc:
                raise


def create_app(settings: ServeSettings | None = None) -> Starlette:
    settings = settings or ServeSettings()
    routes = [
        Route("/", home, name="home"),
        Route("/unlock", unlock_page, methods=["GET"], name="unlock_page"),
        Route("/unlock", unlock, methods=["POST"], name="unlock"),
    ]
    for module_name in PAGE_MODULES:
        routes += importlib.import_module(module_name).routes()
    app = Station(
        routes=routes,
        middleware=[
            Middleware(security.BrowserSession, settings=settings),
            Middleware(security.BodyLimit, limit=settings.max_body_bytes),
        ],
        exception_handlers={HTTPException: http_error, ClientDisconnect: client_gone, Exception: internal_error},
    )
    # Links are paths: the slash redirect too (see slash_or_not_found).
    app.router.redirect_slashes = False
    app.router.default = slash_or_not_found
    app.state.settings = settings
    from judge.serve.guesses import GuessGuard  # deferred: start-up

    app.state.guesses = GuessGuard()
    app.state.templates = pages.make_templates()
    # Links are paths, never absolute URLs built from the request's Host header.
    app.state.templates.env.globals["path_for"] = app.url_path_for
    app.state.assets = static.load_assets()
    return app
