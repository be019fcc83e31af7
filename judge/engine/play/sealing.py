"""The drop (106.5a, 407, 505.4): sealing cards from hand, an announcement on the stack that
commits the turn's one drop, with the Pit-marked casts declared alongside it (702.24a). What the
seal does as it resolves is resolve.py's; the Pit-marked cost is costs.marked_cost. Casting a
spell is casting.py's."""

from __future__ import annotations

from dataclasses import replace

from judge.engine.checks import priority
from judge.engine.core import keywords
from judge.engine.core.errors import Refused
from judge.engine.core.events import event
from judge.engine.core.state import GameState, StackItem
from judge.engine.performing import costs
from judge.engine.performing.zones import move

PIT_MARKED = keywords.implements("Pit-marked", "702.24", "cost")


def seal(s: GameState, player: str, oids: list, log: list, marked: list | None = None) -> None:
    priority.require(s, player)
    marked = list(marked or [])
    p = s.known_player(player)
    forbidding = [r for r in s.drop_rules if r.player == player and r.forbid]
    if forbidding:
        raise Refused(
            f"{forbidding[0].origin} says {player} can't seal the Pit this turn; an effect permitting it "
            f'does not override that: the "can\'t" prevails',
            "101.2",
            "505.4d",
        )
    extra = next((r for r in s.drop_rules if r.player == player and not r.forbid and r.extra > 0), None)
    if p.dropped and extra is None:
        raise Refused(f"{player} has already used this turn's drop", "505.4d", "106.5a", "601.12c")
    if s.active != player or not s.in_main_phase():
        raise Refused("the drop is made only in its player's own main phase", "106.5a", "505.4")
    if s.stack and s.policies.reading("C21") == "505.4":
        raise Refused(f"the drop needs an empty stack {s.policies.note('C21')}", *s.policies.rules("C21"), policy="C21")
    if len(set(oids)) != len(oids):
        raise Refused("a card can be sealed only once", "407.2")
    for oid in oids:
        if oid not in p.hand:
            raise Refused(f"{s.objects[oid].card or oid} is not in {player}'s hand", "407.2")
        card = s.card(oid)
        if oid not in marked and card is not None and card.blood_seal <= 0:  # a marked card is cast, not sealed
            raise Refused(f"{card.name} bears no Blood Seal: it can never be sealed for Vitae", "213.4", "407.2")
    _check_marked(s, p, oids, marked)
    if p.dropped:  # 101.2: an effect permits one more drop this turn; used only by a drop that is legal
        assert extra is not None, "a second drop is refused above unless an effect permits it"
        s.drop_rules = tuple(replace(r, extra=r.extra - 1) if r is extra else r for r in s.drop_rules)
        log.append(event(f"{extra.origin} permits {player} another drop this turn", "101.2", "505.4d"))
    for oid in oids:
        move(s, oid, "stack")
    item = StackItem("seal", player, batch=tuple(oids), marked=tuple(marked), label="seal", uid=s.next_uid)
    s.next_uid += 1
    s.stack.append(item)
    p.dropped = True
    if marked:
        log.append(
            event(
                f"{player} declares Pit-marked casts with the seal: {', '.join(s.objects[o].card for o in marked)}",
                "407.6",
                "614.6e",
                "601.2b",
                "702.24a",
            )
        )
    log.append(
        event(
            f"{player} announces the seal of {', '.join(s.objects[o].card or 'a card' for o in oids)}: "
            f"the announcement goes on the stack and the turn's drop is committed "
            f"{s.policies.note('C21')}",
            "405.6a",
            "601.12a",
            "601.12c",
            "505.4",
            "116.2a",
            *s.policies.rules("C21"),
            policy="C21",
        )
    )
    priority.back(s, player, log, "116.3")


def drop_value(s: GameState, card) -> int:
    """What a card yields sealed into the Pit: its Blood Seal as printed (213.3), or at most 3
    under policy C11's 107.6 reading."""
    value = card.blood_seal if card is not None else 0
    return min(value, 3) if value > 3 and s.policies.reading("C11") == "107.6" else value


def above_the_curve(s: GameState, oids) -> list[str]:
    """The names of the cards among `oids` whose Blood Seal is printed above 3: where policy C11's
    readings part."""
    return [card.name for card in map(s.card, oids) if card is not None and card.blood_seal > 3]


def _check_marked(s: GameState, p, oids: list, marked: list) -> None:
    """702.24a: each declared card has Pit-marked and is in the batch; the whole action is
    rejected if the marked casts could not be funded by the pool, the batch's yield and the vein."""
    for oid in marked:
        card = s.card(oid)
        if oid not in oids:
            raise Refused(f"{s.objects[oid].card} is not part of the sealed batch", "407.6", "702.24a")
        if card is None or card.keyword_value(PIT_MARKED) is None:
            raise Refused(f"{s.objects[oid].card or 'that card'} has no Pit-marked", "702.24a")
    if not marked:
        return
    need = sum(costs.marked_cost(s, o) for o in marked)
    yield_ = sum(drop_value(s, s.card(o)) for o in oids if o not in marked)
    vein = 0 if costs.vein_closed(s, p) else p.vitae
    if need > p.pool_total + yield_ + vein:
        raise Refused(f"the Pit-marked casts cost {need} and cannot be funded", "702.24a", "118.2")
