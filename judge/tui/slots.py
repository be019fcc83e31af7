"""Which cards the board's pickers offer for a slot: the card types judge/tui/slots.yaml
allows there, matched against each card file's `type:` (data, never card names).

A mistake in the YAML (an unknown slot key, a type the card format does not know, a slot
missing) is refused when it is read, naming the file and line.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml

from judge.cards.vocabulary import CARD_TYPES

SLOTS_FILE = Path(__file__).with_name("slots.yaml")
SLOTS = ("master", "battlefield", "shelter", "stack", "hand", "spoils", "void", "pit")


class SlotsError(Exception):
    """slots.yaml is wrong; the message names the file and line."""


@cache
def allowed_types(path: Path = SLOTS_FILE) -> dict[str, frozenset[str]]:
    """slot -> the card types a picker for it offers."""
    text = path.read_text(encoding="utf-8")
    try:
        root = yaml.compose(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise SlotsError(f"{path}:{mark.line + 1 if mark else '?'}: malformed YAML: {exc}") from None
    if not isinstance(root, yaml.MappingNode):
        raise SlotsError(f"{path}:1: a mapping of slot -> {{only: [types]}} or {{all_but: [types]}}")
    out: dict[str, frozenset[str]] = {}
    for key_node, value_node in root.value:
        where = f"{path}:{key_node.start_mark.line + 1}"
        slot = key_node.value
        if slot not in SLOTS:
            raise SlotsError(f"{where}: unknown slot {slot!r} (slots: {', '.join(SLOTS)})")
        rule = yaml.safe_load(yaml.serialize(value_node))
        if not (
            isinstance(rule, dict)
            and len(rule) == 1
            and set(rule) <= {"only", "all_but"}
            and isinstance(next(iter(rule.values())), list)
        ):
            raise SlotsError(f"{where}: {slot}: write either `only: [types]` or `all_but: [types]`")
        ((how, types),) = rule.items()
        unknown = sorted(set(map(str, types)) - CARD_TYPES)
        if unknown:
            raise SlotsError(
                f"{where}: {slot}: unknown card type(s) {', '.join(unknown)} (types: {', '.join(sorted(CARD_TYPES))})"
            )
        out[slot] = frozenset(types) if how == "only" else CARD_TYPES - set(types)
    missing = [s for s in SLOTS if s not in out]
    if missing:
        raise SlotsError(f"{path}: no rule for the slot(s) {', '.join(missing)}")
    return out


def legal_names(slot: str, card_types: dict[str, str], path: Path = SLOTS_FILE) -> list[str]:
    """The names of the cards (name -> type) a picker for `slot` offers, sorted."""
    allowed = allowed_types(path)[slot]
    return sorted(name for name, ctype in card_types.items() if ctype in allowed)
