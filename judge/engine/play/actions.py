"""`apply(state, action) -> (state, events)`: the only way a game state changes.

An action is a mapping in the scenario format (scenario-format.md, "Actions") or the word
"pass"; its kind is looked up in action_kinds.ACTIONS, and it is read into that kind's typed
form (action_kinds.read_action) as it is carried out: a paused action and the replay keep it as
written. `apply` works on a copy; a refused action returns the original state untouched and a
single refusal event citing the rule that forbids it. An exception inside the engine is a defect, not a ruling: it returns the original
state and a single engine-error event (with the traceback in its `detail`). `apply` never raises.

A choice the rules give a player stops the action at the question (asking.py): the state
returned waits with the Choice in `state.pending`. Then `{player: P, choose: ..}` answers it (the
paused action is replayed with the answer), an action that is not an answer declines a "may"
first (scenario-format.md), and any other action is refused citing the rule that gives the
choice — except a concession, which nothing can forbid (104.3a).
"""

from __future__ import annotations

import traceback
from dataclasses import replace

from judge.engine.checks import priority
from judge.engine.choosing import choices
from judge.engine.choosing.asking import NeedChoice, Paused, question
from judge.engine.core.errors import Malformed, Refused
from judge.engine.core.events import Event, engine_error, event, refusal
from judge.engine.core.events import question as question_event
from judge.engine.core.state import GameState
from judge.engine.play import passing
from judge.engine.play.action_kinds import ACTIONS, acting_player, action_kind, read_action
from judge.engine.procedures import combat_damage

__all__ = ["apply", "guarded", "action_kind", "waiting_choice", "answers_waiting"]


def apply(state: GameState, action) -> tuple[GameState, list[Event]]:
    choice = waiting_choice(state)
    if choice is not None:
        return _while_waiting(state, choice, action)
    return _run(state, action, (), fresh=True)


def guarded(state: GameState, work) -> tuple[GameState, list[Event]]:
    """Settle a scenario's board (`work` is priority.settle): its state and events, paused at a
    choice if one arises, or the untouched `state` with one refusal or engine-error event."""
    return _run(state, None, (), work=work, fresh=True)


def waiting_choice(state: GameState):
    """The choice the state waits for, if play stopped at one."""
    return state.pending[0] if state.pending and state.pending[0].resume is not None else None


def answers_waiting(state: GameState, action) -> bool:
    """Whether `action` is an answer to the choice `state` waits for (or a concession)."""
    choice = waiting_choice(state)
    kind = action_kind(action)
    return choice is not None and (
        kind in ("choose", "concede") or kind in choices.CHOICE_KINDS[choice.kind].answered_by
    )


def _run(base: GameState, action, answers: tuple, *, skip: int = 0, work=None, fresh: bool = False):
    """Carry out `action` on a working copy of `base`, replayed with `answers`; returns
    (state, events). A refusal or an engine error returns one event, with `base` when the action
    is `fresh` (a first attempt), else with None: the caller keeps the state it was waiting in."""
    work = work or (lambda s, log: _dispatch(s, action, log))
    for _ in range(1000):  # each round declines one more "may" an `until` passes on
        s = base.fork()
        s.__dict__["_answers"] = [list(a) for a in answers] if answers else []
        log: list[Event] = []
        try:
            work(s, log)
        except NeedChoice as need:
            choice = need.choice
            if _passed_on(s, action, choice):
                answers += ((choice.player, choice.kind, choices.CHOICE_KINDS[choice.kind].declined),)
                continue
            s.pending = [replace(choice, resume=Paused(base, action, answers, len(log)))]
            s.priority = None  # nobody holds priority while a player owes an answer
            log.append(question_event(question(s, choice), choice.rule, *choice.cites))
            return s.commit(), log[skip:]
        except Refused as why:
            return (base if fresh else None), [refusal(why.text, *why.rules, policy=why.policy)]
        except Exception as exc:  # a defect: reported as such, never as a refusal, and the session goes on
            return (base if fresh else None), [engine_error(exc, traceback.format_exc())]
        return s.commit(), log[skip:]
    return (base if fresh else None), [engine_error(RuntimeError("an `until` declined a thousand choices"), "")]


def _passed_on(s: GameState, action, choice) -> bool:
    """An `until` passes on over a "may" it meets before its point of the turn: declined."""
    if not choices.CHOICE_KINDS[choice.kind].optional or action_kind(action) != "until":
        return False
    target = action["until"]
    return (s.phase, s.step) != (target.get("phase"), target.get("step"))


def _while_waiting(state: GameState, choice, action) -> tuple[GameState, list[Event]]:
    paused: Paused = choice.resume
    kind = action_kind(action)
    spec = choices.CHOICE_KINDS[choice.kind]
    if kind is not None and (kind == "choose" or kind in spec.answered_by):
        try:
            who = acting_player(state, read_action(kind, action))
            if who != choice.player:
                raise Refused(
                    f"the choice waiting is {choice.player}'s, not {who}'s — {choice.prompt}",
                    choice.rule,
                    *choice.cites,
                )
            value = choices.read(state, choice, action[kind])  # the answer as written: read judges its shape
        except Refused as why:
            return state, [refusal(why.text, *why.rules, policy=why.policy)]
        answers = paused.answers + ((who, choice.kind, value),)
        after, log = _run(paused.base, paused.action, answers, skip=paused.logged, work=_work(paused.action))
        return (state, log) if after is None else (after, log)
    if kind == "concede":
        return _concede_while_waiting(state, paused, action)
    if spec.optional:
        # scenario-format.md: a "may" the next action does not answer is declined; then the action.
        answers = paused.answers + ((choice.player, choice.kind, spec.declined),)
        declined, log = _run(paused.base, paused.action, answers, skip=paused.logged, work=_work(paused.action))
        if declined is None:
            return state, log
        after, more = apply(declined, action)
        if after is declined and any(e.refused for e in more):
            return state, more  # the action is refused: nothing changes, the choice still waits
        return after, log + more
    return state, [
        refusal(
            f"{choice.player} must first answer the choice play waits for: {choice.prompt} "
            f"(answer with {{player: {choice.player}, choose: ..}})",
            choice.rule,
            *choice.cites,
        )
    ]


def _concede_while_waiting(state: GameState, paused: Paused, action):
    """104.3a: nothing can forbid a concession. The conceding player leaves before the paused
    action, which is then carried out again without them (their answers are dropped)."""
    left, log = apply(paused.base, action)
    if left is paused.base:
        return state, log
    who = action.get("player")
    answers = tuple(a for a in paused.answers if a[0] != who)
    log.append(
        event(
            f"{who} concedes while a choice waits: they leave first, and the paused action is carried out "
            f"again without them",
            "104.3a",
        )
    )
    after, more = _run(left, paused.action, answers, work=_work(paused.action))
    return (left if after is None else after), log + more


def _work(action):
    return priority.settle if action is None else None


def _dispatch(s: GameState, action, log: list) -> None:
    kind = action_kind(action)
    if kind is None:
        raise Malformed(f"not an action: {action!r}")
    form = read_action(kind, action)
    spec = ACTIONS[kind]
    if s.game_over and not spec.after_game_over:
        raise Refused("the game is over", "104.1")
    if not spec.passes_first:
        s.checked = False  # any other action may change what the state-based checks read (117.5)
    if not spec.before_waiting_damage and passing.damage_waiting(s):
        combat_damage.deal_combat_damage(s, log)
        priority.give_priority(s, s.active, log)
    spec.handler(s, acting_player(s, form), form, log)
