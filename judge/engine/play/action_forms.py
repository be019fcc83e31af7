"""The forms of the engine's actions: one frozen dataclass per action kind, its fields the keys
the kind may carry (a key that is not a Python name, `pass`, carries it in its field's metadata),
each field reading its value as written (`_key`: references as str, lists as tuples). The table
of kinds, their shapes and handlers is judge/engine/play/action_kinds.py, which builds a form with
`read_action` once the written action passed its shape check."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from judge.engine.reading.references import as_list


def _ref_list(value) -> tuple[str, ...]:
    return tuple(str(r) for r in as_list(value))


class WrittenName(str):
    """A player's name written as some other scalar (`player: 5`): the str it reads as (a player
    named "5"), shown as written — `references.player` refuses an unknown name with its repr."""

    written: object

    def __new__(cls, written: object) -> WrittenName:
        name = super().__new__(cls, written)
        name.written = written
        return name

    def __repr__(self) -> str:
        return repr(self.written)


def _name(value) -> str:
    return value if type(value) is str else WrittenName(value)


def _key(read: Callable | None = None, key: str | None = None, **default):
    """A form's field: `read` turns the value as written (its shape checked) into the field's
    type; `key` is the action's key when it is not the field's name."""
    metadata = {k: v for k, v in (("read", read), ("key", key)) if v is not None}
    return field(metadata=metadata, **default)


def _ref(**default):
    return _key(str, **default)


def _player(**default):
    return _key(_name, **default)


def _refs(**default):
    return _key(_ref_list, **default)


def _pairs(first: str, second: str):
    return _key(lambda value: tuple((str(d[first]), str(d[second])) for d in as_list(value)))


@dataclass(frozen=True)
class Departure:
    to: str  # the Haven the Procession departs to
    pieces: tuple[str, ...]  # its pieces: the master (processions.MASTER) and decoys


def _departure(value) -> Departure:
    return Departure(str(value["to"]), _ref_list(value["pieces"]))


@dataclass(frozen=True)
class Cast:
    player: str = _player()
    cast: str = _ref()
    targets: tuple[str, ...] = _refs(default=())
    x: int | None = None
    pay: dict[str, int] | None = None  # {pool, master}: how much of the cost each pays
    tribute: bool = False
    recall: bool = False
    modes: tuple[int, ...] | None = _key(tuple, default=None)
    entwine: bool = False
    decree: tuple[str, ...] = _refs(default=())
    synthesis: bool = False
    masquerade: bool = False
    transmute: bool = False
    despoil: tuple[str, ...] = _refs(default=())
    muster: tuple[str, ...] = _refs(default=())


@dataclass(frozen=True)
class SetPower:
    player: str = _player()
    set: str = _ref()


@dataclass(frozen=True)
class Fire:
    player: str = _player()
    fire: str = _ref()
    targets: tuple[str, ...] = _refs(default=())


@dataclass(frozen=True)
class Activate:
    player: str = _player()
    activate: str = _ref()
    ability: int = 1
    targets: tuple[str, ...] = _refs(default=())


@dataclass(frozen=True)
class Seal:
    player: str = _player()
    seal: tuple[str, ...] = _refs()
    pit_marked: tuple[str, ...] = _refs(default=())


@dataclass(frozen=True)
class Drain:
    player: str = _player()
    drain: str = _ref()


@dataclass(frozen=True)
class Sacrifice:
    player: str = _player()
    sacrifice: str = _ref()


@dataclass(frozen=True)
class Attack:
    player: str = _player()
    attack: tuple[tuple[str, str], ...] = _pairs("attacker", "target")  # (attacker, target) each


@dataclass(frozen=True)
class Block:
    player: str = _player()
    block: tuple[tuple[str, str], ...] = _pairs("blocker", "attacker")  # (blocker, attacker) each


@dataclass(frozen=True)
class Order:
    player: str = _player()
    order: tuple[str, ...] = _refs()


@dataclass(frozen=True)
class Assign:
    player: str = _player()
    assign: tuple[tuple[str, int], ...] = _key(lambda value: tuple((str(k), v) for k, v in value.items()))


@dataclass(frozen=True)
class Choose:
    player: str = _player()
    choose: object = _key()  # the answer as written: choices.read judges it against the choice waiting


@dataclass(frozen=True)
class Until:
    until: dict[str, str]  # {phase, step}: a point of the turn (its shape checks it is one)


@dataclass(frozen=True)
class Concede:
    player: str = _player()
    concede: object = _key()  # (`concede: true`)


@dataclass(frozen=True)
class Spring:
    player: str = _player()
    spring: str = _ref()
    attacker: str = _ref()


@dataclass(frozen=True)
class Prefer:
    player: str = _player()
    prefer: tuple[str, ...] = _refs()


@dataclass(frozen=True)
class TurnFaceUp:
    player: str = _player()
    turn_face_up: str = _ref()


@dataclass(frozen=True)
class SetTrap:
    player: str = _player()
    set_trap: str = _ref()
    haven: str = _ref()


@dataclass(frozen=True)
class Brew:
    player: str = _player()
    brew: tuple[str, ...] = _refs()


@dataclass(frozen=True)
class Depart:
    player: str = _player()
    depart: Departure = _key(_departure)


@dataclass(frozen=True)
class CoOpt:
    player: str = _player()
    co_opt: str = _ref()


@dataclass(frozen=True)
class Wield:
    player: str = _player()
    wield: str = _ref()
    to: str = _ref()


@dataclass(frozen=True)
class Exhume:
    player: str = _player()
    exhume: str = _ref()


@dataclass(frozen=True)
class Bleed:
    player: str = _player()
    bleed: str = _ref()


@dataclass(frozen=True)
class Immure:
    player: str = _player()
    immure: str = _ref()
    entity: str = _ref()


@dataclass(frozen=True)
class CallDebt:
    player: str = _player()
    call_debt: str = _player()  # the debtor


@dataclass(frozen=True)
class Pass:
    player: str | None = _player(default=None)  # none: every player passes
    passes: bool = _key(key="pass", default=True)
