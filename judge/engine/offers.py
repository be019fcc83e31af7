"""Optional gains ("may"): the benefit waits for its player's answer, `accept` or `decline`.

A gift that prints "…and its giver is Invited" Invites its giver across the accepting player's
thresholds, for good (310.11); a declined "may" grants nothing. Registered in
choices.CHOICE_KINDS as OFFER.
"""
from __future__ import annotations

from judge.engine.errors import Refused
from judge.engine.events import event
from judge.engine.state import Choice, GameState

OFFER = "offer"
ANSWERS = ("accept", "decline")


def offer(s: GameState, player: str, amount: int, giver: str, invites: bool, origin: str, log: list) -> None:
    rule = "310.11" if invites else "119.3"
    s.pending.append(Choice(OFFER, player, ANSWERS, rule, f"{origin}: gain {amount} Vitae", (amount, giver, invites)))
    log.append(event(f"{origin} offers {player} {amount} Vitae" + (", and its giver is Invited if it is accepted"
                                                                  if invites else "")
                     + f": {player} may accept or decline — answer with choose", rule))


def answer(s: GameState, choice: Choice, chosen: list, log: list) -> None:
    if len(chosen) != 1 or chosen[0] not in ANSWERS:
        raise Refused(f"{choice.prompt}: the answer is accept or decline, not {', '.join(map(str, chosen)) or 'nothing'}",
                      choice.rule)
    s.pending.pop(0)
    if chosen[0] == "decline":
        decline(s, choice, log, popped=True)
        return
    amount, giver, invites = choice.data
    p = s.player(choice.player)
    gained = max(0, min(amount, p.cap - p.vitae))  # never above the cap (119.1)
    p.vitae += gained
    log.append(event(f"{p.name} accepts: the Master gains {gained} Vitae ({p.vitae}, cap {p.cap})", "119.3", "119.1"))
    if invites and giver != p.name and giver not in p.invited:
        p.invited = p.invited + (giver,)
        log.append(event(f"{giver} is Invited across {p.name}'s thresholds, present and future: {giver}'s spells and "
                         f"abilities may reach what {p.name} shelters", "310.11", "310.10"))


def decline(s: GameState, choice: Choice, log: list, popped: bool = False) -> None:
    if not popped:
        s.pending.pop(0)
    log.append(event(f"{choice.player} declines {choice.prompt}: nothing is gained"
                     + (", and no one is Invited" if choice.data[2] else ""), choice.rule))


def resume(s: GameState, log: list) -> None:
    """Nothing waits behind an offer: it ends its instructions (the reader enforces that)."""
