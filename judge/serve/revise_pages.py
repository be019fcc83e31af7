"""Correcting a logged ruling at the station: /log/N/revise (the form) and its POST.

As `judge ruling amend|withdraw N`: a revision appended, never an edit in place, with the same
rules (judge.rulings.revisions.KINDS) and one transaction in the store. Writing needs the access
code and the form's CSRF token, as logging a ruling does; a kind the table keeps from the station
(overturning: the head judge's) is refused with where to do it. A refusal keeps what was typed.
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from judge.rulings.revise import revise
from judge.rulings.revisions import KINDS
from judge.rulings.store import RevisionRefused, RulingsError
from judge.serve import forms, pages, security
from judge.serve.log_pages import _CITE_SEPARATORS, _corpus, _ruling, store_of

FIELDS = ("revision", "reason", "judge", "answer", "question", "cites")
# How the form names what a revision takes, in a refusal.
OPTIONS = {"reason": "the Reason field", "judge": "the Judge field", "answer": "the Ruling field"}
STATION_KINDS = tuple(k for k in KINDS.values() if k.at_station)


async def revise_form(request: Request) -> Response:
    ruling = await _ruling(request)
    return _form(request, ruling, {}, "", 200)


def _form(request: Request, ruling, typed: dict, error: str, status: int) -> Response:
    return pages.render(
        request,
        "log_revise.html",
        status_code=status,
        ruling=ruling,
        kinds=STATION_KINDS,
        typed=typed,
        form_error=error,
    )


async def revise_ruling(request: Request) -> Response:
    ruling = await _ruling(request)  # 404 before anything else for a ruling that does not exist
    form = await forms.read_form(request, FIELDS + (security.CSRF_FIELD, security.CODE_FIELD))
    security.check_csrf(request, form)
    typed = {name: forms.text(form, name) for name in FIELDS}
    kind = KINDS.get(typed["revision"].strip())
    if kind is None:
        raise HTTPException(
            400,
            f"Choose how to revise ruling #{ruling.number}: "
            + " or ".join(k.command for k in STATION_KINDS)
            + "; nothing was written.",
        )
    if not kind.at_station:
        raise HTTPException(
            403,
            f"To {kind.command} ruling #{ruling.number} is the head judge's: at the "
            f"terminal holding the log, `judge ruling {kind.command} {ruling.number} "
            "--reason … --judge …`. Nothing was written.",
        )
    code_typed = False
    if not security.may_write(request):
        try:
            code_typed = security.code_matches(request, forms.text(form, security.CODE_FIELD))
        except security.CodeLocked as locked:
            return _form(request, ruling, typed, f"{locked.detail} Nothing was written.", 429)
        if not code_typed:
            return _form(
                request,
                ruling,
                typed,
                "Revising a ruling needs the event's access code (the head judge has it). Nothing was written.",
                403,
            )
    answer = question = None
    cites: list[str] | None = None
    if kind.new_text:  # the form is pre-filled with the ruling as it stands: sent unchanged, kept
        answer, question = typed["answer"].strip(), typed["question"].strip()
        wanted = [c for c in _CITE_SEPARATORS.split(typed["cites"]) if c]
        if wanted:
            from judge.rulings.citing import stored_id  # deferred: start-up
            from judge.sheet.build import UnknownEntries, resolve_all  # deferred: start-up

            corpus = await _corpus()
            try:
                cites = [stored_id(w.entry, w.corpus or corpus) for w in resolve_all(corpus, wanted)]
            except UnknownEntries as exc:
                return _form(request, ruling, typed, f"Citations: {exc}. Nothing was written.", 422)
        else:
            cites = []
    store = store_of(request)
    try:
        await run_in_threadpool(
            lambda: revise(
                store,
                ruling.number,
                kind.command,
                typed["reason"],
                typed["judge"],
                answer,
                question,
                cites,
                options=OPTIONS,
            )
        )
    except RevisionRefused as refused:
        text = str(refused)
        return _form(request, ruling, typed, f"{text[0].upper()}{text[1:]}.", 422)
    except RulingsError as exc:
        raise HTTPException(
            503, f"The revision could not be saved: {exc}. Nothing was written; send it again."
        ) from None
    response = RedirectResponse(request.app.url_path_for("log_ruling", number=ruling.number), status_code=303)
    if code_typed:
        security.set_writer_cookie(request, response)
    return response


def routes() -> list[Route]:
    return [
        Route("/log/{number:count}/revise", revise_form, methods=["GET"], name="log_revise"),
        Route("/log/{number:count}/revise", revise_ruling, methods=["POST"], name="log_revise_save"),
    ]
