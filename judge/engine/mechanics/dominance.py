"""Dominance (702.42, 723.2d): the Master's Burden. At the beginning of its controller's upkeep
(503.2d) its trigger checks the printed dominance condition (the card's `dominance:`): a holding
(an intervening "if", conditions.py) or a payment its controller may make. Met, nothing happens.

Unmet as it resolves, a card that states its own failure consequence (`fails:`) uses that
(702.42b's last sentence). Otherwise its controller may accept the challenge instead of the loss
(702.42b): appease it (its printed price plus 1 Vitae), feed it (sacrifice another Entity they
control, chosen), or face it (it deals damage equal to its Attack to their Master, then is put
into the Spoils). Declining lets 702.42a's loss of control proceed. The rules do not say who
gains control (702.42a: "you lose control"; 723.2d: "as its card directs"): policy C45 does.

The trigger's own effect is `burden` (effects.py), which calls `resolve`."""

from __future__ import annotations

from judge.cards.model import Cost, Effect
from judge.engine.choosing.asking import ask
from judge.engine.core import keywords
from judge.engine.core.events import event, outcome_event
from judge.engine.core.state import GameState, Trigger
from judge.engine.performing import control, costs, perform
from judge.engine.reading import characteristics as ch
from judge.engine.triggered import conditions, triggers

DOMINANCE = keywords.implements("Dominance", "702.42")

APPEASE, FEED, FACE, DECLINE = "appease", "feed", "face", "decline"
APPEASE_SURCHARGE = 1  # 702.42b: "its printed dominance price, plus 1 Vitae"
CITES = ("702.42a",)
_BURDEN = (Effect("burden", {}),)


def at_upkeep(s: GameState, player: str) -> None:
    """702.42a, 503.2d: the Burden of each permanent with Dominance the player controls."""
    for oid, card in s.permanents():
        # only a card printing its dominance has one (a granted Dominance is refused at load, support.py);
        # the layers then say whether it still has the keyword
        if card is None or card.dominance is None:
            continue
        obj = s.objects[oid]
        if obj.controller == player and ch.has(s, obj, DOMINANCE):
            s.waiting.append(
                Trigger(
                    player,
                    oid,
                    _BURDEN,
                    f"{s.known_card(obj).name}'s {DOMINANCE} (the Burden)",
                    "dominance",
                    cites=CITES,
                )
            )


def resolve(s: GameState, oid: str | None, log: list) -> tuple:
    """As the Burden resolves: the condition, then 702.42b's choice or the loss. Returns the card's
    own failure consequence to carry out (effects.py runs it), else ()."""
    obj = s.objects.get(oid) if oid else None
    if oid is None or obj is None or obj.zone != "battlefield":
        log.append(
            event("the permanent with Dominance has left the battlefield: the Burden does nothing", "702.42a", "608.2")
        )
        return ()
    player, card = obj.controller, s.card(obj)
    terms = card.dominance if card is not None else None
    if card is None or terms is None or not ch.has(s, obj, DOMINANCE):  # turned face down, or the keyword removed since
        log.append(event("the permanent no longer has Dominance: the Burden does nothing", "702.42a", "608.2"))
        return ()
    if _met(s, oid, player, terms, log):
        return ()
    if terms.fails:
        log.append(
            event(
                f"{card.name}'s dominance condition is not met: its card states its own failure "
                f"consequence, which happens instead",
                "702.42b",
                "702.42a",
            )
        )
        return terms.fails
    others = tuple(
        o for o in s.battlefield if o != oid and s.objects[o].controller == player and ch.is_entity(s, s.objects[o])
    )
    appease = None if terms.price is None else Cost(vitae=terms.price + APPEASE_SURCHARGE)
    options = (
        ((APPEASE,) if appease is not None and costs.can_pay(s, s.known_player(player), appease) else ())
        + ((FEED,) if others else ())
        + (FACE, DECLINE)
    )
    answer = ask(
        s,
        log,
        "dominance",
        player,
        options,
        f"{card.name}'s dominance condition is not met: accept the challenge instead of losing control — "
        + "; ".join(_words(o, card, appease) for o in options),
        cites=CITES,
    )
    if answer == APPEASE:
        assert appease is not None, "appeasing is offered only when the card prints a price"
        costs.pay(s, s.known_player(player), appease, log, what=f"appeasing {card.name}", cites=("702.42b",))
        log.append(
            event(f"{player} appeases {card.name}: its price plus 1 Vitae is paid, and control stays", "702.42b")
        )
    elif answer == FEED:
        fed = ask(
            s,
            log,
            "sacrifice-choice",
            player,
            others,
            f"the other Entity {player} sacrifices to {card.name}",
            cites=("702.42b",),
        )[0]
        was = s.known_card(fed).name
        if perform.leave(s, fed, "spoils", log)[1]:
            triggers.fire(s, "dies", fed, player)
        triggers.fire_for_permanents(s, "sacrifices", player)
        log.append(
            event(f"{player} feeds {card.name}: {was} is sacrificed to it, and control stays", "702.42b", "701.12a")
        )
    elif answer == FACE:
        attack = ch.attack(s, obj)
        perform.deal_damage(s, oid, player, attack, log)
        went, died = perform.leave(s, oid, "spoils", log)
        if died:
            triggers.fire(s, "dies", oid, player)
        log.append(
            (outcome_event if died else event)(
                f"{player} faces {card.name}: it deals {attack} damage to {player}'s Master, then dies "
                f"unbowed — it is put into its owner's {went.title()}",
                "702.42b",
            )
        )
    else:
        _lose(s, oid, player, log)
    return ()


def _met(s: GameState, oid: str, player: str, terms, log: list) -> bool:
    name = s.known_card(oid).name
    if terms.condition is not None:
        met = conditions.holds(s, terms.condition, player)
        log.append(
            event(
                f"{name}'s dominance condition ({conditions.describe(terms.condition)}) is "
                f"{'met: nothing happens' if met else 'not met'}",
                "702.42a",
                *conditions.rules(terms.condition),
            )
        )
        return met
    price = Cost(vitae=terms.pay)
    if not costs.can_pay(s, s.known_player(player), price):
        log.append(
            event(f"{player} cannot pay {terms.pay} Vitae for {name}'s dominance: the condition is not met", "702.42a")
        )
        return False
    answer = ask(
        s,
        log,
        "unless-payment",
        player,
        ("pay", "decline"),
        f"pay {terms.pay} Vitae to meet {name}'s dominance condition",
        cites=CITES,
    )
    if answer != "pay":
        return False
    costs.pay(s, s.known_player(player), price, log, what=f"{name}'s dominance", cites=CITES)
    log.append(event(f"{player} pays {name}'s dominance: the condition is met, and control stays", "702.42a"))
    return True


def _words(option: str, card, appease) -> str:
    return {
        APPEASE: f"appease (pay {appease.vitae if appease else 0} Vitae)",
        FEED: "feed (sacrifice another Entity)",
        FACE: "face (it deals damage equal to its Attack to your Master, then is put into the Spoils)",
        DECLINE: "decline (lose control of it)",
    }[option]


def _lose(s: GameState, oid: str, player: str, log: list) -> None:
    """702.42a: the loss of control proceeds; who gains it is policy C45's reading."""
    obj = s.objects[oid]
    order = [p.name for p in s.players if not p.lost]
    after = order[order.index(player) + 1 :] + order[: order.index(player)]
    gainer: str | None
    if s.policies.reading("C45") == "702.42a" and obj.owner != player:
        gainer = obj.owner
    else:
        gainer = next((p for p in after if p != player), None)
    if gainer is None:
        log.append(
            event(
                f"{player} loses control of {s.known_card(obj).name}, but no other player is left to take it: "
                f"control stays {s.policies.note('C45')}",
                "702.42a",
                *s.policies.rules("C45"),
                policy="C45",
            )
        )
        return
    log.append(
        event(
            f"the rules do not say who gains control of {s.known_card(obj).name}: {gainer} does {s.policies.note('C45')}",
            "702.42a",
            "723.2d",
            *s.policies.rules("C45"),
            policy="C45",
        )
    )
    control.gain(
        s,
        oid,
        gainer,
        "permanent",
        gainer,
        f"{player} declines the Burden and loses control of {s.known_card(obj).name} {s.policies.note('C45')}",
        log,
        ("702.42a", "723.2d", *s.policies.rules("C45")),
    )
