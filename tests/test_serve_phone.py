"""Every page the station serves, on a 360 px phone (issue 31 item 6) and a 1280 px laptop, in
the system's Chromium.

Each kind of page — home, a document's contents, an entry, a rule with sub-rules, an edition's
entry, search results (found, nothing found, a range), a card (by its permalink and by a misspelt
name), the card list and a choice, not-found and error pages, the log, the log form, a ruling,
both sheets, unlock, the replay list, every step of two replays and their sheets — is opened
at 360×740 (and 1280×800) and measured: the document never scrolls sideways, and every visible
link, button, summary, select and input is at least 40 px tall (the README's promise). On a replay's board, no number or name
is broken across lines. With JUDGE_SCREENSHOT_DIR=docs the pages the README shows are
photographed (docs/serve-<page>-<device>.png).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from judge import cli
from judge.serve.app import create_app
from judge.serve.settings import ServeSettings
from tests import live_server
from tests.bundled import V01

pytestmark = pytest.mark.usefixtures("session_context")

CODE = "k7m2p9"
PHONE = {"width": 360, "height": 740}
DEVICES = {"phone": PHONE, "laptop": {"width": 1280, "height": 800}}
MIN_TAP = 40  # px
SCENARIOS = Path(__file__).resolve().parent / "scenarios"
E53 = SCENARIOS / "e53-the-player-orders-the-replacements.yaml"  # a note, a choice, a refusal
BUNDLED_RULES = Path(__file__).resolve().parents[1] / "rules" / "nodawn" / "nodawn-comprehensive-rules.txt"

# What a tap target is, and how each one that is too small is named in a failure.
_MEASURE = """(MIN_TAP) => {
  const doc = document.documentElement;
  const small = [];
  for (const el of document.querySelectorAll('a[href], button, summary, select, input:not([type=hidden])')) {
    const rects = el.getClientRects();
    if (!rects.length) continue;                       // not drawn (a closed <details>, hidden)
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (box.height < MIN_TAP) small.push(`${el.tagName.toLowerCase()}${el.className ? '.' + el.className.split(' ').join('.') : ''} "${(el.textContent || el.value || el.name || '').trim().slice(0, 30)}" ${box.height.toFixed(1)} px`);
  }
  return {overflow: doc.scrollWidth - doc.clientWidth, small: small};
}"""

# On a replay's board: a cell's word (a number, a name, a header) drawn on more than one line
# (an id such as coinhouse-of-shadows may break after a hyphen).
_BROKEN_WORDS = """() => {
  const broken = [];
  for (const cell of document.querySelectorAll('#replay-board th, #replay-board td')) {
    for (const node of cell.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE) continue;
      let at = 0;
      for (const word of node.textContent.split(/(\\s+|-)/)) {   // a line may break after a hyphen
        if (word.trim() && word !== '-') {
          const range = document.createRange();
          range.setStart(node, at); range.setEnd(node, at + word.length);
          const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
          if (lines.size > 1) broken.push(`${word} (${lines.size} lines)`);
        }
        at += word.length;
      }
    }
  }
  return broken;
}"""


@pytest.fixture
def station(tmp_path, monkeypatch):
    """A station with an access code, an empty log and a data folder holding a newer No Dawn
    edition (imported, not read: its entries have pages of their own)."""
    monkeypatch.setenv("JUDGE_RULINGS_DB", str(tmp_path / "rulings.sqlite3"))
    monkeypatch.setenv("JUDGE_DATA_HOME", str(tmp_path / "data"))
    source = tmp_path / "nd-2026-11.txt"
    text = BUNDLED_RULES.read_text(encoding="utf-8")
    source.write_text(
        text.replace("704.5j An Entity with Vigor greater than 0", "704.5j An Entity with Vigor above 0"),
        encoding="utf-8",
    )
    assert cli.main(["import", str(source), "--doc", "nd", "--edition", "2026-11", "--date", "2026-11-01"]) == 0
    app = create_app(ServeSettings.for_host("127.0.0.1", access_code=CODE))
    with live_server.running(app) as base:
        yield base


@pytest.fixture
def photos() -> Path | None:
    folder = os.environ.get("JUDGE_SCREENSHOT_DIR")
    return Path(folder) if folder else None


def _problems(page) -> list[str]:
    measured = page.evaluate(_MEASURE, MIN_TAP)
    problems = [f"scrolls sideways by {measured['overflow']} px"] if measured["overflow"] > 0 else []
    return problems + [f"tap target under {MIN_TAP} px: {s}" for s in measured["small"]]


def _upload(page, station: str, scenario: Path) -> str:
    """Uploads a scenario from /replay; the URL of its step 0."""
    page.goto(station + "/replay")
    page.set_input_files("#replay-upload input[type=file]", str(scenario))
    code = page.locator("#replay-upload input[name=code]")
    if code.count():
        code.fill(CODE)
    page.locator("#replay-upload button[type=submit]").click()
    page.wait_for_url(re.compile(r"/replay/[0-9a-f]{32}/0$"))
    return page.url


@pytest.mark.slow
@pytest.mark.parametrize("device", sorted(DEVICES))
def test_every_page_fits_a_360_px_phone_and_a_laptop(browser, station, photos, device):
    context = browser.new_context(viewport=DEVICES[device])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    found: dict[str, list[str]] = {}
    broken: dict[str, list[str]] = {}

    def visit(name: str, url: str | None = None, status: int = 200) -> None:
        if url is not None:
            response = page.goto(station + url)
            assert response.status == status, (name, url, response.status)
        if problems := _problems(page):
            found[f"{name} ({page.url.removeprefix(station)})"] = problems
        if photos is not None and name in PHOTOGRAPHED[device]:
            page.screenshot(path=str(photos / f"serve-{name}-{device}.png"), full_page=name == "replay")

    visit("home", "/")
    visit("contents", "/nd")
    visit("section", "/nd/7")
    visit("section-read-whole", "/nd/section/7?read=all")
    visit("entry", "/nd/704.5j")
    visit("rule-with-sub-rules", "/nd/704.5")
    visit("glossary", "/nd/glossary/overrun")
    visit("edition-entry", "/nd@2026-11/704.5j")
    visit("search", "/search?q=drained+entity+block")
    visit("search-nothing", "/search?q=zzqxv+wqqz")
    visit("search-range", "/search?q=116.2b-c")
    visit("card", "/sf/card/charmed-life")
    visit("card-guessed", "/card?name=charmed+lyfe")
    visit("cards", "/card")
    visit("card-choice", "/card?name=arcanowave")
    visit("not-found", "/nd/999.9z", status=404)
    visit("card-not-found", "/card?name=qqqzzx+vvv", status=404)
    visit("bad-request", "/search?q=x&game=nosuch", status=400)
    visit("unlock", "/unlock")
    visit("log-form", "/log/new?cite=704.5j")

    # A ruling logged, so that the log, the ruling and its sheet have something to show.
    page.goto(station + "/log/new?cite=704.5j&cite=704.3")
    form = page.locator("#log-form")
    form.locator("textarea[name=question]").fill("Two Masters with 0 Vitae at once: who loses?")
    form.locator("textarea[name=answer]").fill("Both players lose; the game is a draw.")
    form.locator("input[name=table]").fill("12")
    form.locator("input[name=judge]").fill("Ana Judge")
    form.locator("input[name=event]").fill("Regional Qualifier Saturday")
    form.locator("input[name=code]").fill(CODE)
    form.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r"/log/\d+$"))
    ruling = page.url.removeprefix(station)
    visit("ruling")
    visit("log", "/log")
    visit("log-search", "/log?q=masters")
    visit("sheet", ruling + "/sheet")
    visit("entries-sheet", "/sheet?id=704.5j&id=704.3")
    visit("log-from-step", "/log/new?cite=nd:704.3&cite=nd:704.5j&cite=nd:704.7")

    visit("replay-list", "/replay")
    for scenario in (V01, E53):
        first = _upload(page, station, scenario)
        steps = int(page.get_attribute("#replay", "data-steps"))
        for step in range(steps + 1):
            name = "replay" if (scenario, step) == (V01, 2) else f"replay {scenario.stem} step {step}"
            visit(name, first.removeprefix(station)[:-1] + str(step))
            if words := page.evaluate(_BROKEN_WORDS):
                broken[page.url.removeprefix(station)] = words
        visit(f"replay {scenario.stem} sheet", first.removeprefix(station)[:-1] + f"{steps}/sheet")

    assert not found, "\n".join(f"{where}: {p}" for where, problems in found.items() for p in problems)
    assert not broken, broken
    assert errors == []
    context.close()


# The pages photographed here (docs/serve-<name>-<device>.png); the round in
# test_serve_browser.py photographs the others at both widths.
PHOTOGRAPHED = {"phone": {"contents", "edition-entry", "not-found", "replay"}, "laptop": {"contents", "replay"}}
