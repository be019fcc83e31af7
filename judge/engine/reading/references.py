"""What an action's words name: object ids, card names in a zone, players, `top`/`seal`/`fire`
on the stack. Each unresolvable reference is a refusal naming it."""

from __future__ import annotations

from judge.engine.core.errors import Malformed, Refused
from judge.engine.core.state import GameState


def resolve_ref(s: GameState, ref, player: str | None = None, zone: str | None = None) -> str:
    """An object id, player name, `seal`/`top`/a spell's name on the stack -> an id."""
    ref = str(ref)
    if ref == "top":
        if not s.stack:
            raise Refused("the stack is empty: there is no top object", "405.2")
        item = s.stack[-1]
        return item.obj or f"stack:{item.uid}"
    if ref in ("seal", "set"):
        for item in reversed(s.stack):
            if item.kind == ref:
                return f"stack:{item.uid}"
        raise Refused(f"there is no {ref} announcement on the stack", "405.6a" if ref == "seal" else "405.6")
    if ref == "fire":
        for item in reversed(s.stack):
            if item.fired:
                assert item.obj is not None, "a Fired Power is cast: a card object (601.11)"
                return item.obj
        raise Refused("there is no Fired Power on the stack", "405.6b")
    if ref.startswith("piece:") and zone is None:
        if procession_piece(s, ref) is None:
            raise Refused(f"there is no Procession piece {ref!r} on the road", "408.5")
        return ref
    if s.player(ref) is not None and zone is None:
        return ref
    if ref in s.objects:
        return ref
    candidates = [o for o in s.objects.values() if o.card == ref and o.zone != "gone"]
    if zone is not None:
        candidates = [o for o in candidates if o.zone == zone and (player is None or o.owner == player)]
    if len(candidates) > 1:
        for preferred in ("stack", "battlefield", "hand"):
            narrowed = [o for o in candidates if o.zone == preferred]
            if len(narrowed) == 1:
                return narrowed[0].id
        raise Malformed(f"{ref!r} names more than one object; use an id")
    if not candidates:
        where = f" in {player}'s {zone}" if zone else ""
        raise Refused(f"there is no {ref!r}{where}", "601.1" if zone == "hand" else "115.1")
    return candidates[0].id


def procession_piece(s: GameState, ref) -> tuple[str, int, str] | None:
    """`piece:N` -> (the traveling player, N, the piece: MASTER or a decoy id); None if no such piece.
    With several convoys on the road a bare `piece:N` would be ambiguous: it is refused, by
    targeting, combat and the strike alike (one lookup, so they cannot disagree)."""
    if not isinstance(ref, str) or not ref.startswith("piece:") or not ref[6:].isdigit():
        return None
    n = int(ref[6:])
    found = [
        (p.name, n, p.procession.pieces[n - 1])
        for p in s.players
        if p.procession is not None and 1 <= n <= len(p.procession.pieces)
    ]
    if len(found) > 1:
        raise Refused(f"{ref} names a piece of more than one Procession", "408.5")
    return found[0] if found else None


def player(s: GameState, name) -> str:
    p = s.player(str(name))
    if p is None:
        raise Malformed(f"there is no player {name!r}")
    if p.lost:
        raise Refused(f"{name} has left the game", "104.5")
    return p.name


def as_list(value) -> list:
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]
