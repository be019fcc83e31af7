"""`judge card` and the TUI's card screen show what card files and FAQ entries hold as text:
an escape sequence, rich markup or a bell in a card file never reaches the terminal as such, an
over-long line is wrapped to the screen, and `--json` keeps the exact stored text.

The corpus is made up: a No Dawn card read from a real card file (written to a temporary
folder, read by judge.corpus.nodawn.cards), a rule naming it, and a FAQ card with errata,
rulings and a See topic, every field holding the same hostile text."""

from __future__ import annotations

import asyncio
import json

import pytest

from judge import cli

CLEAR = "\x1b[2J"
MARKUP = "[bold red]x[/]"
BELL = "\x07"
LONG = "W" * 300  # one word longer than any terminal line
HOSTILE = f"{CLEAR}{MARKUP}{BELL}"


def _yaml_string(text: str) -> str:
    """`text` as a double-quoted YAML scalar (json's escapes are YAML's)."""
    return json.dumps(text)


CARD_FILE = f"""\
- name: Hostile Herald
  type: Entity
  subtypes: [Noble]
  cost: {{vitae: 3}}
  attack: 2
  vigor: 3
  text: {_yaml_string(f"Clears{CLEAR} the {MARKUP} screen{BELL} then {LONG} ends.")}
"""


@pytest.fixture
def hostile_corpus(tmp_path, monkeypatch):
    from judge.cards.reader import load_card_files
    from judge.corpus.model import Corpus, DocumentInfo, Entry, ParsedDocument, Ref
    from judge.corpus.nodawn import cards as nodawn_cards

    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "hostile-herald.yaml").write_text(CARD_FILE, encoding="utf-8")
    monkeypatch.setattr(nodawn_cards, "load_card_files", lambda: load_card_files(folder))

    corpus = Corpus()
    corpus.add_document(
        DocumentInfo("nd", "nodawn", "No Dawn", "-", loaded=True),
        ParsedDocument(
            [
                Entry(
                    "nd:100.1",
                    "nd",
                    "nodawn",
                    "rule",
                    f"100.1 Hostile Herald {HOSTILE} rings.",
                    number="100.1",
                    citation=f"No Dawn CR 100.1{HOSTILE}",
                ),
            ]
        ),
    )
    sf = "sf:card/gate-of-bells"
    corpus.add_document(
        DocumentInfo("sf", "shadowfist", f"OmniFAQ{HOSTILE}", "-", kind="rulings", loaded=True),
        ParsedDocument(
            [
                Entry(
                    sf,
                    "sf",
                    "shadowfist",
                    "card",
                    "Gate of Bells",
                    title=f"Gate of Bells{HOSTILE}",
                    citation=f"OmniFAQ — Gate of Bells{HOSTILE}",
                    tags=[f"added:{HOSTILE}"],
                    children=[f"{sf}/1"],
                    refs=[
                        Ref(f"See {HOSTILE}", "sf:topic/bells", kind="see"),
                        Ref(f"Lost {HOSTILE}", None, kind="see", status="dangling", note=f"gone{HOSTILE}"),
                    ],
                    extra={
                        "errata_text": f"Errata{CLEAR} {MARKUP} {LONG}{BELL}",
                        "caveat": f"Careful{HOSTILE}",
                        "faction": f"Monarch{HOSTILE}",
                        "sets": [f"Set{HOSTILE}"],
                        "version": f"2{HOSTILE}",
                    },
                ),
                Entry(
                    f"{sf}/1",
                    "sf",
                    "shadowfist",
                    "ruling",
                    f"Ruling{CLEAR} {MARKUP}{BELL} one.",
                    parent=sf,
                    citation="OmniFAQ — Gate of Bells, ruling 1",
                    tags=[f"added:2007{HOSTILE}"],
                ),
                Entry(
                    "sf:topic/bells",
                    "sf",
                    "shadowfist",
                    "topic",
                    "Bells.",
                    title=f"Bells{HOSTILE}",
                    citation=f"OmniFAQ — Bells{HOSTILE}",
                    children=["sf:topic/bells/1"],
                ),
                Entry(
                    "sf:topic/bells/1",
                    "sf",
                    "shadowfist",
                    "ruling",
                    f"Topic ruling{HOSTILE}.",
                    parent="sf:topic/bells",
                    citation="OmniFAQ — Bells, ruling 1",
                ),
                Entry(
                    "sf:card/other",
                    "sf",
                    "shadowfist",
                    "card",
                    f"Mentions Gate of Bells{HOSTILE}.",
                    title="Other",
                    citation=f"OmniFAQ — Other{HOSTILE}",
                    refs=[Ref("Gate of Bells", sf, kind="see")],
                ),
            ]
        ),
    )
    nodawn_cards.link(corpus)
    corpus.finish()
    from judge import context

    monkeypatch.setattr(context, "corpus", lambda: corpus)
    return corpus


@pytest.fixture(autouse=True)
def _a_terminal_wide(monkeypatch):
    """Read as on an 80-column terminal ($COLUMNS): where a long word must fold, never be lost.
    (Without a width, output that is no terminal's is not wrapped at all: issue 31.)"""
    monkeypatch.setenv("COLUMNS", "80")


def _shown(capsys, *argv) -> str:
    assert cli.main(["card", *argv]) == 0
    return capsys.readouterr().out


def _harmless(out: str) -> None:
    assert "\x1b" not in out and BELL not in out  # no terminal is written to: no colour codes either
    assert max(len(line) for line in out.splitlines()) <= 80  # wrapped to rich's default width


def test_a_card_file_s_text_is_shown_as_text(hostile_corpus, capsys):
    out = _shown(capsys, "hostile", "herald", "--game", "nodawn")
    _harmless(out)
    assert "Clears the [bold red]x[/] screen\ufffd then" in out
    assert "W" * 80 in out and "W" * 81 not in out  # the long word is folded, never lost
    assert "".join(out.split()).count("W" * 300) == 1
    assert "No Dawn CR 100.1[bold red]x[/]\ufffd" in out  # what names it, in "Named in the rules"


def test_errata_rulings_topics_and_names_from_a_faq_are_shown_as_text(hostile_corpus, capsys):
    out = _shown(capsys, "gate", "of", "bells", "--see")
    _harmless(out)
    for shown in (
        "Gate of Bells[bold red]x[/]\ufffd   OmniFAQ — Gate of Bells[bold red]x[/]\ufffd",
        "Faction: Monarch[bold red]x[/]\ufffd   Sets: Set[bold red]x[/]\ufffd",
        "[added:[bold red]x[/]\ufffd]",
        "Note: Careful[bold red]x[/]\ufffd",
        "Errata [bold red]x[/] \n" + "W" * 80 + "\n",
        "1. Ruling [bold red]x[/]\ufffd one. [added:2007[bold red]x[/]\ufffd]",
        "Bells[bold red]x[/]\ufffd  (1 ruling)  OmniFAQ — Bells[bold red]x[/]\ufffd",
        "1. Topic ruling[bold red]x[/]\ufffd.",
        "See also: Lost [bold red]x[/]\ufffd  (gone[bold red]x[/]\ufffd)",
        "← OmniFAQ — Other[bold red]x[/]\ufffd  Mentions Gate of Bells[bold red]x[/]\ufffd.",
    ):
        assert shown in out, shown


def test_a_name_with_a_line_break_stays_on_its_line(hostile_corpus, capsys):
    card = hostile_corpus.get("sf:card/gate-of-bells")
    card.title = "Gate of Bells\nForged: line"
    out = _shown(capsys, "gate", "of", "bells")
    assert out.splitlines()[1].startswith("Gate of Bells ⏎ Forged: line   OmniFAQ")


def test_json_keeps_the_exact_stored_text(hostile_corpus, capsys):
    assert cli.main(["card", "hostile", "herald", "--json"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and BELL not in out  # JSON writes control characters as \\u escapes
    doc = json.loads(out)
    assert doc["text"] == f"Clears{CLEAR} the {MARKUP} screen{BELL} then {LONG} ends."
    assert cli.main(["card", "gate", "of", "bells", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["title"] == f"Gate of Bells{HOSTILE}"
    assert doc["errata"]["text"] == f"Errata{CLEAR} {MARKUP} {LONG}{BELL}"
    assert doc["rulings"][0]["text"] == f"Ruling{CLEAR} {MARKUP}{BELL} one."


def test_every_card_listed_by_name_as_text(hostile_corpus, capsys):
    hostile_corpus.get("sf:card/gate-of-bells").title = f"Gate{HOSTILE}"
    out = _shown(capsys)
    _harmless(out)
    assert "  Gate[bold red]x[/]\ufffd  sf" in out


@pytest.mark.slow
def test_the_tui_card_screen_shows_a_hostile_card_as_text(hostile_corpus):
    from tui_pilot import settle

    from judge.library import Library
    from judge.tui.app import JudgeApp
    from judge.tui.screenshot import screen_text

    app = JudgeApp(library=Library(hostile_corpus, None), mode="card")

    async def main():
        async with app.run_test(size=(100, 40)) as pilot:
            await settle(pilot)
            app.screen.show_card("sf:card/gate-of-bells")
            await settle(pilot)
            screen = screen_text(app)
            assert "\x1b" not in screen and BELL not in screen
            assert "Gate of Bells[bold red]x[/]\ufffd" in screen
            assert "[added:[bold red]x[/]\ufffd]" in screen
            assert "1. Ruling [bold red]x[/]\ufffd one." in screen
            assert "Bells[bold red]x[/]\ufffd  (1 ruling)" in screen
            assert "╮ OmniFAQ[bold red]x[/]\ufffd  " in screen  # the breadcrumb
            assert "│   OmniFAQ — Other[bold red]x[/]\ufffd  Mentions Gate" in screen  # a link
            await pilot.press("escape")
            await pilot.press(*"hostile")
            await settle(pilot)
            screen = screen_text(app)
            assert "Hostile Herald" in screen
            assert "\x1b" not in screen and BELL not in screen

    asyncio.run(main())
