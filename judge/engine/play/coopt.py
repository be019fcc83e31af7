"""Co-opting an Influencer (302.10, 723.2c): another Master pays the price its card prints and
controls it for the duration its card states.

The rules give the door and no timing ("the card states the price and the duration; the rule
here is only that the door exists"), so the engine takes the co-opt as a special action of a
player holding priority, off the stack (tests/scenarios/README.md). Policy C34 decides whether a
co-opted Influencer also gains Bloodlust (701.27a's reading) or not (302.10's: it follows its
card, and is newly turned for its new controller, 723.3).
"""

from __future__ import annotations

from judge.engine.checks import priority
from judge.engine.core import keywords
from judge.engine.core.errors import Refused
from judge.engine.core.events import event
from judge.engine.core.state import GameState, Modifier
from judge.engine.performing import control, costs
from judge.engine.reading import characteristics as ch

BLOODLUST = keywords.implements("Bloodlust", "702.9")  # granted to a co-opted Influencer under C34's 701.27a


def co_opt(s: GameState, player: str, oid: str, log: list) -> None:
    priority.require(s, player)
    obj = s.objects[oid]
    card = s.card(obj)
    name = card.name if card else oid
    if obj.zone != "battlefield" or not ch.is_entity(s, obj):
        raise Refused(f"{name} is not an Entity on the battlefield", "302.10")
    assert card is not None, "an Entity on the battlefield is a known card"
    if "Influencer" not in ch.subtypes(s, obj) or card.co_opt is None:
        raise Refused(f"{name} is not an Influencer whose card names a co-opt price", "302.10", "723.2c")
    if obj.controller == player:
        raise Refused(f"{player} already controls {name}: only another Master may co-opt it", "302.10", "723.2c")
    price = card.co_opt
    costs.pay(s, s.known_player(player), price.cost, log, what=f"co-opting {name}")
    bloodlust = s.policies.reading("C34") == "701.27a"
    control.gain(
        s,
        oid,
        player,
        price.until,
        player,
        f"{player} co-opts {name} {s.policies.note('C34')}",
        log,
        ("302.10", "723.2c", *s.policies.rules("C34")),
    )
    if bloodlust:
        s.modifiers.append(
            Modifier(oid, None, None, price.until, s.next_ts, layer="6", keywords=(BLOODLUST,), controller=player)
        )
        s.next_ts += 1
        log.append(
            event(
                f"{name} gains {BLOODLUST} while co-opted {s.policies.note('C34')}", "701.27a", "702.9a", policy="C34"
            )
        )
    priority.back(s, player, log, "302.10")
