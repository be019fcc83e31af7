"""A state-based check is skipped only on a state whose content is what it was at the last check
that found nothing (judge/engine/checks/unchanged.py): a game goes exactly as if every check had run.

- the checks never read the turn's position (the fields a skip ignores): every bundled scenario
  is replayed with those fields hidden while the checks look;
- every bundled scenario, and random sequences of actions, give the same events and the same
  states with skipping and without;
- each way a working state is written to — an object's field, its counters, a player's field
  or zone, the state's lists and values, the objects map — is seen: the check after it runs
  and finds what the write made."""

from __future__ import annotations

import sys
from dataclasses import FrozenInstanceError, replace
from pathlib import Path

import pytest
from engine_boards import two_player_board
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_engine_scenarios import SCENARIOS, _id

from judge.engine.checks import sba, unchanged
from judge.engine.core import frozen
from judge.engine.core.events import Event, event, priority_event
from judge.engine.core.state import GameState, Modifier, Obj
from judge.engine.play.actions import apply
from judge.engine.procedures import zone_abilities
from judge.engine.scenarios.replay import run_file
from judge.engine.scenarios.scenario import load, load_string

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench" / "speed"))
import bench_engine  # (the benchmark's game: its board and its round of actions)


def content(s: GameState) -> dict:
    """Everything a state holds, as plain values (objects and players by their fields; a waiting
    choice without the paused action, which holds the earlier state itself; the policies, one
    object per load, by their readings)."""
    out = {
        k: v
        for k, v in vars(s).items()
        if not k.startswith("_") and k not in ("players", "objects", "pending", "policies")
    }
    out["policies"] = s.policies.chosen
    out["players"] = [dict(vars(p)) for p in s.players]
    out["objects"] = {oid: dict(vars(o)) for oid, o in s.objects.items()}
    out["pending"] = [replace(c, resume=None) for c in s.pending]
    return out


def replayed(path: Path) -> tuple:
    replay = run_file(path)
    states = [content(replay.state_after(n)) for n in range(len(replay.steps) + 1)]
    return [step.to_dict() for step in replay.steps], replay.expectations, states


@pytest.fixture()
def no_skipping(monkeypatch):
    monkeypatch.setattr(unchanged, "ENABLED", False)


@pytest.mark.slow
def test_the_checks_never_read_the_turns_position(monkeypatch, no_skipping):
    """Each bundled scenario, each check reading a state whose position fields are gone: a read
    of one would raise (the class defaults of `passes` and `checked` are gone too)."""
    for name in ("passes", "checked"):
        monkeypatch.delattr(GameState, name)
    find = sba._find
    reads: list = []

    def hidden(s, log):
        d = s.__dict__
        kept = {k: d.pop(k) for k in unchanged.POSITION}
        try:
            return find(s, log)
        except AttributeError as exc:
            reads.append(str(exc))
            raise
        finally:
            d.update(kept)

    monkeypatch.setattr(sba, "_find", hidden)
    checked = 0
    for path in SCENARIOS:
        replay = run_file(path)
        assert [e.detail for _, e in replay.engine_errors] == [], _id(path)
        checked += 1
    assert reads == []
    assert checked == len(SCENARIOS) > 250


@pytest.mark.slow
def test_every_bundled_scenario_goes_the_same_with_skipping_and_without(monkeypatch):
    with_skips = {_id(p): replayed(p) for p in SCENARIOS}
    monkeypatch.setattr(unchanged, "ENABLED", False)
    assert SCENARIOS
    for path in SCENARIOS:
        assert replayed(path) == with_skips[_id(path)], _id(path)


IMMUTABLE = (bool, int, str, type(None), tuple, frozenset)


@pytest.mark.slow
def test_the_fields_compared_as_values_hold_immutable_values():
    """unchanged.py compares a state's fields that are not lists or maps as values, without
    copying them: in every state of every bundled scenario each holds an immutable value (or
    the game's shared cards and policies)."""
    seen = set()
    for path in SCENARIOS:
        replay = run_file(path)
        for n in range(len(replay.steps) + 1):
            s = replay.state_after(n)
            for name in unchanged._VALUE_FIELDS:
                value = getattr(s, name)
                if name not in ("cards", "policies"):
                    assert isinstance(value, IMMUTABLE), (_id(path), n, name, type(value))
                    seen.add(type(value))
    assert {bool, int, str, tuple} <= seen


ACTIONS = bench_engine.ROUND + [
    "pass",
    {"until": {"phase": "ending", "step": "cleanup"}},
    {"until": {"phase": "combat", "step": "declare_blockers"}},
    {"player": "Ben", "block": [{"blocker": "column", "attacker": "alpha"}]},
    {"player": "Ben", "drain": "dark"},
    {"player": "Ana", "attack": [{"attacker": "golem", "target": "Ben"}, {"attacker": "pikeman", "target": "dark"}]},
    {"player": "Ben", "concede": True},
]


def play_game(actions: list, board: str) -> list:
    """Each action's events and the state's content after it, from the board's start."""
    s = load_string(board, "<game>").state
    out = []
    for action in actions:
        s, events = apply(s, action)
        out.append(([e.to_dict() for e in events], content(s)))
    return out


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(range(len(ACTIONS))), min_size=1, max_size=40))
def test_random_games_go_the_same_with_skipping_and_without(picks):
    actions = [ACTIONS[i] for i in picks]
    board = bench_engine.board(12)
    skipping = play_game(actions, board)
    unchanged.ENABLED = False
    try:
        always = play_game(actions, board)
    finally:
        unchanged.ENABLED = True
    assert skipping == always


CARDS = """
  - {name: Recheck Golem, type: Entity, cost: {vitae: 3}, attack: 2, vigor: 4, blood_seal: 1, text: "A golem."}
"""
ANA = """    battlefield:
      - {card: Gilded Haven, id: haven}
      - {card: Recheck Golem, id: golem}
    spoils: [Marginalia]"""


@pytest.fixture()
def clean():
    """A working state on which a check has just found nothing (and remembered it), with the
    golem already written to in this action."""
    s = load_string(two_player_board("recheck", 0, CARDS, ANA)).state.fork()
    s.edit("golem")
    assert sba.check_once(s, []) is False
    assert unchanged.holds(s)
    return s


def _spoils_card(s) -> str:
    return s.player("Ana").spoils[0]


def _to_laboratory(s):
    """A card stored in a Laboratory with no Haven: the object is written first, the check finds
    nothing (it is in no laboratory list yet), then only the list is written, in place."""
    oid = _spoils_card(s)
    s.edit(oid).attached_to = "gone-haven"
    assert sba.check_once(s, []) is False and unchanged.holds(s)
    s.player("Ana").own("laboratory").append(oid)


def _token_outside(s):
    s.add_object(Obj("tok", "Wolf Token", "Ana", "Ana", "spoils", token=True))


WRITES = {
    "a written object's field, in place": (lambda s: setattr(s.objects["golem"], "damage", 4), "704.5j"),
    "a written object's counters, in place": (
        lambda s: s.objects["golem"].counters.__setitem__("growth", -4),
        "704.5i",
    ),
    "an object written anew": (lambda s: setattr(s.edit("haven"), "attached_to", "nowhere"), "704.5s"),
    "a player's field": (lambda s: setattr(s.player("Ben"), "vitae", 0), "704.5a"),
    "a player's zone, in place": (_to_laboratory, "312.3"),
    "the state's list, in place": (
        lambda s: s.modifiers.append(Modifier("golem", 0, -4, "end_of_turn", s.next_ts)),
        "704.5i",
    ),
    "the state's value and the objects map": (_token_outside, "704.5g"),
}


@pytest.mark.parametrize("name", WRITES)
def test_a_write_after_a_clean_check_is_seen_by_the_next(clean, name):
    write, rule = WRITES[name]
    write(clean)
    assert not unchanged.holds(clean)
    log: list = []
    assert sba.check_once(clean, log) is True
    assert f"nd:{rule}" in log[0].rules


def test_the_position_alone_changing_skips_the_check(clean, monkeypatch):
    clean.phase, clean.step, clean.priority, clean.passes = "combat", "end_of_combat", "Ben", 1
    assert unchanged.holds(clean)
    monkeypatch.setattr(sba, "_find", lambda s, log: pytest.fail("the check ran"))
    assert sba.check_once(clean, []) is False


def test_a_committed_state_keeps_its_snapshot_for_the_next_action(clean):
    s = clean.commit()
    work = s.fork()
    assert unchanged.holds(work)  # the next action's first check is skipped if nothing changed
    work.player("Ana").vitae -= 1
    assert not unchanged.holds(work)


def test_a_plain_list_an_effect_assigned_is_kept_by_content(clean):
    clean.attacks = []  # not a WorkList: its writes are not counted
    assert unchanged.holds(clean)  # equal to the list it replaced
    clean.__dict__.pop("_clean")
    assert sba.check_once(clean, []) is False
    kept = clean.__dict__["_clean"].containers[unchanged._CONTAINER_FIELDS.index("attacks")]
    assert unchanged.holds(clean) and kept == clean.attacks and kept is not clean.attacks  # a copy
    clean.attacks.append("x")
    assert not unchanged.holds(clean)


def test_writing_what_is_there_already_is_not_a_change(clean):
    clean.attacks_declared = False  # the same immutable value
    clean.player("Ana").corruption = 0
    clean.tokens = ()
    assert unchanged.holds(clean)
    clean.player("Ana").corruption = 1
    assert not unchanged.holds(clean)


# -- what the cheaper bookkeeping of a long replay must keep exact ---------------------------------
def test_a_players_new_list_counts_as_a_write_even_when_equal(clean):
    clean.player("Ana").pool = []  # a new list to watch, though equal to the one it replaced
    assert not unchanged.holds(clean)


def test_freezing_a_player_is_not_a_write(clean):
    before = frozen.work_writes()
    for p in clean.players:
        p.freeze()
    assert frozen.work_writes() == before


def test_the_revenants_of_a_spoils_follow_the_spoils_that_is_there():
    s = load(Path(__file__).parent / "scenarios" / "e57-revenant-and-bleed.yaml").state
    restless = frozenset({"Nachzehrer"})
    assert zone_abilities._restless_in(s, "Ben", restless) == ["nachzehrer"]
    work = s.fork()
    work.player("Ben").own("spoils").remove("nachzehrer")
    assert zone_abilities._restless_in(work, "Ben", restless) == []  # a working Spoils: read as it is
    later = work.commit()
    assert zone_abilities._restless_in(later, "Ben", restless) == []  # another committed Spoils: read anew
    assert zone_abilities._restless_in(s, "Ben", restless) == ["nachzehrer"]  # the first one still has it


def test_an_event_made_through_its_slots_is_the_event_its_constructor_makes():
    made = event("Ana draws", "504.1", "504.1", policy="C3")
    same = Event("Ana draws", ("nd:504.1",), "event", "C3")
    assert made == same and hash(made) == hash(same)
    assert priority_event("Ben receives priority", "117.3a") == Event(
        "Ben receives priority", ("nd:117.3a",), "priority"
    )
    with pytest.raises(FrozenInstanceError):
        made.text = "changed"
