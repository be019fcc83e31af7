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

from judge.engine import effects, offers, priority, rites, shelter, turn
from judge.engine.errors import Refused
from judge.engine.state import GameState


@dataclass(frozen=True)
class ChoiceKind:
    # (state, choice, chosen ids, log): check the answer (Refused citing choice.rule), act on it, pop it
    answer: Callable
    decline: Callable  # (state, choice, log): the next action is no answer; pop it
    then: Callable  # (state, log): what follows once no choice waits any more
    words: bool = False  # answered by a word of its options (pay, decline), not by object ids


def _play_on(s: GameState, log: list) -> None:
    """A choice made between actions: what is due is done (117.5), and the player who held
    priority holds it again."""
    priority.give_priority(s, s.priority or s.active, log)


CHOICE_KINDS: dict[str, ChoiceKind] = {
    # 503.3: the paid return of sheltered night Entities at the first Night upkeep; the upkeep then goes on
    shelter.RETURN: ChoiceKind(shelter.answer, shelter.decline, turn.finish_upkeep),
    # 709.2: the undertaker's rites as an Entity dies (pay or decline); play goes on
    rites.LAY_TO_REST: ChoiceKind(rites.answer, rites.decline, _play_on, words=True),
    # 608.4: "you may pay" as an instruction resolves (Revenant's return, 702.46a); the rest follows
    effects.OFFER: ChoiceKind(offers.answer, offers.decline, _play_on, words=True),
}


def wants_words(s: GameState) -> bool:
    """Whether the choice waiting now is answered by words (its options) rather than object ids."""
    return bool(s.pending) and CHOICE_KINDS[s.pending[0].kind].words


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
