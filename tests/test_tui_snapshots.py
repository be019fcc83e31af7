"""Snapshot tests: each screen rendered at 80×24 and at 120×40 and compared with the SVG kept
in tests/__snapshots__/. Cursor blink is off and workers are awaited, so a run is repeatable.

After a deliberate change to a screen (or to the corpus text it shows), review the new
pictures and accept them with `pytest tests/test_tui_snapshots.py --snapshot-update`.
"""

from __future__ import annotations

import pytest
from bundled import REPO, SCENARIOS, TESTS, V01
from tui_pilot import settle

E53 = SCENARIOS / "e53-the-player-orders-the-replacements.yaml"
SIZES = {"80x24": (80, 24), "120x40": (120, 40)}


@pytest.fixture(autouse=True)
def private_session(tmp_path, monkeypatch):
    """Each test's own user data folder: no basket or history kept from another test."""
    monkeypatch.setenv("JUDGE_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("JUDGE_RULINGS_DB", raising=False)


@pytest.fixture(scope="module")
def library(corpus):
    from judge.library import Library
    from judge.search.index import open_searcher

    return Library(corpus, open_searcher(corpus))


def steady(*keys_then_wait, fill: dict[str, str] | None = None):
    """A run_before hook: the given keys pressed, every worker settled, blink and toasts off;
    `fill`: inputs (by selector) then given these values."""

    async def run_before(pilot) -> None:
        app = pilot.app
        await settle(pilot)  # the library loads in a worker
        for key in keys_then_wait:
            await pilot.press(key)
            await settle(pilot)
        for selector, value in (fill or {}).items():
            app.screen.query_one(selector).value = value
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
    # the step that decided the outcome: its deciding event marked and in view (issue 31 item 10)
    "replay-decided": (dict(mode="replay", scenario=str(V01)), steady("right", "right")),
    # an action from pickers: what, among the engine's action kinds (issue 31 item 9)
    "board-action-picker": (dict(mode="board", scenario=str(V01)), steady("end", *["up"] * 8, "a")),
    # a rule in conflict: the band over the entry, then the policy's readings side by side
    "lookup-conflict": (dict(), steady(*typed("509.1c"))),
    "note-conflict": (dict(), steady(*typed("509.1c"), "tab", "tab", "enter")),
    "help": (dict(), steady("f1")),
    "basket": (dict(), steady(*typed("704.5j"), "ctrl+b", "f6")),
    # the ruling form over the basket (its file box set to a fixed name: the default holds the time)
    "ruling-form": (
        dict(),
        steady(
            *typed("704.5j"),
            "ctrl+b",
            "f6",
            "ctrl+e",
            fill={"#form-path": "ruling.md", "#form-question": "Does the Column die?"},
        ),
    ),
    # the rulings log (F9), one ruling corrected, one overturned, one withdrawn; then one ruling as it stands
    "log": (dict(log=True), steady("f9")),
    "log-ruling": (dict(log=True), steady("f9", "down", "down", "enter")),
    "log-overturn-form": (dict(log=True), steady("f9", "down", "down", "down", "enter", "o")),
    # Ctrl+Q with an unsaved board
    "quit-unsaved": (dict(mode="board", scenario=str(V01)), steady("down", "down", "down", "down", "plus", "ctrl+q")),
}


def seed_log(path: str) -> None:
    """Four rulings given at a fixed time: one as given, one amended, one overturned, one withdrawn."""
    import datetime as dt

    from judge.rulings.revise import revise
    from judge.rulings.store import RulingStore

    at = dt.datetime(2026, 11, 30, 14, 5, tzinfo=dt.timezone(dt.timedelta(hours=1)))
    later = dt.timedelta(minutes=25)
    store = RulingStore(path)
    store.save(
        "No: the Column dies to 704.5j.",
        question="Does the Column survive?",
        cites=["nd:704.5j"],
        event="Regional",
        table="12",
        judge="Kim",
        given_at=at,
    )
    store.save(
        "Yes, the rest is assigned to the player.",
        question="Does trample go through?",
        cites=["nd:702.19c"],
        event="Regional",
        table="3",
        judge="Ana",
        given_at=at + later,
    )
    store.save(
        "The drain happens first.",
        question="Which trigger first?",
        event="Regional",
        table="7",
        judge="Kim",
        given_at=at + 2 * later,
    )
    store.save(
        "It is a draw.", question="Who wins on time?", event="Regional", table="1", judge="Lee", given_at=at + 3 * later
    )
    revise(
        store,
        1,
        "amend",
        "typo: the rule is 704.5k",
        "Kim",
        answer="No: the Column dies to 704.5k.",
        cites=["nd:704.5k"],
        at=at + 4 * later,
    )
    revise(
        store,
        2,
        "overturn",
        "the attacker orders the damage",
        "Lee (head judge)",
        answer="No: the attacking player assigns it.",
        at=at + 4 * later,
    )
    revise(store, 4, "withdraw", "entered at the wrong table", "Lee", at=at + 5 * later)


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("screen", SCREENS)
def test_screen_snapshot(snap_compare, library, screen, size, monkeypatch, tmp_path):
    from judge.tui.app import JudgeApp

    kwargs, run_before = SCREENS[screen]
    kwargs = dict(kwargs)
    if kwargs.pop("log", False):  # a log of fixed rulings, named by a path that is the same every run
        monkeypatch.chdir(tmp_path)
        monkeypatch.setenv("JUDGE_RULINGS_DB", "rulings.sqlite3")
        seed_log("rulings.sqlite3")
    monkeypatch.setenv("JUDGE_THEME", kwargs.pop("theme", "dark"))  # not the terminal's
    # Toasts time out on the wall clock: on a loaded machine one expired mid-run, or not, and
    # the screens differed. Here none expires by itself; run_before clears them, at a fixed point.
    shown = JudgeApp.notify
    monkeypatch.setattr(JudgeApp, "notify", lambda self, message, **kw: shown(self, message, **{**kw, "timeout": 3600}))
    app = JudgeApp(library=library, **kwargs)
    app.animation_level = "none"
    assert snap_compare(app, terminal_size=SIZES[size], run_before=run_before)


# The screenshots the docs show (docs/, docs/guide/tui.md) are copies of snapshots; after --snapshot-update, copy them again.
DOC_SCREENSHOTS = {
    "tui-basket": "basket-120x40",
    "tui-board": "board-120x40",
    "tui-card": "card-120x40",
    "tui-help": "help-120x40",
    "tui-lookup": "lookup-120x40",
    "tui-lookup-80x24": "lookup-80x24",
    "tui-lookup-light": "lookup-light-120x40",
    "tui-replay": "replay-120x40",
    "tui-replay-not-modelled-80x24": "replay-not-modelled-80x24",
    "tui-lookup-family-80x24": "lookup-family-80x24",
    "tui-lookup-hidden-by-filter-80x24": "lookup-hidden-by-filter-80x24",
    "tui-card-80x24": "card-80x24",
    "tui-replay-80x24": "replay-80x24",
    "tui-help-80x24": "help-80x24",
    "tui-ruling-form-80x24": "ruling-form-80x24",
    "tui-conflict-80x24": "lookup-conflict-80x24",
    "tui-note-conflict-80x24": "note-conflict-80x24",
    "tui-replay-decided-80x24": "replay-decided-80x24",
    "tui-board-action-picker-80x24": "board-action-picker-80x24",
    "tui-log-80x24": "log-80x24",
    "tui-log-ruling-80x24": "log-ruling-80x24",
    "tui-log-overturn-form-80x24": "log-overturn-form-80x24",
}


@pytest.mark.parametrize("picture", DOC_SCREENSHOTS)
def test_doc_screenshots_are_the_current_snapshots(picture):
    snapshot = TESTS / "__snapshots__" / "test_tui_snapshots" / f"test_screen_snapshot[{DOC_SCREENSHOTS[picture]}].svg"
    assert (REPO / "docs" / f"{picture}.svg").read_bytes() == snapshot.read_bytes(), (
        f"docs/{picture}.svg is stale: cp '{snapshot.relative_to(REPO)}' docs/{picture}.svg"
    )
