"""Timestamps given at once (613.7d): a player's objects that get their timestamps together take
them in the order that player chooses (the players themselves go APNAP: the callers move each
player's objects in that order, so the engine's numbering already does).

The order is asked only where it can change something the engine models. A timestamp orders the
continuous effects of one layer (613.7), and an object's effects are its static abilities'
(613.7a); so only the objects with static abilities are ordered, and only when they are not all
the same card — objects alike in every respect make the same effects, and no order of theirs can
be told from another (like a choice with one possible answer, asking.py).
"""
from __future__ import annotations

from judge.engine.asking import ask
from judge.engine.state import GameState


def arrived_together(s: GameState, log: list, player: str, ids, what: str) -> None:
    """`ids` — `player`'s objects that have just entered at once, numbered in the order the engine
    moved them — take those timestamps in the order the player chooses."""
    effective = tuple(o for o in ids if _makes_effects(s, o))
    if len({_face(s, o) for o in effective}) < 2:
        return
    names = ", ".join(f"{s.card(o).name} ({o})" for o in effective)
    order = ask(s, log, "simultaneous-timestamps", player, effective,
                f"the timestamp order of {what} ({names}), earliest first", default=effective)
    stamps = sorted(s.objects[o].timestamp for o in effective)
    for oid, stamp in zip(order, stamps):
        if s.objects[oid].timestamp != stamp:
            s.edit(oid).timestamp = stamp


def _makes_effects(s: GameState, oid: str) -> bool:
    card = s.card(oid)
    return card is not None and bool(card.statics)


def _face(s: GameState, oid: str):
    obj = s.objects[oid]
    return (s.card(oid).name, obj.face_down)
