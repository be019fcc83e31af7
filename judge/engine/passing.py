"""Passing priority (117.3b, 117.4): one player passes, all pass in succession, or every player
passes until a point of the turn. All passing with a non-empty stack resolves its top object
(resolve.py); with an empty stack the step ends (turn.py). The game loop's top: nothing below
calls back up here.
"""
from __future__ import annotations

from judge.engine import resolve, turn
from judge.engine.events import event
from judge.engine.priority import give_priority
from judge.engine.state import GameState


def pass_one(s: GameState, log: list) -> str:
    """The player holding priority passes (117.3b). Returns what the passes led to:
    "passed", "resolved" or "step-ended"."""
    holder = s.priority
    s.passes += 1
    if s.passes < len(s.living):
        s.priority = s.next_living(holder).name
        return "passed"
    # 117.4: all players passed in succession
    if s.stack:
        resolve.resolve_top(s, log)
        if not s.game_over:
            give_priority(s, s.active, log, ("117.4",))
        return "resolved"
    log.append(event(f"all players pass with an empty stack: the {turn.position_name(s)} ends", "117.4", "500.2"))
    turn.advance(s, log)
    return "step-ended"


