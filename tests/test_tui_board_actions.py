"""The board's new boards and its action pickers (issue 31 item 9): a new board's players start
with different Masters from the card files (or the board says who has none and why, before the
engine would say "unknown card None"), and an action is put together from pickers — who, which
kind (the engine's table, judge/engine/play/action_kinds.py ACTIONS), then its values and targets from
what is on the board."""

from __future__ import annotations

import pytest
from bundled import V01
from test_tui import board_key, library, make_app, private_session, run, shown  # noqa: F401 (fixtures)
from tui_pilot import settle


@pytest.mark.slow
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
        assert given[: len(held)] == held[:2]  # each a different Master, in the card files' order
        assert len(set(filter(None, given))) == len(list(filter(None, given)))
        for p in players[: len(held)]:
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
            board_key(app, ("player", players.index(next(p for p in players if not p["master"]["card"])), "master"))
            await pilot.press("a")
            await pilot.pause()
            await pilot.press("enter")
            await settle(pilot)
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert app.screen.__class__.__name__ == "ReplayScreen", app.notes
        assert app.screen.view.steps[0].action == "the board as set up"

    run(app, script)


async def pick(pilot, typed: str = ""):
    """In the picker on screen: type a few letters, Enter takes the best match."""
    from judge.tui.screens.dialogs import CardPicker

    await settle(pilot)
    assert isinstance(pilot.app.screen, CardPicker), pilot.app.screen
    if typed:
        await pilot.press(*[{" ": "space"}.get(ch, ch) for ch in typed])
        await pilot.pause()
    await pilot.press("enter")
    await settle(pilot)


@pytest.mark.slow
def test_an_action_is_put_together_from_pickers_of_what_is_on_the_board(library):
    from judge.tui.screens.dialogs import CardPicker

    app = make_app(library, scenario=str(V01), mode="board")

    async def script(pilot):
        await settle(pilot)
        screen = app.screen
        actions = screen.data["actions"]
        del actions[:]
        board_key(app, ("actions",))
        await pilot.press("a")
        await settle(pilot)
        assert isinstance(app.screen, CardPicker) and "Add an action: what" in shown(app)
        from judge.engine.play.action_kinds import ACTIONS

        assert app.screen.names[:-1] == list(ACTIONS)  # the engine's table, then "write it as YAML"
        await pick(pilot, "cast")
        assert app.screen.names == ["Ana", "Ben"]
        await pick(pilot, "Ana")
        assert app.screen.names == ["Sacramental Fire"]  # Ana's hand
        await pick(pilot)
        offered = app.screen.names
        assert offered[0] == "(no targets)" and "Iron Column [column] — Ben's" in offered
        assert "Ben (the player)" in offered
        await pick(pilot, "column")
        assert app.screen.names[0] == "(no more)"
        await pick(pilot)
        assert actions == [{"player": "Ana", "cast": "Sacramental Fire", "targets": ["column"]}]
        # everyone passes: the bare `pass` of the format
        await pilot.press("a")
        await pick(pilot, "pass")
        assert app.screen.names == ["Ana", "Ben", "everyone"]
        await pick(pilot, "everyone")
        assert actions[-1] == "pass"
        await pilot.press("ctrl+r")
        await settle(pilot)
        view = app.screen.view
        assert len(view.steps) == 3 and not view.engine_errors and view.stopped_at is None
        assert any("704.5j" in r for e in view.steps[2].events for r in e.rules)

    run(app, script)


@pytest.mark.slow
def test_declarations_and_a_point_of_the_turn_are_picked(library):
    app = make_app(library, scenario=str(V01), mode="board")

    async def script(pilot):
        await settle(pilot)
        actions = app.screen.data["actions"]
        del actions[:]
        board_key(app, ("actions",))
        await pilot.press("a")
        await pick(pilot, "until")  # no player: `until` is everyone's
        assert app.screen.names == ["beginning", "main1", "combat", "main2", "ending"]
        await pick(pilot, "combat")
        await pick(pilot, "declare_attackers")
        assert actions[-1] == {"until": {"phase": "combat", "step": "declare_attackers"}}
        await pilot.press("a")
        await pick(pilot, "attack")
        await pick(pilot, "Ben")
        assert app.screen.names == ["Coinhouse of Shadows — Ben's", "Iron Column [column] — Ben's"]
        await pick(pilot, "column")
        assert app.screen.names[0] == "Ana (the player)"  # whom: another player or their permanent
        await pick(pilot, "Ana")
        assert app.screen.names[0] == "(no more)"  # a second attacker, or done
        await pick(pilot)
        assert actions[-1] == {"player": "Ben", "attack": [{"attacker": "column", "target": "Ana"}]}
        # Escape at any picker adds nothing
        await pilot.press("a")
        await pick(pilot, "block")
        await pilot.press("escape")
        await settle(pilot)
        assert len(actions) == 2
        # a value the board cannot offer is said, not asked
        await pilot.press("a")
        await pick(pilot, "exhume")
        await pick(pilot, "Ana")
        assert len(actions) == 2
        assert app.notes[-1][0].startswith("Nothing to pick for exhume exhume: Ana's Spoils is empty")

    run(app, script)


def test_every_action_kind_of_the_engine_has_a_picker_that_builds_its_shape():
    from judge.engine.play.action_kinds import ACTIONS, check_shape
    from judge.tui import action_picks as ap

    assert ap.kinds() == list(ACTIONS)
    sample = {
        "hand": "x",
        "spoils": "x",
        "own": "x",
        "permanent": "x",
        "opponent": "Ben",
        "attackable": "x",
        "targets": ["x"],
        "flag": True,
        "point": {"phase": "combat", "step": "declare_blockers"},
    }
    typed = {
        "order": ["x"],
        "assign": {"x": 1},
        "choose": "x",
        "prefer": ["x"],
        "brew": ["x"],
        "depart": {"to": "x", "pieces": ["x"]},
    }
    for kind in ACTIONS:
        values = {}
        for key, source in ap.picks()[kind]:
            if isinstance(source, dict):
                values[key] = [{sub: sample[s] for sub, s in source.items()}]
            else:
                values[key] = typed[key] if source == "typed" else sample[source]
        who = "Ana" if "player" in ACTIONS[kind].keys else None
        action = ap.assemble(kind, who, values)
        check_shape(kind, action)  # raises on a key or value its kind does not take


def test_a_mistake_in_the_picks_file_is_named_with_its_line(tmp_path):
    import pytest

    from judge.tui import action_picks as ap

    good = ap.PICKS_FILE.read_text(encoding="utf-8")
    for text, problem in [
        (good + "juggle:       {juggle: hand}\n", "'juggle' is not an action kind of the engine's"),
        (
            good.replace("cast:         {cast: hand, targets: targets}", "cast:         {cast: hand, aim: targets}"),
            "cast takes no key 'aim'",
        ),
        (good.replace("{seal: hand}", "{seal: pocket}"), "seal.seal: unknown source 'pocket'"),
        (good.replace("bleed:        {bleed: hand}\n", ""), "no entry for the action kind(s) bleed"),
    ]:
        bad = tmp_path / "picks.yaml"
        bad.write_text(text, encoding="utf-8")
        with pytest.raises(ap.PicksError) as exc:
            ap.picks(bad)
        assert problem in str(exc.value) and str(bad) in str(exc.value)
