"""Replays in the browser: open a scenario file (upload it, or pick a board the judge saved) at
/replay, then step through it at /replay/<key>/<step>, forward and back, with links (no script).

A step's page shows what `judge replay` prints for it: the action, its events (refusals,
choices the play waits for, "not modelled" notes, engine errors marked as such) with their
cited rules as links, then the board after it; the last step adds where the replay stopped
and the expectations. The words are judge.replay_words', the data the engine's replay.
"""

from __future__ import annotations

import re

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from judge import input_limits
from judge.replay_words import STOPPED, not_modelled_head, note_body, note_place, rule_heading, rule_number
from judge.safe_text import one_line
from judge.serve import forms, pages, security, sheet_page
from judge.serve.replay_shelf import FolderUnreadable, NotFound, ScenarioError, Shelf, boards

UPLOAD_FIELD = "scenario"
# A scenario file's bound (judge.input_limits) applies to the whole upload: the form's few
# hundred bytes of framing come out of it.
MAX_UPLOAD_BYTES = input_limits.MAX_FILE_BYTES
_KEY = re.compile(r"[0-9a-f]{32}")


def _shelf(request: Request) -> Shelf:
    state = request.app.state
    if not hasattr(state, "replays"):
        state.replays = Shelf()
    return state.replays


def _scenario_refused(exc: ScenarioError) -> HTTPException:
    return HTTPException(422, f"This scenario cannot be replayed: {exc.describe()}")


def _unreadable(exc: FolderUnreadable) -> HTTPException:
    return HTTPException(503, f"{exc} The head judge can fix its permissions; nothing was replayed.")


async def replay_home(request: Request) -> Response:
    try:
        names, problem = sorted(await run_in_threadpool(boards)), ""
    except FolderUnreadable as exc:  # said on the page; uploading still works
        names, problem = [], str(exc)
    return pages.render(request, "replay_open.html", boards=names, boards_problem=problem, upload_field=UPLOAD_FIELD)


async def open_board(request: Request) -> Response:
    """/replay/board?name=…: the name is looked up in the listing of saved boards."""
    name = request.query_params.get("name", "")
    try:
        opened = await run_in_threadpool(_shelf(request).board, name)
    except NotFound as exc:
        raise HTTPException(404, str(exc)) from None
    except ScenarioError as exc:
        raise _scenario_refused(exc) from None
    except FolderUnreadable as exc:
        raise _unreadable(exc) from None
    return RedirectResponse(request.app.url_path_for("replay_step", key=opened.key, step=0), status_code=303)


async def upload(request: Request) -> Response:
    # The whole body in memory first, bounded by the scenario bound: the form parser then keeps
    # the file in memory too (it spills a part to a temporary file only past 1 MiB), so nothing
    # an upload holds is written anywhere before it has loaded — and then only to the data folder.
    body = await request.body()
    if len(body) > MAX_UPLOAD_BYTES:
        raise HTTPException(413, f"An upload is at most {MAX_UPLOAD_BYTES:,} bytes, the file with its form.")
    form = await forms.read_form(request, (security.CSRF_FIELD, security.CODE_FIELD), files=(UPLOAD_FIELD,))
    security.check_csrf(request, form)
    code_typed = security.check_writer(request, form)
    sent = form.get(UPLOAD_FIELD)
    if not isinstance(sent, UploadFile) or not sent.filename:
        raise HTTPException(400, "Choose a scenario file to upload.")
    data = await sent.read()
    label = one_line(sent.filename.replace("\\", "/").rsplit("/", 1)[-1])[:80] or "the uploaded file"
    try:
        opened = await run_in_threadpool(_shelf(request).upload, data, label)
    except ScenarioError as exc:
        raise _scenario_refused(exc) from None
    except FolderUnreadable as exc:
        raise _unreadable(exc) from None
    response = RedirectResponse(request.app.url_path_for("replay_step", key=opened.key, step=0), status_code=303)
    if code_typed:
        security.set_writer_cookie(request, response)
    return response


async def replay_step(request: Request) -> Response:
    opened, step = await _opened_step(request)
    key, replay = opened.key, opened.replay
    last = len(replay.steps)
    view = await run_in_threadpool(_step_view, replay, step)
    offers = await run_in_threadpool(_step_offers, request, opened, step)
    return pages.render(
        request, "replay_step.html", key=key, label=opened.label, replay=replay, step=step, last=last, **view, **offers
    )


async def _opened_step(request: Request):
    """The replay a step's path names and the step, or the 404/422/503 page saying why not."""
    key, step = request.path_params["key"], request.path_params["step"]
    if not _KEY.fullmatch(key):
        raise HTTPException(404, "There is no replay with this key.")
    try:
        opened = await run_in_threadpool(_shelf(request).get, key)
    except NotFound as exc:
        raise HTTPException(404, str(exc)) from None
    except ScenarioError as exc:  # a kept file changed on disk since it was checked
        raise _scenario_refused(exc) from None
    except FolderUnreadable as exc:
        raise _unreadable(exc) from None
    last = len(opened.replay.steps)
    if step > last:
        raise HTTPException(404, f"This replay has {last} step{'s' if last != 1 else ''} (0 is the board as set up).")
    return opened, step


def _step_offers(request: Request, opened, step: int) -> dict:
    """A step's two offers (as the TUI's basket makes them): its sheet, or why there is none,
    and the log form citing the rules that decided the step."""
    from urllib.parse import urlencode

    from judge.serve.replay_sheet import deciding_rules, sheet_refusal  # deferred: start-up

    deciding = deciding_rules(opened.replay, step)
    log_href = request.app.url_path_for("log_new") + (
        f"?{urlencode({'cite': deciding}, doseq=True)}" if deciding else ""
    )
    return {
        "sheet_refusal": sheet_refusal(opened.replay, opened.label, step),
        "log_href": log_href,
        "deciding": deciding,
    }


async def replay_step_sheet(request: Request) -> Response:
    """/replay/<key>/<step>/sheet: the sheet of the replay through this step, as a served sheet
    page (the sheets of the log share its policy); 422 saying why when none can be made."""
    from judge import context  # deferred: start-up
    from judge.serve.log_pages import _as_of  # deferred: start-up
    from judge.serve.replay_sheet import step_sheet  # deferred: start-up
    from judge.sheet.build import UnknownEntries  # deferred: start-up
    from judge.sheet.replay_log import ReplayUnavailable  # deferred: start-up

    opened, step = await _opened_step(request)
    as_of = _as_of(request)
    corpus = await run_in_threadpool(context.corpus)
    try:
        sheet = await run_in_threadpool(step_sheet, corpus, opened.replay, opened.label, step, as_of)
    except ReplayUnavailable as exc:
        raise HTTPException(422, f"No sheet of this replay: {exc}.") from None
    except UnknownEntries as exc:  # a rule the engine cites that the rules read do not hold
        raise HTTPException(422, f"No sheet of this replay: {exc}.") from None
    return sheet_page.response([sheet])


def _edition_note(corpus, replay) -> dict | None:
    """What every step's page says first once another No Dawn edition is read than the one the
    engine plays (judge.editions.engine_rules), as `judge replay` and the TUI say it."""
    from judge.editions.engine_rules import compare_cited  # deferred: start-up

    report = compare_cited(corpus, replay.cited_rules)
    return {"text": report.sentence(), "differs": bool(report.changes)} if report is not None else None


def _step_view(replay, n: int) -> dict:
    """What the page for step `n` shows, as plain values (the template escapes them)."""
    from judge import context  # deferred: start-up
    from judge.engine.scenarios.replay import final_dict  # deferred: start-up

    corpus = context.corpus()
    events = list(replay.scenario.setup_events) if n == 0 else list(replay.steps[n - 1].events)

    def cited(rule_ids) -> list[tuple[str, str, str]]:
        out = []
        for rid in rule_ids:
            entry = corpus.get(rid)
            title = rule_heading(entry.title, entry.text, entry.number or "") if entry else ""
            out.append((rid, rule_number(rid), title))
        return out

    shown = [
        {
            "text": e.text,
            "rules": cited(e.rules),
            "kind": (
                "engine-error"
                if e.engine_error
                else "refused"
                if e.refused
                else "asks"
                if e.asks
                else "not-modelled"
                if e.not_modelled
                else "event"
            ),
        }
        for e in events
    ]
    notes = [
        {"place": note_place(k), "text": note_body(e.text), "rules": cited(e.rules), "here": k == n}
        for k, e in replay.not_modelled
    ]
    at_end = n == len(replay.steps)
    return {
        "edition": _edition_note(corpus, replay),
        "action": replay.steps[n - 1].action if n else "",
        "events": shown,
        "notes": notes,
        "notes_head": not_modelled_head(len(notes)),
        "board": final_dict(replay.state_after(n)),
        "actions": [s.action for s in replay.steps],
        "stopped": STOPPED.format(n=replay.stopped_at) if at_end and replay.stopped_at is not None else "",
        "waiting": (replay.waiting[0].upper() + replay.waiting[1:]) if at_end and replay.waiting else "",
        "expectations": replay.expectations if at_end else [],
    }


def routes() -> list[Route]:
    return [
        Route("/replay", replay_home, methods=["GET"], name="replay"),
        Route("/replay", upload, methods=["POST"], name="replay_upload"),
        Route("/replay/board", open_board, methods=["GET"], name="replay_board"),
        Route("/replay/{key}/{step:count}", replay_step, methods=["GET"], name="replay_step"),
        Route("/replay/{key}/{step:count}/sheet", replay_step_sheet, methods=["GET"], name="replay_sheet"),
    ]
