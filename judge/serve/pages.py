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

from judge.serve import security


def make_templates() -> Jinja2Templates:
    env = Environment(loader=PackageLoader("judge.serve", "templates"),
                      autoescape=select_autoescape(default=True, default_for_string=True),
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.globals.update(csrf_field=security.CSRF_FIELD, code_field=security.CODE_FIELD)
    return Jinja2Templates(env=env)


def render(request: Request, template: str, status_code: int = 200, **context) -> HTMLResponse:
    """Page `template` for this request; every page gets the CSRF token, whether this browser
    may write without the code, and the settings' code requirement."""
    settings = request.app.state.settings
    context.update(csrf_token=security.csrf_token(request), may_write=security.may_write(request),
                   writes_need_code=settings.writes_need_code)
    return request.app.state.templates.TemplateResponse(request, template, context,
                                                        status_code=status_code)
