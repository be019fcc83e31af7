"""The law of the seat (310.8a, 310.8b): a Master takes refuge only in a Haven holding its seat —
its lineage Haven always; another once a Passage has arrived there (408.5i, processions.py).
The lineage Haven is the designated one setup places (100.2c, 103.2): an Estate is an additional
Haven from the Domain, so one printing the Master's lineage holds no seat until an arrival (the
310.8b example: a Kaelite's Gilded Counting-House)."""

from __future__ import annotations

from judge.engine.core.state import GameState


def havens(s: GameState, player: str) -> list[str]:
    return [
        o
        for o in s.battlefield
        if s.objects[o].controller == player and s.card(o) is not None and s.known_card(o).is_a("Haven")
    ]


def is_estate(card) -> bool:
    """An Estate: a Haven cast from the Domain (210.7), by its type or its Haven subtype."""
    return card.is_a("Estate") or card.is_a("Haven") and "Estate" in card.subtypes


def holds_seat(s: GameState, player: str, haven: str) -> bool:
    p = s.known_player(player)
    master, card = s.cards.get(p.master), s.card(haven)
    lineage_home = (
        master is not None
        and card is not None
        and master.lineage
        and card.lineage == master.lineage
        and not is_estate(card)
    )
    return bool(lineage_home) or haven in p.seats
