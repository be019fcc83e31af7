"""The rulings log in the browser: log a ruling (POST /log), the head judge's log (/log, live
and searchable), one ruling (/log/N) and its sheet (/log/N/sheet), a sheet of entries (/sheet).

Logging follows `judge ruling save`: the same field rules (judge.rulings.fields), citations
resolved against the corpus (an unknown one is refused with the nearest ids), one transaction in
the store (judge.rulings.store); the browser is sent to the ruling's page only once it is
committed (post/redirect/get). A form sent back for a mistake keeps what the judge typed.
"""

from __future__ import annotations

import re

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from judge.rulings.fields import check as check_fields
from judge.rulings.store import RulingsError, RulingStore, SavedRuling, default_db_path
from judge.serve import forms, pages, security, sheet_page
from judge.serve.log_memory import LoggedAs, remember

FIELDS = ("question", "answer", "cites", "table", "judge", "event")
# How the form names each stored field in a refusal.
LABELS = {"answer": "Ruling", "question": "Question", "event": "Event", "table": "Table", "judge": "Judge"}
LOG_PAGE_SIZE = 200  # rulings a log page lists; a search narrows it
MAX_QUERY = 200  # characters of a log search
MAX_PREFILLED_CITES = 50  # a link's ?cite=…: entry and card pages pre-fill a handful
MAX_PREFILLED_QUESTION = 2000
_CITE_SEPARATORS = re.compile(r"[\s,;]+")
_LARGEST_NUMBER = 2**63 - 1  # SQLite's INTEGER; a larger /log/N is simply not a ruling
# The phone's own id for a ruling (static/offline.js adds it to the form): the same ruling sent
# twice — kept offline and sent again, or a post whose answer was lost — is stored once.
KEY_FIELD = "key"
_KEY = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def store_of(request: Request) -> RulingStore:
    return RulingStore(request.app.state.settings.rulings_db or default_db_path())


async def _corpus():
    from judge import context  # deferred: start-up

    return await run_in_threadpool(context.corpus)


async def _read(request: Request, method: str, *args):
    """A store read, off the event loop; a log that cannot be read is a 503 page saying why."""
    store = store_of(request)
    try:
        return await run_in_threadpool(getattr(store, method), *args)
    except RulingsError as exc:
        raise HTTPException(503, f"The rulings log cannot be read: {exc}") from None


# -- logging a ruling --------------------------------------------------------------------------
async def new_ruling(request: Request) -> Response:
    """The form alone, pre-filled from ?cite=…&question=… (links from other pages)."""
    cites = [c for c in request.query_params.getlist("cite") if c.strip()]
    question = request.query_params.get("question", "")
    if len(cites) > MAX_PREFILLED_CITES or len(question) > MAX_PREFILLED_QUESTION:
        raise HTTPException(
            400,
            f"A link to the form pre-fills at most {MAX_PREFILLED_CITES} citations "
            f"and a question of {MAX_PREFILLED_QUESTION:,} characters.",
        )
    return pages.render(request, "log_new.html", cites=cites, question=question)


async def save_ruling(request: Request) -> Response:
    form = await forms.read_form(request, FIELDS + (security.CSRF_FIELD, security.CODE_FIELD, KEY_FIELD))
    security.check_csrf(request, form)
    typed = {name: forms.text(form, name) for name in FIELDS}
    key = forms.text(form, KEY_FIELD).strip().lower() or None
    if key is not None and not _KEY.fullmatch(key):
        return _form_again(
            request,
            typed,
            "The form's key is not a UUID (the page that sent it is not this station's). Nothing was saved.",
            422,
        )
    code_typed = False
    if not security.may_write(request):
        code = forms.text(form, security.CODE_FIELD)
        try:
            matches = security.code_matches(request, code)
        except security.CodeLocked as locked:  # the judge's typed form is kept
            return _form_again(request, typed, f"{locked.detail} Nothing was saved.", 429)
        if not matches:
            why = (
                "That is not the event's access code."
                if code.strip()
                else "Logging a ruling needs the event's access code (the head judge has it)."
            )
            return _form_again(request, typed, why + " Nothing was saved.", 403)
        code_typed = True
    values = {name: typed[name].strip() for name in FIELDS}
    if not values["answer"]:
        return _form_again(request, typed, "The ruling is empty: write what you ruled. Nothing was saved.", 422)
    refusal = check_fields(LABELS, values)
    if refusal:
        return _form_again(request, typed, f"{refusal[0].upper()}{refusal[1:]}. Nothing was saved.", 422)
    wanted = [c for c in _CITE_SEPARATORS.split(values["cites"]) if c]
    cites: list[str] = []
    if wanted:
        from judge.sheet.build import UnknownEntries, resolve_all  # deferred: start-up

        corpus = await _corpus()
        from judge.rulings.citing import stored_id  # deferred: start-up

        try:  # stored as `judge ruling save` stores them (an imported edition's ids name it)
            cites = [stored_id(w.entry, w.corpus or corpus) for w in resolve_all(corpus, wanted)]
        except UnknownEntries as exc:
            return _form_again(request, typed, f"Citations: {exc}. Nothing was saved.", 422)
    store = store_of(request)
    try:
        ruling = await run_in_threadpool(
            store.save,
            values["answer"],
            values["question"],
            cites,
            values["event"],
            values["table"],
            values["judge"],
            key=key,
        )
    except RulingsError as exc:
        raise HTTPException(503, f"The ruling could not be saved: {exc}. Nothing was saved; send it again.") from None
    # Committed: only now is the browser told so (303 to the ruling's page).
    response = RedirectResponse(request.app.url_path_for("log_ruling", number=ruling.number), status_code=303)
    remember(
        response,
        LoggedAs(judge=values["judge"], table=values["table"], event=values["event"]),
        secure=security.secure_cookies(request),
    )
    if code_typed:
        security.set_writer_cookie(request, response)
    return response


def _form_again(request: Request, typed: dict, error: str, status: int) -> Response:
    return pages.render(
        request, "log_new.html", status_code=status, cites=[], question="", form=typed, form_error=error
    )


# -- reading the log ---------------------------------------------------------------------------
def _query(request: Request) -> str:
    query = request.query_params.get("q", "")
    if len(query) > MAX_QUERY:
        raise HTTPException(400, f"A log search is at most {MAX_QUERY} characters.")
    return query.strip()


# The log's two orders: newest first (a live log's newest ruling on top), or oldest first, the
# order `judge ruling list` prints. `?order=oldest` asks for the second.
OLDEST_FIRST = "oldest"


def _oldest_first(request: Request) -> bool:
    order = request.query_params.get("order", "")
    if order not in ("", "newest", OLDEST_FIRST):
        raise HTTPException(400, "The log's order is newest (the default) or oldest (?order=oldest).")
    return order == OLDEST_FIRST


async def _listed(request: Request) -> dict:
    query, oldest_first = _query(request), _oldest_first(request)
    rulings = await _read(request, "search", query, LOG_PAGE_SIZE, oldest_first)
    return {"query": query, "rulings": rulings, "oldest_first": oldest_first, "page_size": LOG_PAGE_SIZE}


async def log_page(request: Request) -> Response:
    return pages.render(request, "log.html", **await _listed(request))


async def log_live(request: Request) -> Response:
    """The list alone, for the log page's script to swap in every few seconds."""
    response = pages.render(request, "_log_list.html", **await _listed(request))
    response.headers["cache-control"] = "no-store"
    return response


async def _ruling(request: Request) -> SavedRuling:
    number = request.path_params["number"]
    found = None if number > _LARGEST_NUMBER else await _read(request, "get", number)
    if found is None:
        raise HTTPException(404, f"There is no ruling #{number} in the log.")
    return found


async def ruling_page(request: Request) -> Response:
    ruling = await _ruling(request)
    corpus = await _corpus()
    from judge.editions import ids  # deferred: start-up

    cited = []
    for cite in ruling.cites:  # an edition's id: the entry as read now, and the edition named
        entry, named = corpus.get(ids.plain(cite)), ids.split(cite)
        cited.append(
            (
                cite,
                (entry.citation or entry.id) if entry else "",
                entry.title if entry else "",
                named[1] if named else "",
            )
        )
    return pages.render(request, "log_ruling.html", ruling=ruling, cited=cited)


async def ruling_sheet(request: Request) -> Response:
    """The same sheet as `judge sheet --saved N [--as-of DATE]` (`?as_of=DATE`), as its own
    self-contained page."""
    ruling = await _ruling(request)
    from judge.rulings.citing import edition_id  # deferred: start-up
    from judge.sheet.build import UnknownEntries, build_sheet  # deferred: start-up

    corpus = await _corpus()
    as_of = _as_of(request)
    try:  # as `judge sheet --saved N`: each citation read in the edition it was given on
        sheet = await run_in_threadpool(
            lambda: build_sheet(
                corpus,
                [edition_id(c, corpus) for c in ruling.cites],
                date=ruling.date,
                question=ruling.question,
                as_of=as_of,
                ruling=ruling.answer_as_it_stands(),
                event=ruling.event,
                table=ruling.table,
                judge=ruling.judge,
                saved_number=ruling.number,
            )
        )
    except UnknownEntries as exc:  # cited by another program, or the rules changed since
        raise HTTPException(422, f"Ruling #{ruling.number} cites what the rules no longer hold: {exc}.") from None
    return sheet_page.response([sheet])


def _as_of(request: Request) -> str | None:
    """The day a served sheet reads the rules as of, as `judge sheet --as-of` takes it:
    `?as_of=YYYY-MM-DD`, else the server's $JUDGE_EVENT_DATE, else none; a bad date is a 400."""
    from judge.editions import store  # deferred: start-up
    from judge.editions.errors import EditionError  # deferred: start-up

    wanted = request.query_params.get("as_of")
    try:
        return store.check_date(wanted, "as_of") if wanted is not None else store.event_date()
    except EditionError as bad:
        raise HTTPException(400, f"{bad}.") from None


async def entries_sheet(request: Request) -> Response:
    """/sheet?id=704.5j&id=…[&as_of=DATE]: the sheet `judge sheet 704.5j … [--as-of DATE]` prints."""
    wanted = [i.strip() for i in request.query_params.getlist("id") if i.strip()]
    if not wanted:
        raise HTTPException(400, "Name the entries to print: /sheet?id=704.5j (one id= for each).")
    if len(wanted) > 50:
        raise HTTPException(400, "A sheet cites at most 50 entries.")
    from judge.sheet.build import UnknownEntries, build_sheet  # deferred: start-up

    corpus = await _corpus()
    as_of = _as_of(request)
    try:
        sheet = await run_in_threadpool(lambda: build_sheet(corpus, wanted, as_of=as_of))
    except UnknownEntries as exc:
        raise HTTPException(404, f"{exc}.") from None
    return sheet_page.response([sheet])


def routes() -> list[Route]:
    return [
        Route("/log", log_page, methods=["GET"], name="log"),
        Route("/log", save_ruling, methods=["POST"], name="log_save"),
        Route("/log/new", new_ruling, methods=["GET"], name="log_new"),
        Route("/log/live", log_live, methods=["GET"], name="log_live"),
        Route("/log/{number:count}", ruling_page, methods=["GET"], name="log_ruling"),
        Route("/log/{number:count}/sheet", ruling_sheet, methods=["GET"], name="log_sheet"),
        Route("/sheet", entries_sheet, methods=["GET"], name="sheet"),
    ]
