"""Turn structure (500–514): steps in order, their turn-based actions, cleanup, next turn."""

from __future__ import annotations

from judge.engine.checks import priority
from judge.engine.choosing import arranging
from judge.engine.choosing.asking import ask
from judge.engine.core.events import event
from judge.engine.core.state import HAND_SIZE, PHASES, STEPS, GameState
from judge.engine.mechanics import contracts, dominance, reckoning, shelter, sleepers
from judge.engine.performing import control, perform
from judge.engine.performing.zones import move
from judge.engine.procedures import combat_damage, cycle, zone_abilities
from judge.engine.triggered import triggers

ORDER = [(ph, st) for ph in PHASES for st in STEPS[ph]]


def position_name(s: GameState) -> str:
    if s.step:
        return f"{s.step.replace('_', ' ')} step"
    return {"main1": "first main phase", "main2": "second main phase"}.get(s.phase, s.phase)


def advance(s: GameState, log: list) -> None:
    """End the current step and begin the next one (or the next turn)."""
    if s.phase == "combat" and s.step == "end_of_combat":
        combat_damage.end_of_combat(s, log)
    if (s.phase, s.step) == ("combat", "combat_damage") and combat_damage.second_damage_step_due(s):
        combat_damage.begin_second_damage_step(s, log)
        if not s.game_over:
            priority.give_priority(s, s.active, log, ("510.6",))
        return
    if s.phase == "ending" and s.step == "cleanup":
        # 514.5: priority was given during cleanup, so another cleanup step follows.
        begin_step(s, "ending", "cleanup", log)
        return
    i = ORDER.index((s.phase, s.step))
    if i + 1 >= len(ORDER):
        next_turn(s, log)
        return
    phase, step = ORDER[i + 1]
    if phase == "combat" and step in ("declare_blockers", "combat_damage") and not s.attacks:
        log.append(event(f"no attackers were declared: the {step.replace('_', ' ')} step is skipped", "508.5", "506.1"))
        s.phase, s.step = phase, step
        advance(s, log)
        return
    begin_step(s, phase, step, log)


def begin_step(s: GameState, phase: str, step: str | None, log: list) -> None:
    s.phase, s.step = phase, step
    s.passes = 0
    active = s.active
    if step == "replenish":
        for oid in s.battlefield:
            obj = s.objects[oid]
            if obj.controller == active and (obj.drained or obj.newly_turned):
                obj = s.edit(oid)
                obj.drained = False
                obj.newly_turned = False  # under control continuously since this turn began (110.5d)
        log.append(
            event(
                f"{active}'s Replenish step: their permanents replenish (no healing); no priority",
                "502.1",
                "502.2",
                "502.4",
            )
        )
        advance(s, log)
        return
    if step == "upkeep":
        if s.return_due:
            s.return_due = False
            shelter.offer_return(s, log)  # a turn-based choice: play waits for each player's answer
        finish_upkeep(s, log)
        return
    if step == "draw":
        p = s.known_player(active)
        master = s.cards.get(p.master)
        n = master.enlightenment if master and master.enlightenment is not None else 1
        if p.turns_taken == 1:
            if s.starting_player == active:
                log.append(event(f"{active} is the starting player: the first draw is skipped", "504.1a", "103.8a"))
                n = 0
            else:
                n = 1
                log.append(event(f"{active}'s first turn: exactly one card is drawn", "504.1a", "103.8b"))
        if n:
            perform.draw(s, active, n, log, ("504.1",))
        priority.give_priority(s, active, log, ("504.2",))
        return
    if step == "cleanup":
        cleanup(s, log)
        return
    if step == "end":
        triggers.fire_for_permanents(s, "end_step", active, log)
        triggers.fire_delayed(s, "end_step", log)
    if step == "combat_damage":
        combat_damage.begin_damage_step(s, log)
        if s.game_over:
            return
    priority.give_priority(s, active, log)
    log.append(
        event(
            f"the {position_name(s)} begins; {s.priority or 'no one'} receives priority",
            *_STEP_RULES.get(step or phase, ()),
        )
    )


def finish_upkeep(s: GameState, log: list) -> None:
    """After any return from shelter: the rites' Lore counters (714.3b), then upkeep triggers
    wait (a Reckoning's, decay's and the Revenants' in the Spoils too), and the active player
    acts (503.1)."""
    contracts.upkeep_lore(s, log)
    triggers.fire_for_permanents(s, "upkeep", s.active, log)
    reckoning.at_upkeep(s, s.active)
    sleepers.at_upkeep(s, s.active)
    dominance.at_upkeep(s, s.active)
    triggers.decay(s, s.active, log)
    zone_abilities.revenants(s, s.active, log)
    priority.give_priority(s, s.active, log)
    log.append(event(f"{s.active}'s upkeep begins; {s.priority or 'no one'} receives priority", "503.1"))


_STEP_RULES = {
    "main1": ("505.1",),
    "main2": ("505.1a",),
    "beginning_of_combat": ("507.2",),
    "declare_attackers": ("508.1",),
    "declare_blockers": ("509.1",),
    "combat_damage": ("510.6",),
    "end_of_combat": ("511.1",),
    "end": ("513.1",),
}


def cleanup(s: GameState, log: list) -> None:
    active = s.known_player(s.active)
    triggers.fire_delayed(s, "cleanup", log)  # "at end of turn", "at the next cleanup" (603.7)
    # 514.1: discard down to the maximum hand size; the player chooses which (701.10a).
    extra = len(active.hand) - HAND_SIZE
    if extra > 0:
        picked = ask(
            s,
            log,
            "cleanup-discard",
            active.name,
            tuple(active.hand),
            f"the {extra} card(s) {active.name} discards down to {HAND_SIZE}",
            count=(extra, extra),
            default=tuple(active.hand[-extra:]),
        )
        for oid in picked:
            perform.move(s, oid, "spoils", log)
            log.append(
                event(
                    f"{active.name} discards {s.objects[oid].card or 'a card'} down to {HAND_SIZE}",
                    "514.1",
                    "402.2",
                    "701.10a",
                )
            )
        arranging.into_spoils(s, log, picked, f"the cards they discarded down to {HAND_SIZE}")
    # 514.2, as one turn-based action:
    lasting = ("permanent", "your_next_turn", control.STATIC)
    control.expire(s, lambda e: e.until not in lasting, log)
    s.drop_rules = tuple(r for r in s.drop_rules if r.until in lasting)
    five_to_one = s.policies.reading("C22") == "five-to-one"
    for p in s.living:
        wasted = p.pool_total
        if p.pool:  # (left alone when already empty: an unchanged state lets the next check be skipped, unchanged.py)
            p.pool = []
        if wasted:
            p.vitae -= 2 * wasted
            if five_to_one:
                p.corruption += wasted // 5
                gain = f"+{wasted // 5} Corruption ({p.corruption})"
            else:
                p.wrath += 2 * wasted
                gain = f"+{2 * wasted} Wrath ({p.wrath})"
            log.append(
                event(
                    f"{p.name}'s pool empties with {wasted} unspent Vitae: the Master loses {2 * wasted} "
                    f"Vitae ({p.vitae}) and gains {gain}; a drain, not a payment, so untaxed "
                    f"{s.policies.note('C22')}",
                    "514.2b",
                    "703.4r",
                    *s.policies.rules("C22"),
                    policy="C22",
                )
            )
        if p.pit:
            flushed = list(p.pit)
            for oid in flushed:
                move(s, oid, "domain", bottom=True)
            log.append(
                event(f"{p.name}'s Pit flushes {len(flushed)} card(s) to the bottom of the Domain", "514.2c", "407.4")
            )
            arranging.together(
                s,
                log,
                "pit-flush-order",
                p.name,
                "domain",
                flushed,
                "the cards the Pit flushed to the bottom of the Domain, unrevealed (401.5)",
            )
        p.spent_from_master = 0
        p.dropped = False
        p.siege_count = 0
    if s.policies.reading("C18") == "731.4d" and s.round_index == 2 and _last_turn_of_round(s):
        log.append(
            event(
                f"the last Night cleanup: the night-bound forces shelter now {s.policies.note('C18')}",
                *s.policies.rules("C18"),
                policy="C18",
            )
        )
        shelter.shelter_step(s, log)
    log.append(
        event(
            "cleanup: until-end-of-turn effects end, pools empty, tallies disperse; damage counters stay",
            "514.2",
            "514.2a",
            "514.2d",
            "514.3",
            "120.4",
        )
    )
    # 514.5: priority only if state-based work or triggers are waiting.
    if priority.settle(s, log):
        if s.game_over:
            return
        log.append(
            event(
                "state-based work happened during cleanup: players receive priority, and another cleanup step follows",
                "514.5",
            )
        )
        priority.give_priority(s, s.active, log)
        return
    next_turn(s, log)


def _last_turn_of_round(s: GameState) -> bool:
    nxt = s.next_living(s.active)
    assert nxt is not None, "the game goes on: a player still lives"
    return nxt.name == s.living[0].name


def _expire_until_next_turn(s: GameState, player: str, log: list) -> None:
    """611.2c: "until your next turn" expires the moment that player's next turn begins."""

    def due(e) -> bool:
        return e.until == "your_next_turn" and e.controller == player

    ending = [e for e in s.modifiers + s.shields + s.redirects if due(e)]
    if ending:
        log.append(event(f'{player}\'s "until your next turn" effects end ({len(ending)})', "611.2c"))
        control.expire(s, due, log)


def next_turn(s: GameState, log: list) -> None:
    if s.game_over:
        return
    extra = None
    while s.extra_turns and extra is None:  # 500.11: the most recently created is taken first
        candidate = s.player(s.extra_turns.pop())
        extra = candidate if candidate is not None and not candidate.lost else None
    if extra is not None:
        s.regular = s.regular or s.active  # the lap resumes after the designated turn
        nxt, new_round = extra, False
    else:
        base = s.regular if s.regular and not s.known_player(s.regular).lost else s.active
        after = s.next_living(base)
        assert after is not None, "the game goes on: a player still lives"
        nxt = after
        new_round = nxt.name == s.living[0].name
        s.regular = None
    s.active = nxt.name
    s.attacks, s.attacks_declared, s.blocks_declared, s.damage_dealt = [], False, False, False
    s.damage_round, s.strikers, s.frenzied = 0, (), ()
    nxt.turns_taken += 1
    log.append(event(f"{nxt.name}'s {'extra ' if extra else ''}turn begins", "500.1", *(("500.11",) if extra else ())))
    _expire_until_next_turn(s, nxt.name, log)
    if new_round or extra:
        cycle.advance(s, log, extra=extra is not None)
    begin_step(s, "beginning", "replenish", log)
