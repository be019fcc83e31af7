"""Targets (115, 601.2c, 608.3): naming them and checking that they are legal."""

from __future__ import annotations

from judge.engine.core import keywords
from judge.engine.core.state import GameState
from judge.engine.reading import announcements, calendar
from judge.engine.reading import characteristics as ch
from judge.engine.reading.references import procession_piece

ELUSIVE = keywords.implements("Elusive", "702.13", "optional-quality")
SANCTITY = keywords.implements("Sanctity", "702.15", "quality")


def threshold_open(s: GameState, controller: str, obj) -> bool:
    """310.10, 408.2b: what a Shelter holds is out of reach but of an Invited opponent's spells
    and abilities — and of everyone's on a night whose thresholds fail (St. George's Eve, 310.12)."""
    if obj.controller == controller:
        return False
    return controller in s.known_player(obj.controller).invited or calendar.law_holds(s, "thresholds_fail") is not None


def is_legal(s: GameState, controller: str, target: str, kind: str, source: str | None = None) -> bool:
    """Whether `target` is a legal `kind` target for `controller`'s spell or ability from the
    object `source` (when given: Sanctity from a quality it has forbids it, 702.15a)."""
    if kind == "player":
        p = s.player(target)
        return p is not None and not p.lost
    if target.startswith("piece:"):  # a hidden piece of another player's Procession (408.5, 309.4)
        found = procession_piece(s, target)  # refused when two convoys are on the road
        return kind == "Procession piece" and found is not None and found[0] != controller
    if kind == "Procession piece":
        return False
    if target.startswith("stack:") or any(i.obj == target for i in s.stack):
        if kind not in ("spell", "spell or ability"):
            return False
        item = s.stack_item(target)
        if item is None:
            return False
        if item.kind == "spell" or kind == "spell or ability":
            return True
        # 405.6c: every announcement of 405.6's list is counterable as if it were a spell (policy C42)
        return announcements.member(item) is not None and s.policies.reading("C42") == "405.6c"
    obj = s.objects.get(target)
    if obj is None or obj.zone not in ("battlefield", "shelter"):
        return False
    if obj.zone == "shelter" and not threshold_open(s, controller, obj):
        return False
    if protection(s, controller, target, source):
        return False
    if kind == "permanent":
        return True
    card = s.card(obj)
    return card is not None and card.is_a(kind)  # a card of two types is a target of either (300.2)


def legal_targets(s: GameState, controller: str, kind: str, source: str | None = None) -> list[str]:
    """Every legal `kind` target for `controller` now: players, permanents (and what a Shelter
    holds, where its threshold is open), objects on the stack, Procession pieces."""
    if kind == "player":
        candidates = [p.name for p in s.players]
    elif kind in ("spell", "spell or ability"):
        candidates = [item.obj or f"stack:{item.uid}" for item in s.stack]
    elif kind == "Procession piece":
        candidates = list(
            dict.fromkeys(
                f"piece:{n}"
                for p in s.players
                if p.procession is not None
                for n in range(1, len(p.procession.pieces) + 1)
            )
        )
    else:
        candidates = list(s.battlefield) + [o for p in s.players for o in p.shelter]
    return [t for t in candidates if is_legal(s, controller, t, kind, source)]


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


def target_name(s: GameState, t: str) -> str:
    if s.player(t) is not None:
        return t
    item = s.stack_item(t)
    if item is not None and item.kind == "seal":
        return f"{item.controller}'s seal announcement"
    found = announcements.member(item) if item is not None and item.obj is None else None
    if (
        found is not None and item is not None
    ):  # an announcement with no card of its own, named by its place in 405.6's list
        return f"{item.controller}'s {found.id.replace('-', ' ')} announcement"
    obj = s.objects.get(t)
    if obj is not None and obj.face_down:
        return "a face-down permanent"  # its guise has no name (708.2)
    return s.known_card(obj).name if obj and s.card(obj) else t


def threshold_rule(s: GameState, target: str) -> tuple:
    obj = s.objects.get(target)
    return ("310.10", "408.2b") if obj is not None and obj.zone == "shelter" else ()
