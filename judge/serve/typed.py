"""What the judge typed, carried across a redirect: a search that opens an entry directly
(`704.5j`) or a card found by a misspelt name lands on a permalink, whose header search box then
shows the typed text (`?typed=…`) instead of starting empty, and a card page can say that the
name typed was a guess (cards_page.guessed_from)."""

from __future__ import annotations

from urllib.parse import urlencode

from starlette.requests import Request

from judge.safe_text import one_line

FIELD = "typed"
MAX_TYPED_CHARS = 200  # a search box's text; more is not kept (the page still opens)


def carrying(path: str, text: str) -> str:
    """`path` with what was typed, for the page it leads to; the path alone when nothing was."""
    text = one_line(text).strip()
    if not text or len(text) > MAX_TYPED_CHARS:
        return path
    return f"{path}?{urlencode({FIELD: text})}"


def typed(request: Request) -> str:
    """The text carried to this page ('' for none, or for one longer than a box keeps)."""
    text = one_line(request.query_params.get(FIELD, "")).strip()
    return text if len(text) <= MAX_TYPED_CHARS else ""
