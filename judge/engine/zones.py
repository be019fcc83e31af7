"""Moving objects between zones. A card that changes zones becomes a new object (400.7):
its damage, counters, status and attachments are left behind. The id is kept so that a
scenario can still name it; the change is what the rules care about."""
from __future__ import annotations

from judge.engine.state import GameState


def remove_from_zone(s: GameState, oid: str) -> None:
    obj = s.objects[oid]
    if obj.zone == "stack":
        s.stack = [i for i in s.stack if i.obj != oid]
        for item in s.stack:
            if oid in item.batch:
                item.batch.remove(oid)
        return
    container = s.zone_list(obj)
    if container is not None and oid in container:
        container.remove(oid)


def move(s: GameState, oid: str, zone: str, *, bottom: bool = False, controller: str | None = None,
         keep: bool = False, log: list | None = None, instead: str | None = None) -> str:
    """Move an object to `zone` (its owner's zone, or the shared battlefield/stack).
    `keep`: sheltering and returning, which are not zone changes of the 400.7 kind — the unit
    keeps its damage and status (its healing on return is the caller's business, 503.3c).
    With a `log`, a card bound for a Spoils meets the replacement effects watching for that
    (614, 616; `instead` is the moving instruction's own self-replacement). Returns the zone it
    actually went to: a caller fires dies-triggers only if that is the Spoils."""
    obj = s.objects[oid]
    if zone == "spoils" and log is not None:
        from judge.engine.replacement import where_to
        zone = where_to(s, oid, zone, log, dies=obj.zone == "battlefield", instead=instead)
        if zone == "domain":
            bottom = True  # "shuffled in": the position is not modelled, the bottom stands for it
    left_battlefield = obj.zone == "battlefield" and zone != "battlefield"
    remove_from_zone(s, oid)
    if keep:
        s.modifiers = [m for m in s.modifiers if m.obj != oid]
        for attack in s.attacks:
            if oid in attack.blockers:
                attack.blockers.remove(oid)
    elif left_battlefield or zone != "battlefield":
        obj.damage = 0
        obj.counters = {}
        obj.drained = False
        obj.attached_to = None
        obj.venom_hit = False
        obj.controller = obj.owner
        s.modifiers = [m for m in s.modifiers if m.obj != oid]
        # 400.7: effects watching the old object do not follow the new one (615.8, 614.6f)
        s.shields = [sh for sh in s.shields if oid not in (sh.recipient, sh.source)]
        s.redirects = [r for r in s.redirects if r.protect != oid]
        # Whatever was attached to it is left for the state-based check (704.5r, 704.5s).
        for attack in s.attacks:  # 506.6: removed from combat
            if oid in attack.blockers:
                attack.blockers.remove(oid)
    obj.zone = zone
    if zone == "battlefield":
        obj.controller = controller or obj.controller
        obj.newly_turned = not keep
        obj.timestamp = s.next_ts
        s.next_ts += 1
        s.battlefield.append(oid)
    elif zone == "stack":
        pass  # the caller places the StackItem
    else:
        container = s.zone_list(obj)
        if bottom or zone in ("hand", "spoils", "void", "pit", "shelter", "slot", "wards"):
            container.append(oid)
        else:
            container.insert(0, oid)
    return zone
