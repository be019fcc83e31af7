"""The rulings log in the TUI (issue 33): saved rulings found by a search open as rulings, never
as entries; F9 lists them, Enter shows one as it now stands, h its history, and a / o / w correct
it through a form that says the store's refusals and writes nothing then. Keys pressed, then what
the screen shows and what the store holds are checked."""

from __future__ import annotations

import datetime as dt

import pytest
from test_tui import library, make_app, run, shown  # noqa: F401 (library: a fixture)
from tui_pilot import settle

WHEN = dt.datetime(2026, 11, 30, 14, 5, tzinfo=dt.timezone(dt.timedelta(hours=1)))


@pytest.fixture(autouse=True)
def private_log(tmp_path, monkeypatch):
    """Each test's own data folder and rulings file, holding two saved rulings."""
    from judge.rulings.store import RulingStore

    monkeypatch.setenv("JUDGE_DATA_HOME", str(tmp_path / "data"))
    db = tmp_path / "rulings.sqlite3"
    monkeypatch.setenv("JUDGE_RULINGS_DB", str(db))
    store = RulingStore(db)
    store.save(
        "No: the Column dies to 704.5j.",
        question="Does the Column survive?",
        cites=["nd:704.5j"],
        event="Regional",
        table="12",
        judge="Kim",
        given_at=WHEN,
    )
    store.save(
        "Yes, trample assigns the rest.",
        question="Does trample go through?",
        event="Regional",
        table="3",
        judge="Ana",
        given_at=WHEN + dt.timedelta(minutes=30),
    )
    return store


def lines(app) -> list[str]:
    return [line.strip() for line in shown(app).splitlines()]


async def press(pilot, *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await settle(pilot)


def typed(text: str) -> list[str]:
    return [{" ": "space"}.get(ch, ch) for ch in text]


@pytest.mark.slow
def test_a_search_finds_the_saved_ruling_and_opens_it_as_a_ruling(library, private_log):
    from judge.rulings.revise import revise
    from judge.tui.screens.log import RulingScreen

    revise(private_log, 1, "withdraw", "entered at the wrong table")
    app = make_app(library)

    async def script(pilot):
        await press(pilot, *typed("does the column survive"))
        results = app.screen.query_one("#results")
        saved = [
            n
            for n in range(results.option_count)
            if str(results.get_option_at_index(n).prompt).startswith("Saved ruling #1")
        ]
        assert len(saved) == 1
        assert str(results.get_option_at_index(saved[0]).prompt).startswith(
            "Saved ruling #1 (WITHDRAWN) — table 12, event Regional\n   Does the Column survive?"
        )
        await press(pilot, "down", *["down"] * saved[0])
        assert "Enter: the saved ruling as it stands" in shown(app)  # previewed, not opened as an entry
        await press(pilot, "enter")
        assert isinstance(app.screen, RulingScreen) and app.screen.number == 1
        text = shown(app)
        assert "Saved ruling #1 (WITHDRAWN) — table 12, event Regional" in text
        standing = [line for line in lines(app) if line.startswith("WITHDRAWN ")]
        assert len(standing) == 1 and standing[0].endswith(": entered at the wrong table"), lines(app)

    run(app, script)


def test_f9_lists_the_log_newest_first_and_o_turns_it(library):
    app = make_app(library)

    async def script(pilot):
        await press(pilot, "f9")
        text = shown(app)
        assert "2 saved ruling(s), newest first" in text
        assert text.index("#2    2026-11-30 14:35") < text.index("#1    2026-11-30 14:05")
        await press(pilot, "o")
        text = shown(app)
        assert "oldest first" in text and text.index("#1    2026-11-30 14:05") < text.index("#2    2026-11-30 14:35")

    run(app, script)


def test_amend_then_the_ruling_shows_as_it_stands_its_history_one_key_away(library, private_log):
    app = make_app(library)

    async def script(pilot):
        await press(pilot, "f9", "o", "enter")  # oldest first: ruling #1
        assert "Does the Column survive?" in shown(app)
        await press(pilot, "a")
        form = app.screen
        form.query_one("#revise-reason").value = "typo: the rule is 704.5k"
        form.query_one("#revise-answer").value = "No: the Column dies to 704.5k."
        form.query_one("#revise-cites").value = "704.5k"
        await press(pilot, "enter")
        text = shown(app)
        assert "Saved ruling #1 (amended) — table 12, event Regional" in text
        assert "No: the Column dies to 704.5k." in text and "No: the Column dies to 704.5j." not in text
        await press(pilot, "h")
        text = shown(app)
        assert "revision 2, amended" in text and "No: the Column dies to 704.5j." in text

    run(app, script)
    ruling = private_log.get(1)
    assert (ruling.status, ruling.answer, ruling.cites) == ("amended", "No: the Column dies to 704.5k.", ("nd:704.5k",))
    assert ruling.revisions[1].reason == "typo: the rule is 704.5k"


def test_overturn_without_a_reason_is_refused_in_the_form_and_nothing_written(library, private_log):
    from judge.tui.screens.revise_form import ReviseForm

    app = make_app(library)

    async def script(pilot):
        await press(pilot, "f9", "o", "enter", "o")
        form = app.screen
        assert isinstance(form, ReviseForm)
        form.query_one("#revise-judge").value = "Lee (head judge)"
        form.query_one("#revise-answer").value = "Yes: the Column survives."
        await press(pilot, "enter")
        assert app.screen is form
        said = str(form.query_one("#revise-problem").render())
        assert said == (
            f"To overturn ruling #1 needs a reason (the Reason field) (in {private_log.path}); nothing was written."
        )
        await press(pilot, "escape")
        assert "Saved ruling #1 — table 12, event Regional" in shown(app)

    run(app, script)
    assert len(private_log.get(1).revisions) == 1


@pytest.mark.slow
def test_withdraw_marks_the_ruling_in_the_log_and_offers_no_further_correction(library, private_log):
    from judge.tui.screens.log import LogScreen, RulingScreen

    app = make_app(library)

    async def script(pilot):
        await press(pilot, "f9", "enter")  # newest first: ruling #2
        assert app.screen.number == 2
        await press(pilot, "w")
        assert not app.screen.query("#revise-answer")  # a withdrawal takes a reason only
        app.screen.query_one("#revise-reason").value = "entered in error"
        await press(pilot, "enter")
        assert isinstance(app.screen, RulingScreen)
        assert "Saved ruling #2 (WITHDRAWN) — table 3, event Regional" in shown(app)
        assert not app.screen.check_action("revise", ("amend",))
        await press(pilot, "a")
        assert isinstance(app.screen, RulingScreen)  # no form for a withdrawn ruling
        await press(pilot, "escape")
        assert isinstance(app.screen, LogScreen)
        listing = app.screen.query_one("#log-list")
        assert str(listing.get_option_at_index(0).prompt) == (
            "#2    2026-11-30 14:35  Regional · table 3 · Ana  [WITHDRAWN] Does trample go through?"
        )

    run(app, script)
    assert private_log.get(2).status == "withdrawn"


def test_the_palette_and_the_omnibox_open_the_log(library):
    from judge.tui.screens.log import LogScreen

    app = make_app(library)

    async def script(pilot):
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Rulings log" in titles
        await press(pilot, *typed(":log"), "enter")
        assert isinstance(app.screen, LogScreen)

    run(app, script)
