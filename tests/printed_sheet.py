"""An HTML sheet as printed: Chromium (the system's, driven by Playwright) prints it to PDF, and
poppler's pdftotext reads each page back as lines with their positions.

Nothing is downloaded: Playwright is pointed at the system browser with `executable_path`.
`missing()` says what of that is not installed, for the tests to skip (or, under CI, fail).
The browser is `chromium` on the PATH; JUDGE_TEST_CHROMIUM names another binary.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("JUDGE_TEST_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
_XHTML = "{http://www.w3.org/1999/xhtml}"


def browser_missing() -> list[str]:
    """What driving the system's Chromium needs and this machine lacks."""
    lacks = []
    if not Path(CHROMIUM).is_file():
        lacks.append(f"Chromium ({CHROMIUM}; Debian package chromium)")
    if importlib.util.find_spec("playwright") is None:
        lacks.append("Playwright for Python (pip install -e '.[test]')")
    return lacks


def missing() -> list[str]:
    """What printing needs and this machine lacks (empty when everything is there)."""
    lacks = browser_missing()
    for tool in ("pdftotext", "pdftoppm"):
        if shutil.which(tool) is None:
            lacks.append(f"{tool} (Debian package poppler-utils)")
    return lacks


@contextmanager
def system_chromium(lacks: list[str], doing: str) -> Iterator:
    """The system's Chromium launched headless through Playwright (nothing downloaded). With
    something in `lacks`, the test skips saying so — or fails under CI (CI=true), since
    .ci/run installs it all."""
    if lacks:
        reason = f"cannot {doing}: missing " + "; ".join(lacks)
        if os.environ.get("CI") == "true":
            pytest.fail(reason + " (under CI, .ci/run installs them)")
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield chromium
        finally:
            chromium.close()


def normal(text: str) -> str:
    """Whitespace folded, case folded: how texts are compared with what the PDF holds."""
    return " ".join(text.split()).casefold()


@dataclass(frozen=True)
class Line:
    text: str
    top: float
    bottom: float


@dataclass(frozen=True)
class Page:
    number: int
    height: float
    lines: tuple[Line, ...]

    @property
    def text(self) -> str:
        return "\n".join(line.text for line in self.lines)

    @property
    def filled(self) -> float:
        """How far down the page its last line ends, as a share of the page's height."""
        return max((line.bottom for line in self.lines), default=0.0) / self.height


def print_to_pdf(browser, html: str, folder: Path, paper: str = "A4") -> Path:
    """Print `html` as Chromium's print-to-PDF does (print media, no header or footer)."""
    source = folder / "sheet.html"
    source.write_text(html, encoding="utf-8")
    pdf = folder / f"sheet-{paper}.pdf"
    page = browser.new_page()
    try:
        page.goto(source.as_uri())
        page.pdf(path=str(pdf), format=paper)
    finally:
        page.close()
    return pdf


def read_pages(pdf: Path) -> list[Page]:
    """Every page's text lines, top to bottom, with their positions (pdftotext -bbox-layout)."""
    done = subprocess.run(["pdftotext", "-bbox-layout", str(pdf), "-"], capture_output=True, check=True, timeout=60)
    root = ET.fromstring(done.stdout)
    pages = []
    for number, page in enumerate(root.iter(f"{_XHTML}page"), 1):
        lines = [
            Line(
                " ".join(w.text or "" for w in line.iter(f"{_XHTML}word")),
                float(line.get("yMin")),
                float(line.get("yMax")),
            )
            for line in page.iter(f"{_XHTML}line")
        ]
        lines.sort(key=lambda line: line.top)
        pages.append(Page(number, float(page.get("height")), tuple(lines)))
    return pages


def page_images(pdf: Path, prefix: Path, resolution: int = 60) -> list[Path]:
    """Each page as a PNG beside `prefix` (pdftoppm), for docs/ and for looking."""
    subprocess.run(["pdftoppm", "-png", "-r", str(resolution), str(pdf), str(prefix)], check=True, timeout=60)
    return sorted(prefix.parent.glob(f"{prefix.name}-*.png"))


class _Headings(HTMLParser):
    """The texts of everything that heads what follows it: h1–h3, labels, the where-lines."""

    HEADS = {"h1", "h2", "h3"}
    CLASSES = {"label", "where", "step"}

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self._open: list[str] | None = None
        self._depth = 0

    def handle_starttag(self, tag, attrs):
        if self._open is not None:
            self._depth += 1
            return
        classes = set((dict(attrs).get("class") or "").split())
        if tag in self.HEADS or (tag == "p" and classes & self.CLASSES):
            self._open, self._depth = [], 0

    def handle_endtag(self, tag):
        if self._open is None:
            return
        if self._depth:
            self._depth -= 1
            return
        self.found.append("".join(self._open))
        self._open = None

    def handle_data(self, data):
        if self._open is not None:
            self._open.append(data)


def headings(html: str) -> list[str]:
    parser = _Headings()
    parser.feed(html)
    return [normal(h) for h in parser.found if h.strip()]


def ends_with_heading(page: Page, heads: list[str]) -> str | None:
    """The heading the page ends with, if its last line is (the end of) one."""
    if not page.lines:
        return None
    last = normal(page.lines[-1].text)
    return next((h for h in heads if h == last or (len(last) > 3 and h.endswith(" " + last))), None)


def compact(text: str) -> str:
    """Case folded, without any whitespace: the browser may break a line after a hyphen and
    pdftotext may space a glyph from a fallback font, but the characters stay in order."""
    return "".join(text.split()).casefold()


def pdf_text(pages: list[Page]) -> str:
    return compact(" ".join(p.text for p in pages))
