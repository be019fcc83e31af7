"""Giving priority (117.3a, 117.5): before a player receives it, state-based actions repeat until
none apply, then waiting triggers are stacked in APNAP order. The lowest step of the game loop:
what passing leads to is passing.py's, what resolving does is resolve.py's.
"""

from __future__ import annotations

from judge.engine.checks import sba, unchanged
from judge.engine.core.errors import Refused
from judge.engine.core.events import priority_event
from judge.engine.core.state import GameState
from judge.engine.mechanics import rites
from judge.engine.performing import control
from judge.engine.triggered import triggers


def settle(s: GameState, log: list) -> bool:
    """117.5: state-based checks until none apply, then waiting triggers in APNAP order; then
    the rites owed for the deaths among them (709.2, rites.py); repeat."""
    quiet = not (s.waiting or s.owed_rites or s.game_over or s.static_control)
    clean = quiet and unchanged.holds(s)
    if clean and not control.statics_may_apply(s):
        # what the loop below would find at once: no control static, checks that found nothing on
        # this very content (unchanged.py), no trigger waiting and no rite owed
        s.checked = True
        return False
    # (a check unchanged.holds has just refused runs without asking it again: running a check
    # that could be skipped finds what skipping assumes, so either way the game is the same)
    asked = quiet and not clean
    happened = False
    for _ in range(100):
        if control.statics_may_apply(s):  # layer 2 from statics, before the checks read who controls what
            control.settle_statics(s, log)
        did = sba.run(s, log, asked)
        asked = False
        stacked = False if s.game_over else triggers.stack_waiting(s, log)
        offered = bool(s.owed_rites) and rites.settle(s, log)
        happened = happened or did or stacked or offered
        if s.game_over:
            break
        if not (did or stacked or offered):
            s.checked = True  # until something other than passing happens, checking again finds nothing
            break
    return happened


def give_priority(s: GameState, player: str, log: list, rules: tuple = ()) -> None:
    settle(s, log)
    s.passes = 0
    if s.game_over:
        s.priority = None
        return
    p = s.player(player)
    if p is None or p.lost:
        p = s.next_living(player)
    s.priority = p.name if p else None
    if rules and s.priority is not None:  # every player gone: no one receives it, nothing to say
        log.append(priority_event(f"{s.priority} receives priority", *rules))


def require(s: GameState, player: str) -> None:
    """An action that needs priority (117.1): refused unless `player` holds it. (Once the game
    is over, actions.apply has refused every action but a concession, 104.1.)"""
    if s.priority != player:
        raise Refused(f"{player} does not hold priority ({s.priority or 'no one'} does)", "117.1")


def back(s: GameState, player: str, log: list, rule: str) -> None:
    """After a player's action, they receive priority again (117.3a, and the rule of the action)."""
    give_priority(s, player, log)
    if s.priority is not None:  # the action ended the game: no one receives priority
        log.append(priority_event(f"{s.priority} receives priority again", rule, "117.3a"))
