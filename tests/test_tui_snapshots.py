"""Snapshot tests: each screen rendered at 80×24 and at 120×40 and compared with the SVG kept
in tests/__snapshots__/. Cursor blink is off and workers are awaited, so a run is repeatable.

After a deliberate change to a screen (or to the corpus text it shows), review the new
pictures and accept them with `pytest tests/test_tui_snapshots.py --snapshot-update`.
"""
from __future__ import annotations

import pytest

from bundled import REPO, SCENARIOS, TESTS, V01
from tui_pilot import settle

pytest.importorskip("pytest_textual_snapshot", reason="the snapshot plugin is in the test extra")

E53 = SCENARIOS / "e53-the-player-orders-the-replacements.yaml"
SIZES = {"80x24": (80, 24), "120x40": (120, 40)}


@pytest.fixture(scope="module")
def library(corpus):
    from judge.search.index import open_searcher
    from judge.tui.library import Library

    return Library(corpus, open_searcher(corpus))


def steady(*keys_then_wait):
    """A run_before hook: the given keys pressed, every worker settled, blink and toasts off."""

    async def run_before(pilot) -> None:
        app = pilot.app
        await settle(pilot)  # the library loads in a worker
        for key in keys_then_wait:
            await pilot.press(key)
            await settle(pilot)
        for widget in app.screen.query("Input"):
            widget.cursor_blink = False
        app.clear_notifications()  # toasts time out on the wall clock
        await pilot.pause()

    return run_before


def typed(text: str) -> list[str]:
    return [{" ": "space"}.get(ch, ch) for ch in text]


SCREENS = {
    "lookup": (dict(), steady(*typed("704.5j"))),
    "lookup-light": (dict(theme="light"), steady(*typed("704.5j"))),
    "lookup-words": (dict(), steady(*typed("trample"))),
    # a rule family whole (issue 16), and a game filter that hid the answer saying where it is
    "lookup-family": (dict(), steady(*typed("704.5"))),
    "lookup-hidden-by-filter": (dict(), steady("ctrl+g", "ctrl+g", *typed("charmed life"))),
    "card": (dict(mode="card"), steady(*typed("charmed life"))),
    "board": (dict(mode="board", scenario=str(V01)), steady("down", "down")),
    "replay": (dict(mode="replay", scenario=str(V01)), steady("right")),
    # a note the engine does not model, a question asked and a refusal: the notice and the marks
    "replay-not-modelled": (dict(mode="replay", scenario=str(E53)), steady("right", "right", "right", "right")),
    # a rule in conflict: the band over the entry, then the policy's readings side by side
    "lookup-conflict": (dict(), steady(*typed("509.1c"))),
    "note-conflict": (dict(), steady(*typed("509.1c"), "tab", "tab", "enter")),
    "help": (dict(), steady("f1")),
    "basket": (dict(), steady(*typed("704.5j"), "ctrl+b", "f6")),
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("screen", SCREENS)
def test_screen_snapshot(snap_compare, library, screen, size, monkeypatch):
    from judge.tui.app import JudgeApp

    kwargs, run_before = SCREENS[screen]
    kwargs = dict(kwargs)
    monkeypatch.setenv("JUDGE_THEME", kwargs.pop("theme", "dark"))  # not the terminal's
    app = JudgeApp(library=library, **kwargs)
    app.animation_level = "none"
    assert snap_compare(app, terminal_size=SIZES[size], run_before=run_before)


# The README's screenshots (docs/) are copies of snapshots; after --snapshot-update, copy them again.
DOC_SCREENSHOTS = {"tui-basket": "basket-120x40", "tui-board": "board-120x40", "tui-card": "card-120x40",
                   "tui-help": "help-120x40", "tui-lookup": "lookup-120x40", "tui-lookup-80x24": "lookup-80x24",
                   "tui-lookup-light": "lookup-light-120x40", "tui-replay": "replay-120x40",
                   "tui-replay-not-modelled-80x24": "replay-not-modelled-80x24",
                   "tui-lookup-family-80x24": "lookup-family-80x24",
                   "tui-lookup-hidden-by-filter-80x24": "lookup-hidden-by-filter-80x24",
                   "tui-card-80x24": "card-80x24", "tui-replay-80x24": "replay-80x24",
                   "tui-conflict-80x24": "lookup-conflict-80x24", "tui-note-conflict-80x24": "note-conflict-80x24"}


@pytest.mark.parametrize("picture", DOC_SCREENSHOTS)
def test_doc_screenshots_are_the_current_snapshots(picture):
    snapshot = TESTS / "__snapshots__" / "test_tui_snapshots" / f"test_screen_snapshot[{DOC_SCREENSHOTS[picture]}].svg"
    assert (REPO / "docs" / f"{picture}.svg").read_bytes() == snapshot.read_bytes(), \
        f"docs/{picture}.svg is stale: cp '{snapshot.relative_to(REPO)}' docs/{picture}.svg"
