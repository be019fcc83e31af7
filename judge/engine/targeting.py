"""Targets (115, 601.2c, 608.3): naming them and checking that they are legal."""
from __future__ import annotations

from judge.engine import characteristics as ch
from judge.engine.state import GameState


def is_legal(s: GameState, controller: str, target: str, kind: str, source: str | None = None) -> bool:
    """Whether `target` is a legal `kind` target for `controller`'s spell or ability from the
    object `source` (when given: Sanctity from a quality it has forbids it, 702.15a)."""
    if kind == "player":
        p = s.player(target)
        return p is not None and not p.lost
    if target.startswith("stack:") or any(i.obj == target for i in s.stack):
        if kind not in ("spell", "spell or ability"):
            return False
        item = s.stack_item(target)
        if item is None:
            return False
        if item.kind in ("seal", "set"):
            return s.policies.reading("C42") == "405.6c" or kind == "spell or ability"
        return item.kind == "spell" or kind == "spell or ability"
    obj = s.objects.get(target)
    if obj is None or obj.zone != "battlefield":
        return False
    if ch.has(s, obj, "Elusive") and obj.controller != controller:
        return False  # 702.13a: hexproof's reskin
    quality = ch.keyword_value(s, obj, "Sanctity")
    if quality and source in s.objects and quality in ch.qualities(s, s.objects[source]):
        return False  # 702.15a
    if kind == "permanent":
        return True
    return ch.ctype(s, obj) == kind


def legal_targets(s: GameState, controller: str, kind: str, source: str | None = None) -> list[str]:
    """Every legal `kind` target for `controller` now: players, permanents, objects on the stack."""
    if kind == "player":
        candidates = [p.name for p in s.players]
    elif kind in ("spell", "spell or ability"):
        candidates = [item.obj or f"stack:{item.uid}" for item in s.stack]
    else:
        candidates = list(s.battlefield)
    return [t for t in candidates if is_legal(s, controller, t, kind, source)]
