"""Pending choices: a choice the rules give a player stops play until it is answered.

A Choice (state.py) waits in `state.pending`, the first one now. `{player: P, choose: [..]}`
answers it; any other action declines every waiting choice (where the kind allows it), and
once none of a kind waits, play goes on as that kind says.

To add a kind of choice: make the engine put a Choice of that kind in `state.pending` where the
rules give it, and register its answer, decline and continuation in CHOICE_KINDS below.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from judge.engine import offers, shelter, turn
from judge.engine.errors import Refused
from judge.engine.state import GameState


@dataclass(frozen=True)
class ChoiceKind:
    # (state, choice, chosen ids, log): check the answer (Refused citing choice.rule), act on it, pop it
    answer: Callable
    decline: Callable  # (state, choice, log): the next action is no answer; pop it
    then: Callable  # (state, log): what follows once no choice waits any more


CHOICE_KINDS: dict[str, ChoiceKind] = {
    # 503.3: the paid return of sheltered night Entities at the first Night upkeep; the upkeep then goes on
    shelter.RETURN: ChoiceKind(shelter.answer, shelter.decline, turn.finish_upkeep),
    # an optional gain ("may", 310.11 when it Invites its giver): accept or decline
    offers.OFFER: ChoiceKind(offers.answer, offers.decline, offers.resume),
}


def answer(s: GameState, who: str, chosen: list, log: list) -> None:
    if not s.pending:
        raise Refused("no choice is waiting to be answered", "608.4")
    choice = s.pending[0]
    if choice.player != who:
        raise Refused(f"no choice is waiting for {who}", "608.4")
    kind = CHOICE_KINDS[choice.kind]
    kind.answer(s, choice, chosen, log)
    if not s.pending:
        kind.then(s, log)


def decline_all(s: GameState, log: list) -> None:
    """The next action does not answer the waiting choices: each is declined."""
    kinds = []
    while s.pending:
        choice = s.pending[0]
        kind = CHOICE_KINDS[choice.kind]
        kind.decline(s, choice, log)
        if kind not in kinds:
            kinds.append(kind)
    for kind in kinds:
        kind.then(s, log)
