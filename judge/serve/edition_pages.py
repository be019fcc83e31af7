"""An entry as an imported or older edition has it: `/nd@2026-11/704.5j` (permalinks.py).

A ruling given on an edition cites `nd@2026-11:704.5j`; its link opens this page, which shows the
entry as that edition words it, every link in it kept within that edition, and says which
edition the station reads now, with a link to the entry there. When the edition named is the one
the station reads, the page is the entry's own (`/nd/704.5j`, a redirect). An edition judge does
not have is a 404 naming those it has; an id that edition lacks is a 404 with its nearest entries
and a link to the entry in the edition read now, if it is there.
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from judge.serve import pages, reading
from judge.serve.entry_page import entry_view
from judge.serve.permalinks import MAX_ID_CHARS, edition_entry_path, entry_id, entry_path


async def edition_entry_page(request: Request) -> Response:
    from judge.editions import corpora, ids, store  # deferred: start-up
    from judge.editions.errors import UnknownEdition  # deferred: start-up
    from judge.lookup import resolve  # deferred: start-up
    from judge.render import child_body, label, snippet  # deferred: start-up

    doc, name, rest = (request.path_params[k] for k in ("doc", "edition", "rest"))
    wanted = entry_id(doc, rest)
    if wanted is None:
        raise HTTPException(
            404,
            f"No entry {doc}@{name}:{rest[:MAX_ID_CHARS]}: an entry id is at most "
            f"{MAX_ID_CHARS} letters, digits and . _ / -",
        )
    try:
        edition = store.find(doc, name)
        read_now = reading.library(request).corpus.editions.get(doc)
        if read_now is not None and read_now == edition:
            return RedirectResponse(entry_path(wanted), status_code=308)
        # An edition read for the first time is parsed (seconds): off the event loop, so that
        # the other judges' pages are not held up meanwhile.
        corpus = await run_in_threadpool(corpora.corpus_for, doc, edition.name)
    except UnknownEdition as unknown:
        raise HTTPException(404, f"{unknown}.") from None
    entry = corpus.get(wanted)
    now = reading.library(request).corpus.get(wanted)
    banner = {
        "edition": edition.label,
        "read_now": read_now.label if read_now is not None else "",
        "now_href": entry_path(now.id) if now is not None else "",
        "now_label": (now.citation or now.id) if now is not None else "",
    }
    if entry is None:
        looked = resolve(corpus, wanted)
        nearest = [
            {
                "href": edition_entry_path(edition.name, e.id),
                "label": label(e) if e.number else e.id,
                "detail": snippet(child_body(e), 70),
            }
            for e in looked.suggestions
        ]
        return pages.render(
            request,
            "not_found.html",
            status_code=404,
            title="Not found",
            message=f"No entry {ids.with_edition(wanted, edition.name)} in edition {edition.label}.",
            nearest=nearest,
            edition_banner=banner,
        )

    def path(target_id: str) -> str:
        return edition_entry_path(edition.name, target_id)

    view = entry_view(request, corpus, entry, path=path)
    view["cites"] = [ids.with_edition(entry.id, edition.name)]  # a ruling logged here cites this edition
    return pages.render(request, "entry.html", edition_banner=banner, **view)


def routes() -> list[Route]:
    return [Route("/{doc:doc}@{edition:edition}/{rest:path}", edition_entry_page, name="edition-entry")]
