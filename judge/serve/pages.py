"""The templates, and the one way a page is rendered: Jinja2 with autoescaping always on.

Templates receive plain values (entries, rulings, events) and escape them; nothing builds HTML
from user or document text by string concatenation. `StrictUndefined` makes a misspelt name in
a template an error in the tests, not an empty space on a judge's phone.
"""
from __future__ import annotations

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.templating import Jinja2Templates

from judge.safe_text import for_terminal, one_line
from judge.serve import security
from judge.serve.entry_links import entry_href
from judge.serve.log_memory import log_memory


def make_templates() -> Jinja2Templates:
    env = Environment(loader=PackageLoader("judge.serve", "templates"),
                      autoescape=select_autoescape(default=True, default_for_string=True),
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.globals.update(csrf_field=security.CSRF_FIELD, code_field=security.CODE_FIELD,
                       entry_href=entry_href, log_memory=log_memory)
    # Stored and uploaded text (rulings, scenarios) through judge.safe_text before Jinja escapes
    # it: escape sequences go, other control characters show as U+FFFD.
    env.filters.update(shown=_text_filter(for_terminal), one_line=_text_filter(one_line))
    return Jinja2Templates(env=env)


def _text_filter(clean):
    """A safe_text function as a filter for any value: None is nothing, a number its digits."""
    return lambda value: "" if value is None else clean(str(value))


def render(request: Request, template: str, status_code: int = 200, **context) -> HTMLResponse:
    """Page `template` for this request; every page gets the CSRF token, whether this browser
    may write without the code, and the settings' code requirement."""
    settings = request.app.state.settings
    context.update(csrf_token=security.csrf_token(request), may_write=security.may_write(request),
                   writes_need_code=settings.writes_need_code)
    return request.app.state.templates.TemplateResponse(request, template, context,
                                                        status_code=status_code)
