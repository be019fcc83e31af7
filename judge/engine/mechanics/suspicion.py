"""Suspicion and the Veil (123): the shared world meter, each player's share, and the daylight
world's interventions, weighed as the world cycle advances (703.4t)."""

from __future__ import annotations

from judge.engine.core.events import event
from judge.engine.core.state import GameState
from judge.engine.performing import perform

CAP = 10  # 123.1
WATCH, INQUEST, PURGE, AFTER_PURGE = 4, 7, 10, 5  # 123.4a-c


def raise_(s: GameState, player: str, n: int, origin: str, log: list, rules: tuple = ("123.2",)) -> None:
    """123.2: raise the meter by N (bounded at 10), the points attributed to `player`'s share."""
    before = s.suspicion
    s.suspicion = min(CAP, s.suspicion + n)
    p = s.known_player(player)
    p.suspicion_share += n
    log.append(
        event(
            f"{origin} raises Suspicion {n}: {before} -> {s.suspicion}, attributed to {player} "
            f"(share {p.suspicion_share})",
            "123.1",
            *rules,
        )
    )


def raises(card) -> bool:
    """Whether a card's own instructions would raise Suspicion (123.4a reads its text)."""
    return card is not None and any(e.name == "raise_suspicion" for a in card.abilities for e in a.effects)


def watch_surcharge(s: GameState, card) -> int:
    """123.4a: while Suspicion is 4 or more, a spell whose text would raise it costs 1 more."""
    return 1 if s.suspicion >= WATCH and raises(card) else 0


def leading_instigators(s: GameState) -> list[str]:
    """123.3: the players with the greatest share (every one of them on a tie); none while no
    one has raised anything."""
    top = max((p.suspicion_share for p in s.living), default=0)
    return [p.name for p in s.living if top and p.suspicion_share == top]


def weigh(s: GameState, wrap: bool, log: list) -> None:
    """703.4t: as the cycle advances the thresholds are checked and their interventions fire;
    a wrap then lets Suspicion fall 1 (123.5)."""
    if s.suspicion < INQUEST:
        s.inquest_armed = True
    if s.suspicion >= INQUEST and s.inquest_armed:
        _inquest(s, log)
    if s.suspicion >= PURGE:
        _purge(s, log)
    if wrap and s.suspicion > 0:
        s.suspicion -= 1
        log.append(
            event(
                f"the world forgets slowly: at the wrap Suspicion falls 1 ({s.suspicion}); shares do not fade",
                "123.5",
                "703.4t",
            )
        )
    if s.suspicion < INQUEST:
        s.inquest_armed = True


def _inquest(s: GameState, log: list) -> None:
    s.inquest_armed = False  # once per crossing (123.4b)
    leaders = leading_instigators(s)
    shown = []
    for name in leaders:
        p = s.known_player(name)
        for oid in list(p.wards) + list(p.slot):
            s.edit(oid).revealed = True
            shown.append(s.objects[oid].card)
    log.append(
        event(
            f"Suspicion is {s.suspicion}: the Inquest sits. Leading instigator(s): "
            f"{', '.join(leaders) or 'none'}; revealed to all players, staying where they lie: "
            f"{', '.join(shown) or 'nothing'}",
            "123.4b",
            "123.3",
            "703.4t",
        )
    )


def _purge(s: GameState, log: list) -> None:
    leaders = leading_instigators(s)
    log.append(
        event(
            f"Suspicion is {s.suspicion}: the Purge — the torches come for the Havens of "
            f"{', '.join(leaders) or 'no one'}",
            "123.4c",
            "123.3",
            "703.4t",
        )
    )
    for name in leaders:
        for oid in [
            o
            for o in s.battlefield
            if s.objects[o].controller == name and s.card(o) is not None and s.known_card(o).is_a("Haven")
        ]:
            perform.deal_damage(s, None, oid, 4, log)
    s.suspicion = AFTER_PURGE
    for p in s.players:
        p.suspicion_share = 0
    s.inquest_armed = True
    log.append(
        event(f"the mob's memory burns out: Suspicion falls to {AFTER_PURGE} and every share resets to 0", "123.4c")
    )
