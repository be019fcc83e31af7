"""Moving objects between zones — the pipeline's mutation of zones, and nothing more (what a
move becomes under replacement effects is decided before, in perform.py). A card that changes
zones becomes a new object (400.7): its damage, counters, status and attachments are left
behind. The id is kept so that a scenario can still name it; the change is what the rules
care about."""

from __future__ import annotations

from dataclasses import replace

from judge.engine.core.state import GameState, Obj


def remove_from_zone(s: GameState, oid: str) -> None:
    obj = s.objects[oid]
    if obj.zone == "stack":
        s.stack = [
            i if oid not in i.batch else replace(i, batch=tuple(b for b in i.batch if b != oid))
            for i in s.stack
            if i.obj != oid
        ]
        return
    container = s.zone_list(obj)
    if container is not None and oid in container:
        container.remove(oid)


def move(
    s: GameState, oid: str, zone: str, *, bottom: bool = False, controller: str | None = None, keep: bool = False
) -> str:
    """Move an object to `zone` (its owner's zone, or the shared battlefield/stack) — nothing
    else: replacement effects have had their say already (perform.move).
    `keep`: sheltering and returning, which are not zone changes of the 400.7 kind — the unit
    keeps its damage and status (its healing on return is the caller's business, 503.3c).
    Returns `zone`."""
    obj = s.edit(oid)
    left_battlefield = obj.zone == "battlefield" and zone != "battlefield"
    if s.arrangements:  # a card that moves on is no longer among cards that arrived together (arranging.py)
        s.arrangements = tuple(
            a
            for a in (
                replace(a, ids=tuple(i for i in a.ids if i != oid)) if oid in a.ids else a for a in s.arrangements
            )
            if len(a.ids) > 1
        )
    if obj.face_down and obj.zone in ("battlefield", "stack") and zone != "battlefield" and not keep:
        # 708.9: a face-down card leaving the battlefield, or the stack for anywhere but the
        # battlefield, is revealed to all players as it goes
        obj.face_down, obj.guise, obj.revealed = False, None, True
    remove_from_zone(s, oid)
    obj.card_type = None  # its modifiers, type-changing ones too, stay behind (400.7)
    if keep:
        s.modifiers = [m for m in s.modifiers if m.obj != oid]
        _out_of_combat(s, oid)
    elif left_battlefield or zone != "battlefield":
        obj.damage = 0
        obj.counters = {}
        obj.drained = False
        obj.attached_to = None
        obj.venom_hit = False
        obj.marks = ()
        obj.undertaker = None
        obj.controller = obj.owner
        s.modifiers = [m for m in s.modifiers if m.obj != oid]
        # 400.7: effects watching the old object do not follow the new one (615.8, 614.6f)
        s.shields = [sh for sh in s.shields if oid not in (sh.recipient, sh.source)]
        s.redirects = [r for r in s.redirects if r.protect != oid]
        if s.marks:
            s.marks = tuple(m for m in s.marks if oid not in m)  # a Reckoning's link (702.50a)
        # Whatever was attached to it is left for the state-based check (704.5r, 704.5s).
        _out_of_combat(s, oid)  # 506.6
    obj.zone = zone
    if zone == "battlefield":
        obj.controller = controller or obj.controller
        obj.newly_turned = not keep
        obj.timestamp = s.next_ts
        s.next_ts += 1
        s.own("battlefield").append(oid)
    elif zone in ("stack", "procession"):
        pass  # the caller places the StackItem, or lists the piece in the Procession (processions.py)
    else:
        container = s.zone_list(obj)
        assert container is not None, f"{zone} is a zone of the battlefield or of a player"
        if bottom or zone in ("hand", "spoils", "void", "pit", "shelter", "slot", "wards", "laboratory"):
            container.append(oid)
        else:
            container.insert(0, oid)
    return zone


def draw_top(s: GameState, name: str) -> str | None:
    """The top card of the player's Domain into their hand; None if the Domain is empty.
    An unknown card (None in the Domain) becomes an object as it is drawn."""
    p = s.known_player(name)
    if not p.domain:
        return None
    top = p.own("domain").pop(0)
    if top is None:
        top = f"{name.lower()}-card-{s.next_uid}"
        s.next_uid += 1
        s.add_object(Obj(top, "", name, name, "hand"))
    else:
        s.edit(top).zone = "hand"
    p.own("hand").append(top)
    return top


def _out_of_combat(s: GameState, oid: str) -> None:
    """506.6: a blocker that leaves is removed from combat (its attacker stays blocked, 509.1g)."""
    if any(oid in a.blockers for a in s.attacks):
        s.attacks = [
            replace(a, blockers=tuple(b for b in a.blockers if b != oid)) if oid in a.blockers else a for a in s.attacks
        ]


def look_at_top(s: GameState, name: str, n: int) -> list[str]:
    """The ids of the top `n` cards of the player's Domain (fewer if it holds fewer); an unknown
    card becomes an object as it is looked at, so that it can be named, and stays where it is."""
    p = s.known_player(name)
    domain = p.own("domain")
    ids: list[str] = []  # domain[:n], every card of it an object by now
    for i in range(min(n, len(domain))):
        top = domain[i]
        if top is None:
            top = f"{name.lower()}-card-{s.next_uid}"
            s.next_uid += 1
            s.add_object(Obj(top, "", name, name, "domain"))
            domain[i] = top
        ids.append(top)
    return ids


def put_on_bottom(s: GameState, name: str, oids: list[str]) -> None:
    """Move those cards of the player's Domain to its bottom, the last listed undermost."""
    domain = s.known_player(name).own("domain")
    for oid in oids:
        domain.remove(oid)
    domain.extend(oids)
