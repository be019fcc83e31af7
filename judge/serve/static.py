"""The package's static files (CSS, a little JavaScript), read once and served from memory.

Only the names listed here exist: a URL path is looked up in this table, never joined to a
folder, so no request can reach another file.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from importlib import resources

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

_FILES = {
    "style.css": "text/css; charset=utf-8",
    "app.js": "text/javascript; charset=utf-8",
    "log.js": "text/javascript; charset=utf-8",
    # offline use (offline_pages.py): the page's side, what it shares with the service worker, icons
    "offline.js": "text/javascript; charset=utf-8",
    "offline-core.js": "text/javascript; charset=utf-8",
    "porter2.js": "text/javascript; charset=utf-8",  # vendored: VENDORED.md
    "icon-192.png": "image/png",
    "icon-512.png": "image/png",
    "icon.svg": "image/svg+xml",
}


@dataclass(frozen=True)
class Asset:
    body: bytes
    media_type: str
    etag: str


def load_assets() -> dict[str, Asset]:
    folder = resources.files("judge.serve") / "static"
    assets = {}
    for name, media_type in _FILES.items():
        body = (folder / name).read_bytes()
        assets[name] = Asset(body, media_type, '"' + hashlib.sha256(body).hexdigest()[:16] + '"')
    return assets


async def asset(request: Request) -> Response:
    found = request.app.state.assets.get(request.path_params["name"])
    if found is None:
        raise HTTPException(404, "No such file on this judge station.")
    if request.headers.get("if-none-match") == found.etag:
        return Response(status_code=304, headers={"etag": found.etag})
    return Response(found.body, media_type=found.media_type, headers={"etag": found.etag, "cache-control": "no-cache"})


async def no_icon(request: Request) -> Response:
    """Browsers ask for /favicon.ico on pages that name no icon (a printed sheet): there is none,
    which is not an error worth a 404 page in the browser's console."""
    return Response(status_code=204)


def routes() -> list[Route]:
    return [Route("/static/{name}", asset, name="static"), Route("/favicon.ico", no_icon)]
