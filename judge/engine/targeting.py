"""Targets (115, 601.2c, 608.3): naming them and checking that they are legal."""
from __future__ import annotations

from judge.engine import characteristics as ch
from judge.engine import keywords
from judge.engine.state import GameState

ELUSIVE = keywords.implements("Elusive", "702.13", "optional-quality")
SANCTITY = keywords.implements("Sanctity", "702.15", "quality")


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
    if protection(s, controller, target, source):
        return False
    if kind == "permanent":
        return True
    return ch.ctype(s, obj) == kind


def protection(s: GameState, controller: str, target: str, source: str | None = None) -> tuple:
    """The rules that keep a permanent from being targeted by `controller`'s spell or ability
    from `source`: Elusive against an opponent's, or only against those of its quality (702.13a);
    Sanctity from a quality the source has (702.15a). Empty when nothing protects it."""
    obj = s.objects.get(target)
    if obj is None:
        return ()
    elusive = ch.keyword_value(s, obj, ELUSIVE)
    sanctity = ch.keyword_value(s, obj, SANCTITY)
    if elusive is None and not sanctity:
        return ()
    src = s.objects.get(source) if source else None
    qualities = ch.qualities(s, src) if src is not None else set()
    if elusive is not None and obj.controller != controller and (not elusive or elusive in qualities):
        return ("702.13a",)
    if sanctity and sanctity in qualities:
        return ("702.15a",)
    return ()
