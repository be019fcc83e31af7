"""A sheet as PDF: the HTML sheet printed by the system's Chromium, driven by Playwright.

Nothing is downloaded: Playwright (the optional extra `judge[pdf]`) launches the Chromium the
system has installed (`chromium` on the PATH, or the binary $JUDGE_CHROMIUM names). Without
either, `missing()` says what to install and no file is written.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import tempfile
from pathlib import Path

PAPER = "A4"
TIMEOUT_MS = 60_000  # a long sheet prints in a few seconds; a browser that hangs is stopped


class PdfUnavailable(RuntimeError):
    """The PDF cannot be made: the engine is not installed, or it failed."""


def chromium_path() -> str | None:
    named = os.environ.get("JUDGE_CHROMIUM")
    if named:
        return named if Path(named).is_file() else None
    return shutil.which("chromium") or shutil.which("chromium-browser")


def missing() -> list[str]:
    """What printing to PDF needs and this system lacks, each with how to install it."""
    lacks = []
    if importlib.util.find_spec("playwright") is None:
        lacks.append("Playwright for Python (pip install 'judge[pdf]', or pip install playwright)")
    if chromium_path() is None:
        named = os.environ.get("JUDGE_CHROMIUM")
        lacks.append(
            f"Chromium ($JUDGE_CHROMIUM names {named!r}, not a file)"
            if named
            else "Chromium (the system's: apt install chromium, or set $JUDGE_CHROMIUM to its binary)"
        )
    return lacks


def html_to_pdf(html: str, paper: str = PAPER) -> bytes:
    """The PDF Chromium prints of `html` (print media, no header or footer)."""
    lacks = missing()
    if lacks:
        raise PdfUnavailable("cannot write a PDF: missing " + "; ".join(lacks))
    from playwright.sync_api import Error, sync_playwright

    with tempfile.TemporaryDirectory(prefix="judge-sheet-") as folder:
        source = Path(folder) / "sheet.html"
        source.write_text(html, encoding="utf-8")
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=chromium_path(), args=["--no-sandbox"], timeout=TIMEOUT_MS
                )
                try:
                    page = browser.new_page()
                    page.goto(source.as_uri(), timeout=TIMEOUT_MS)
                    return page.pdf(format=paper)
                finally:
                    browser.close()
        except Error as exc:
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise PdfUnavailable(f"cannot write a PDF: Chromium failed ({first})") from None
