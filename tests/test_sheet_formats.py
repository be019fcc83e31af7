"""Every sheet format against a golden file, the HTML read back by a parser, replay sheets.

Regenerate the golden files after a parser changes a text:
    JUDGE_REGEN_GOLDEN=1 pytest tests/test_sheet_formats.py
"""

from __future__ import annotations

import datetime as dt
import os
from html.parser import HTMLParser
from pathlib import Path

import pytest

from judge.safe_text import for_markdown
from judge.sheet import build_sheet, render
from judge.sheet.replay_log import read_log, run_scenario

GOLDEN = Path(__file__).parent / "golden"
SCENARIOS = Path(__file__).parent / "scenarios" / "shared"
DAY = dt.date(2026, 11, 30)
MIXED = [
    "704.5j",
    "nd:118.6",
    "nd:101.2",
    "nd:glossary/overrun",
    "lcg:attachment-cards/3",
    "ccg:bowing/2",
    "ce:bowed-and-unbowed/3",
    "sf:card/charmed-life/2",
]
SUFFIX = {"markdown": "md", "html": "html", "text": "txt", "terminal": "terminal.txt"}


@pytest.fixture(scope="module")
def sheets(corpus):
    mixed = build_sheet(
        corpus,
        MIXED,
        date=DAY,
        question="Ben's Iron Column has 4 damage and Vigor 6. "
        "Ana's Sacramental Fire deals 2. Does the Column survive until Ben's turn?",
        ruling="No. It has lethal damage the moment the Fire resolves and is destroyed "
        "by the next state-based check (704.5j); damage is not removed at end of turn.",
        event="Conclave Regional <Lyon>",
        table="12",
        judge="Kim Okafor",
    )
    saved = build_sheet(
        corpus,
        ["sf:card/charmed-life"],
        date=DAY,
        ruling="Charmed Life protects against the smoking effect it responds to.",
        table="3",
        saved_number=7,
    )
    return [mixed, saved]


@pytest.mark.parametrize("fmt", ["markdown", "html", "text", "terminal"])
def test_format_matches_golden_file(sheets, fmt):
    produced = render(sheets, fmt)
    golden = GOLDEN / f"sheet-mixed.{SUFFIX[fmt]}"
    if os.environ.get("JUDGE_REGEN_GOLDEN"):
        golden.write_text(produced, encoding="utf-8")
    assert golden.exists(), f"{golden} is missing: run with JUDGE_REGEN_GOLDEN=1"
    assert produced == golden.read_text(encoding="utf-8")


class _Reader(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.tags: list[str] = []
        self.open: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag not in ("meta", "br"):
            self.open.append(tag)

    def handle_endtag(self, tag):
        assert self.open and self.open[-1] == tag, f"</{tag}> closes <{self.open[-1] if self.open else None}>"
        self.open.pop()

    def handle_data(self, data):
        self.texts.append(data)


def test_html_parses_and_holds_every_cited_text_verbatim(sheets, corpus):
    reader = _Reader()
    reader.feed(render(sheets, "html"))
    reader.close()
    assert reader.open == []  # every element closed, in order
    assert "script" not in reader.tags and "link" not in reader.tags and "img" not in reader.tags
    assert reader.tags.count("section") == 2  # one page per sheet
    for sheet in sheets:
        for cited in sheet.cited:
            assert cited.text in reader.texts, cited.id
            assert cited.text == corpus.get(cited.id).text
            for example in cited.examples:
                assert example in reader.texts
            for quoted in cited.contains:
                assert quoted.text in reader.texts
    assert "Conclave Regional <Lyon>" in reader.texts  # escaped, and read back unchanged


def test_html_is_self_contained_with_print_rules(sheets):
    page = render(sheets, "html")
    assert "@media print" in page and "@page" in page
    assert "break-before: page" in page and "break-inside: avoid" in page
    assert "http://" not in page and "https://" not in page


def test_markdown_and_text_hold_every_cited_text(sheets):
    markdown, text = render(sheets, "markdown"), render(sheets, "text")
    flat = " ".join(text.split())
    for cited in sheets[0].cited:
        assert "\n".join(f"> {line}" for line in cited.text.splitlines()) in markdown
        assert " ".join(cited.text.split()) in flat  # the words exactly, wrapped
    assert all(len(line) <= 78 or " " not in line.strip() for line in text.splitlines())
    assert text.count("\f") == 1  # a form feed between the two sheets


def test_particulars_and_versions_appear(sheets, corpus):
    text = render(sheets, "text")
    assert "Event: Conclave Regional <Lyon>" in text and "Judge: Kim Okafor" in text
    assert "Date:  2026-11-30" in text
    assert f"No Dawn Comprehensive Rules — sha256 {corpus.documents['nd'].sha256[:12]}" in text
    assert "RULING SHEET — SAVED RULING #7" in text


@pytest.mark.parametrize("scenario", sorted(p.name for p in SCENARIOS.glob("*.yaml")))
def test_replay_sheet_cites_exactly_the_replays_rules_in_first_cited_order(corpus, scenario):
    data = run_scenario(SCENARIOS / scenario)
    expected: list[str] = []
    for step in data["steps"]:
        for event in step["events"]:
            for rule in event["rules"]:
                if rule not in expected:
                    expected.append(rule)
    log, cited = read_log(data, source=scenario)
    assert cited == expected and expected
    sheet = build_sheet(corpus, cited, date=DAY, replay=log, alone=True)
    assert [c.id for c in sheet.cited] == expected
    assert all(c.contains == () for c in sheet.cited)  # the rule that applied, not its sub-rules
    assert [s.n for s in log.steps] == [s["n"] for s in data["steps"]]
    assert log.title == data["title"] and log.title
    page = render([sheet], "markdown")
    for step in log.steps:
        assert f"{step.n}. **{for_markdown(step.action)}**" in page  # scenario text is user text
    assert (
        data["expectations"] and "✓" not in page
    )  # the scenario's own checks are the test's, never on a sheet (issue 31)
