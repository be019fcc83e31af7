"""`apply(state, action) -> (state, events)`: the only way a game state changes.

An action is a mapping in the scenario format (scenario-format.md, "Actions") or the word
"pass"; its kind is looked up in action_kinds.ACTIONS. `apply` works on a copy; a refused
action returns the original state untouched and a single refusal event citing the rule that
forbids it. An exception inside the engine is a defect, not a ruling: it returns the original
state and a single engine-error event (with the traceback in its `detail`). `apply` never raises.
"""
from __future__ import annotations

import traceback

from judge.engine import choices, combat, passing, priority
from judge.engine.action_kinds import ACTIONS, acting_player, action_kind, check_shape
from judge.engine.errors import Malformed, Refused
from judge.engine.events import Event, engine_error, refusal
from judge.engine.state import GameState

__all__ = ["apply", "guarded", "action_kind"]


def apply(state: GameState, action) -> tuple[GameState, list[Event]]:
    return guarded(state, lambda s, log: _dispatch(s, action, log))


def guarded(state: GameState, work) -> tuple[GameState, list[Event]]:
    """Run `work(s, log)` on a working copy: its state and events, or the untouched `state`
    with one refusal (Refused) or one engine-error event (any other exception)."""
    s = state.fork()
    log: list[Event] = []
    try:
        work(s, log)
    except Refused as why:
        return state, [refusal(why.text, *why.rules, policy=why.policy)]
    except Exception as exc:  # a defect: reported as such, never as a refusal, and the session goes on
        return state, [engine_error(exc, traceback.format_exc())]
    return s.commit(), log


def _dispatch(s: GameState, action, log: list) -> None:
    kind = action_kind(action)
    if kind is None:
        raise Malformed(f"not an action: {action!r}")
    check_shape(kind, action)
    spec = ACTIONS[kind]
    if s.game_over and not spec.after_game_over:
        raise Refused("the game is over", "104.1")
    if s.pending and not spec.answers:
        choices.decline_all(s, log)
    if not spec.before_waiting_damage and passing.damage_waiting(s):
        combat.deal_combat_damage(s, log)
        priority.give_priority(s, s.active, log)
    spec.handler(s, acting_player(s, kind, action), action, log)
