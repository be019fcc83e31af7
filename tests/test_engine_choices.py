"""The player chooses (issue 15, item 3): a choice the rules give a player stops play until it
is answered; an answer not among the options is refused citing the rule that gives the choice,
the state unchanged; answers may be given in advance, and a stated default applies only where
the scenario opts in, the log saying so; a replay that does not answer stops there and says so."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from judge.engine.core.errors import ScenarioError
from judge.engine.play.actions import apply, waiting_choice
from judge.engine.scenarios.replay import run
from judge.engine.scenarios.scenario import load_string

BOARD = """
title: each player sacrifices
game: nodawn
TOP
cards:
  - {name: Silent Maren, type: Master, lineage: Liamite, initial_vitae: 20, enlightenment: 1, text: "Liamite Master."}
  - {name: Sacramental Fire, type: Caprice, cost: {vitae: 3}, blood_seal: 1, text: "Each player sacrifices an Entity.",
     abilities: [{spell: [{sacrifice: {who: each_player, what: Entity}}]}]}
turn: {active: Ana, round: The Hunt, phase: main1}
players:
  - name: Ana
    master: {card: Aurelio Torretti, vitae: 20}
    pool: 3
    hand: [Sacramental Fire]
    battlefield:
      - {card: Gilded Haven}
      - {card: Scriptorium Drudge, id: drudge}
      - {card: Iron Column, id: column}
  - name: Ben
    master: {card: Silent Maren, vitae: 20}
    battlefield:
      - {card: The Counting-House Dark}
      - {card: Black Company Pikeman, id: pikeman}
      - {card: Risen Pallbearer, id: pallbearer}
actions:
ACTIONS
expect: [{stack: 0}]
"""
CAST = "  - {player: Ana, cast: Sacramental Fire}\n  - pass\n"


def board(top: str = "", actions: str = CAST):
    return load_string(BOARD.replace("TOP", top).replace("ACTIONS", actions))


def waiting_after_the_pass():
    scenario = board()
    state, _ = apply(scenario.state, scenario.actions[0])
    state, events = apply(state, "pass")
    return state, events


def zones(state) -> dict:
    return {o: state.objects[o].zone for o in ("drudge", "column", "pikeman", "pallbearer")}


def test_the_resolution_stops_at_the_first_players_choice():
    state, events = waiting_after_the_pass()
    choice = waiting_choice(state)
    assert (choice.kind, choice.player, choice.rule) == ("sacrifice-choice", "Ana", "701.12a")
    assert set(choice.options) == {"drudge", "column"}
    assert events[-1].asks and "nd:701.12a" in events[-1].rules and "waiting for Ana" in events[-1].text
    assert zones(state) == dict.fromkeys(("drudge", "column", "pikeman", "pallbearer"), "battlefield")
    assert state.stack[-1].label == "Sacramental Fire"  # it waits on the stack while it resolves (608.7a)


@pytest.mark.parametrize(
    "action, rule",
    [
        ({"player": "Ana", "choose": "pikeman"}, "nd:701.12a"),  # not among her options
        ({"player": "Ana", "choose": ["drudge", "column"]}, "nd:701.12a"),  # one, not two
        ({"player": "Ben", "choose": "pikeman"}, "nd:701.12a"),  # not his turn to choose
        ("pass", "nd:701.12a"),  # a mandatory choice is not declined by passing
        ({"player": "Ana", "attack": [{"attacker": "column", "target": "Ben"}]}, "nd:701.12a"),
    ],
)
def test_anything_but_a_right_answer_is_refused_citing_the_rule_and_changes_nothing(action, rule):
    state, _ = waiting_after_the_pass()
    after, events = apply(state, action)
    assert after is state and waiting_choice(after) is not None
    assert len(events) == 1 and events[0].refused and rule in events[0].rules


def test_the_answers_carry_the_resolution_on_in_apnap_order_then_all_at_once():
    state, first = waiting_after_the_pass()
    state, second = apply(state, {"player": "Ana", "choose": "column"})
    assert waiting_choice(state).player == "Ben" and zones(state)["column"] == "battlefield"
    state, third = apply(state, {"player": "Ben", "choose": ["pallbearer"]})
    assert waiting_choice(state) is None and not state.pending
    assert zones(state) == {
        "drudge": "battlefield",
        "column": "spoils",
        "pikeman": "battlefield",
        "pallbearer": "spoils",
    }
    log = [e.text for e in first + second + third]
    assert sum("Sacramental Fire resolves" in t for t in log) == 1  # nothing before the question is logged twice
    assert any(t.startswith("Ana chooses: Iron Column") for t in log)
    assert state.priority == "Ana" and not state.stack


def test_answers_given_in_advance_are_used_up_in_order_and_logged():
    top = "answers:\n  - {player: Ben, choose: pallbearer}\n  - {player: Ana, kind: sacrifice-choice, choose: column}"
    replay = run(board(top))
    assert replay.stopped_at is None and replay.waiting is None
    assert zones(replay.final)["column"] == "spoils" and zones(replay.final)["pallbearer"] == "spoils"
    assert replay.final.preset == ()
    told = [e.text for s in replay.steps for e in s.events if "given in advance" in e.text]
    assert len(told) == 2 and "`answers:` no. 2" in told[0] and "`answers:` no. 1" in told[1]


def test_an_answer_in_advance_that_does_not_fit_refuses_the_action():
    replay = run(board("answers:\n  - {player: Ana, choose: pikeman}"))
    refused = [e for e in replay.steps[1].events if e.refused]
    assert refused and "nd:701.12a" in refused[0].rules and "given in advance" in refused[0].text
    assert replay.final.stack and zones(replay.final)["pikeman"] == "battlefield"


def test_a_default_applies_only_where_the_scenario_opts_in_and_the_log_says_so():
    replay = run(board("defaults: engine"))
    assert replay.waiting is None
    # the stated default: each player's longest-standing Entity
    assert zones(replay.final) == {
        "drudge": "spoils",
        "column": "battlefield",
        "pikeman": "spoils",
        "pallbearer": "battlefield",
    }
    told = [e for s in replay.steps for e in s.events if "a default is taken" in e.text]
    assert len(told) == 2 and all("nd:701.12a" in e.rules for e in told)
    listed = run(board("defaults: [cleanup-discard]"))
    assert waiting_choice(listed.final).kind == "sacrifice-choice"  # not opted in for this kind


@pytest.mark.parametrize(
    "top, message",
    [
        ("defaults: [no-such-choice]", "unknown choice kind 'no-such-choice'"),
        ("defaults: [trigger-targets]", "has no stated default"),
        ("defaults: always", "defaults must be `engine` or a list"),
        ("answers:\n  - {player: Zed, choose: x}", "unknown player 'Zed'"),
        ("answers:\n  - {player: Ana}", "needs choose"),
    ],
)
def test_bad_answers_and_defaults_are_refused_at_load(top, message):
    with pytest.raises(ScenarioError, match=message):
        board(top)


def test_the_replay_stops_at_a_choice_it_does_not_answer():
    replay = run(board(actions=CAST + "  - {player: Ana, pass: true}\n"))
    assert replay.stopped_at == 3 and len(replay.steps) == 2 and not replay.ok
    assert replay.waiting.startswith("waiting for Ana: the Entity Ana sacrifices; choose 1 of:")


@pytest.mark.slow
def test_judge_replay_says_where_it_stopped_and_exits_1(tmp_path):
    path = tmp_path / "stops.yaml"
    path.write_text(BOARD.replace("TOP", "").replace("ACTIONS", CAST + "  - pass\n"), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "judge", "replay", str(path)], capture_output=True, text=True)
    assert proc.returncode == 1
    assert "The replay stops before action 3" in proc.stdout and "Waiting for Ana" in proc.stdout
    proc = subprocess.run(
        [sys.executable, "-m", "judge", "replay", str(path), "--json"], capture_output=True, text=True
    )
    doc = json.loads(proc.stdout)
    assert doc["stopped_at"] == 3 and doc["waiting"].startswith("waiting for Ana")
    assert doc["final"]["waiting"] == doc["waiting"]
    assert doc["steps"][-1]["events"][-1]["kind"] == "choice"


def test_a_may_is_declined_by_the_next_action_that_is_not_an_answer():
    scenario = load_string(TOLL)
    state = scenario.state
    for action in scenario.actions:
        state, _ = apply(state, action)
    assert waiting_choice(state).kind == "unless-payment"
    after, events = apply(state, {"player": "Ben", "pass": True})
    assert waiting_choice(after) is None
    assert after.objects["scald"].zone == "spoils" and after.priority == "Ana"
    assert any("declines" in e.text and "nd:701.7b" in e.rules for e in events)


TOLL = """
title: a Toll waits
game: nodawn
cards:
  - {name: Silent Maren, type: Master, lineage: Liamite, initial_vitae: 20, enlightenment: 1, text: "Liamite Master."}
  - {name: Scald, type: Caprice, cost: {vitae: 1}, blood_seal: 1, text: "Deal 2 damage to target Entity.",
     abilities: [{spell: [{deal_damage: {amount: 2, to: target}}]}], targets: [{kind: Entity}]}
turn: {active: Ben, round: The Hunt, phase: main1}
players:
  - {name: Ana, master: {card: Aurelio Torretti, vitae: 20}, battlefield: [{card: Gilded Haven}, {card: Bishop of Coin, id: bishop}]}
  - {name: Ben, master: {card: Silent Maren, vitae: 20}, pool: 4, hand: [{card: Scald, id: scald}],
     battlefield: [{card: The Counting-House Dark}]}
actions:
  - {player: Ben, cast: scald, targets: [bishop]}
  - pass
expect: [{stack: 0}]
"""


def test_a_concession_is_never_refused_while_a_choice_waits():
    state, _ = waiting_after_the_pass()
    after, events = apply(state, {"player": "Ben", "concede": True})
    assert after.player("Ben").lost
    assert any("nd:104.3a" in e.rules for e in events)


def test_answering_reaches_the_same_state_as_answers_given_in_advance():
    state, _ = waiting_after_the_pass()
    state, _ = apply(state, {"player": "Ana", "choose": "column"})
    state, _ = apply(state, {"player": "Ben", "choose": "pallbearer"})
    given = run(board("answers:\n  - {player: Ana, choose: column}\n  - {player: Ben, choose: pallbearer}")).final
    assert zones(state) == zones(given)
    assert [(p.name, p.corruption, len(p.hand)) for p in state.players] == [
        (p.name, p.corruption, len(p.hand)) for p in given.players
    ]
    assert (state.phase, state.priority, len(state.stack)) == (given.phase, given.priority, len(given.stack))


def test_a_choice_due_as_the_board_is_set_up_waits_for_the_first_action():
    text = """
title: two Eminent on the board
game: nodawn
cards:
  - {name: Silent Maren, type: Master, lineage: Liamite, initial_vitae: 20, enlightenment: 1, text: "Liamite Master."}
  - {name: Serpent, type: Entity, supertypes: [Eminent], cost: {vitae: 4}, attack: 3, vigor: 4, text: "Eminent."}
turn: {active: Ana, round: The Hunt, phase: main1}
players:
  - {name: Ana, master: {card: Aurelio Torretti, vitae: 20}, battlefield: [{card: Gilded Haven}, {card: Serpent, id: a}, {card: Serpent, id: b}]}
  - {name: Ben, master: {card: Silent Maren, vitae: 20}, battlefield: [{card: The Counting-House Dark}]}
actions:
  - {player: Ana, choose: a}
expect: [{object: b, zone: spoils}, {object: a, zone: battlefield}]
"""
    scenario = load_string(text)
    assert waiting_choice(scenario.state).kind == "eminent-duplicate"
    replay = run(scenario)
    assert replay.ok, replay.expectations


def test_the_tui_shows_the_question_play_waits_for():
    from judge.tui import engine_adapter as ea

    view = ea._replay(board())
    assert view.steps[-1].state.pending[0].startswith("waiting for Ana: the Entity Ana sacrifices")


def test_no_ruling_sheet_is_made_from_a_replay_that_stops_at_a_choice(tmp_path, capsys):
    from judge import cli

    path = tmp_path / "stops.yaml"
    path.write_text(BOARD.replace("TOP", "").replace("ACTIONS", CAST + "  - pass\n"), encoding="utf-8")
    assert cli.main(["sheet", "--replay", str(path), "--format", "text"]) == 2
    err = capsys.readouterr().err
    assert "the replay stops before action 3, at a choice the scenario does not answer" in err


def test_an_until_that_declines_a_may_and_is_then_refused_leaves_the_state_as_it_was():
    from judge.engine.choosing.asking import ask
    from judge.engine.core.errors import Refused
    from judge.engine.play import actions

    base = board().state
    asked = []

    def work(s, log):  # a "may" met on the way (not at the until's point), then a refusal
        asked.append(ask(s, log, "unless-payment", "Ana", ("pay", "decline"), "a test price"))
        raise Refused("never reached", "500.1")

    after, events = actions._run(base, {"until": {"phase": "ending", "step": "end"}}, (), work=work, fresh=True)
    assert after is base and asked == ["decline"]
    assert len(events) == 1 and events[0].refused and "nd:500.1" in events[0].rules


GIFT = """
title: an optional gain
game: nodawn
cards:
  - {name: Silent Maren, type: Master, lineage: Liamite, initial_vitae: 20, enlightenment: 1, text: "Liamite Master."}
  - {name: Windfall, type: Caprice, cost: {vitae: 1}, blood_seal: 1, text: "You may gain 2 Vitae.",
     abilities: [{spell: [{gain_vitae: {amount: 2, who: controller, may: true}}]}]}
turn: {active: Ana, round: The Hunt, phase: main1}
players:
  - name: Ana
    master: {card: Aurelio Torretti, vitae: 12}
    pool: 1
    hand: [Windfall]
    battlefield: [{card: Gilded Haven}]
  - name: Ben
    master: {card: Silent Maren, vitae: 20}
    battlefield: [{card: The Counting-House Dark}]
actions: []
expect: []
"""


def test_an_optional_gain_without_an_invitation_is_asked_as_an_optional_instruction():
    """608.4: a "may" of an instruction; not among accept | decline is refused citing 608.4; any
    other action declines it."""
    state = load_string(GIFT).state
    state, _ = apply(state, {"player": "Ana", "cast": "Windfall"})
    waiting, _ = apply(state, "pass")
    choice = waiting_choice(waiting)
    assert (choice.kind, choice.player, choice.options, choice.rule) == (
        "optional-instruction",
        "Ana",
        ("accept", "decline"),
        "608.4",
    )
    after, events = apply(waiting, {"player": "Ana", "choose": "maybe"})
    assert after is waiting and events[0].refused and "nd:608.4" in events[0].rules
    accepted, _ = apply(waiting, {"player": "Ana", "choose": "accept"})
    assert accepted.player("Ana").vitae == 14 and waiting_choice(accepted) is None
    declined, events = apply(waiting, {"player": "Ana", "pass": True})
    assert declined.player("Ana").vitae == 12 and waiting_choice(declined) is None
    assert any("declines" in e.text and "nd:608.4" in e.rules for e in events)
