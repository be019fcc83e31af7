"""Every key tells the judge something (issue 31 item 10): F7/F8 on a document with one edition
say so; the basket says whether its ruling was filed, after Ctrl+S and after a restart; the
question's own words ("what", "when") are not marked in the entry."""
from __future__ import annotations

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
            "with. `judge import FILE --doc nd` adds a newer one."], app.notes

    run(app, script)


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


def test_the_question_words_are_not_marked_in_the_entry(library):
    app = make_app(library)

    async def script(pilot):
        await type_text(pilot, "what happens when a creature dies")
        view = app.screen.query_one("EntryView")
        found = app.screen._found.hits[0][1]
        assert {"what", "when"} <= found  # the search matched them
        assert view.marked == found - {"what", "when"} and "die" in view.marked

    run(app, script)
