"""Optional gains ("may"): the player offered the benefit is asked to `accept` or `decline`.

A gift that prints "…and its giver is Invited" Invites its giver across the accepting player's
thresholds, for good (310.11: choice kind `accept-gift`); any other "may gain" is an optional
instruction (608.4: `optional-instruction`). A declined "may" grants nothing. Both are asked with
asking.ask, so any action that is not an answer declines them (choices.CHOICE_KINDS).
"""

from __future__ import annotations

from judge.engine.choosing.asking import ask
from judge.engine.core.events import event
from judge.engine.core.state import GameState

ANSWERS = ("accept", "decline")


def offer(s: GameState, player: str, amount: int, giver: str, invites: bool, origin: str, log: list) -> None:
    prompt = f"{origin} offers {player} {amount} Vitae"
    if invites:
        answer = ask(s, log, "accept-gift", player, ANSWERS, prompt + ", and its giver is Invited if it is accepted")
    else:
        answer = ask(s, log, "optional-instruction", player, ANSWERS, prompt)
    if answer == "decline":
        return  # the log says who declined what (asking.ask), citing the rule that gives the choice
    p = s.known_player(player)
    gained = max(0, min(amount, p.cap - p.vitae))  # never above the cap (119.1)
    p.vitae += gained
    log.append(event(f"{p.name} accepts: the Master gains {gained} Vitae ({p.vitae}, cap {p.cap})", "119.3", "119.1"))
    if invites and giver != p.name and giver not in p.invited:
        p.invited = p.invited + (giver,)
        log.append(
            event(
                f"{giver} is Invited across {p.name}'s thresholds, present and future: {giver}'s spells and "
                f"abilities may reach what {p.name} shelters",
                "310.11",
                "310.10",
            )
        )
