"""Sleeper (702.39): an ability that lies in wait and matures at the beginning of its controller's
upkeeps (503.2b), in one of two printed forms (the card's `sleeper:`).

A dormant Sleeper enters the battlefield face down, in the plain guise of 613.2 (702.39b, 708.2b);
at its controller's upkeep its maturing trigger asks whether to wake it. Waking turns it face up
by its own rule (708.8) — not the special action, which it has no price for — its copiable values
revert to its face and it does not enter again (708.8a); then what waking does (`wakes:`) happens,
striking a target its controller chooses, not optionally while a legal one stands (702.39b).

A gathering Sleeper gains a counter of the kind its card names at each of its controller's upkeeps
(702.39c, 122.2h); what a number of them arms (`arms:`) happens as that many are reached.

The trigger's own effects are `mature` (effects.py), which reads this module."""

from __future__ import annotations

from judge.cards.model import Effect
from judge.engine.core import keywords
from judge.engine.core.events import event
from judge.engine.core.state import GameState, Trigger
from judge.engine.reading import characteristics as ch

SLEEPER = keywords.implements("Sleeper", "702.39")

DORMANT = "sleeper"  # the guise a dormant Sleeper wears (guise.GUISES), which is also how it is known
WAKE, SLEEP = "wake", "sleep"
_MATURE = (Effect("mature", {}),)


def form(s: GameState, oid: str):
    """The Sleeper form of the card beneath the object, or None (read from its true face: a dormant
    Sleeper's guise has no text, 708.2, yet its maturing functions face down, 600.6, 603.13). The
    card reader gives a form only to a card printing Sleeper."""
    card = s.true_card(oid)
    return card.sleeper if card is not None else None


def is_dormant(s: GameState, oid: str) -> bool:
    obj = s.objects[oid]
    return obj.face_down and obj.guise == DORMANT


def enters_dormant(s: GameState, oid: str) -> bool:
    """Whether the permanent about to enter is a dormant Sleeper (it enters face down, 702.39b)."""
    shape = form(s, oid)
    return shape is not None and shape.dormant


def _sleeping(s: GameState) -> list:
    """(id, Sleeper form) of each permanent whose true face prints Sleeper, in battlefield order:
    derived once per battlefield, as s.permanents() is (an object's card never changes)."""
    return s.memo(
        "sleeper_forms", lambda: [(oid, shape) for oid in s.battlefield if (shape := form(s, oid)) is not None]
    )


def at_upkeep(s: GameState, player: str) -> None:
    """503.2b: the maturing trigger of each of the player's Sleepers — a dormant one face down, a
    gathering one face up."""
    for oid, shape in _sleeping(s):
        obj = s.objects[oid]
        if obj.controller != player:
            continue
        if shape.dormant and is_dormant(s, oid):
            s.waiting.append(
                Trigger(player, oid, _MATURE, "a dormant Sleeper's maturing (face down)", "sleeper", cites=("702.39b",))
            )
        elif not shape.dormant and not obj.face_down and ch.has(s, obj, SLEEPER):  # unless an effect removed it
            s.waiting.append(
                Trigger(
                    player, oid, _MATURE, f"{s.known_card(obj).name}'s Sleeper gathers", "sleeper", cites=("702.39c",)
                )
            )


def wake(s: GameState, oid: str, log: list) -> None:
    """702.39b, 708.8: the dormant Sleeper turns face up by its own rule; it does not enter again."""
    turned = s.edit(oid)
    turned.face_down, turned.guise = False, None
    s.own("battlefield")  # what is derived from the battlefield's cards is derived again
    log.append(
        event(
            f"the dormant Sleeper wakes: it is turned face up by its own rule — it is {s.known_card(oid).name}; "
            f"its copiable values are its face's now, and it does not enter again",
            "702.39b",
            "708.8",
            "708.8a",
            "708.8b",
        )
    )


def gather(s: GameState, oid: str, log: list) -> tuple:
    """702.39c: one counter of the kind its card names; returns what it arms if that many are reached."""
    shape = form(s, oid)
    obj = s.edit(oid)
    before = obj.counters.get(shape.gathers, 0)
    obj.counters[shape.gathers] = before + 1
    log.append(
        event(
            f"{s.known_card(oid).name}'s {SLEEPER} gathers: a {shape.gathers} counter ({before + 1})",
            "702.39c",
            "122.2h",
        )
    )
    return shape.arms if before < shape.arms_at <= before + 1 else ()
