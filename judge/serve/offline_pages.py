"""What makes the station an app a phone keeps: the web app manifest, the service worker, the
page the service worker draws offline pages in, and the reader bundle.

- /manifest.webmanifest  name, icons, theme, start URL ("Add to Home Screen" opens full screen)
- /sw.js                 the service worker (static/sw.js), at the site's root so that its scope
                         is every page; its version and the station's CSP are written into it, so
                         a new code or data version is a new worker, which replaces the bundle
- /offline/shell         base.html with places for the title, query and main part: offline
                         pages have the station's header, footer and styles
- /offline/bundle?game=G the reader bundle (offline_bundle), with its SHA-256 and version in
                         headers; the worker drops one whose checksum or version is not its own

All are same-origin files under the station's Content-Security-Policy (security.py).
"""

from __future__ import annotations

import hashlib
import json
from importlib import resources

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from judge.corpus.documents import GAME_TITLES, normalize_game
from judge.serve import game_choice, pages, reading, security

THEME = "#1d3557"
BACKGROUND = "#ffffff"
BUNDLE_HEADER = "x-bundle-sha256"
VERSION_HEADER = "x-bundle-version"
# The files a page needs, kept by the worker at install (the bundle is kept per game, later).
SHELL_FILES = (
    "/offline/shell",
    "/static/style.css",
    "/static/app.js",
    "/static/offline.js",
    "/static/offline-core.js",
    "/static/icon-192.png",
    "/manifest.webmanifest",
)


def _worker_source() -> str:
    return (resources.files("judge.serve") / "static" / "sw.js").read_text(encoding="utf-8")


def code_version(request: Request) -> str:
    """judge's version and every static file the phone runs (the worker's own source too)."""
    state = request.app.state
    if getattr(state, "code_version", None) is None:
        from judge import __version__  # deferred: start-up

        digest = hashlib.sha256(__version__.encode())
        for name in sorted(state.assets):
            digest.update(name.encode() + b"\0" + state.assets[name].body)
        digest.update(_worker_source().encode())
        state.code_version = digest.hexdigest()[:16]
    return state.code_version


def version(request: Request) -> str:
    from judge.serve.offline_bundle import data_version  # deferred: start-up

    return data_version(reading.library(request).corpus, code_version(request))


def _csp() -> str:
    return dict(security.SECURITY_HEADERS)[b"content-security-policy"].decode()


async def manifest(request: Request) -> Response:
    body = {
        "name": "judge station",
        "short_name": "judge",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME,
        "background_color": BACKGROUND,
        "description": "Rules look-up and rulings log for card-game judges",
        "icons": [
            {"src": "/static/icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": "/static/icon-512.png", "sizes": "512x512", "type": "image/png"},
            {"src": "/static/icon.svg", "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    return Response(json.dumps(body), media_type="application/manifest+json", headers={"cache-control": "no-cache"})


async def worker(request: Request) -> Response:
    source = (
        _worker_source()
        .replace("@@VERSION@@", version(request))
        .replace("@@CSP@@", _csp())
        .replace("@@SHELL@@", json.dumps(list(SHELL_FILES)))
    )
    # no-cache: the browser asks each time whether the worker changed (a new version)
    return Response(
        source,
        media_type="text/javascript; charset=utf-8",
        headers={"cache-control": "no-cache", "service-worker-allowed": "/"},
    )


async def shell(request: Request) -> Response:
    reading.library(request)  # the editions line of the header, as other pages show it
    return pages.render(request, "offline_shell.html")


def _bundle_game(request: Request) -> str | None:
    asked = (request.query_params.get("game") or "").strip()
    if not asked or asked.lower() == game_choice.ALL:
        return None
    game = normalize_game(asked)
    if game is None:
        raise HTTPException(
            400,
            f"There is no game {asked[:40]!r} to keep offline; choose one of "
            f"{', '.join([game_choice.ALL, *GAME_TITLES])}.",
        )
    return game


async def bundle(request: Request) -> Response:
    from starlette.concurrency import run_in_threadpool

    from judge import context  # deferred: start-up
    from judge.serve.offline_bundle import bundle_for  # deferred: start-up

    game = _bundle_game(request)
    library = reading.library(request)
    made = await run_in_threadpool(bundle_for, library.corpus, context.searcher(), game, version(request))
    headers = {
        BUNDLE_HEADER: made.sha256,
        VERSION_HEADER: made.version,
        "cache-control": "no-store",
        "vary": "accept-encoding",
    }
    if "gzip" in request.headers.get("accept-encoding", ""):
        headers["content-encoding"] = "gzip"
        return Response(made.gzipped, media_type="application/json", headers=headers)
    return Response(made.body, media_type="application/json", headers=headers)


def routes() -> list[Route]:
    return [
        Route("/manifest.webmanifest", manifest, name="manifest"),
        Route("/sw.js", worker, name="service_worker"),
        Route("/offline/shell", shell, name="offline_shell"),
        Route("/offline/bundle", bundle, name="offline_bundle"),
    ]
