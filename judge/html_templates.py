"""HTML is written by Jinja2 templates only, and this module makes their environments.

Every environment has autoescaping on and `StrictUndefined` (a misspelt name in a template is an
error in the tests, not an empty space on a page). Its templates sit in a `templates/` folder
beside the package that renders them: judge/serve/templates (the station's pages),
judge/sheet/templates (the ruling sheet file), judge/changes/templates (a diff or trace page).

`escape` is the one escaping function outside Jinja's own autoescaping: every value a standalone
file (a sheet, a diff) prints passes through it as the environment's `finalize`, and any code that
must escape text outside a template uses it too. It runs judge.safe_text.for_terminal first, so a
shared saved ruling holding escape sequences or control characters cannot carry them into the
file (a terminal showing it would run them). tests/test_html_by_templates.py keeps both promises:
no module builds HTML from strings, and no other module escapes.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from html import escape as _html_escape
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup

from judge.safe_text import for_terminal


def escape(value: str | int | Markup, quote: bool = True) -> Markup:
    """`value` as HTML text, made harmless for a terminal first; mark-up a template made is kept.

    `quote=False` leaves quotes as typed (for text between tags: a sheet reads like its source);
    an attribute's value needs `quote=True`. A number prints its digits; anything else that is
    not text (None, a list) is an error, never printed as its repr."""
    if isinstance(value, Markup):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str):
        raise TypeError(f"a template printed {type(value).__name__} {value!r}, not text")
    return Markup(_html_escape(for_terminal(value), quote=quote))


def environment(package: str, finalize: Callable[[Any], Any], **options: Any) -> Environment:
    """The Jinja2 environment for the templates in `package`'s `templates/` folder: autoescaping
    on, undefined names an error, `finalize` run on every value a template prints."""
    return Environment(
        loader=PackageLoader(package, "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        finalize=finalize,
        **options,
    )


@functools.cache
def file_environment(package: str, quote: bool) -> Environment:
    """The environment for a standalone file (a ruling sheet, a diff page): every printed value
    through `escape` (with `quote` for text between tags; the `attribute` filter always quotes),
    block tags leaving no blank lines, and the file's last newline kept."""
    env = environment(
        package,
        finalize=functools.partial(escape, quote=quote),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["attribute"] = functools.partial(escape, quote=True)
    return env


def render_file(package: str, template: str, quote: bool, **context: Any) -> str:
    """Template `template` of `package` rendered as a whole file (see `file_environment`)."""
    return file_environment(package, quote).get_template(template).render(**context)
