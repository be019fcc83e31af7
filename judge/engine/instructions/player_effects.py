"""Effects on a player's numbers and turns: Vitae gained, lost or added to the pool (119, 106.7),
the Corruption and Wrath meters (122.2b-c), the shared Suspicion (123), a Debt taken on
(702.48a), a shift of the world cycle and an extra turn (500.8-500.12).
"""

from __future__ import annotations

from judge.engine.choosing import offers
from judge.engine.core.events import event
from judge.engine.core.state import GameState
from judge.engine.instructions.effect_context import Context
from judge.engine.instructions.effect_context import amount as _amount
from judge.engine.instructions.effect_context import origin as _origin
from judge.engine.instructions.effect_context import players as _players
from judge.engine.mechanics import debts, suspicion
from judge.engine.performing import perform
from judge.engine.procedures import cycle


def gain_vitae(s: GameState, a: dict, ctx: Context, log: list) -> None:
    if a.get("may"):  # the player chooses whether to take it (310.11: a gift may Invite its giver)
        for pname in _players(s, a.get("who"), ctx):
            offers.offer(
                s,
                pname,
                _amount(a.get("amount"), ctx),
                ctx.controller,
                a.get("invites") == "giver",
                _origin(s, ctx),
                log,
            )
        return
    for pname in _players(s, a.get("who"), ctx):
        p = s.known_player(pname)
        gained = max(0, min(_amount(a.get("amount"), ctx), p.cap - p.vitae))  # nothing recovers above the cap (119.1)
        p.vitae += gained
        log.append(event(f"{pname}'s Master gains {gained} Vitae ({p.vitae}, cap {p.cap})", "119.3", "119.1"))


def lose_vitae(s: GameState, a: dict, ctx: Context, log: list) -> None:
    for pname in _players(s, a.get("who"), ctx):
        p = s.known_player(pname)
        n = _amount(a.get("amount"), ctx)
        p.vitae -= n
        log.append(event(f"{pname}'s Master loses {n} Vitae ({p.vitae})", "119.3"))


def meter(name: str, rule: str):
    """corruption (122.2b) and wrath (122.2c): a signed change to the player's meter, floored at 0."""

    def handler(s: GameState, a: dict, ctx: Context, log: list) -> None:
        for pname in _players(s, a.get("who"), ctx):
            p = s.player(pname)
            n = _amount(a.get("amount"), ctx)
            setattr(p, name, max(0, getattr(p, name) + n))
            log.append(
                event(f"{pname} {'gains' if n >= 0 else 'loses'} {abs(n)} {name.title()} ({getattr(p, name)})", rule)
            )

    return handler


def shift(s: GameState, a: dict, ctx: Context, log: list) -> None:
    cycle.schedule_shift(s, a["type"], _origin(s, ctx), log)


def extra_turn(s: GameState, a: dict, ctx: Context, log: list) -> None:
    for pname in _players(s, a.get("who"), ctx):
        cycle.grant_extra_turn(s, pname, log)


def raise_suspicion(s: GameState, a: dict, ctx: Context, log: list) -> None:
    suspicion.raise_(s, ctx.controller, _amount(a.get("amount"), ctx), _origin(s, ctx), log)


def take_debt(s: GameState, a: dict, ctx: Context, log: list) -> None:
    """702.48a: "…and they take on a Debt to you" — each player `who` names owes the effect's
    controller a Debt; `price` is the Vitae its honoring costs (702.48c), if printed."""
    price = a.get("price")
    for pname in _players(s, a.get("who", "target_player"), ctx):
        debts.take(s, pname, ctx.controller, None if price is None else int(price), _origin(s, ctx), log)


def add_vitae(s: GameState, a: dict, ctx: Context, log: list) -> None:
    perform.add_to_pool(s, ctx.controller, _amount(a.get("amount"), ctx), a.get("source"), log)
    log.append(event(f"{ctx.controller} adds {a.get('amount')} Vitae to the pool (a Vitae ability)", "106.7", "605.3"))
