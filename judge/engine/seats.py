"""The law of the seat (310.8a, 310.8b): a Master takes refuge only in a Haven holding its seat —
its lineage Haven always; another once a Passage has arrived there (408.5i, processions.py)."""
from __future__ import annotations

from judge.engine.state import GameState


def havens(s: GameState, player: str) -> list[str]:
    return [o for o in s.battlefield if s.objects[o].controller == player and s.card(o) is not None
            and s.card(o).is_a("Haven")]


def holds_seat(s: GameState, player: str, haven: str) -> bool:
    p = s.player(player)
    master, card = s.cards.get(p.master), s.card(haven)
    lineage_home = master is not None and card is not None and master.lineage and card.lineage == master.lineage
    return bool(lineage_home) or haven in p.seats
