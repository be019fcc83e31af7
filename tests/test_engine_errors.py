"""Defects are defects: an exception inside the engine is an engine-error event (its own kind,
never a refusal), the state is unchanged, and `judge replay` exits 3 and says so plainly."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from judge import cli
from judge.engine.core.events import ENGINE_ERROR, REFUSAL
from judge.engine.instructions import effects
from judge.engine.play.action_kinds import ACTIONS
from judge.engine.play.actions import apply
from judge.engine.scenarios.replay import run_file
from judge.engine.scenarios.scenario import load

V01 = Path(__file__).resolve().parent / "scenarios" / "shared" / "v01-simultaneous-sba-sweep.yaml"


def _broken(*args, **kwargs):
    raise ZeroDivisionError("injected fault")


@pytest.fixture()
def broken_cast(monkeypatch):
    """The cast action's handler raises, as a defect would."""
    monkeypatch.setitem(ACTIONS, "cast", replace(ACTIONS["cast"], handler=_broken))


def test_an_exception_inside_a_handler_is_an_engine_error_and_keeps_the_state(broken_cast):
    state = load(V01).state
    after, events = apply(state, {"player": "Ana", "cast": "Sacramental Fire", "targets": ["column"]})
    assert after is state
    assert len(events) == 1
    [e] = events
    assert e.kind == ENGINE_ERROR and e.engine_error and not e.refused
    assert e.rules == ()
    assert "ZeroDivisionError: injected fault" in e.text
    assert "Traceback" in e.detail and "_broken" in e.detail
    assert e.to_dict()["kind"] == "engine-error"


def test_a_refusal_is_not_an_engine_error():
    state = load(V01).state
    after, [e] = apply(state, {"player": "Ben", "cast": "Sacramental Fire", "targets": ["column"]})
    assert after is state
    assert e.kind == REFUSAL and e.refused and not e.engine_error


def test_an_exception_inside_an_effect_handler_is_an_engine_error(monkeypatch):
    state = load(V01).state
    monkeypatch.setitem(effects.HANDLERS, "deal_damage", _broken)
    cast, _ = apply(state, {"player": "Ana", "cast": "Sacramental Fire", "targets": ["column"]})
    after, [e] = apply(cast, "pass")  # the spell resolves: its deal_damage handler raises
    assert after is cast and e.engine_error and "injected fault" in e.text


def test_the_replay_lists_engine_errors_by_step(broken_cast):
    replay = run_file(V01)
    assert [n for n, _ in replay.engine_errors] == [1]
    assert len(replay.steps) == 2  # the replay goes on: the next action still runs


def test_judge_replay_exits_3_and_prints_the_error_plainly(broken_cast, capsys):
    assert cli.main(["replay", str(V01)]) == 3
    err = capsys.readouterr().err
    assert "engine error at step 1" in err and "ZeroDivisionError: injected fault" in err
    assert "Traceback" not in err and "--traceback" in err
    assert cli.main(["replay", str(V01), "--traceback"]) == 3
    assert "Traceback" in capsys.readouterr().err


def test_judge_replay_json_marks_the_event_and_exits_3(broken_cast, capsys):
    import json

    assert cli.main(["replay", str(V01), "--json"]) == 3
    doc = json.loads(capsys.readouterr().out)
    assert doc["steps"][0]["events"][0]["kind"] == "engine-error"


def test_a_fault_while_the_board_is_set_up_is_an_engine_error_at_step_0(monkeypatch, capsys):
    from judge.engine.checks import priority

    monkeypatch.setattr(priority, "settle", _broken)
    replay = run_file(V01)
    assert [n for n, _ in replay.engine_errors][:1] == [0]
    assert cli.main(["replay", str(V01)]) == 3
    assert "engine error while setting the board up" in capsys.readouterr().err


def test_the_tui_sees_an_engine_error_as_such_not_as_a_refusal(broken_cast):
    from judge.tui import engine_adapter as ea

    view = ea.replay_file(V01)
    step = view.steps[1]
    assert step.engine_error and not step.refused
    assert step.events[0].engine_error and not step.events[0].error


def test_no_ruling_sheet_is_made_from_a_replay_with_an_engine_error(broken_cast, capsys):
    assert cli.main(["sheet", "--replay", str(V01), "--format", "text"]) == 2
    err = capsys.readouterr().err
    assert "the engine failed at step 1" in err and "injected fault" in err
