"""Intervening "if" conditions of triggered abilities (603.4): `if:` on a card's trigger, read
as the ability triggers and again as it resolves. One function per condition word (CONDITIONS,
the words of judge/cards/vocabulary.py TRIGGER_CONDITIONS)."""
from __future__ import annotations

from typing import Callable

from judge.engine import characteristics as ch
from judge.engine.state import GameState


def _controls(s: GameState, spec: dict, player: str) -> bool:
    """{controls: {subtype, type, at_least}}: the player controls at least N such permanents."""
    count = 0
    for oid in s.battlefield:
        obj = s.objects[oid]
        if obj.controller != player:
            continue
        if "type" in spec and ch.ctype(s, obj) != spec["type"]:
            continue
        if "subtype" in spec and spec["subtype"] not in ch.subtypes(s, obj):
            continue
        count += 1
    return count >= spec.get("at_least", 1)


CONDITIONS: dict[str, Callable[[GameState, dict, str], bool]] = {
    "controls": _controls,
}


def holds(s: GameState, condition: dict, player: str) -> bool:
    return all(CONDITIONS[word](s, spec, player) for word, spec in condition.items())


def describe(condition: dict) -> str:
    parts = []
    for word, spec in condition.items():
        if word == "controls":
            what = " ".join(x for x in (spec.get("subtype"), spec.get("type")) if x) or "permanent"
            parts.append(f"its controller controls {spec.get('at_least', 1)} or more {what}(s)")
    return " and ".join(parts)
