"""The templates, and the one way a page is rendered: Jinja2 with autoescaping always on (the
environment judge.html_templates makes, as for every HTML judge writes).

Templates receive plain values (entries, rulings, events) and escape them; nothing builds HTML
from user or document text by string concatenation. Every value a template prints first passes
through judge.safe_text.for_terminal (escape sequences removed, control characters shown as
U+FFFD), so a NUL or a bidi override in a ruling is visible, not hidden. `StrictUndefined` makes
a misspelt name in a template an error in the tests, not an empty space on a judge's phone.
"""

from __future__ import annotations

from markupsafe import Markup
from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.templating import Jinja2Templates

from judge.html_templates import environment
from judge.safe_text import for_terminal, one_line
from judge.serve import game_choice, local_time, security
from judge.serve.log_memory import log_memory
from judge.serve.permalinks import cited_path
from judge.serve.typed import typed


def _visible(value):
    """What `{{ value }}` prints: text made harmless before autoescaping (mark-up the
    templates made themselves is left alone)."""
    if isinstance(value, str) and not isinstance(value, Markup):
        return for_terminal(value)
    return value


def make_templates() -> Jinja2Templates:
    env = environment("judge.serve", finalize=_visible, trim_blocks=True, lstrip_blocks=True)
    env.globals.update(
        csrf_field=security.CSRF_FIELD,
        code_field=security.CODE_FIELD,
        entry_href=cited_path,
        log_memory=log_memory,
        machine_time=local_time.machine_time,
        readable_time=local_time.readable,
        station_zone=local_time.zone_name,
    )
    # `finalize` (_visible) is the one place printed text is cleaned. `shown` only turns None
    # and numbers into text; `one_line` also folds line breaks (a ruling's question in a list).
    env.filters.update(shown=_as_text, one_line=lambda value: one_line(_as_text(value)))
    return Jinja2Templates(env=env)


def _as_text(value) -> str:
    """Any value as text for a template: None is nothing, a number its digits."""
    return "" if value is None else str(value)


def here(request: Request) -> str:
    """This page's path and query, to come back to after a form (the game picker)."""
    query = request.url.query
    return request.url.path + ("?" + query if query else "")


def render(request: Request, template: str, status_code: int = 200, **context) -> HTMLResponse:
    """Page `template` for this request; every page gets the CSRF token, whether this browser
    may write without the code, the settings' code requirement, and the game chosen."""
    settings = request.app.state.settings
    context.update(
        csrf_token=security.csrf_token(request),
        may_write=security.may_write(request),
        writes_need_code=settings.writes_need_code,
        game=game_choice.chosen(request),
        game_choices=game_choice.choices(),
        game_titles=dict(game_choice.choices()),
        here=here(request),
        search_typed=typed(request),
        # "reading No Dawn …: edition 2026-12 …" once an edition is imported, set
        # when the reading pages open the library (judge.serve.reading)
        editions_note=getattr(request.app.state, "editions_note", ""),
    )
    return request.app.state.templates.TemplateResponse(request, template, context, status_code=status_code)
