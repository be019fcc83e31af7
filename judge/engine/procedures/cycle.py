"""The world cycle (500.8–500.12, 703.4a, 731): its advance as each round's first turn begins
and at each extra turn, shifts that re-anchor it, and extra turns themselves."""

from __future__ import annotations

from judge.engine.core.events import event
from judge.engine.core.state import ROUNDS, GameState
from judge.engine.mechanics import contracts, counting, shelter, suspicion
from judge.engine.procedures import immure, processions
from judge.engine.reading import calendar
from judge.engine.triggered import triggers


def schedule_shift(s: GameState, to: str, origin: str, log: list) -> None:
    """500.12: the next round becomes position 1 of `to`; the round in progress is untouched
    (500.12a); forcing the type already held still re-anchors (500.12c); the last shift to
    resolve before the round turns wins (500.12d)."""
    replaced = s.shift
    s.shift = to
    fresh = "The Hunt (Night 1)" if to == "night" else "The Preparation (Day 1)"
    note = f"; it overrides the earlier shift to {replaced}" if replaced else ""
    same = (to == "day") == s.is_day
    log.append(
        event(
            f"{origin}: {'day' if s.is_day else 'night'} becomes {to} — the next round will be {fresh}, "
            f"and counting re-anchors there{note}" + ("; the type already held, still a re-anchor" if same else ""),
            "500.12",
            "500.12a",
            "731.6",
            *(("500.12d",) if replaced else ()),
            *(("500.12c",) if same else ()),
        )
    )


def grant_extra_turn(s: GameState, player: str, log: list) -> None:
    """500.11: inserted directly after this turn; the most recently created is taken first."""
    s.extra_turns.append(player)
    log.append(event(f"{player} will take an extra turn after this one", "500.11"))


def _flip_statics(s: GameState, log: list) -> None:
    """611.3a: "as long as it's Night/Day" statics wake and sleep with the flip."""
    for oid in s.battlefield:
        card = s.card(s.objects[oid])
        if card is None:
            continue
        for st in card.statics:
            if st.get("while") in ("night", "day"):
                awake = (st["while"] == "day") == s.is_day
                log.append(
                    event(
                        f"{card.name}'s \"as long as it's {st['while'].title()}\" ability "
                        f"{'wakes' if awake else 'sleeps'} with the flip",
                        "611.3a",
                        "611.3",
                    )
                )


def _rites(s: GameState, log: list) -> None:
    """603.14a, 731.5: "When Night falls" / "When Day breaks" trigger on the flip itself, for the
    permanents that watch the sky; a face-down card (a sheltered resident, a set Trap or Power)
    does not watch it (708.5)."""
    when = "day_breaks" if s.is_day else "night_falls"
    for p in s.apnap():
        if s.is_day:
            triggers.fire_for_permanents(s, "day_breaks", p.name)
        else:
            triggers.fire_for_permanents(s, "night_falls", p.name)
    sheltered = [
        oid for p in s.players for oid in p.shelter if s.card(oid) is not None and s.known_card(oid).triggers(when)
    ]
    if s.policies.reading("C47") == "731.7":  # policy C47's 731.7 reading: the sheltered residents watch the sky
        for oid in sheltered:
            triggers.fire(s, when, oid)
    hidden = [
        oid
        for p in s.players
        for zone in ("wards", "slot")
        for oid in getattr(p, zone)
        if s.card(oid) is not None and s.known_card(oid).triggers(when)
    ]
    if any(t.when == when for t in s.waiting):
        log.append(
            event(
                f"{'dawn breaks' if s.is_day else 'dusk falls'}: the {'Dawn' if s.is_day else 'Dusk'} rites of "
                f"the permanents that watch the sky trigger",
                "603.14a",
                "731.5",
                "703.4a",
            )
        )
    if sheltered and s.policies.reading("C47") == "731.7":
        log.append(
            event(
                f"sheltered, {', '.join(s.objects[o].card for o in sheltered)} still "
                f"{'watches' if len(sheltered) == 1 else 'watch'} the sky: "
                f"{'its' if len(sheltered) == 1 else 'their'} rite fires {s.policies.note('C47')}",
                "603.14a",
                *s.policies.rules("C47"),
                policy="C47",
            )
        )
    elif sheltered:  # policy C47's default, 708.5: the sheltered residents do not watch the sky
        log.append(
            event(
                f"sheltered face down, {', '.join(s.objects[o].card for o in sheltered)} "
                f"{'does' if len(sheltered) == 1 else 'do'} not watch the sky: no rite fires "
                f"{s.policies.note('C47')}",
                "603.14a",
                "731.5",
                *s.policies.rules("C47"),
                policy="C47",
            )
        )
    if hidden:
        log.append(
            event(
                f"face down, {', '.join(s.objects[o].card for o in hidden)} "
                f"{'does' if len(hidden) == 1 else 'do'} not watch the sky: no rite fires",
                "603.14a",
                "731.5",
                "708.5",
            )
        )


def advance(s: GameState, log: list, extra: bool = False) -> None:
    """One step of the cycle (500.9d, 703.4a), or a shift's re-anchoring (500.12), followed by
    what the new round type brings: the day rest, the shelter step at dawn (514.4, policy C18),
    and the paid return owed at the first Night upkeep (503.3)."""
    was_day = s.is_day
    if was_day and s.policies.reading("C23") == "500.17":
        shelter.day_rest(s, log)  # the Day round ending: its rest, if nothing broke it (policy C23)
    if s.shift is not None:
        old = s.round_name
        s.round_index = 0 if s.shift == "night" else 3
        s.shift = None
        log.append(
            event(
                f"the cycle re-anchors: {old} is followed by {s.round_name}, position 1 of a fresh "
                f"{'Night' if s.round_index == 0 else 'Day'}",
                "500.12",
                "500.12b",
                "731.6",
                "703.4a",
            )
        )
    else:
        s.round_index = (s.round_index + 1) % len(ROUNDS)
    flip = " — dawn breaks" if s.is_day and not was_day else " — dusk falls" if was_day and not s.is_day else ""
    if extra:
        log.append(
            event(
                f"the extra turn begins: the world cycle advances once more, to {s.round_name}{flip} "
                f"{s.policies.note('C24')}",
                "500.11a",
                "703.4a",
                *s.policies.rules("C24"),
                policy="C24",
            )
        )
    else:
        log.append(
            event(
                f"a new round begins: the world cycle advances to {s.round_name}{flip}",
                "500.9",
                "500.9d",
                "703.4a",
                *(("500.9b",) if s.round_index == 0 else ()),
            )
        )
    wrap = s.round_index == 0  # the return of The Hunt, whatever a shift did (730.5)
    if wrap:
        calendar.wrap(s, log)
        contracts.wrap_lore(s, log)
    else:
        calendar.round_begins(s, log)
    suspicion.weigh(s, wrap, log)
    processions.round_begins(s, log)
    if s.is_day != was_day:
        _flip_statics(s, log)
        _rites(s, log)
    counting.ebb(s, log)  # 703.4s
    if s.is_day:
        if s.policies.reading("C23") == "703.4b":
            shelter.day_rest(s, log)
        immure.wither(s, log)  # 702.47c
    if s.is_day and not was_day and s.policies.reading("C18") == "514.4":
        # 514.4, 502.5: as the Replenish step begins, right after the advance (policy C18).
        log.append(
            event(
                f"dawn: the shelter step comes before anything replenishes {s.policies.note('C18')}",
                "502.5",
                *s.policies.rules("C18"),
                policy="C18",
            )
        )
        shelter.shelter_step(s, log)
    if was_day and not s.is_day:
        s.return_due = True
