"""Laying to rest (709.2): as an Entity dies from the battlefield into a Spoils, the undertaker —
the controller of the source of its lethal damage, or of the effect that destroyed it — may pay
1 Vitae to put it into the Void instead. A death with no undertaker (a sacrifice, a Room
shortage, a fall with no source) offers no rites.

The death is noted as it happens (`owe`: the other replacements of the move have had their say,
so only a card that did land in a Spoils is owed its rites); the undertaker is asked (`settle`,
asking.ask, kind "lay-to-rest": `pay` or `decline`; a "may", so any other next action declines
it) the next time a player would receive priority, once the state-based actions and triggers
of the death are done (priority.settle) — the game waiting for the answer shows the card lying
in the Spoils and its dies-triggers on the stack. Nothing can resolve before the answer, so
`pay` applies the replacement as of the death: the card goes to the Void instead, never lay in
the Spoils (702.46b), and its dies-triggers are withdrawn as though they never triggered
(603.6c). Declined, it simply lies down restless.
"""

from __future__ import annotations

from judge.cards.model import Cost
from judge.engine.choosing.asking import ask
from judge.engine.core import keywords
from judge.engine.core.events import event
from judge.engine.core.state import GameState
from judge.engine.performing import costs
from judge.engine.performing.zones import move
from judge.engine.reading import characteristics as ch

REVENANT = keywords.implements("Revenant", "702.46", "cost")  # laid to rest, it no longer lies restless (702.46b)
OPTIONS = ("pay", "decline")


def owe(s: GameState, oid: str, undertaker: str | None) -> None:
    """The Entity `oid` has just died into its owner's Spoils; `undertaker` may lay it to rest."""
    if undertaker is not None:
        s.owed_rites = s.owed_rites + ((oid, undertaker),)


def settle(s: GameState, log: list) -> bool:
    """Ask each undertaker owed the rites, in the order of the deaths. Returns whether any was."""
    owed, s.owed_rites = s.owed_rites, ()
    for oid, undertaker in owed:
        _offer(s, oid, undertaker, log)
    return bool(owed)


def _offer(s: GameState, oid: str, undertaker: str, log: list) -> None:
    obj = s.objects[oid]
    p = s.player(undertaker)
    if p is None or p.lost or s.game_over or obj.token or obj.zone != "spoils":
        return
    if not costs.can_pay(s, p, Cost(vitae=1)):
        return
    name = s.known_card(obj).name
    answer = ask(
        s,
        log,
        "lay-to-rest",
        p.name,
        OPTIONS,
        f"{name} dies: {p.name}, its undertaker, may pay 1 Vitae to lay it to rest in the Void instead",
    )
    if answer == "pay":
        _lay(s, p.name, oid, log)
    else:
        log.append(event(f"{p.name} pays nothing: {name} lies in the Spoils, restless", "709.2", "709.1"))


def _lay(s: GameState, player: str, oid: str, log: list) -> None:
    card = s.known_card(oid)
    costs.pay(s, s.known_player(player), Cost(vitae=1), log, what=f"laying {card.name} to rest")
    move(s, oid, "void")
    # nothing has resolved since the death: its dies-triggers are withdrawn, as though never triggered
    s.waiting = [t for t in s.waiting if not (t.source == oid and t.when == "dies")]
    s.stack = [i for i in s.stack if not (i.kind == "ability" and i.source == oid and i.when == "dies")]
    revenant = ch.has(s, s.objects[oid], REVENANT)
    log.append(
        event(
            f"{player} lays {card.name} to rest: as it died it was put into the Void instead of the "
            f"Spoils (a replacement) — it never lay in the Spoils, and its dies-triggers do not fire"
            + ("; its Revenant works only from the Spoils" if revenant else ""),
            "709.2",
            "614.1",
            "603.6c",
            *(("702.46a", "702.46b") if revenant else ()),
        )
    )
