"""Winning and losing (104): simultaneous results, the last player standing, draws."""

from __future__ import annotations

from judge.engine.core.events import event, outcome_event
from judge.engine.core.state import GameState


def settle_results(s: GameState, losers: list[str], winners: list[str], log: list, rules: tuple) -> None:
    """Apply results that happen at the same moment (104.3g: win and lose at once is a loss,
    except that an Ascension beats a simultaneous liquidation — the caller drops those)."""
    for name in winners:
        if name in losers:
            continue
        p = s.known_player(name)
        p.won = True
        for other in s.living:
            if other.name != name and other.name not in losers:
                losers.append(other.name)
        log.append(outcome_event(f"{name} wins the game", *rules, "104.2c"))
    departed = []
    for name in losers:
        loser = s.player(name)
        if loser and not loser.lost:
            loser.lost = True
            departed.append(name)
            log.append(outcome_event(f"{name} loses the game and leaves it", *rules, "104.5"))
    finish_if_over(s, log)
    if not s.game_over:
        for name in departed:
            _leave(s, name, log)


def _leave(s: GameState, name: str, log: list) -> None:
    """800.6a: everything a departed player owns leaves with them, from every zone; what they
    control on the stack goes too, and their waiting triggers are never stacked (800.6d)."""
    s.stack = [i for i in s.stack if i.controller != name]
    s.waiting = [t for t in s.waiting if t.controller != name]
    gone = 0
    for obj in list(s.objects.values()):
        if obj.owner == name and obj.zone not in ("gone", "left"):
            if obj.id in s.battlefield:
                s.own("battlefield").remove(obj.id)
            s.stack = [i for i in s.stack if i.obj != obj.id and obj.id not in i.batch]
            s.edit(obj.id).zone = "left"
            gone += 1
    p = s.player(name)
    for zone in ("hand", "domain", "spoils", "void", "pit", "shelter", "slot", "wards"):
        setattr(p, zone, [])
    s.attacks = [a for a in s.attacks if a.defender != name and s.objects[a.attacker].zone == "battlefield"]
    log.append(
        event(
            f"{name}'s {gone} card(s) leave the game with them; play continues among the rest",
            "800.6",
            "800.6a",
            "800.6d",
        )
    )
    if s.priority == name:
        nxt = s.next_living(name)
        s.priority = nxt.name if nxt else None


def finish_if_over(s: GameState, log: list) -> None:
    if s.game_over:
        return
    living = s.living
    if any(p.won for p in s.players):
        s.game_over = True
    elif len(living) == 1 and len(s.players) > 1:
        living[0].won = True
        log.append(outcome_event(f"{living[0].name} is the only player left and wins", "104.2a"))
        s.game_over = True
    elif not living:
        log.append(outcome_event("every remaining player lost at once: the game is a draw", "104.4a"))
        s.game_over = True
    if s.game_over:
        s.priority = None
        s.result = ", ".join(p.name for p in s.players if p.won) or "draw"
