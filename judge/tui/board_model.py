"""Editing a board: small, checked changes to a scenario held as plain data.

The board screen keeps the scenario exactly as the file format has it (scenario-format.md),
so saving is writing it out and loading is reading it in. Every change here either applies
whole or raises BoardError with a message, leaving the data as it was. What a board *means*
is for the engine to say when it is saved or replayed.
"""

from __future__ import annotations

import copy
import re


class BoardError(Exception):
    pass


PLAYER_NUMBERS = ("vitae", "corruption", "wrath", "pool")
OBJECT_ZONES = ("battlefield", "shelter")  # zones whose cards carry damage, counters, drained
ZONES = ("hand", "battlefield", "spoils", "void", "pit", "shelter")


def player(data: dict, index: int) -> dict:
    players = data.get("players") or []
    if not 0 <= index < len(players):
        raise BoardError(f"there is no player {index + 1}")
    return players[index]


def get_number(data: dict, index: int, field: str) -> int:
    p = player(data, index)
    if field == "vitae":
        return int((p.get("master") or {}).get("vitae") or 0)
    if field == "pool":
        pool = p.get("pool") or 0
        if isinstance(pool, list):  # units: [{amount: 2, source: Sacred}, 1]
            return sum(u.get("amount", 0) if isinstance(u, dict) else int(u) for u in pool)
        return int(pool)
    return int(p.get(field) or 0)


def set_number(data: dict, index: int, field: str, value: int) -> None:
    if field not in PLAYER_NUMBERS:
        raise BoardError(f"{field} is not a number a player has")
    if value < 0 and field != "vitae":
        raise BoardError(f"{field} cannot go below 0")
    p = player(data, index)
    if field == "vitae":
        p.setdefault("master", {})
        if p["master"] is None:
            p["master"] = {}
        p["master"]["vitae"] = value
    elif field == "pool" and isinstance(p.get("pool"), list) and value != get_number(data, index, "pool"):
        p["pool"] = value  # editing a source-tagged pool by hand makes it a plain amount
    else:
        p[field] = value


def add_player(data: dict, name: str) -> None:
    name = name.strip()
    if not name:
        raise BoardError("a player needs a name")
    if any(p.get("name") == name for p in data.get("players") or []):
        raise BoardError(f"there is already a player called {name}")
    data.setdefault("players", []).append(
        {
            "name": name,
            "master": {"card": None, "vitae": 20},
            "corruption": 0,
            "wrath": 0,
            "pool": 0,
            "hand": [],
            "battlefield": [],
            "spoils": [],
        }
    )


def remove_player(data: dict, index: int) -> None:
    name = player(data, index).get("name")
    if len(data["players"]) <= 1:
        raise BoardError("a board needs at least one player")
    del data["players"][index]
    turn = data.setdefault("turn", {})
    if turn.get("active") == name:
        turn["active"] = data["players"][0].get("name")
    if turn.get("priority") == name:
        turn.pop("priority")


def set_master(data: dict, index: int, card: str) -> None:
    p = player(data, index)
    master = p.get("master") or {}
    p["master"] = {**master, "card": card}


def zone(data: dict, index: int, zone_name: str) -> list:
    if zone_name not in ZONES:
        raise BoardError(f"{zone_name} is not a zone a board can hold cards in")
    p = player(data, index)
    cards = p.get(zone_name)
    if cards is None:
        cards = p[zone_name] = []
    if not isinstance(cards, list):
        raise BoardError(f"{p.get('name')}'s {zone_name} is not a list of cards")
    return cards


def card_name(item) -> str:
    return item.get("card", "?") if isinstance(item, dict) else str(item)


def add_card(data: dict, index: int, zone_name: str, card: str) -> None:
    """Add a card; a second copy of a card on the board gets its own id, so that actions and
    expectations can tell the copies apart (a bare name must name one object)."""
    cards = zone(data, index, zone_name)
    if zone_name in ("hand",):
        cards.append(card)
        return
    item = {"card": card}
    if card in _names_on_board(data):
        item["id"] = _free_id(data, card)
    cards.append(item)


def _objects(data: dict):
    for p in data.get("players") or []:
        for zone_name in (*ZONES, "domain"):
            cards = p.get(zone_name)
            if isinstance(cards, list):
                yield from cards
        master = p.get("master")
        if isinstance(master, dict):
            yield master


def _names_on_board(data: dict) -> set[str]:
    return {card_name(item) for item in _objects(data)}


def _free_id(data: dict, card: str) -> str:
    from judge.corpus.slug import slugify

    taken = {item.get("id") for item in _objects(data) if isinstance(item, dict)}
    base = slugify(card) or "card"
    n = 2
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"


def remove_card(data: dict, index: int, zone_name: str, position: int) -> None:
    cards = zone(data, index, zone_name)
    if not 0 <= position < len(cards):
        raise BoardError("no card there")
    del cards[position]


def _object(data: dict, index: int, zone_name: str, position: int) -> dict:
    cards = zone(data, index, zone_name)
    if not 0 <= position < len(cards):
        raise BoardError("no card there")
    item = cards[position]
    if not isinstance(item, dict):
        if zone_name in ("hand",):
            raise BoardError("cards in hand carry no damage, counters or drained state")
        item = cards[position] = {"card": str(item)}
    return item


def change_damage(data: dict, index: int, zone_name: str, position: int, delta: int) -> int:
    if zone_name not in OBJECT_ZONES:
        raise BoardError("only cards on the battlefield (or in a Shelter) carry damage")
    item = _object(data, index, zone_name, position)
    value = int(item.get("damage") or 0) + delta
    if value < 0:
        raise BoardError("damage cannot go below 0")
    if value:
        item["damage"] = value
    else:
        item.pop("damage", None)
    return value


def change_counter(data: dict, index: int, zone_name: str, position: int, kind: str, delta: int) -> int:
    if zone_name not in OBJECT_ZONES:
        raise BoardError("only cards on the battlefield (or in a Shelter) carry counters")
    kind = kind.strip()
    if not re.fullmatch(r"[A-Za-z][\w -]*", kind):
        raise BoardError("a counter kind is a word, e.g. growth")
    item = _object(data, index, zone_name, position)
    counters = dict(item.get("counters") or {})
    value = int(counters.get(kind, 0)) + delta
    if value < 0:
        raise BoardError(f"there is no {kind} counter to remove")
    if value:
        counters[kind] = value
    else:
        counters.pop(kind, None)
    if counters:
        item["counters"] = counters
    else:
        item.pop("counters", None)
    return value


def toggle_drained(data: dict, index: int, zone_name: str, position: int) -> bool:
    if zone_name != "battlefield":
        raise BoardError("only permanents on the battlefield can be drained")
    item = _object(data, index, zone_name, position)
    item["drained"] = not item.get("drained", False)
    if not item["drained"]:
        item.pop("drained")
    return bool(item.get("drained"))


def add_to_stack(data: dict, card: str, controller: str) -> None:
    data.setdefault("stack", []).append({"spell": card, "controller": controller})


def remove_from_stack(data: dict, position: int) -> None:
    stack = data.get("stack") or []
    if not 0 <= position < len(stack):
        raise BoardError("nothing there on the stack")
    del stack[position]


def cycle(values: list, current, delta: int):
    if not values:
        raise BoardError("nothing to choose from")
    if current not in values:
        return values[0]
    return values[(values.index(current) + delta) % len(values)]


def set_turn(data: dict, field: str, value) -> None:
    turn = data.setdefault("turn", {})
    turn[field] = value


def snapshot(data: dict) -> dict:
    """A copy to restore if a change turns out to be refused."""
    return copy.deepcopy(data)


def parse_line(text: str):
    """One action or expectation typed as YAML: `pass` or `{player: Ana, cast: X, targets: [y]}`.
    Whether it means anything is the engine's to say when the board is replayed or saved."""
    import yaml

    try:
        value = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at column {mark.column + 1}" if mark is not None else ""
        raise BoardError(f"not valid YAML{where}: {getattr(exc, 'problem', exc)}") from None
    if not (value == "pass" or isinstance(value, dict)):
        raise BoardError("write `pass` or a mapping such as {player: Ana, cast: Sacramental Fire}")
    return value


def parse_value(text: str):
    """One value of an action typed as YAML (a list of ids, a mapping, a number)."""
    import yaml

    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at column {mark.column + 1}" if mark is not None else ""
        raise BoardError(f"not valid YAML{where}: {getattr(exc, 'problem', exc)}") from None


def add_line(data: dict, section: str, text: str) -> None:
    if section not in ("actions", "expect"):
        raise BoardError(f"{section} is not a list of actions or expectations")
    value = parse_line(text)
    if section == "expect" and not isinstance(value, dict):
        raise BoardError("an expectation is a mapping, e.g. {object: column, zone: spoils}")
    data.setdefault(section, []).append(value)


def remove_line(data: dict, section: str, position: int) -> None:
    lines = data.get(section) or []
    if not 0 <= position < len(lines):
        raise BoardError(f"no such line in {section}")
    del lines[position]


def set_object_id(data: dict, index: int, zone_name: str, position: int, new_id: str) -> None:
    """Name a card so actions and expectations can point at it (`targets: [column]`)."""
    new_id = new_id.strip()
    if not re.fullmatch(r"[A-Za-z0-9][\w-]*", new_id):
        raise BoardError("an id is one word: letters, digits, - or _ (e.g. column)")
    item = _object_or_entry(data, index, zone_name, position)
    if any(isinstance(o, dict) and o.get("id") == new_id and o is not item for o in _objects(data)):
        raise BoardError(f"another card already has the id {new_id}")
    item["id"] = new_id


def _object_or_entry(data: dict, index: int, zone_name: str, position: int) -> dict:
    cards = zone(data, index, zone_name)
    if not 0 <= position < len(cards):
        raise BoardError("no card there")
    if not isinstance(cards[position], dict):
        cards[position] = {"card": str(cards[position])}
    return cards[position]


def move_card(data: dict, index: int, from_zone: str, position: int, to_zone: str) -> None:
    """Move a card to another of its owner's zones. Leaving the battlefield it loses damage,
    counters and drained (a new object, 400.7); it keeps its id so actions still find it."""
    if to_zone == from_zone:
        raise BoardError(f"the card is already in {to_zone}")
    source = zone(data, index, from_zone)
    target = zone(data, index, to_zone)
    if not 0 <= position < len(source):
        raise BoardError("no card there")
    item = source[position]
    name, ident = card_name(item), item.get("id") if isinstance(item, dict) else None
    if to_zone == "hand":
        moved = {"card": name, "id": ident} if ident else name
    else:
        moved = {"card": name, **({"id": ident} if ident else {})}
    del source[position]
    target.append(moved)
