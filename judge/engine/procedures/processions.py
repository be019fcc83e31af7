"""The Passage (408.5; a strigoi's is the Procession): the Master on the road among decoys.

On a Day round a player with two or more Havens sends the Master, face down among up to three
face-down decoys from hand, toward another Haven they control (408.5, 116.2f). The pieces are
named `piece:1`, `piece:2`… in the order of departure. Opponents may strike one piece a turn as
an attack (408.5b, 506.3e); a strike lands only if the striker's Attack meets the crack value,
the printed convoy Defense of the refuge departed from while it stands (408.5f). The Master
arrives as the third Day round begins, counting the round of departure (408.5d, 703.4c): it is
revealed at its destination, which becomes its refuge and gains its seat (408.5i, 310.8a), and
recovers 10 Vitae (capped); unspent decoys return to hand. Night falling first ends the travel
safely (408.5e).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from judge.engine.checks import outcome, priority
from judge.engine.core.errors import Refused
from judge.engine.core.events import event, outcome_event
from judge.engine.core.state import GameState, StackItem
from judge.engine.performing import perform
from judge.engine.performing.zones import move
from judge.engine.reading import characteristics as ch
from judge.engine.reading.references import procession_piece
from judge.engine.reading.seats import havens, holds_seat
from judge.engine.triggered import triggers

MASTER = "master"  # the Master's own piece among the decoys' object ids
ZONE = "procession"  # the zone of a decoy on the road
MAX_DECOYS = 3
ARRIVAL_ROUND = 3  # the third Day round, counting the round of departure (408.5d)
ARRIVAL_VITAE = 10


@dataclass(frozen=True)
class Procession:
    dest: str
    origin: str | None  # the refuge departed from: its convoy Defense is the crack value (408.5f)
    pieces: tuple  # MASTER or a decoy's object id, in the order of departure
    day_rounds: int = 1


DEPARTURE = "departure"  # the StackItem kind of an announced departure (405.6, policy C4)


def depart(s: GameState, player: str, dest: str, pieces: list, log: list) -> None:
    """116.2f, 408.5: a Passage sets out. 405.6 lists the Procession departure among the
    announcements that ride the stack (policy C4: 116.1, which says special actions don't, is
    stale); under C4's other reading it sets out at once."""
    priority.require(s, player)
    _check(s, player, dest, pieces)
    if s.policies.reading("C4") == "701.23a":
        _set_out(s, player, dest, pieces, log, (s.policies.note("C4"), *s.policies.rules("C4")))
    else:
        s.stack.append(
            StackItem(
                DEPARTURE,
                player,
                targets=(dest,),
                batch=tuple(pieces),
                uid=s.next_uid,
                label=f"{player}'s Procession departure",
            )
        )
        s.next_uid += 1
        log.append(
            event(
                f"{player} announces the departure of a Procession toward {s.known_card(dest).name} onto the "
                f"stack: it may be answered and countered {s.policies.note('C4')}",
                "405.6",
                "405.6c",
                "116.2f",
                "408.5",
                *s.policies.rules("C4"),
                policy="C4",
            )
        )
    priority.back(s, player, log, "116.3")


def _check(s: GameState, player: str, dest: str, pieces) -> None:
    p = s.known_player(player)
    if not s.is_day:
        raise Refused("a Passage departs only on a Day round", "408.5", "116.2f")
    if p.procession is not None or any(i.kind == DEPARTURE and i.controller == player for i in s.stack):
        raise Refused(f"{player}'s Master is already on the road, or its departure announced", "408.5")
    own = havens(s, player)
    if len(own) < 2:
        raise Refused(f"{player} controls {len(own)} Haven(s): a Passage needs two or more", "408.5", "116.2f")
    if dest not in own or dest == p.refuge:
        raise Refused(f"the destination must be another Haven {player} controls", "408.5", "116.2f")
    if list(pieces).count(MASTER) != 1:
        raise Refused("the Master travels as exactly one of the pieces (name it `master`)", "408.5")
    decoys = [x for x in pieces if x != MASTER]
    if len(decoys) > MAX_DECOYS or len(set(decoys)) != len(decoys):
        raise Refused(f"up to {MAX_DECOYS} different decoys travel with the Master", "408.5")
    for oid in decoys:
        if oid not in p.hand:
            raise Refused(f"{s.objects[oid].card or oid} is not in {player}'s hand: decoys are hand cards", "408.5")


def _set_out(s: GameState, player: str, dest: str, pieces, log: list, policy: tuple = ()) -> None:
    p = s.known_player(player)
    decoys = [x for x in pieces if x != MASTER]
    for oid in decoys:
        move(s, oid, ZONE)
    p.procession = Procession(dest, p.refuge, tuple(pieces))
    note, *rules = policy or ("",)
    log.append(
        event(
            f"{player}'s Master sets out on the road toward {s.known_card(dest).name}, face down among "
            f"{len(decoys)} face-down decoy(s): {len(pieces)} pieces, indistinguishable to the table "
            f"(piece:1…piece:{len(pieces)})" + (f" (no stack) {note}" if note else ""),
            "408.5",
            "408.5a",
            "116.2f",
            "708.5",
            *rules,
            policy="C4" if note else None,
        )
    )


def resolve_departure(s: GameState, item: StackItem, log: list) -> None:
    """The announced departure resolves (608.2): the Passage sets out, if it still can."""
    s.stack.remove(item)
    try:
        _check(s, item.controller, item.targets[0], item.batch)
    except Refused as why:
        log.append(
            event(
                f"{item.label} resolves, but the Passage can no longer set out ({why.text}): nothing happens",
                "608.2",
                "609.3",
                *why.rules,
            )
        )
        return
    log.append(event(f"{item.label} resolves", "608.1", "405.6"))
    _set_out(s, item.controller, item.targets[0], item.batch, log)


def departure_countered(s: GameState, item: StackItem, log: list, cites: tuple) -> None:
    log.append(
        event(
            f"{item.label} is countered: the Master and the decoys stay where they are, and nobody sets out",
            "701.7a",
            *cites,
        )
    )


def piece(s: GameState, ref: str) -> tuple[str, int, str] | None:
    """`piece:N` -> (the traveling player, N, the piece); refused when ambiguous (references.procession_piece)."""
    return procession_piece(s, ref)


def crack_value(s: GameState, player: str) -> int:
    """408.5f: the printed convoy Defense of the departed refuge, read while it stands."""
    origin = s.known_player(player).procession.origin
    obj = s.objects.get(origin) if origin else None
    if obj is None or obj.zone != "battlefield":
        return 0
    return s.known_card(obj).convoy_defense or 0


def strike(s: GameState, attacker: str, ref: str, log: list) -> None:
    """408.5b, 408.5f, 510.3e: an unblocked strike at a piece, as combat damage is dealt."""
    found = piece(s, ref)
    striker = s.objects[attacker]
    if found is None:
        log.append(
            event(f"{s.known_card(striker).name}'s mark has left the road: the strike fizzles", "708.10", "510.2b")
        )
        return
    traveler, n, content = found
    crack, power = crack_value(s, traveler), ch.attack(s, striker)
    if power < crack:
        log.append(
            event(
                f"{s.known_card(striker).name} strikes piece {n} with Attack {power} against the crack value "
                f"{crack}: the strike bounces — nothing is revealed",
                "408.5f",
                "408.5b",
            )
        )
        return
    p = s.known_player(traveler)
    if content == MASTER:
        log.append(
            event(
                f"{s.known_card(striker).name}'s strike lands on piece {n}: it is {traveler}'s Master, revealed "
                f"on the road — the sun claims it",
                "408.5b",
                "510.3e",
                "116.2f",
                "408.5f",
            )
        )
        _disband(s, traveler, log)
        outcome.settle_results(s, [traveler], [], log, ("408.5b", "510.3e"))
        return
    decoy = s.edit(content)
    decoy.revealed = True
    p.procession = replace(p.procession, pieces=tuple(x for x in p.procession.pieces if x != content))
    perform.move(s, content, "spoils", log)
    log.append(
        outcome_event(
            f"{s.known_card(striker).name}'s strike lands on piece {n} (Attack {power}, crack value {crack}): a "
            f"decoy, revealed — {s.objects[content].card}; it is spent to its owner's Spoils, and the "
            f"striking Entity dies",
            "408.5b",
            "408.5f",
            "510.3e",
            "116.2f",
        )
    )
    if perform.leave(s, attacker, "spoils", log)[1]:
        triggers.fire(s, "dies", attacker, striker.controller)


def _disband(s: GameState, player: str, log: list) -> None:
    p = s.known_player(player)
    decoys = [x for x in p.procession.pieces if x != MASTER]
    for oid in decoys:
        move(s, oid, "hand")
    p.procession = None
    if decoys:
        log.append(
            event(
                f"{player}'s unspent decoys return to hand: " + ", ".join(s.objects[o].card for o in decoys),
                "408.5d",
                "703.4c",
            )
        )


def round_begins(s: GameState, log: list) -> None:
    """703.4c, 408.5d-e: as each round begins, the convoys on the road count it; the third Day
    round brings the arrival, a Night ends the travel safely."""
    for p in s.players:
        if p.procession is None:
            continue
        if not s.is_day:
            log.append(
                event(
                    f"Night falls before {p.name}'s Master arrives: the travel ends safely and it emerges "
                    f"onto the battlefield",
                    "408.5e",
                    "731.7",
                    "703.4c",
                )
            )
            _disband(s, p.name, log)
            continue
        p.procession = replace(p.procession, day_rounds=p.procession.day_rounds + 1)
        if p.procession.day_rounds >= ARRIVAL_ROUND:
            _arrive(s, p.name, log)


def _arrive(s: GameState, player: str, log: list) -> None:
    p = s.known_player(player)
    dest = p.procession.dest
    if s.objects[dest].zone != "battlefield" or s.objects[dest].controller != player:
        log.append(
            event(
                f"{player}'s destination is no longer a Haven they control: the Master is revealed at "
                f"journey's end with no refuge",
                "408.5d",
                "704.5f",
            )
        )
        p.refuge = None
        _disband(s, player, log)
        return
    gained = max(0, min(ARRIVAL_VITAE, p.cap - p.vitae))
    p.vitae += gained
    p.refuge = dest
    if not holds_seat(s, player, dest):
        p.seats = p.seats + (dest,)
    log.append(
        event(
            f"the third Day round of the road begins: {player}'s Master arrives, revealed at "
            f"{s.known_card(dest).name} — its refuge now, holding its seat — and recovers {gained} Vitae "
            f"({p.vitae}, cap {p.cap})",
            "408.5d",
            "703.4c",
            "408.5i",
            "310.8a",
            "119.1",
        )
    )
    _disband(s, player, log)
