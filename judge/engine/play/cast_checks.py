"""What may be cast, Set or Fired now, and whether what a cast announces is legal: the checks
casting.py runs before anything is paid. The timing (601.3) and a day- or night-bound card
(107.5); the Master a Power needs (304.5, 304.6) and a Power that would counter (policy C10); the
modes (601.2b, 700.4a), a Mandate's decree (702.35a) and the targets (601.2c, 115). Each refuses
with the rules that forbid it; none changes the game."""

from __future__ import annotations

from judge.engine.core import keywords
from judge.engine.core.errors import Refused
from judge.engine.core.state import GameState
from judge.engine.reading import characteristics as ch
from judge.engine.reading.seats import is_estate
from judge.engine.reading.targeting import is_legal, protection, target_name, threshold_rule

AMBUSH = keywords.implements("Ambush", "702.16")
ENTWINE = keywords.implements("Entwine", "702.35", "cost")
MANDATE = keywords.implements("Mandate", "702.35")
BIND = keywords.implements("Bind", "702.19", "object")  # a Ritual with Bind targets what it names (303.3a)
CONSCRIPT = keywords.implements("Conscript", "702.38")


def _non_power_speed(s: GameState, player: str) -> bool:
    return s.active == player and s.in_main_phase() and not s.stack


def check_timing(s: GameState, player: str, card) -> bool:
    """601.3: what may be cast now. Returns whether the card is cast at Power speed."""
    if card.type in ("Master", "Haven", "Trap") and not is_estate(card):
        raise Refused(
            f"a {card.type} is not cast from hand like a spell", "601.3", "307.3" if card.type == "Trap" else "103.2"
        )
    if card.type == "Power":
        check_master_present(s, player, card, "cast")
    power_speed = card.type in ("Caprice", "Power") or card.has(AMBUSH)
    if not power_speed and not _non_power_speed(s, player):
        raise Refused(
            f"{card.name} ({card.type}) can be cast only at non-Power speed: in its caster's own main "
            f"phase with an empty stack",
            "601.3c",
            "117.1a",
        )
    if s.round_name == "The Preparation" and card.type != "Power" and s.policies.reading("C9") == "601.3b":
        raise Refused(
            f"only Powers may be cast during The Preparation {s.policies.note('C9')}",
            *s.policies.rules("C9"),
            policy="C9",
        )
    check_binding(s, card, "cast", "601.3d")
    if card.type == "Power":
        check_power_does_not_counter(s, card)
    return power_speed


def check_binding(s: GameState, card, doing: str, rule: str) -> None:
    """107.5: a night-bound card is played only in a Night round, a day-bound one only by Day;
    `rule` is the rule that applies it to `doing` (casting 601.3d, setting a Power 304.3)."""
    if card.binding == "night" and s.is_day or card.binding == "day" and not s.is_day:
        raise Refused(f"{card.name} is {card.binding}-bound and cannot be {doing} in {s.round_name}", rule, "107.5")


def check_power_does_not_counter(s: GameState, card) -> None:
    """C10: a Power whose effect counters is refused, cast or Fired, under the 304.7 reading."""
    if any(e.name == "counter" for e in card.spell_effects) and s.policies.reading("C10") == "304.7":
        raise Refused(f"a Power never counters {s.policies.note('C10')}", *s.policies.rules("C10"), policy="C10")


def master_present(s: GameState, player: str, card) -> bool:
    """Whether the Master stands on the battlefield for this Power: by Night it does; by Day it
    shelters (304.6), and only the other door the card opens (a subtype its controller has on
    the battlefield) lets the Power through."""
    if not s.is_day:
        return True
    door = card.castable_with
    return bool(door) and any(
        s.objects[o].controller == player and ch.is_entity(s, s.objects[o]) and door in ch.subtypes(s, s.objects[o])
        for o in s.battlefield
    )


def check_master_present(s: GameState, player: str, card, doing: str) -> None:
    """304.5, 601.3b: a Power is cast or Set only while its controller's Master is on the
    battlefield — never by Day, when it shelters (304.6) — unless the card opens another door."""
    if master_present(s, player, card):
        return
    door = card.castable_with
    raise Refused(
        f"{player}'s Master shelters by Day: {card.name} cannot be {doing} without it"
        + (f" (its other door needs a {door} {player} controls on the battlefield)" if door else ""),
        "304.5",
        "601.3b",
        "304.6",
    )


def check_modes(card, modes: list | None, entwine: bool) -> tuple:
    """601.2b, 700.4a: a modal spell's modes are announced as it is cast (all of them, with
    Entwine, 702.35b). Returns them 0-based, in printed order."""
    if not card.modes:
        if modes or entwine:
            raise Refused(
                f"{card.name} is not modal: there are no modes to choose", "700.4", *(("702.35b",) if entwine else ())
            )
        return ()
    every = tuple(range(len(card.modes)))
    if entwine:
        if card.keyword_value(ENTWINE) is None:
            raise Refused(f"{card.name} has no Entwine", "702.35b")
        if modes and sorted(set(modes)) != [i + 1 for i in every]:
            raise Refused("with Entwine paid every mode is chosen", "702.35b", "601.2b")
        return every
    if not modes:
        raise Refused(
            f"{card.name} is modal: announce its mode{'s' if card.mode_count > 1 else ''} (modes: [N])",
            "601.2b",
            "700.4a",
        )
    if len(set(modes)) != len(modes) or any(not 1 <= m <= len(card.modes) for m in modes):
        raise Refused(f"modes must name distinct modes among 1..{len(card.modes)}", "700.4a")
    if len(modes) != card.mode_count:
        raise Refused(
            f"{card.name} chooses {card.mode_count} mode(s), not {len(modes)}"
            + (" (Entwine chooses them all)" if card.has(ENTWINE) else ""),
            "700.4a",
            "601.2b",
            *(("702.35b",) if card.has(ENTWINE) else ()),
        )
    return tuple(sorted(m - 1 for m in modes))


def check_decree(s: GameState, player: str, card, decree: tuple) -> None:
    """601.2b, 702.35a: a Mandate's decree is the choice an opponent would make, announced now:
    what it names must be an opponent's (their permanent, their card in hand, 723.4a)."""
    if not decree:
        return
    if not card.has(MANDATE):
        raise Refused(f"{card.name} has no Mandate: there is no decree to announce", "702.35a", "601.2b")
    for oid in decree:
        obj = s.objects.get(oid)
        if obj is None or obj.controller == player or obj.zone not in ("battlefield", "hand"):
            raise Refused(
                f"{oid} is not an opponent's permanent or card in hand: a decree makes an opponent's "
                f"choice, with their resources",
                "723.4a",
                "702.35a",
            )


def check_targets(s: GameState, player: str, card, oid: str, targets: list) -> None:
    """601.2c, 115: the right number of targets, each legal now. A Ritual or Weapon with no
    printed target kind binds to an Entity."""
    specs = list(card.targets)
    if card.type == "Ritual" and not specs and targets:
        specs = [{"kind": "Entity"}]
    if card.type == "Weapon" and targets and not specs:
        raise Refused(
            f"{card.name} is a Weapon: it is cast without a target and enters unattached; Wield attaches it",
            "301.5",
            "601.2c",
        )
    if len(targets) != len(specs):
        raise Refused(f"{card.name} needs {len(specs)} target(s), {len(targets)} given", "601.2c", "115.1")
    for t, spec in zip(targets, specs):
        if t == oid:
            raise Refused("a spell cannot target itself", "115.5")
        if not is_legal(s, player, t, spec["kind"], oid):
            item = s.stack_item(t)
            extra = s.policies.rules("C42") if item is not None and item.kind in ("seal", "set") else ()
            bind = ("303.3a", "702.19a") if card.has(BIND) else ()  # the target its Bind names
            raise Refused(
                f"{target_name(s, t)} is not a legal target ({spec['kind']}) for {card.name}",
                "601.2c",
                "115.1",
                *bind,
                *extra,
                *protection(s, player, t, oid),
                *threshold_rule(s, t),
            )
        if card.has(CONSCRIPT) and t in s.objects and s.objects[t].controller == player:
            raise Refused(
                f"Conscript co-opts an enemy Entity: {player} already controls {target_name(s, t)}", "702.38a", "601.2c"
            )
