"""Pilot tests of the notes band in the TUI's entry view (a policy conflict, recorded damage) and
of the note screen Enter opens on it: a policy's readings side by side over their rules."""

from __future__ import annotations

import re

import pytest
from test_tui import lookup_screen, make_app, run, shown, type_text
from tui_pilot import settle


@pytest.fixture(scope="module")
def library(corpus):
    from judge.library import Library
    from judge.search.index import open_searcher

    return Library(corpus, open_searcher(corpus))


def band_of(app):
    from judge.tui.widgets.note_band import NoteBand

    return lookup_screen(app).query_one(NoteBand)


def words(app, column: int | None = None) -> str:
    """The screen's words in reading order, borders gone; `column`: only that bordered column
    (0 the left, 1 the right) of a side-by-side layout."""
    lines = shown(app).splitlines()
    if column is not None:
        lines = [line.split("││")[column] if "││" in line else "" for line in lines]
    return " ".join(re.sub("[│╭╮╰╯─]", " ", " ".join(lines)).split())


async def press(pilot, *keys):
    for key in keys:
        await pilot.press(key)
        await settle(pilot)


@pytest.mark.slow
def test_a_rule_in_conflict_shows_the_band_and_enter_opens_both_readings(library):
    from judge.tui.screens.note import NoteScreen

    app = make_app(library)

    async def script(pilot):
        await type_text(pilot, "509.1c")
        assert lookup_screen(app).current_entry.id == "nd:509.1c"
        band = band_of(app)
        assert band.display and [n.id for n in band.notes] == ["C35"]
        assert "╭─ Conflict in the rules · Enter opens" in shown(app)
        assert "⚑ C35 Can a drained Entity block?" in shown(app)
        await press(pilot, "tab", "tab")  # the omnibox, the results, then the band
        assert app.focused is band
        await press(pilot, "enter")
        assert isinstance(app.screen, NoteScreen)
        # side by side: the default reading over its rule on the left, the other over the glossary
        left, right = words(app, 0), words(app, 1)
        assert left.startswith(
            "509.1c · engine default Yes, by taking 1 damage counter as it is declared. "
            "No Dawn CR 509.1c 509.1c A blocker must be un-drained — with one exception."
        )
        assert right.startswith(
            "glossary/drain No, a drained Entity cannot block. No Dawn CR Glossary — Drain "
            "Drain A keyword action with two senses"
        )
        assert words(app).startswith(
            "⚑ Conflict C35: Can a drained Entity block? Why 509.1c: 509.1c and 302.5 are the specific rules; "
            "the glossary summary is loose. Another reading in a replay: the scenario key "
            "`policies: {C35: glossary/drain}` (readings: 509.1c, glossary/drain). Also concerned: 302.5"
        )
        await press(pilot, "end")  # the rules in full, scrolled to their end
        assert "cost: no blocking requirement ever forces it." in words(app)
        await press(pilot, "escape")
        assert lookup_screen(app).current_entry.id == "nd:509.1c"

    run(app, script)


@pytest.mark.slow
def test_the_glossary_entry_shows_the_same_conflict(library):
    app = make_app(library)

    async def script(pilot):
        await type_text(pilot, "nd:glossary/drain")
        assert lookup_screen(app).current_entry.id == "nd:glossary/drain"
        assert [n.id for n in band_of(app).notes] == ["C35"]
        assert "⚑ C35 Can a drained Entity block?" in shown(app)

    run(app, script)


@pytest.mark.slow
def test_an_entry_without_notes_has_no_band(library):
    app = make_app(library)

    async def script(pilot):
        await type_text(pilot, "704.5j")
        assert lookup_screen(app).current_entry.id == "nd:704.5j"
        assert not band_of(app).display and band_of(app).notes == []
        assert "Conflict in the rules" not in shown(app) and "Read with care" not in shown(app)
        await press(pilot, "tab", "tab")
        assert app.focused is not band_of(app)

    run(app, script)


@pytest.mark.slow
def test_a_damaged_paragraph_shows_what_was_lost(library):
    from judge.tui.screens.note import NoteScreen

    app = make_app(library)

    async def script(pilot):
        await type_text(pilot, "treaty")
        lookup_screen(app).open_entry("lcg:treaty/1")  # as a followed link does
        await settle(pilot)
        assert lookup_screen(app).current_entry.id == "lcg:treaty/1"
        assert "╭─ Read with care · Enter opens" in shown(app)
        assert "⚠ missing-list A list that lost its items" in shown(app)
        await press(pilot, "tab", "tab", "enter")
        assert isinstance(app.screen, NoteScreen)
        assert words(app).startswith(
            '⚠ A list that lost its items (missing-list) This paragraph introduces a list ("…as follows:") '
            "whose items are not in the source file: the printed Rules Reference has them."
        )

    run(app, script)
