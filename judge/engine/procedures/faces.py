"""Face-down play (708): laying cards face down, and turning face-down permanents face up.

A face-down object wears its guise (guise.py; state.card shows it). It is laid down by a cast
(Transmute, Masquerade: 702.31a, 702.32a, 708.3), by Evidence or Shroud from the top of the
Domain (702.33a, 702.34a, 708.4). It is revealed as it leaves (zones.move, 708.9). Turning it face up is a special action whose price the
rule that laid it down names (708.8); the card's true face then shows, and it does not enter
again (708.8a).
"""

from __future__ import annotations

from judge.cards.model import Cost
from judge.engine.checks.priority import give_priority
from judge.engine.choosing import arranging
from judge.engine.core import keywords
from judge.engine.core.errors import Refused
from judge.engine.core.events import event, priority_event
from judge.engine.core.guise import GUISES
from judge.engine.core.state import GameState, Obj
from judge.engine.mechanics import sleepers
from judge.engine.performing import costs
from judge.engine.performing.zones import move

TRANSMUTE = keywords.implements("Transmute", "702.31", "cost")
MASQUERADE = keywords.implements("Masquerade", "702.32", "cost")
# the keyword whose printed presence lets a card be laid down in that guise (guise.GUISES)
GUISE_KEYWORD = {"transmute": TRANSMUTE, "masquerade": MASQUERADE}

# how each guise turns face up: the keyword rule that names the price (708.8)
CAST_FACE_DOWN = {"transmute": "702.31a", "masquerade": "702.32a"}  # cast for 3, turned up for {N}
LAID_FACE_DOWN = {"evidence": "702.33a", "shroud": "702.34a"}  # laid from the Domain; an Entity turns up for its cost
FACE_DOWN_CAST_COST = Cost(vitae=3)  # 702.31a, 708.3


def carried(guise_keywords: tuple, joined_by: str) -> tuple[str, tuple]:
    """The keywords a guise carries besides being a nameless 2/2 (708.2a: Masquerade's and
    Shroud's Toll 2), in words (" with Toll 2") and with the rules to cite: 708.2a and each
    keyword's own."""
    if not guise_keywords:
        return "", ()
    return (
        f" {joined_by} " + ", ".join(guise_keywords),
        ("708.2a", *(keywords.MODELLED[keywords.split(kw)[0]].rule for kw in guise_keywords)),
    )


def lay_face_down(s: GameState, oid: str, guise: str) -> None:
    obj = s.edit(oid)
    obj.face_down, obj.guise, obj.revealed = True, guise, False
    s.own("battlefield")  # what is derived from the battlefield (its permanents' cards) is derived again


def check_face_down_cast(s: GameState, oid: str, guise: str) -> None:
    """The card must print the keyword that lets it be cast face down (702.31a, 702.32a)."""
    card = s.true_card(oid)
    if card is None or not card.has(GUISE_KEYWORD[guise]):
        raise Refused(
            f"{card.name if card else 'that card'} has no {GUISE_KEYWORD[guise]}: it cannot be cast face down",
            CAST_FACE_DOWN[guise],
            "708.3",
        )


def turn_face_up(s: GameState, player: str, oid: str, log: list) -> None:
    """701.21a, 708.8, 116.2d: a special action any time its controller has priority; no stack."""
    obj = s.objects[oid]
    if s.priority != player:
        raise Refused(f"{player} does not hold priority ({s.priority} does)", "701.21a", "116.2d")
    if not obj.face_down or obj.zone != "battlefield":
        raise Refused("that is not a face-down permanent", "701.21a", "708.8")
    if obj.controller != player:
        raise Refused(f"{player} does not control that face-down permanent", "701.21a", "116.2d")
    true = s.true_card(obj)
    if obj.card == "" and not obj.token:
        raise Refused("the scenario does not name this face-down card: its face is unknown", "708.8")
    if obj.token or true is None:
        raise Refused(
            "a copy of a face-down permanent has nothing beneath its guise: it can never be turned face up",
            "707.3",
            "708.8",
        )
    if obj.guise == sleepers.DORMANT:
        raise Refused(
            "a dormant Sleeper is turned face up only by its own rule — woken at its controller's "
            "upkeep; it has no price to turn it up as a special action",
            "702.39b",
            "708.8",
        )
    rule, price = _price(s, obj, true)
    costs.pay(s, s.known_player(player), price, log, what=f"turning {true.name} face up")
    turned = s.edit(oid)
    turned.face_down, turned.guise = False, None
    s.own("battlefield")
    log.append(
        event(
            f"{player} turns the face-down permanent face up: it is {true.name}; its copiable values "
            f"are its true face's now, and it does not enter again (a special action, no stack)",
            "701.21a",
            "708.8",
            "708.8a",
            "116.2d",
            rule,
        )
    )
    give_priority(s, player, log)
    log.append(priority_event(f"{player} receives priority again", "116.3"))


def _price(s: GameState, obj, true) -> tuple[str, Cost]:
    if obj.guise in CAST_FACE_DOWN:
        value = true.keyword_value(GUISE_KEYWORD[obj.guise])
        return CAST_FACE_DOWN[obj.guise], Cost(vitae=keywords.number(GUISE_KEYWORD[obj.guise], value or ""))
    if obj.guise not in LAID_FACE_DOWN:  # every guise (guise.GUISES) is cast or laid face down: a defect
        raise ValueError(f"a {obj.guise!r} guise is neither cast nor laid face down")
    if not true.is_a("Entity"):
        raise Refused(
            f"{true.name} is not an Entity card: laid face down by {obj.guise.title()}, it has no door "
            f"face up and stays a 2/2",
            LAID_FACE_DOWN[obj.guise],
            "708.8",
        )
    return LAID_FACE_DOWN[obj.guise], true.cost


def lay_from_domain(s: GameState, player: str, n: int, guise: str, log: list) -> list[str]:
    """702.33a, 702.34a, 708.4: the top N cards of the Domain onto the battlefield face down —
    turned down before they enter, so nothing of their faces enters with them."""
    p = s.known_player(player)
    laid = []
    arranging.settle(s, log, player, "domain", p.domain[:n])
    for _ in range(min(n, len(p.domain))):
        top = p.domain[0]
        if top is None:  # an unknown card becomes an object as it is laid (as one drawn does, zones.draw_top)
            p.own("domain")[0] = top = f"{player.lower()}-card-{s.next_uid}"
            s.next_uid += 1
            s.add_object(Obj(top, "", player, player, "domain"))
        lay_face_down(s, top, guise)
        move(s, top, "battlefield", controller=player)
        laid.append(top)
    words, rules = carried(GUISES[guise].keywords, "with")
    log.append(
        event(
            f"{player} puts the top {len(laid)} card(s) of the Domain onto the battlefield face down, "
            f"each a nameless 2/2{words}",
            LAID_FACE_DOWN[guise],
            "708.4",
            *rules,
        )
    )
    return laid


def copy_of(s: GameState, oid: str) -> dict:
    """What a copy of the permanent `oid` is made of (707.3): a face-down permanent's copy copies its
    guise — it enters face down bearing that same guise, with nothing beneath (so it can never be
    turned face up, turn_face_up). For the token-creating effect: the new object's `card`,
    `face_down` and `guise`."""
    obj = s.objects[oid]
    if obj.face_down:
        return {"card": "", "face_down": True, "guise": obj.guise}
    return {"card": obj.card, "face_down": False, "guise": None}
