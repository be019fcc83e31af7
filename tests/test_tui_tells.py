"""Every key tells the judge something (issue 31 item 10): F7/F8 on a document with one edition
say so; the basket says whether its ruling was filed, after Ctrl+S and after a restart; the
question's own words ("what", "when") are not marked in the entry."""

from __future__ import annotations

import pytest
from test_tui import fill_form, library, make_app, private_session, run, shown, type_text  # noqa: F401
from tui_pilot import settle


def test_f7_and_f8_on_a_document_with_one_edition_say_so(library):
    from judge.changes.editions_diff import has_editions

    assert not has_editions("nd")  # the session's store holds the bundled edition alone
    app = make_app(library)

    async def script(pilot):
        await type_text(pilot, "704.5j")
        for key in ("f7", "f8"):
            await pilot.press(key)
            await settle(pilot)
            assert app.screen.__class__.__name__ == "LookupScreen"  # no "through 1 editions" screen
        said = [m for m, _ in app.notes if "one edition here" in m]
        assert said == [
            "No Dawn Comprehensive Rules has one edition here, the bundled one: no edition to trace "
            "No Dawn CR 704.5j through. `judge import FILE --doc nd` adds a newer one.",
            "No Dawn Comprehensive Rules has one edition here, the bundled one: nothing to compare it "
            "with. `judge import FILE --doc nd` adds a newer one.",
        ], app.notes

    run(app, script)


@pytest.mark.slow
def test_the_basket_says_it_was_filed_after_ctrl_s_and_after_a_restart(library):
    first = make_app(library)

    async def file_it(pilot):
        await type_text(pilot, "704.5j")
        await pilot.press("ctrl+b", "f6")
        await settle(pilot)
        assert "Not filed yet · 1 item(s)" in shown(first)
        await pilot.press("ctrl+s")
        await settle(pilot)
        fill_form(first, ruling="Yes, state-based.")
        await pilot.press("enter")
        await settle(pilot)
        assert "Filed: saved as ruling #1 · 1 item(s)" in shown(first)

    run(first, file_it)
    second = make_app(library)

    async def look(pilot):
        await pilot.press("f6")
        await settle(pilot)
        assert "Filed: saved as ruling #1 · 1 item(s)" in shown(second)
        await pilot.press("escape", "ctrl+q")  # nothing left unfiled: it quits without asking
        await settle(pilot)
        assert second.return_code == 0

    run(second, look)
    third = make_app(library)

    async def change(pilot):  # a change to the basket makes its ruling unfiled again
        await type_text(pilot, "704.5c")
        await pilot.press("ctrl+b", "f6")
        await settle(pilot)
        assert "Not filed yet · 2 item(s)" in shown(third)

    run(third, change)


@pytest.mark.slow
def test_the_question_words_are_not_marked_in_the_entry(library):
    app = make_app(library)

    async def script(pilot):
        await type_text(pilot, "what happens when a creature dies")
        view = app.screen.query_one("EntryView")
        found = app.screen._found.hits[0][1]
        assert {"what", "when"} <= found  # the search matched them
        assert view.marked == found - {"what", "when"} and "die" in view.marked

    run(app, script)


# -- the replay at 80x24 (issue 31 item 10) ----------------------------------------------------
def pane_words(app, selector: str) -> str:
    from test_tui import region_words

    return region_words(app, selector)


@pytest.mark.slow
def test_at_80x24_the_replay_shows_the_event_that_decided_the_step(library):
    from bundled import V01

    app = make_app(library, scenario=str(V01), mode="replay")

    async def script(pilot):
        await settle(pilot)
        await pilot.press("right", "right")
        await settle(pilot)
        steps = app.screen.query_one("#replay-steps")
        assert steps.region.width == 80 and steps.region.height == 5  # its three steps, no more
        title, events = pane_words(app, "#replay-events").split(" · events and cited rules ", 1)
        assert title == "Step 2" and events.startswith(
            "▶ State-based check (one simultaneous event): Ana has 10 Corruption and is "
            "liquidated; Iron Column has 6 damage counters against Vigor 6"
        ), events
        for rule in ("704.3", "704.5c", "704.5j", "704.7"):
            assert f"→ {rule} " in events + " "
        await pilot.press("left")  # a step without a loss, win or death starts at its top
        await settle(pilot)
        assert pane_words(app, "#replay-events").startswith("Step 1 · events and cited rules Ana: cast Sacramental")

    run(app, script)


@pytest.mark.slow
def test_a_ruling_from_a_replay_step_cites_the_rules_that_decided_it(library):
    from bundled import V01

    from judge.rulings.store import RulingStore

    app = make_app(library, scenario=str(V01), mode="replay")

    async def script(pilot):
        await settle(pilot)
        await pilot.press("right", "right", "ctrl+b", "f6", "ctrl+s")
        await settle(pilot)
        fill_form(app, ruling="Both at once.")
        await pilot.press("enter")
        await settle(pilot)

    run(app, script)
    [saved] = RulingStore().all()
    assert saved.cites == (
        "nd:704.3",
        "nd:117.5",
        "nd:704.5c",
        "nd:704.5j",
        "nd:704.7",
        "nd:700.6",
        "nd:104.5",
        "nd:104.2a",
    )  # not 117.4, 608.1, 120.3b … of the play before


@pytest.mark.slow
def test_a_highlighted_link_behind_a_modal_keeps_the_cursor_colours(library):
    """Cyan link text on the blue cursor dimmed to one 256-colour behind a modal: the links
    carry no colour of their own, so the cursor's foreground shows."""
    from bundled import V01

    from judge.tui.screens.dialogs import PromptScreen

    app = make_app(library, scenario=str(V01), mode="replay")

    async def script(pilot):
        await settle(pilot)
        await pilot.press("right", "enter", "down", "g")
        await settle(pilot)
        assert isinstance(app.screen, PromptScreen)
        events = app.screen_stack[-2].query_one("#replay-events")
        option = events.get_option_at_index(events.highlighted)
        assert option.id and "601.2" in str(option.prompt)
        colours = [
            span.style
            for span in option.prompt.spans
            if getattr(span.style, "color", None)
            or (isinstance(span.style, str) and any(c in span.style for c in ("cyan", "blue", "red")))
        ]
        assert option.prompt.style in ("", None) and colours == []

    run(app, script)
