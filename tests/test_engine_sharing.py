"""Consecutive states share what an action did not change, and nothing shared can change.

`apply` copies only what it writes to (judge/engine/core/state.py, frozen.py): an action that drains
one Entity makes one new object; every other object of the board is the very same object in
both states. A committed state refuses every write, so no state in a replay's history can be
changed behind the judge's back."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.engine.core.frozen import SharedStateMutation
from judge.engine.play.actions import apply
from judge.engine.scenarios.scenario import load_string

BOARD = """
title: sharing fixture
game: nodawn
turn: {active: Ana, round: The Hunt, phase: main1}
players:
  - name: Ana
    master: {card: Aurelio Torretti, vitae: 20}
    pool: 3
    hand: [Sacramental Fire, Slip the Knife]
    domain: 5
    battlefield:
      - {card: Gilded Haven}
      - {card: Scriptorium Drudge, id: drudge}
      - {card: Black Company Pikeman, id: pikeman}
  - name: Ben
    master: {card: Aurelio Torretti, vitae: 20}
    battlefield:
      - {card: The Counting-House Dark, id: dark}
      - {card: Iron Column, id: column, damage: 4}
actions: []
expect: []
"""


@pytest.fixture()
def board():
    return load_string(BOARD).state


def test_a_drain_copies_the_drained_object_and_shares_every_other(board):
    after, events = apply(board, {"player": "Ana", "drain": "pikeman"})
    assert not any(e.refused for e in events)
    changed = [oid for oid in board.objects if after.objects[oid] is not board.objects[oid]]
    assert changed == ["pikeman"]
    assert after.objects["pikeman"].drained and not board.objects["pikeman"].drained
    assert len(board.objects) == 7  # 2 cards in hand, 5 permanents; the Domain holds unknown cards


def test_a_pass_with_an_empty_stack_shares_the_objects_map_itself(board):
    after, _ = apply(board, {"player": "Ana", "pass": True})
    assert after.priority == "Ben" and board.priority == "Ana"
    assert after.objects is board.objects and after.battlefield is board.battlefield


def test_a_cast_copies_the_card_it_moves_and_no_other(board):
    after, _ = apply(board, {"player": "Ana", "cast": "Sacramental Fire", "targets": ["column"]})
    changed = {oid for oid in board.objects if after.objects[oid] is not board.objects[oid]}
    assert changed == {"sacramental-fire"}
    assert after.objects["sacramental-fire"].zone == "stack" and board.objects["sacramental-fire"].zone == "hand"


@pytest.mark.parametrize(
    "write",
    [
        lambda s: setattr(s.objects["drudge"], "drained", True),
        lambda s: s.objects["drudge"].counters.__setitem__("growth", 1),
        lambda s: setattr(s.player("Ana"), "vitae", 1),
        lambda s: s.player("Ana").hand.append("x"),
        lambda s: s.battlefield.remove("drudge"),
        lambda s: s.objects.__setitem__("x", None),
        lambda s: s.stack.append(None),
        lambda s: setattr(s, "priority", "Ben"),
    ],
)
def test_a_committed_state_refuses_every_write(board, write):
    with pytest.raises(SharedStateMutation):
        write(board)


def test_a_working_state_writes_only_to_its_own_copies(board):
    s = board.fork()
    s.edit("drudge").drained = True
    s.player("Ana").own("hand").append("x")
    assert not board.objects["drudge"].drained and "x" not in board.player("Ana").hand
    s.commit()
    assert s.objects["drudge"].drained and s.player("Ana").hand[-1] == "x"
    with pytest.raises(SharedStateMutation):
        s.edit("drudge")  # committed: only a new fork may write


def content(s) -> tuple:
    """The board's objects and players as plain values, to compare a state with itself later."""
    return (
        {oid: dataclasses.asdict(o) for oid, o in s.objects.items()},
        [dataclasses.asdict(p) for p in s.players],
        list(s.battlefield),
        [dataclasses.asdict(i) for i in s.stack],
    )


def candidates(s) -> list:
    out: list = [
        "pass",
        {"until": {"phase": "main1", "step": None}},
        {"until": {"phase": "combat", "step": "declare_attackers"}},
    ]
    for p in s.living:
        for oid in p.hand:
            out.append({"player": p.name, "cast": oid, "targets": ["column"]})
        for oid in s.battlefield:
            if s.objects[oid].controller == p.name:
                out += [{"player": p.name, "drain": oid}, {"player": p.name, "sacrifice": oid}]
    for a in [o for o in s.battlefield if s.objects[o].controller == s.active]:
        out.append({"player": s.active, "attack": [{"attacker": a, "target": "column"}]})
    return out


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_sequences_never_change_a_recorded_state_and_share_what_they_leave(data):
    history = [load_string(BOARD).state]
    recorded = [content(history[0])]
    for _ in range(data.draw(st.integers(min_value=1, max_value=15), label="length")):
        before = history[-1]
        after, events = apply(before, data.draw(st.sampled_from(candidates(before)), label="action"))
        assert not [e for e in events if e.engine_error], [e.detail for e in events]
        for oid, obj in after.objects.items():  # a shared object is the same value in both states
            if before.objects.get(oid) is obj:
                assert recorded[-1][0][oid] == dataclasses.asdict(obj)
        history.append(after)
        recorded.append(content(after))
        if after.game_over:
            break
    assert [content(s) for s in history] == recorded  # no state of the history ever changed


def test_the_history_keeps_some_states_and_replays_the_others_identically():
    from judge.engine.scenarios.replay import CHECKPOINT, run

    actions = "\n".join(
        "  - {until: {phase: main1, step: null}}" if i % 3 else "  - {player: Ana, drain: pikeman}"
        for i in range(CHECKPOINT * 2 + 5)
    )
    scenario = load_string(BOARD.replace("actions: []", "actions:\n" + actions))
    replay = run(scenario)
    assert sorted(replay.kept) == [0, CHECKPOINT, 2 * CHECKPOINT]  # and the last one, replay.latest
    expected, state = [], scenario.state
    for action in scenario.actions:
        state, _ = apply(state, action)
        expected.append(content(state))
    assert [content(step.state) for step in replay.steps] == expected  # in order: one action per step
    for n in (CHECKPOINT + 3, 5, 2 * CHECKPOINT - 1, 1):  # and out of order
        assert content(replay.state_after(n)) == expected[n - 1]
    assert replay.final is replay.latest and content(replay.final) == expected[-1]
