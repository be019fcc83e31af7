"""Pilot tests of the diff and trace views: F8 on the lookup screen compares the shown entry's
document's last two editions, F7 follows the entry through them; M hides the moves."""

from __future__ import annotations

import edition_edits as E
import pytest
from test_tui import lookup_screen, make_app, run, shown, type_text
from tui_pilot import settle


@pytest.fixture(scope="module")
def library(corpus):
    from judge.library import Library
    from judge.search.index import open_searcher

    return Library(corpus, open_searcher(corpus))


@pytest.fixture
def one_edition(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_DATA_HOME", str(tmp_path))


@pytest.fixture
def two_editions(tmp_path, monkeypatch):
    """The bundled edition and one with the keywords renumbered and 704.5j reworded."""
    from judge.editions import importer

    monkeypatch.setenv("JUDGE_DATA_HOME", str(tmp_path))
    path = tmp_path / "nd-2026-11.txt"
    path.write_text(E.reword_sentence(E.renumber_keywords(E.bundled(E.ND_PATH))), encoding="utf-8")
    importer.import_file(path, "nd", "2026-11", "2026-11-01")


async def press(pilot, *keys):
    for key in keys:
        await pilot.press(key)
        await settle(pilot)


def words(app) -> str:
    return " ".join(shown(app).split())


@pytest.mark.slow
def test_f8_shows_the_diff_and_m_hides_the_moves(library, two_editions):
    from judge.tui.screens.diff import DiffScreen

    app = make_app(library)

    async def script(pilot):
        await type_text(pilot, "704.5j")
        assert lookup_screen(app).current_entry.id == "nd:704.5j"
        assert "f7 Trace" in shown(app)
        await press(pilot, "f8")
        assert isinstance(app.screen, DiffScreen)
        text = words(app)
        assert text.startswith(
            "Editions of No Dawn Comprehensive Rules No Dawn Comprehensive Rules: edition "
            "bundled → 2026-11 1 changed, 2 added, 2 removed, 11 moved. Changed (1) 704.5j"
        )
        assert "this check [-bites-] {+applies+} across turns" in text
        assert "esc Back" in text and "m Moves" in text
        await press(pilot, "m")
        assert "1 changed, 2 added, 2 removed, 11 moved, hidden." in words(app)
        await press(pilot, "end")
        assert "702.14 → 702.15" not in words(app)
        await press(pilot, "m", "end")
        assert "702.18 → 702.19 (renumbered, with 1 entry under it)" in words(app)
        await press(pilot, "escape")
        assert lookup_screen(app).current_entry.id == "nd:704.5j"

    run(app, script)


@pytest.mark.slow
def test_f7_traces_the_shown_entry(library, two_editions):
    from judge.tui.screens.trace import TraceScreen

    app = make_app(library)

    async def script(pilot):
        await type_text(pilot, "704.5j")
        await press(pilot, "f7")
        assert isinstance(app.screen, TraceScreen)
        text = words(app)
        assert text.startswith(
            "Trace of nd:704.5j through its editions nd:704.5j through 2 editions of No Dawn "
            "Comprehensive Rules Followed from edition 2026-11, oldest edition first. "
            "bundled: 704.5j — first edition An Entity with Vigor"
        )
        await press(pilot, "end")
        assert "2026-11: 704.5j — changed" in words(app)
        assert "this check [-bites-] {+applies+} across turns" in words(app)
        await press(pilot, "escape")
        assert lookup_screen(app).current_entry.id == "nd:704.5j"

    run(app, script)


@pytest.mark.slow
def test_with_only_the_bundled_edition_neither_key_is_offered(library, one_edition):
    app = make_app(library)

    async def script(pilot):
        await type_text(pilot, "704.5j")
        assert "f7 Trace" not in shown(app) and "f1 Help" in shown(app)
        await press(pilot, "f8", "f7")
        assert lookup_screen(app).current_entry.id == "nd:704.5j"

    run(app, script)


def test_the_diff_view_says_when_there_is_nothing_to_compare(library, one_edition):
    from judge.tui.screens.diff import DiffScreen

    app = make_app(library)

    async def script(pilot):
        await app.push_screen(app.tell(DiffScreen("sf")))
        await settle(pilot)
        assert (
            "Shadowfist OmniFAQ has only its bundled edition (2007-08-10); nothing to compare — "
            "`judge import FILE --doc sf` adds a newer one"
        ) in words(app)

    run(app, script)


@pytest.mark.slow
def test_the_palette_offers_the_diff_and_the_trace(library, two_editions):
    from textual.command import CommandPalette

    app = make_app(library)

    async def script(pilot):
        await type_text(pilot, "704.5j")
        await press(pilot, "ctrl+p")
        assert isinstance(app.screen, CommandPalette)
        await type_text(pilot, "Diff: No Dawn")
        assert "Diff: No Dawn Comprehensive Rules" in shown(app)
        await press(pilot, *["backspace"] * len("Diff: No Dawn"))
        await type_text(pilot, "Trace nd")
        assert "Trace nd:704.5j" in shown(app)

    run(app, script)


def test_a_defect_in_the_diff_layer_is_shown_and_logged_not_raised(library, two_editions, monkeypatch):
    import asyncio

    from judge.changes import editions_diff
    from judge.tui.screens.diff import DiffScreen

    def broken(*_args, **_kwargs):
        raise RuntimeError("matcher bug")

    monkeypatch.setattr(editions_diff, "diff_editions", broken)
    app = make_app(library)

    async def main():
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await app.push_screen(app.tell(DiffScreen("nd")))
            await settle(pilot)
            assert isinstance(app.screen, DiffScreen)
            assert "The editions could not be compared (a defect in judge)." in words(app)

    asyncio.run(main())
    assert [m for m, _ in app.notes if m.startswith("Something went wrong (RuntimeError: matcher bug)")]
