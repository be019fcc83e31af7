"""Intervening "if" conditions of triggered abilities (603.4): `if:` on a card's trigger, read
as the ability triggers and again as it resolves. One row per condition word (CONDITIONS, the
words of judge/cards/vocabulary.py TRIGGER_CONDITIONS): whether it holds for the ability's
controller, how it reads, and the rules it cites besides 603.4."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from judge.engine.core.state import GameState
from judge.engine.reading import characteristics as ch


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


def _controls_words(spec: dict) -> str:
    what = " ".join(x for x in (spec.get("subtype"), spec.get("type")) if x) or "permanent"
    return f"its controller controls {spec.get('at_least', 1)} or more {what}(s)"


def _different_names(s: GameState, n: int, player: str) -> bool:
    """{different_names: N}, 201.3b: N or more Entities the player controls, each with a name, no
    two sharing one — a nameless object (a face-down guise, 708.2) never counts."""
    names = set()
    for oid in s.battlefield:
        card = s.card(oid)
        if s.objects[oid].controller == player and card is not None and card.is_a("Entity") and card.name:
            names.add(card.name)
    return len(names) >= n


class Condition(NamedTuple):
    # each reads its word's value in the card file (a mapping for `controls`, a number for
    # `different_names`...): the value's shape is the condition's own
    holds: Callable[[GameState, Any, str], bool]
    words: Callable[[Any], str]
    rules: tuple = ()


CONDITIONS: dict[str, Condition] = {
    "controls": Condition(_controls, _controls_words),
    "different_names": Condition(
        _different_names, lambda n: f"its controller controls {n} or more Entities with different names", ("201.3b",)
    ),
}


def holds(s: GameState, condition: dict, player: str) -> bool:
    return all(CONDITIONS[word].holds(s, spec, player) for word, spec in condition.items())


def describe(condition: dict) -> str:
    return " and ".join(CONDITIONS[word].words(spec) for word, spec in condition.items())


def rules(condition: dict) -> tuple:
    """The rules a condition's words cite besides 603.4."""
    return tuple(r for word in condition for r in CONDITIONS[word].rules)
