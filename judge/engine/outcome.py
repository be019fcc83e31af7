"""Winning and losing (104): simultaneous results, the last player standing, draws."""
from __future__ import annotations

from judge.engine.events import event
from judge.engine.state import GameState


def settle_results(s: GameState, losers: list[str], winners: list[str], log: list, rules: tuple) -> None:
    """Apply results that happen at the same moment (104.3g: win and lose at once is a loss,
    except that an Ascension beats a simultaneous liquidation — the caller drops those)."""
    for name in winners:
        if name in losers:
            continue
        p = s.player(name)
        p.won = True
        for other in s.living:
            if other.name != name and other.name not in losers:
                losers.append(other.name)
        log.append(event(f"{name} wins the game", *rules, "104.2c"))
    for name in losers:
        p = s.player(name)
        if p and not p.lost:
            p.lost = True
            log.append(event(f"{name} loses the game and leaves it", *rules, "104.5"))
    finish_if_over(s, log)


def finish_if_over(s: GameState, log: list) -> None:
    if s.game_over:
        return
    living = s.living
    if any(p.won for p in s.players):
        s.game_over = True
    elif len(living) == 1 and len(s.players) > 1:
        living[0].won = True
        log.append(event(f"{living[0].name} is the only player left and wins", "104.2a"))
        s.game_over = True
    elif not living:
        log.append(event("every remaining player lost at once: the game is a draw", "104.4a"))
        s.game_over = True
    if s.game_over:
        s.priority = None
        s.result = ", ".join(p.name for p in s.players if p.won) or "draw"
