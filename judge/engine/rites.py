"""Laying to rest (709.2): as an Entity dies from the battlefield into a Spoils, the undertaker —
the controller of the source of its lethal damage, or of the effect that destroyed it — may pay
1 Vitae to put it into the Void instead. A death with no undertaker (a sacrifice, a Room
shortage, a fall with no source) offers no rites.

The offer is a pending choice of the undertaker (kind "lay-to-rest", answered `pay`; any other
next action declines it, scenario-format.md). A replay moves in whole actions, so the engine
asks right after the action in which the Entity died, the card lying in the Spoils meanwhile;
nothing can resolve before the answer, so `pay` applies the replacement as of the death: the card
goes to the Void instead, never lay in the Spoils (702.46b), and its dies-triggers are withdrawn
as though they never triggered (603.6c). Declined, it simply lies down restless.
"""
from __future__ import annotations

from judge.cards.model import Cost
from judge.engine import characteristics as ch
from judge.engine import costs
from judge.engine.errors import Refused
from judge.engine.events import event
from judge.engine.state import Choice, GameState
from judge.engine.zones import move

LAY_TO_REST = "lay-to-rest"  # the kind of the choice in choices.CHOICE_KINDS
OPTIONS = ("pay", "decline")


def offer(s: GameState, oid: str, undertaker: str | None, log: list) -> None:
    """The Entity `oid` just died into its owner's Spoils: offer its undertaker the rites."""
    obj = s.objects[oid]
    p = s.player(undertaker) if undertaker else None
    if p is None or p.lost or s.game_over or obj.token or obj.zone != "spoils":
        return
    if not costs.can_pay(s, p, Cost(vitae=1)):
        return
    name = s.card(obj).name
    s.pending.append(Choice(LAY_TO_REST, p.name, OPTIONS, "709.2", f"lay {name} to rest for 1 Vitae", subject=oid))
    log.append(event(f"{name} dies: {p.name}, its undertaker, may pay 1 Vitae to lay it to rest in the Void instead "
                     f"— answer with choose: pay", "709.2"))


def holds(s: GameState, oid: str) -> bool:
    """Whether the death of `oid` waits on the rites (its dies-triggers wait with it)."""
    return any(c.kind == LAY_TO_REST and c.subject == oid for c in s.pending)


def answer(s: GameState, choice: Choice, chosen: list, log: list) -> None:
    if len(chosen) != 1 or chosen[0] not in OPTIONS:
        raise Refused(f"the rites are answered pay or decline, not {', '.join(map(str, chosen)) or 'nothing'}", "709.2")
    if chosen[0] == "decline":
        decline(s, choice, log)
        return
    oid = choice.subject
    card = s.card(oid)
    costs.pay(s, s.player(choice.player), Cost(vitae=1), log, what=f"laying {card.name} to rest")
    move(s, oid, "void")
    # nothing has resolved since the death: its dies-triggers are withdrawn, as though never triggered
    s.waiting = [t for t in s.waiting if not (t.source == oid and t.when == "dies")]
    s.stack = [i for i in s.stack if not (i.kind == "ability" and i.source == oid and i.when == "dies")]
    revenant = ch.has(s, s.objects[oid], "Revenant")
    log.append(event(f"{choice.player} lays {card.name} to rest: as it died it was put into the Void instead of the "
                     f"Spoils (a replacement) — it never lay in the Spoils, and its dies-triggers do not fire"
                     + ("; its Revenant works only from the Spoils" if revenant else ""), "709.2", "614.1", "603.6c",
                     *(("702.46a", "702.46b") if revenant else ())))
    s.pending.remove(choice)


def decline(s: GameState, choice: Choice, log: list) -> None:
    log.append(event(f"{choice.player} pays nothing: {s.card(choice.subject).name} lies in the Spoils, restless",
                     "709.2", "709.1"))
    s.pending.remove(choice)
