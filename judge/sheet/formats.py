"""The sheet formats by name, and which one a file name asks for."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from judge.sheet import html, markdown, terminal, text
from judge.sheet.model import Sheet

RENDERERS: dict[str, Callable[[list[Sheet]], str]] = {
    "terminal": terminal.render,
    "markdown": markdown.render,
    "html": html.render,
    "text": text.render,
}
# "pdf" is the HTML sheet printed by a browser (judge.sheet.pdf): bytes, not a renderer's text.
PDF = "pdf"
SUFFIXES = {".md": "markdown", ".markdown": "markdown", ".html": "html", ".htm": "html", ".txt": "text", ".pdf": PDF}
EXTENSION = {"markdown": ".md", "html": ".html", "text": ".txt", "terminal": ".txt", PDF: ".pdf"}


class UnknownSuffix(ValueError):
    """A file name whose suffix names no sheet format (and no --format was given)."""


def format_for(path: Path | None, asked: str | None) -> str:
    """The asked format, else the one the file's suffix names (a name without a suffix: text),
    else terminal when there is no file. A suffix naming no format is an UnknownSuffix: a
    .docx or .pdf holding plain text would be a file its reader cannot open."""
    if asked:
        return asked
    if path is None:
        return "terminal"
    suffix = path.suffix.lower()
    if not suffix:
        return "text"
    if suffix not in SUFFIXES:
        raise UnknownSuffix(suffix)
    return SUFFIXES[suffix]


def render(sheets: list[Sheet], fmt: str) -> str:
    return RENDERERS[fmt](sheets)
