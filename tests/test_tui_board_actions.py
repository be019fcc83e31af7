"""The board's new boards and its action pickers (issue 31 item 9): a new board's players start
with different Masters from the card files (or the board says who has none and why, before the
engine would say "unknown card None"), and an action is put together from pickers — who, which
kind (the engine's table, judge/engine/action_kinds.py ACTIONS), then its values and targets from
what is on the board."""
from __future__ import annotations

from bundled import V01
from test_tui import board_key, library, make_app, private_session, run, shown  # noqa: F401 (fixtures)
from tui_pilot import settle


def test_a_new_board_starts_with_different_masters_or_says_who_has_none(library):
    from judge.tui import engine_adapter as ea

    held = ea.masters()
    app = make_app(library, mode="board")

    async def script(pilot):
        await settle(pilot)
        await pilot.press("ctrl+n")
        await settle(pilot)
        players = app.screen.data["players"]
        given = [p["master"]["card"] for p in players]
        assert given[:len(held)] == held[:2]  # each a different Master, in the card files' order
        assert len(set(filter(None, given))) == len(list(filter(None, given)))
        for p in players[:len(held)]:
            assert p["master"]["vitae"] == ea.initial_vitae(p["master"]["card"])
        without = [p["name"] for p in players if not p["master"]["card"]]
        if without:  # the card files hold fewer Masters than there are players
            said = [m for m, _ in app.notes if m.startswith(f"{' and '.join(without)} ha")]
            assert said and "Select “master:” and press a" in said[-1]
            await pilot.press("ctrl+r")
            await settle(pilot)
            refusal = [m for m, _ in app.notes if m.startswith("Cannot replay")][-1]
            assert refusal == "Cannot replay: " + ea.missing_masters(app.screen.data)
            assert "None" not in refusal
            # picking one (sharing the only Master) makes the board replayable
            board_key(app, ("player", players.index(next(p for p in players if not p["master"]["card"])),
                            "master"))
            await pilot.press("a")
            await pilot.pause()
            await pilot.press("enter")
            await settle(pilot)
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert app.screen.__class__.__name__ == "ReplayScreen", app.notes
        assert app.screen.view.steps[0].action == "the board as set up"

    run(app, script)
