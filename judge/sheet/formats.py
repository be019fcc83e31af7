"""The sheet formats by name, and which one a file name asks for."""
from __future__ import annotations

from pathlib import Path
from collections.abc import Callable

from judge.sheet import html, markdown, terminal, text
from judge.sheet.model import Sheet

RENDERERS: dict[str, Callable[[list[Sheet]], str]] = {
    "terminal": terminal.render,
    "markdown": markdown.render,
    "html": html.render,
    "text": text.render,
}
SUFFIXES = {".md": "markdown", ".markdown": "markdown", ".html": "html", ".htm": "html", ".txt": "text"}
EXTENSION = {"markdown": ".md", "html": ".html", "text": ".txt", "terminal": ".txt"}


def format_for(path: Path | None, asked: str | None) -> str:
    """The asked format, else the one the file's suffix names, else terminal (no file) or text."""
    if asked:
        return asked
    if path is None:
        return "terminal"
    return SUFFIXES.get(path.suffix.lower(), "text")


def render(sheets: list[Sheet], fmt: str) -> str:
    return RENDERERS[fmt](sheets)
