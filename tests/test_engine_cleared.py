"""The incremental state-based check (judge/engine/checks/cleared.py): a check reads again only the
permanents whose verdict may have changed since the last check that found nothing; a game goes
exactly as if every check read every permanent.

- random games on the benchmark's board (a Night anthem, a damage reduction, pumps, combat)
  give the same events and states with the record kept and with it always dropped;
- each thing a skipped permanent's verdict reads is seen when it changes: its object written
  anew, its resolution effects, the functioning statics (Night turning to Day), the battlefield;
  a permanent attached to something is read every time."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from engine_boards import two_player_board
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_engine_recheck import ACTIONS, play_game

from judge.engine.checks import cleared, sba
from judge.engine.core.state import Modifier
from judge.engine.play.actions import apply
from judge.engine.scenarios.scenario import load_string

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench" / "speed"))
import bench_engine


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(range(len(ACTIONS))), min_size=1, max_size=40))
def test_random_games_go_the_same_with_the_record_and_without(picks):
    actions = [ACTIONS[i] for i in picks]
    board = bench_engine.board(12)
    kept = play_game(actions, board)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(cleared, "to_read", lambda s, sweep: None)  # every check reads every permanent
        full = play_game(actions, board)
    assert kept == full


def test_the_bench_game_reads_few_permanents_again(monkeypatch):
    """The record is used (not silently dropped): most checks of the bench's game are incremental."""
    calls = {"all": 0, "some": 0}
    to_read = cleared.to_read

    def counted(s, sweep):
        found = to_read(s, sweep)
        calls["all" if found is None else "some"] += 1
        return found

    monkeypatch.setattr(cleared, "to_read", counted)
    s = load_string(bench_engine.board(12), "<cleared>").state
    for i in range(100):
        s, _ = apply(s, bench_engine.ROUND[i % len(bench_engine.ROUND)])
    assert calls["some"] > 3 * calls["all"]


CARDS = """
  - {name: Cleared Golem, type: Entity, cost: {vitae: 3}, attack: 2, vigor: 4, blood_seal: 1, text: "A golem."}
  - {name: Cleared Banner, type: Relic, text: "As long as it's Day, Entities you control get -9/-9.",
     statics: [{modify: {attack: -9, vigor: -9}, affects: own_entities, while: day}]}
"""
ANA = """    battlefield:
      - {card: Gilded Haven, id: haven}
      - {card: Cleared Golem, id: golem}
      - {card: Cleared Golem, id: other}
      - {card: Cleared Banner, id: banner}"""


@pytest.fixture()
def next_action():
    """The working state of an action after one whose check found nothing: the golems are
    committed objects the record holds, and the next check may skip them."""
    s = load_string(two_player_board("cleared", 0, CARDS, ANA)).state.fork()
    assert sba.check_once(s, []) is False
    assert s.__dict__["_cleared"] is not None
    s = s.commit().fork()
    s.checked = False
    s.next_uid += 1  # some write, so that the check runs (unchanged.holds fails)
    return s


def _found(s) -> list:
    log: list = []
    assert sba.check_once(s, log) is True
    return log[0].rules


def test_nothing_changed_for_the_permanents_finds_nothing(next_action):
    assert sba.check_once(next_action, []) is False


def test_an_object_written_anew_is_read(next_action):
    next_action.edit("other").damage = 4
    assert "nd:704.5j" in _found(next_action)


def test_an_object_committed_anew_is_read(next_action):
    next_action.edit("other").damage = 4
    later = next_action.commit().fork()  # the record is the earlier check's; "other" is a new committed object
    later.__dict__["_cleared"] = next_action.__dict__["_cleared"]
    later.checked = False
    assert "nd:704.5j" in _found(later)


def test_a_resolution_effect_on_a_skipped_permanent_is_read(next_action):
    next_action.modifiers.append(Modifier("other", 0, -4, "end_of_turn", next_action.next_ts))
    assert "nd:704.5i" in _found(next_action)


def test_the_statics_turning_with_the_day_are_read(next_action):
    next_action.round_index = 3  # Day: the Banner's -9/-9 functions (611.3a)
    assert "nd:704.5i" in _found(next_action)


def test_another_battlefield_is_read_whole(next_action):
    bf = next_action.own("battlefield")
    bf.reverse()
    assert sba.check_once(next_action, []) is False
    next_action.edit("golem").damage = 9
    assert "nd:704.5j" in _found(next_action)


def test_a_permanent_attached_to_something_is_read_every_time(next_action):
    next_action.edit("other").attached_to = "haven"  # an Entity attached: not local
    assert sba.check_once(next_action, []) is False
    record = next_action.__dict__["_cleared"]
    assert next_action.battlefield.index("other") in record.wider
