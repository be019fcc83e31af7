"""Timestamps given at once (613.7d): a player's objects that get their timestamps together take
them in the order that player chooses (the players themselves go APNAP: the callers move each
player's objects in that order, so the engine's numbering already does).

The order is asked only where it can change something the engine models. A timestamp orders the
continuous effects of one layer (613.7), and an object's effects are its static abilities'
(613.7a); effects that only add up — +N/+N (layer 7c), subtypes added (layer 4) — come out the
same in any order. So the objects ordered are those whose static abilities act in a layer where
order tells (2, 6, 7a, 7b) that another of them, a different card, acts in too; objects alike in
every respect make the same effects, and no order of theirs can be told from another (like a
choice with one possible answer, asking.py). Tokens made by one instruction are alike: never asked.
"""

from __future__ import annotations

from judge.engine.choosing.asking import ask
from judge.engine.core.state import GameState
from judge.engine.reading import layers

ORDERED = frozenset({"2", "6", "7a", "7b"})  # the layers whose effects need not commute (613.7)


def arrived_together(s: GameState, log: list, player: str, ids, what: str) -> None:
    """`ids` — `player`'s objects that have just entered at once, numbered in the order the engine
    moved them — take those timestamps in the order the player chooses."""
    effective = tuple(
        o for o in ids if any(_face(s, o) != _face(s, p) and _ordered_layers(s, o) & _ordered_layers(s, p) for p in ids)
    )
    if not effective:
        return
    names = ", ".join(f"{s.known_card(o).name} ({o})" for o in effective)
    order = ask(
        s,
        log,
        "simultaneous-timestamps",
        player,
        effective,
        f"the timestamp order of {what} ({names}), earliest first",
        default=effective,
    )
    stamps = sorted(s.objects[o].timestamp for o in effective)
    for oid, stamp in zip(order, stamps):
        if s.objects[oid].timestamp != stamp:
            s.edit(oid).timestamp = stamp


def _ordered_layers(s: GameState, oid: str) -> frozenset:
    """The layers where order tells that the object's static abilities act in."""
    card = s.card(oid)
    return layers.acting_layers(card) & ORDERED if card is not None else frozenset()


def _face(s: GameState, oid: str):
    obj = s.objects[oid]
    return (s.known_card(oid).name, obj.face_down)
