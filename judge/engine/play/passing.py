"""Passing priority (117.3b, 117.4): one player passes, all pass in succession, or every player
passes until a point of the turn. All passing with a non-empty stack resolves its top object
(resolve.py); with an empty stack the step ends (turn.py). The game loop's top: nothing below
calls back up here.
"""

from __future__ import annotations

from judge.engine.checks.priority import give_priority, settle
from judge.engine.core.errors import Refused
from judge.engine.core.events import priority_event
from judge.engine.core.state import GameState
from judge.engine.play import resolve
from judge.engine.procedures import combat_damage, turn


def _next_after(s: GameState, holder: str | None) -> str:
    """The next living player after the one who passed, who receives priority (117.3d)."""
    assert holder is not None, "a pass is made by the player holding priority"
    nxt = s.next_living(holder)
    assert nxt is not None, "the game goes on: a player still lives"
    return nxt.name


def pass_one(s: GameState, log: list) -> str:
    """The player holding priority passes (117.3b). Returns what the passes led to:
    "passed", "resolved" or "step-ended"."""
    holder = s.priority
    s.passes += 1
    if s.passes < len(s.living):
        # 117.5, 704.3: the next player would receive priority, so the checks and triggers come first
        # (a player who left meanwhile, 800.6a, has changed the state since the last check). A state
        # that only passing has touched since the checks found nothing would give the same answer.
        if not s.checked:
            settle(s, log)
        elif not s.game_over:  # only passing since the checks: the players still to pass are the same
            s.priority = _next_after(s, holder)
            return "passed"
        if s.game_over:
            s.priority = None
            return "passed"
        if s.passes < len(s.living):  # the checks may have taken the players still to pass out of the game
            s.priority = _next_after(s, holder)
            return "passed"
    # 117.4: all players passed in succession
    if s.stack:
        resolve.resolve_top(s, log)
        if not s.game_over:
            give_priority(s, s.active, log, ("117.4",))
        return "resolved"
    log.append(
        priority_event(f"all players pass with an empty stack: the {turn.position_name(s)} ends", "117.4", "500.2")
    )
    turn.advance(s, log)
    return "step-ended"


def damage_waiting(s: GameState) -> bool:
    """Combat damage is due in this step and not yet dealt (it waited for an order or assignment)."""
    return (s.phase, s.step) == ("combat", "combat_damage") and not s.damage_dealt and bool(s.attacks)


def all_pass(s: GameState, log: list) -> None:
    if s.priority is None:  # only a waiting choice or the end of the game leaves priority to no one
        raise RuntimeError("no player holds priority, yet no choice waits and the game goes on")
    log.append(priority_event("all players pass in succession", "117.4"))
    for _ in range(len(s.players) + 1):
        if s.game_over or pass_one(s, log) != "passed":
            return


MAX_PASSES = 5000  # `until` gives up after this many passes (a guard, never reached in play)


def until(s: GameState, target, log: list) -> None:
    """Every player passes until the turn reaches `target` ({phase, step}; the action's shape,
    action_kinds._until_shape, has checked that it is a point of the turn)."""
    phase = target.get("phase")
    step = target.get("step")
    # Already there: the next occurrence is meant (the next turn's), so at least one pass happens.
    start = (s.phase, s.step, s.active, s.round_index, len(s.stack))
    log.append(
        priority_event(f"every player passes until {phase}" + (f", {step} step" if step else ""), "117.4", "500.2")
    )
    for _ in range(MAX_PASSES):
        here = (s.phase, s.step)
        if s.game_over or (here == (phase, step) and (s.phase, s.step, s.active, s.round_index, len(s.stack)) != start):
            return
        if damage_waiting(s):
            combat_damage.deal_combat_damage(s, log)
            give_priority(s, s.active, log)
            continue
        if s.priority is None:  # as in all_pass: a defect, not a ruling
            raise RuntimeError("no player holds priority, yet no choice waits and the game goes on")
        pass_one(s, log)
    raise Refused(f"{phase}/{step} was never reached", "500.1")
