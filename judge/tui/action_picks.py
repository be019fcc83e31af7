"""What the board's action picker asks and offers: the action kinds are the engine's table
(judge.engine.play.action_kinds.ACTIONS), how each kind's values are picked is action_picks.yaml, and
the choices are what is on the board (the scenario data the board screen edits). No UI here:
the pickers that ask are judge.tui.action_picker.

A mistake in the YAML (a kind the engine does not have, a kind left out, a key its kind does not
take, an unknown source) is refused when it is read, naming the file and line.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

PICKS_FILE = Path(__file__).with_name("action_picks.yaml")
SOURCES = ("hand", "spoils", "own", "permanent", "opponent", "attackable", "point", "flag", "typed", "targets")
EVERYONE = "everyone"  # who acts, for a kind that may go without a player (`pass`, `until`)


class PicksError(Exception):
    """action_picks.yaml is wrong; the message names the file and line."""


@dataclass(frozen=True)
class Choice:
    label: str  # what the picker shows
    value: object  # what goes into the action


@cache
def picks(path: Path = PICKS_FILE) -> dict[str, tuple[tuple[str, object], ...]]:
    """kind -> ((key, source or {sub-key: source}), …) in the order they are asked."""
    from judge.engine.play.action_kinds import ACTIONS

    text = path.read_text(encoding="utf-8")
    try:
        root = yaml.compose(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise PicksError(f"{path}:{mark.line + 1 if mark else '?'}: malformed YAML: {exc}") from None
    if not isinstance(root, yaml.MappingNode):
        raise PicksError(f"{path}:1: a mapping of action kind -> {{key: source}}")
    out: dict[str, tuple] = {}
    for key_node, value_node in root.value:
        where, kind = f"{path}:{key_node.start_mark.line + 1}", key_node.value
        if kind not in ACTIONS:
            raise PicksError(
                f"{where}: {kind!r} is not an action kind of the engine's "
                f"(judge/engine/play/action_kinds.py: {', '.join(ACTIONS)})"
            )
        asks = yaml.safe_load(yaml.serialize(value_node))
        if not isinstance(asks, dict):
            raise PicksError(f"{where}: {kind}: a mapping of key -> source")
        for key, source in asks.items():
            if key not in ACTIONS[kind].keys:
                raise PicksError(
                    f"{where}: {kind} takes no key {key!r} (it takes: {', '.join(sorted(ACTIONS[kind].keys))})"
                )
            for sub in source.values() if isinstance(source, dict) else (source,):
                if sub not in SOURCES:
                    raise PicksError(f"{where}: {kind}.{key}: unknown source {sub!r} (sources: {', '.join(SOURCES)})")
        out[kind] = tuple(asks.items())
    missing = [k for k in ACTIONS if k not in out]
    if missing:
        raise PicksError(f"{path}: no entry for the action kind(s) {', '.join(missing)}")
    return out


def kinds() -> list[str]:
    """The kinds, in the engine's table order."""
    from judge.engine.play.action_kinds import ACTIONS

    return [k for k in ACTIONS if k in picks()]


def who_choices(data: dict, kind: str) -> list[str]:
    """Who can take the action: the players, and "everyone" where the kind may go without one;
    [] for a kind that names no player."""
    from judge.engine.play.action_kinds import ACTIONS

    spec = ACTIONS[kind]
    if "player" not in spec.keys:
        return []
    names = [str(p.get("name")) for p in data.get("players") or []]
    return names + ([EVERYONE] if not spec.needs_player else [])


def _ref(item) -> str:
    if isinstance(item, dict):
        return str(item.get("id") or item.get("card"))
    return str(item)


def _name(item) -> str:
    return str(item.get("card", "?")) if isinstance(item, dict) else str(item)


def _permanents(data: dict, owner=lambda name: True) -> list[Choice]:
    out = []
    for p in data.get("players") or []:
        if not owner(p.get("name")):
            continue
        for item in p.get("battlefield") or []:
            ident = f" [{item['id']}]" if isinstance(item, dict) and item.get("id") else ""
            out.append(Choice(f"{_name(item)}{ident} — {p.get('name')}'s", _ref(item)))
    return out


def choices(source: str, data: dict, who: str | None) -> list[Choice]:
    """What a picker for `source` offers on this board, for the acting player `who`."""
    players = data.get("players") or []
    me: dict = next((p for p in players if p.get("name") == who), {})
    others = [str(p.get("name")) for p in players if p.get("name") != who]
    if source in ("hand", "spoils"):
        names = [_name(c) for c in me.get(source) or []]
        return [Choice(n, n) for n in dict.fromkeys(names)]
    if source == "own":
        return _permanents(data, lambda name: name == who)
    if source == "permanent":
        return _permanents(data)
    if source == "opponent":
        return [Choice(n, n) for n in others]
    if source == "attackable":
        return [Choice(f"{n} (the player)", n) for n in others] + _permanents(data, lambda name: name != who)
    if source == "targets":
        stack = [
            Choice(f"{s.get('spell')} — on the stack", s.get("spell"))
            for s in data.get("stack") or []
            if isinstance(s, dict) and s.get("spell")
        ]
        return (
            _permanents(data)
            + [Choice(f"{str(p.get('name'))} (the player)", str(p.get("name"))) for p in players]
            + stack
        )
    raise ValueError(f"no choices for the source {source!r}")  # point, flag, typed are asked otherwise


def assemble(kind: str, who: str | None, values: dict) -> dict | str:
    """The action as the scenario format writes it: the player first, then the kind's keys (or
    the bare word `pass`)."""
    if kind == "pass" and who in (None, EVERYONE):
        return "pass"
    action: dict = {"player": who} if who not in (None, EVERYONE) else {}
    for key, _ in picks()[kind]:
        if key in values:
            action[key] = values[key]
    return action
