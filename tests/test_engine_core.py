"""The engine's core contract: apply() never mutates its input, refusals keep the state,
history steps back exactly, and the mechanics behave as the rules say in isolation."""

from __future__ import annotations

import dataclasses

import pytest

from judge.engine.play.actions import apply
from judge.engine.scenarios.replay import run
from judge.engine.scenarios.scenario import load_string

BOARD = """
title: core fixture
game: nodawn
cards:
  - {name: Silent Maren, type: Master, lineage: Liamite, initial_vitae: 20, enlightenment: 1, text: "Liamite Master."}
turn: {active: Ana, round: The Hunt, phase: main1}
players:
  - name: Ana
    master: {card: Aurelio Torretti, vitae: 20}
    pool: [{amount: 3, source: Sacred}, 2]
    hand: [Sacramental Fire, Slip the Knife, Black Company Pikeman]
    domain: 5
    battlefield:
      - {card: Gilded Haven}
      - {card: Scriptorium Drudge, id: drudge}
  - name: Ben
    master: {card: Silent Maren, vitae: 20}
    hand: [Not Tonight]
    battlefield:
      - {card: The Counting-House Dark, id: dark}
      - {card: Iron Column, id: column, damage: 4}
actions: []
expect: []
"""


def snapshot(state) -> dict:
    """Everything in a state except the shared card and policy tables."""
    return {
        f.name: dataclasses.asdict(state)[f.name] if f.name not in ("cards", "policies") else None
        for f in dataclasses.fields(state)
    }


@pytest.fixture()
def board():
    return load_string(BOARD).state


@pytest.mark.slow
def test_apply_never_mutates_its_input(board):
    before = snapshot(board)
    after, events = apply(board, {"player": "Ana", "cast": "Sacramental Fire", "targets": ["column"]})
    assert after is not board
    assert snapshot(board) == before
    assert len(after.stack) == 1 and board.stack == []
    assert any("nd:601.2" in e.rules for e in events)


@pytest.mark.slow
@pytest.mark.parametrize(
    "action, rule",
    [
        ({"player": "Ana", "cast": "Sacramental Fire", "targets": ["dark"]}, "nd:601.2c"),
        ({"player": "Ben", "cast": "Not Tonight", "targets": ["drudge"]}, "nd:117.1"),
        (
            {"player": "Ana", "cast": "Sacramental Fire", "targets": ["column"], "pay": {"pool": 5, "master": 0}},
            "nd:118.2",
        ),
        ({"player": "Ana", "seal": ["Slip the Knife", "Slip the Knife"]}, "nd:407.2"),
        ({"player": "Ana", "drain": "column"}, "nd:106.5c"),
        ({"player": "Ana", "attack": [{"attacker": "drudge", "target": "dark"}]}, "nd:508.1"),
    ],
)
def test_a_refused_action_keeps_the_state_and_cites_the_rule(board, action, rule):
    before = snapshot(board)
    after, events = apply(board, action)
    assert after is board
    assert snapshot(board) == before
    assert len(events) == 1 and events[0].refused
    assert rule in events[0].rules


def test_apply_never_raises_on_nonsense(board):
    for action in (
        None,
        42,
        "dance",
        {"player": "Zed", "cast": "Nothing"},
        {"player": "Ana", "cast": "Nothing"},
        {"player": "Ana", "drain": "nowhere"},
        {"player": "Ana", "order": ["x"]},
        {"player": "Ana", "assign": {"drudge": "lots"}},
        {"until": {"phase": "nowhere"}},
        {"player": "Ana", "choose": 3},
        {"player": "Ana", "activate": "drudge", "ability": 9},
    ):
        after, events = apply(board, action)
        assert after is board
        assert events and events[0].refused


@pytest.mark.slow
def test_history_steps_back_exactly():
    scenario = load_string(
        BOARD.replace(
            "actions: []",
            """actions:
  - {player: Ana, cast: Sacramental Fire, targets: [column]}
  - pass
  - {player: Ana, seal: [Slip the Knife]}
  - pass""",
        )
    )
    replay = run(scenario)
    states = [replay.initial] + [s.state for s in replay.steps]
    assert [len(s.stack) for s in states] == [0, 1, 0, 1, 0]
    assert [s.objects["column"].zone for s in states] == ["battlefield", "battlefield", "spoils", "spoils", "spoils"]
    # replaying from any recorded state reproduces the next one
    again, _ = apply(states[2], scenario.actions[2])
    assert snapshot(again) == snapshot(states[3])


def test_master_blood_tax_is_cumulative_over_the_turn(board):
    from judge.cards.model import Cost
    from judge.engine.performing.costs import pay

    s = board.fork()
    ana = s.player("Ana")
    ana.pool = []
    log = []
    for amount in (1, 2, 3):
        pay(s, ana, Cost(vitae=amount), log)
    assert ana.spent_from_master == 6
    assert ana.corruption == 3
    assert ana.wrath == 2  # ceil(6/3), not 1 + 1 + 1
    assert ana.vitae == 14


def test_stack_items_and_zones_are_consistent_after_a_seal(board):
    s, _ = apply(board, {"player": "Ana", "seal": ["Slip the Knife", "Black Company Pikeman"]})
    assert [i.kind for i in s.stack] == ["seal"]
    assert s.player("Ana").dropped
    assert {s.objects[o].zone for o in s.stack[0].batch} == {"stack"}
    s, _ = apply(s, "pass")
    ana = s.player("Ana")
    assert sorted(s.objects[o].card for o in ana.pit) == ["Black Company Pikeman", "Slip the Knife"]
    assert sorted((u.amount, u.source or "") for u in ana.pool) == [(1, ""), (1, "Innocent"), (2, ""), (3, "Sacred")]
