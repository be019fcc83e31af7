"""Keyword abilities that work outside the battlefield (113.5): Exhume and Revenant from the
Spoils, Bleed from the hand. Each becomes an ability on the stack whose effects are written in
the card vocabulary (judge/cards/vocabulary.py), so resolving it is ordinary resolution (608).

* Exhume {cost} (702.22a): at non-Power speed, pay the cost: the Entity returns from its
  owner's Spoils, not newly turned ("it rises hungry"); it is banished at end of turn (a delayed
  trigger at the cleanup, 603.7), and banished instead if it would leave the battlefield first
  (the mark "exhumed", replacement.py) — its death trigger, if any, still fires.
* Revenant [cost] (702.46a): at the beginning of its owner's upkeep on a Night round, a card with
  Revenant in their Spoils triggers; as it resolves they may pay the cost (a pending choice) to
  return it, restless: banished when it would next leave the battlefield.
* Bleed {cost} (702.21a): from the hand, pay the cost and discard the card: draw a card. "When you
  Bleed this card" (the trigger event `bled`) triggers on that discard.
"""

from __future__ import annotations

from judge.cards.model import Cost, Effect
from judge.engine.checks import priority
from judge.engine.core import keywords
from judge.engine.core.errors import Refused
from judge.engine.core.events import event
from judge.engine.core.frozen import FrozenList
from judge.engine.core.state import GameState, StackItem, Trigger
from judge.engine.performing import costs, perform
from judge.engine.reading import characteristics as ch
from judge.engine.triggered import triggers

EXHUME = keywords.implements("Exhume", "702.22", "cost")
BLEED = keywords.implements("Bleed", "702.21", "cost")
REVENANT = keywords.implements("Revenant", "702.46", "cost")
RECALL = keywords.implements("Recall", "702.20", "cost")  # cast from the Spoils (casting.py)


def _price(s: GameState, oid: str, keyword: str, rule: str) -> Cost:
    obj = s.objects[oid]
    value = ch.keyword_value(s, obj, keyword) if obj.zone == "battlefield" else s.known_card(obj).keyword_value(keyword)
    if value is None:
        raise Refused(f"{s.known_card(oid).name} has no {keyword}", rule)
    return Cost(vitae=keywords.number(keyword, value))  # its cost was checked at load (support.py, 207.3)


def _ability(s: GameState, player: str, oid: str, effects: tuple, label: str, rule: str) -> None:
    """The keyword's ability on the stack, citing the keyword's rule as it resolves."""
    s.stack.append(
        StackItem("ability", player, source=oid, effects=effects, label=label, uid=s.next_uid, cites=(rule,))
    )
    s.next_uid += 1


def exhume(s: GameState, player: str, oid: str, log: list) -> None:
    priority.require(s, player)
    obj = s.objects[oid]
    card = s.known_card(obj)
    if obj.zone != "spoils" or obj.owner != player:
        raise Refused(f"{card.name} is not in {player}'s Spoils: Exhume works from there", "702.22a", "113.5")
    if card.type != "Entity":
        raise Refused(f"{card.name} is not an Entity card", "702.22a")
    price = _price(s, oid, EXHUME, "702.22a")
    if not (s.active == player and s.in_main_phase() and not s.stack):
        raise Refused("Exhume is activated at non-Power speed: its owner's main phase, empty stack", "702.22a")
    if not ch.can_act_now(s, obj):
        raise Refused(
            f"{card.name} is {card.binding}-bound: its abilities can't be activated in {s.round_name}", "731.4a"
        )
    costs.pay(s, s.known_player(player), price, log, what=f"{card.name}'s Exhume", cites=("702.22a",))
    _ability(s, player, oid, _EXHUMED, f"{card.name}'s Exhume", "702.22a")
    log.append(
        event(
            f"{player} Exhumes {card.name} from the Spoils: the ability is announced on the stack",
            "702.22a",
            "405.6",
            "602.3",
        )
    )
    priority.back(s, player, log, "117.3a")


_EXHUMED = (
    Effect("return_to_battlefield", {"to": "self", "by": EXHUME}),
    Effect("delayed", {"at": "cleanup", "effects": (Effect("banish", {"to": "self"}),)}),
)


def bleed(s: GameState, player: str, oid: str, log: list) -> None:
    priority.require(s, player)
    obj = s.objects[oid]
    card = s.card(obj)
    if obj.zone != "hand" or obj.owner != player:
        raise Refused(
            f"{card.name if card else oid} is not in {player}'s hand: Bleed works from there", "702.21a", "113.5"
        )
    price = _price(s, oid, BLEED, "702.21a")
    assert card is not None, "_price read the card's Bleed: it is a known card"
    if not ch.can_act_now(s, obj):
        raise Refused(
            f"{card.name} is {card.binding}-bound: its abilities can't be activated in {s.round_name}", "731.4a"
        )
    costs.pay(s, s.known_player(player), price, log, what=f"{card.name}'s Bleed", cites=("702.21a",))
    perform.move(s, oid, "spoils", log)  # the discard is part of the cost (702.21a, 701.10a)
    log.append(
        event(
            f"{player} Bleeds {card.name}: it is discarded as part of the cost; they will draw a card",
            "702.21a",
            "701.10a",
            "602.3",
        )
    )
    triggers.fire(s, "bled", oid, player)
    _ability(s, player, oid, (Effect("draw", {"n": 1}),), f"{card.name}'s Bleed", "702.21a")
    priority.back(s, player, log, "117.3a")


# 113.5: "an ability whose cost or effect moves its object out of a particular area functions
# from that area" — the keyword abilities that work outside the battlefield: keyword -> (zone,
# rule, how it is taken: the action that activates it, or "triggered" / "cast"). `activate:` on a
# card in that zone plays an activated one (activating.py); judge/engine/coverage/families.py lists them.
OUTSIDE_THE_BATTLEFIELD = {
    EXHUME: ("spoils", "702.22a", "exhume"),
    BLEED: ("hand", "702.21a", "bleed"),
    REVENANT: ("spoils", "702.46a", "triggered"),
    RECALL: ("spoils", "702.20a", "cast"),
}


def _activated_by_zone() -> dict:
    taken_by = {"exhume": exhume, "bleed": bleed}
    out: dict = {}
    for keyword, (zone, rule, how) in OUTSIDE_THE_BATTLEFIELD.items():
        if how in taken_by:
            out[zone] = out.get(zone, ()) + ((keyword, rule, taken_by[how]),)
    return out


WORKS_FROM = _activated_by_zone()  # zone -> ((keyword, rule, handler), ..): the activated ones


def from_zone(s: GameState, oid: str) -> tuple:
    """The activated keyword abilities the card `oid` has that work from the zone it is in."""
    obj = s.objects[oid]
    card = s.card(obj)
    return tuple(row for row in WORKS_FROM.get(obj.zone, ()) if card is not None and card.has(row[0]))


def _restless_in(s: GameState, player: str, restless: frozenset) -> list:
    """The ids in the player's Spoils whose card prints Revenant, in Spoils order. A committed
    Spoils never changes (frozen.py) and an object's card never does, so what was found in one is
    kept in the memo beside that very list, one entry per player: an upkeep reads a long Spoils
    once, not at every turn of a long game."""
    objects = s.objects
    spoils = s.known_player(player).spoils
    if type(spoils) is not FrozenList:
        return [oid for oid in spoils if objects[oid].card in restless]
    memo, key = s._memo, ("restless-in", player)
    kept = memo.get(key)
    if kept is None or kept[0] is not spoils:
        kept = memo[key] = (spoils, [oid for oid in spoils if objects[oid].card in restless])
    return kept[1]


def revenants(s: GameState, player: str, log: list) -> None:
    """702.46a: at the beginning of its owner's upkeep on a Night round, each card with Revenant in
    their Spoils triggers (its printed abilities: it is in the Spoils); its owner may pay as it
    resolves."""
    if s.is_day:
        return
    # the names of the game's cards that print Revenant: its card database is fixed, so the memo
    # (kept until the battlefield changes) spares a scan of every card at each upkeep
    restless = s.memo(
        "restless", lambda: frozenset(name for name, c in s.cards.items() if c.keywords and c.has(REVENANT))
    )
    if not restless:
        return
    objects = s.objects
    for oid in _restless_in(s, player, restless):
        obj = objects[oid]
        price = _price(s, oid, REVENANT, "702.46a")
        back = (Effect("return_to_battlefield", {"to": "self", "by": REVENANT}),)
        offer = Effect("may_pay", {"cost": price, "effects": back, "choice": "revenant-return"})
        s.waiting.append(Trigger(player, oid, (offer,), f"{s.known_card(obj).name}'s Revenant", "revenant"))
        log.append(
            event(
                f"{s.known_card(obj).name} lies restless in {player}'s Spoils: its Revenant triggers",
                "702.46a",
                "709.3",
            )
        )
