"""The Day: sheltering at dawn (514.4), the day rest (703.4b), the return from shelter at the
first Night upkeep (503.3), and exposure when a sheltering Haven falls (506.5a).

The Master's possessions (Companions, Relics, Rituals; a set Power stays in its slot) shelter
with it in the refuge, free and without Rooms (514.4b), and return free (503.3a). Each player
chooses their refuge (514.4a) and, when Rooms are short, which night Entities take them (514.4d).
The return of night Entities is optional and paid (1 Vitae each, "as any Vitae cost is paid"),
so it is a choice each player is asked in APNAP order: `{player: P, choose: [IDs]}` names the
Entities to pay for; any other next action declines (scenario-format.md).
"""

from __future__ import annotations

from judge.cards.model import Cost
from judge.engine.choosing import arranging, timestamps
from judge.engine.choosing.asking import ask
from judge.engine.core.events import event
from judge.engine.core.state import GameState
from judge.engine.performing import costs, perform
from judge.engine.performing.zones import move
from judge.engine.reading import characteristics as ch
from judge.engine.reading.seats import holds_seat
from judge.engine.triggered import triggers


def _havens(s: GameState, player: str) -> list[str]:
    return [o for o in s.battlefield if s.objects[o].controller == player and ch.ctype(s, s.objects[o]) == "Haven"]


POSSESSIONS = ("Companion", "Relic", "Ritual")


def _possessions(s: GameState, player: str) -> list[str]:
    """The Master's possessions that shelter with it (514.4b) — cards only: the shelter lies off
    the battlefield, so a token never shelters (111.9, 400.9a)."""
    return [
        o
        for o in s.battlefield
        if s.objects[o].controller == player and not s.objects[o].token and ch.ctype(s, s.objects[o]) in POSSESSIONS
    ]


def _night_tokens(s: GameState, player: str) -> list[str]:
    """Night-bound tokens that are not Entities (a night-bound Relic token, say): they would
    withdraw with the Master's possessions, and die instead (111.9, 514.4e)."""
    return [
        o
        for o in s.battlefield
        if s.objects[o].controller == player
        and s.objects[o].token
        and not ch.is_entity(s, s.objects[o])
        and s.known_card(o).binding == "night"
    ]


def _tokens_afield(s: GameState, player: str) -> list[str]:
    """Day-bound and unbound tokens simply remain afield through the Day (111.9)."""
    return [
        o
        for o in s.battlefield
        if s.objects[o].controller == player and s.objects[o].token and s.known_card(o).binding != "night"
    ]


def _night_entities(s: GameState, player: str) -> list[str]:
    return [
        o
        for o in s.battlefield
        if s.objects[o].controller == player and ch.is_entity(s, s.objects[o]) and s.known_card(o).binding == "night"
    ]


def day_rest(s: GameState, log: list) -> None:
    """703.4b, 500.17: once per Day round a Master in a safe refuge recovers 1 Vitae (capped) — as
    the round begins, or as it ends undisturbed (policy C23; the caller calls at that moment)."""
    when = (
        "as the Day round begins"
        if s.policies.reading("C23") == "703.4b"
        else "as the Day round ends, its rest undisturbed"
    )
    for p in s.apnap():
        if p.procession is not None:
            continue  # an exposed Master, or one on the road, does not rest (703.4b)
        # a safe refuge: a live Haven the player controls that holds the Master's seat (310.8a) — the
        # one chosen, or, before the first shelter step has chosen one, any that could be
        seated = [h for h in _havens(s, p.name) if holds_seat(s, p.name, h)]
        refuge = p.refuge if p.refuge in seated else seated[0] if seated else None
        if refuge is not None and p.vitae < p.cap:
            p.vitae += 1
            log.append(
                event(
                    f"{p.name}'s Master rests in a safe refuge {when}: +1 Vitae ({p.vitae}) {s.policies.note('C23')}",
                    *s.policies.rules("C23"),
                    policy="C23",
                )
            )


def shelter_step(s: GameState, log: list) -> None:
    """514.4: refuges are chosen, night Entities take the Rooms, overflow and night tokens die."""
    overflow_to = "void" if s.policies.reading("C19") == "703.5" else "spoils"
    for p in s.apnap():
        havens = _havens(s, p.name)
        seated = [h for h in havens if holds_seat(s, p.name, h)]  # 310.8a: only these bed the Master
        if p.procession is None:  # a Master on the road shelters where the road ends (processions.py)
            unseated = [h for h in havens if h not in seated]
            if unseated:
                log.append(
                    event(
                        f"{', '.join(s.known_card(h).name for h in unseated)} {'holds' if len(unseated) == 1 else 'hold'}"
                        f" no seat of {p.name}'s Master and cannot bed it: only "
                        f"{', '.join(s.known_card(h).name for h in seated) or 'no Haven'} may be its refuge",
                        "310.8a",
                        "514.4a",
                    )
                )
            p.refuge = _choose_refuge(s, p, seated, log)
            if p.refuge is None:
                log.append(
                    event(
                        f"{p.name}'s Master controls no Haven holding its seat and cannot shelter: the "
                        f"sunrise will claim it",
                        "514.4a",
                        "310.8a",
                        "500.16a",
                    )
                )
        # 312.2: a Room given a function is occupied by its craft and shelters no Entity
        rooms = {h: max(0, (s.known_card(h).rooms or 0) - len(s.known_card(h).room_functions)) for h in havens}
        crafts = [f for h in havens for f in s.known_card(h).room_functions]
        night = sorted(_night_entities(s, p.name), key=lambda o: s.objects[o].timestamp)
        kept = tuple(o for o in night if not s.objects[o].token)  # a token cannot shelter (514.4e)
        room_count = sum(rooms.values())
        if len(kept) > room_count:
            kept = ask(
                s,
                log,
                "shelter-rooms",
                p.name,
                kept,
                f"which {room_count} of {p.name}'s night Entities take the Rooms (the others are left to the light)",
                count=(room_count, room_count),
                default=kept[:room_count],
            )
        possessions = _possessions(s, p.name) if p.refuge else []
        for oid in possessions:
            move(s, oid, "shelter", keep=True)
            s.edit(oid).sheltered_in = p.refuge
        saved, dead = [], list(_night_tokens(s, p.name))
        afield = _tokens_afield(s, p.name)
        for oid in night:
            haven = next((h for h in havens if rooms[h] > 0), None)
            if oid not in kept or haven is None:
                dead.append(oid)
                continue
            rooms[haven] -= 1  # the saved fill the Havens' Rooms in battlefield order
            move(s, oid, "shelter", keep=True)
            s.edit(oid).sheltered_in = haven
            saved.append(oid)
        for oid in dead:
            controller = s.objects[oid].controller
            # 614.6c: it dies instead of sheltering; a Spoils-bound card still meets replacements.
            if perform.leave(s, oid, overflow_to if not s.objects[oid].token else "spoils", log)[1]:
                triggers.fire(s, "dies", oid, controller)
        arranging.into_spoils(s, log, dead, "the night Entities that die at dawn, put into the Spoils at once")
        parts = [f"{p.name}'s refuge is {s.known_card(p.refuge).name}" if p.refuge else f"{p.name} has no refuge"]
        if possessions:
            parts.append(
                "the Master's possessions shelter with it, free and without Rooms: "
                + ", ".join(s.objects[o].card for o in possessions)
            )
        if saved:
            parts.append("sheltered: " + ", ".join(s.objects[o].card for o in saved))
        if dead:
            parts.append("left to the light: " + ", ".join(s.objects[o].card for o in dead))
        if afield:
            parts.append(
                "a token cannot shelter, and these are not night-bound, so they remain afield: "
                + ", ".join(s.objects[o].card for o in afield)
            )
        if crafts:
            parts.append(f"Rooms given to {', '.join(crafts)} shelter no Entity")
        rules = [
            "514.4",
            "514.4a",
            "514.4c",
            "703.4q",
            *(("514.4b", "408.2") if possessions else ()),
            *(("111.9", "400.9a") if afield else ()),
            *(("312.2",) if crafts else ()),
        ]
        if dead:
            rules += ["514.4d", "614.6c", *s.policies.rules("C19")]
        if any(s.objects[o].token for o in dead):
            rules += ["514.4e", "111.9", "400.9a"]
        log.append(
            event(
                "Shelter step: " + "; ".join(parts) + (f" {s.policies.note('C19')}" if dead else ""),
                *rules,
                policy="C19" if dead else None,
            )
        )


def _choose_refuge(s: GameState, p, havens: list, log: list) -> str | None:
    """514.4a: each Master chooses one Haven it controls (holding its seat, 310.8a) as its refuge
    for the Day."""
    if len(havens) <= 1:
        return havens[0] if havens else None
    default = p.refuge if p.refuge in havens else havens[0]
    return ask(
        s,
        log,
        "refuge",
        p.name,
        tuple(havens),
        f"the Haven {p.name}'s Master takes refuge in for the Day",
        default=(default,),
    )[0]


def offer_return(s: GameState, log: list) -> None:
    """503.3: each player (APNAP) with sheltered night Entities may pay 1 Vitae each to return them."""
    for p in s.apnap():
        free = [o for o in p.shelter if not ch.is_entity(s, s.objects[o])]
        for oid in free:
            _return(s, oid)
        if free:
            log.append(
                event(
                    f"{p.name}'s Master returns with its possessions, free of charge: "
                    + ", ".join(s.objects[o].card for o in free),
                    "503.3a",
                    "703.4e",
                )
            )
            timestamps.arrived_together(s, log, p.name, free, "the possessions returning from shelter at once")
    for p in s.apnap():
        if not p.shelter:
            continue
        names = ", ".join(s.objects[o].card for o in p.shelter)
        log.append(
            event(
                f"Return from shelter: {p.name} may pay 1 Vitae for each night Entity to return ({names})",
                "503.3",
                "503.3b",
                "703.4e",
            )
        )
        chosen = ask(
            s,
            log,
            "return-from-shelter",
            p.name,
            tuple(p.shelter),
            f"which of {p.name}'s sheltered night Entities to pay 1 Vitae each to return ({names})",
            count=(0, len(p.shelter)),
        )
        if chosen:
            # One payment for all of a player's returns: one taxed action (policy C40).
            costs.pay(
                s,
                p,
                Cost(vitae=len(chosen)),
                log,
                what=f"returning {len(chosen)} night Entit"
                f"{'y' if len(chosen) == 1 else 'ies'} {s.policies.note('C40')}",
            )
            for oid in chosen:
                _return(s, oid)
            timestamps.arrived_together(s, log, p.name, chosen, "the night Entities returning from shelter at once")
            log.append(
                event(
                    f"{p.name} returns {', '.join(s.objects[o].card for o in chosen)} from shelter, healed",
                    "503.3b",
                    "503.3c",
                    *s.policies.rules("C40"),
                    policy="C40",
                )
            )
        if p.shelter:
            log.append(
                event(
                    f"{', '.join(s.objects[o].card for o in p.shelter)} "
                    f"{'stays' if len(p.shelter) == 1 else 'stay'} sheltered",
                    "503.3d",
                )
            )


def _return(s: GameState, oid: str) -> None:
    move(s, oid, "battlefield", keep=True)
    obj = s.edit(oid)
    if ch.is_entity(s, obj):
        obj.damage = 0  # 503.3c: the great healer (possessions return undisturbed, 503.3a)
    obj.newly_turned = False  # it never left its controller's control
    obj.sheltered_in = None
    obj.undertaker = None  # healed: no damage of anyone's is lethal to it now


def expose(s: GameState, haven: str, log: list) -> None:
    """506.5a: a Haven that falls by Day exposes its residents on the open battlefield."""
    residents = [o.id for o in s.objects.values() if o.zone == "shelter" and getattr(o, "sheltered_in", None) == haven]
    for oid in residents:
        move(s, oid, "battlefield", keep=True)
        obj = s.edit(oid)
        obj.sheltered_in = None
        obj.newly_turned = False
    if residents:
        log.append(
            event(
                f"the fallen Haven's residents are exposed: {', '.join(s.objects[o].card for o in residents)}",
                "506.5a",
                "408.2c",
                "704.5n",
            )
        )
