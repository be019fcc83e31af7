"""The action kinds of the scenario format (scenario-format.md, "Actions") in one table.

Each kind has: its form (judge/engine/play/action_forms.py), a frozen dataclass whose fields are the keys the action may carry (a
field's `key` metadata when the key is no Python name: `pass`), typed (references as str, counts
as int, an optional key's field with its default); a `shape` check of the values as written (a
Refused naming what is wrong: `apply` refuses with it, the scenario loader reports it with file
and line); the references it names (checked against the board when a scenario loads); and its
handler, which resolves the references against the state and carries the action out.

An action comes in as written (a mapping, or the word "pass"): `read_action` checks its keys and
shape, then builds its form. Scenarios, replays and the board keep the action as written — that is
what they print and save; the handlers read the form's attributes.

To add an action kind: write its form (action_forms.py), its handler (and shape, if its values need more than
references), add one `ActionKind` to ACTIONS, and document the addition in tests/scenarios/README.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, dataclass, field, fields

from judge.engine.checks import outcome, priority
from judge.engine.core.errors import Malformed, Refused
from judge.engine.core.events import event
from judge.engine.core.state import PHASES, STEPS, GameState
from judge.engine.mechanics import debts
from judge.engine.play import activating, casting, coopt, passing, sealing, wards
from judge.engine.play.action_forms import (
    Activate,
    Assign,
    Attack,
    Bleed,
    Block,
    Brew,
    CallDebt,
    Cast,
    Choose,
    Concede,
    CoOpt,
    Depart,
    Drain,
    Exhume,
    Fire,
    Immure,
    Order,
    Pass,
    Prefer,
    Sacrifice,
    Seal,
    SetPower,
    SetTrap,
    Spring,
    TurnFaceUp,
    Until,
    Wield,
)
from judge.engine.procedures import (
    attaching,
    combat_damage,
    combat_declarations,
    faces,
    immure,
    processions,
    zone_abilities,
)
from judge.engine.reading.references import player, resolve_ref
from judge.yamlio import one_of


@dataclass(frozen=True)
class ActionKind:
    form: type  # the kind's frozen dataclass: its fields are the keys the action may carry
    handler: Callable  # (state, acting player or None, form, log) -> None; raises Refused
    refs: Callable = lambda action: []  # (form) the object/player references it names, for load-time checks
    shape: Callable = lambda action: None  # (as written) raises Refused when a value is malformed
    names_card: bool = False  # its value is a card name or id (cast, set, fire)
    before_waiting_damage: bool = False  # taken while combat damage waits (it is what the damage waits for)
    after_game_over: bool = False
    passes_first: bool = False  # it begins by passing priority, which changes nothing the 117.5 checks read
    # derived from `form`: every key the action may carry (its kind word included); whether it
    # needs a player (its form's `player` has no default); how each key is read into its field
    keys: frozenset = field(init=False, repr=False, compare=False)
    needs_player: bool = field(init=False, repr=False, compare=False)
    reading: tuple = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        reading = tuple((f.metadata.get("key", f.name), f.name, f.metadata.get("read")) for f in fields(self.form))
        needs = any(f.name == "player" and f.default is MISSING for f in fields(self.form))
        object.__setattr__(self, "reading", reading)
        object.__setattr__(self, "keys", frozenset(key for key, _, _ in reading))
        object.__setattr__(self, "needs_player", needs)


# -- shapes ----------------------------------------------------------------------------------
def _integer(value, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Malformed(f"{what} must be a whole number, not {value!r}")


def _mapping(value, allowed: set, what: str) -> None:
    if not isinstance(value, dict):
        raise Malformed(f"{what} must be a mapping, not {value!r}")
    unknown = sorted(str(k) for k in value if k not in allowed)
    if unknown:
        raise Malformed(f"unknown key {unknown[0]!r} in {what} (allowed: {', '.join(sorted(allowed))})")


FACE_DOWN_CASTS = ("masquerade", "transmute")  # cast keys naming a face-down cast (702.31a, 702.32a)


def _cast_shape(action) -> None:
    named = [k for k in FACE_DOWN_CASTS if k in action]
    for k in named:
        if action[k] is not True:
            raise Malformed(f"{k} takes true (cast the card face down by {k.title()})")
    if len(named) > 1:
        raise Malformed("a card is cast face down by one keyword, not two")
    if "x" in action:
        _integer(action["x"], "x")
    if "modes" in action:
        modes = action["modes"]
        if not isinstance(modes, list) or not modes:
            raise Malformed("modes must list the chosen modes by number (1 is the first printed)")
        for m in modes:
            _integer(m, "a mode")
    for key in ("entwine", "synthesis", "tribute", "recall"):
        if key in action and not isinstance(action[key], bool):
            raise Malformed(f"{key} must be true or false, not {action[key]!r}")
    if "pay" in action:
        _mapping(action["pay"], {"pool", "master"}, "pay")
        for k, v in action["pay"].items():
            _integer(v, f"pay {k}")


def _declarations(kind: str, want: tuple):
    def shape(action) -> None:
        value = action[kind]
        if not isinstance(value, list):
            raise Malformed(f"{kind} must be a list of {{{', '.join(want)}}}")
        for decl in value:
            _mapping(decl, set(want), f"a {kind} declaration")
            for k in want:
                if k not in decl:
                    raise Malformed(f"a {kind} declaration needs {k}")

    return shape


def _assign_shape(action) -> None:
    value = action["assign"]
    if not isinstance(value, dict):
        raise Malformed("assign must map ids to amounts")
    for v in value.values():
        _integer(v, "an assigned amount")


def _activate_shape(action) -> None:
    if "ability" in action:
        _integer(action["ability"], "ability (the number of an activated ability)")


def _spring_shape(action) -> None:
    if "attacker" not in action:
        raise Malformed("a spring action needs the attacker it answers")


def _prefer_shape(action) -> None:
    value = action["prefer"]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise Malformed("prefer must be a list of card names or ids")


def _until_shape(action) -> None:
    target = action["until"]
    _mapping(target, {"phase", "step"}, "until")
    if not one_of(target.get("phase"), PHASES) or not one_of(target.get("step"), STEPS[target.get("phase")]):
        raise Refused(
            f"until: {target.get('phase')!r}/{target.get('step')!r} is not a point of the turn", "500.1", "500.1a"
        )


# -- handlers --------------------------------------------------------------------------------
def _targets(s: GameState, targets: tuple[str, ...]) -> list:
    return [resolve_ref(s, t) for t in targets]


def _pass(s: GameState, who, action: Pass, log: list) -> None:
    if who is None:
        passing.all_pass(s, log)
        return
    if s.priority != who:
        raise Refused(f"{who} does not hold priority ({s.priority} does)", "117.1")
    log.append(event(f"{who} passes priority", "117.3b"))
    passing.pass_one(s, log)


def _until(s: GameState, who, action: Until, log: list) -> None:
    passing.until(s, action.until, log)


def _concede(s: GameState, who, action: Concede, log: list) -> None:
    held = s.priority == who
    outcome.settle_results(s, [who], [], log, ("104.3a",))
    if held and not s.game_over:
        # 800.6a: the departed player's priority passes to the next player still in the game (leaving
        # has already named them), who receives it only after the checks and triggers (117.5, 704.3).
        assert s.priority is not None, "leaving passed the departed player's priority on (800.6a)"
        priority.give_priority(s, s.priority, log)


def _cast(s: GameState, who, action: Cast, log: list) -> None:
    oid = resolve_ref(s, action.cast, who, "spoils" if action.recall else "hand")
    decree = tuple(resolve_ref(s, d) for d in action.decree)
    face_down = next((k for k in FACE_DOWN_CASTS if getattr(action, k)), None)
    casting.cast(
        s,
        who,
        oid,
        _targets(s, action.targets),
        action.x,
        action.pay,
        action.tribute,
        log,
        recall=action.recall,
        modes=None if action.modes is None else list(action.modes),
        entwine=action.entwine,
        decree=decree,
        synthesis=action.synthesis,
        face_down=face_down,
        despoil=[resolve_ref(s, c, who, "spoils") for c in action.despoil],
        muster=[resolve_ref(s, c) for c in action.muster],
    )


def _turn_face_up(s: GameState, who, action: TurnFaceUp, log: list) -> None:
    faces.turn_face_up(s, who, resolve_ref(s, action.turn_face_up), log)


def _set_trap(s: GameState, who, action: SetTrap, log: list) -> None:
    wards.set_trap(s, who, resolve_ref(s, action.set_trap, who, "hand"), resolve_ref(s, action.haven), log)


def _brew(s: GameState, who, action: Brew, log: list) -> None:
    casting.brew(s, who, [resolve_ref(s, c) for c in action.brew], log)


def _depart(s: GameState, who, action: Depart, log: list) -> None:
    pieces = [
        processions.MASTER if x == processions.MASTER else resolve_ref(s, x, who, "hand") for x in action.depart.pieces
    ]
    processions.depart(s, who, resolve_ref(s, action.depart.to), pieces, log)


def _depart_shape(action) -> None:
    value = action["depart"]
    _mapping(value, {"to", "pieces"}, "depart")
    if "to" not in value or not isinstance(value.get("pieces"), list):
        raise Malformed("depart needs {to: HAVEN-ID, pieces: [master and decoy ids]} (408.5)")


def _set_trap_shape(action) -> None:
    if "haven" not in action:
        raise Malformed("a set_trap action names the Haven whose empty Ward slot takes the Trap (307.3)")


def _set(s: GameState, who, action: SetPower, log: list) -> None:
    casting.set_power(s, who, resolve_ref(s, action.set, who, "hand"), log)


def _fire(s: GameState, who, action: Fire, log: list) -> None:
    oid = resolve_ref(s, action.fire, who, "slot")
    casting.fire_power(s, who, oid, _targets(s, action.targets), log)


def _seal(s: GameState, who, action: Seal, log: list) -> None:
    oids = [resolve_ref(s, c, who, "hand") for c in action.seal]
    marked = [resolve_ref(s, c, who, "hand") for c in action.pit_marked]
    sealing.seal(s, who, oids, log, marked)


def _drain(s: GameState, who, action: Drain, log: list) -> None:
    activating.field_drain(s, who, resolve_ref(s, action.drain), log)


def _sacrifice(s: GameState, who, action: Sacrifice, log: list) -> None:
    activating.field_sacrifice(s, who, resolve_ref(s, action.sacrifice), log)


def _activate(s: GameState, who, action: Activate, log: list) -> None:
    targets = _targets(s, action.targets)
    activating.activate(s, who, resolve_ref(s, action.activate), action.ability, targets, log)


def _attack(s: GameState, who, action: Attack, log: list) -> None:
    decls = [(resolve_ref(s, attacker), resolve_ref(s, target)) for attacker, target in action.attack]
    combat_declarations.declare_attackers(s, who, decls, log)
    priority.give_priority(s, s.active, log, ("508.3",))


def _block(s: GameState, who, action: Block, log: list) -> None:
    decls = [(resolve_ref(s, blocker), resolve_ref(s, attacker)) for blocker, attacker in action.block]
    combat_declarations.declare_blockers(s, who, decls, log)
    priority.give_priority(s, s.active, log, ("509.3",))


def _order(s: GameState, who, action: Order, log: list) -> None:
    """The damage assignment order of a blocked attacker's blockers (510.2c). (An order of
    simultaneous triggers answers the choice play waits for, 603.3: actions.py.)"""
    ids = [resolve_ref(s, o) for o in action.order]
    if (s.phase, s.step) != ("combat", "combat_damage") or s.damage_dealt:
        raise Refused(
            "no order is due: blockers are ordered in the combat damage step (510.2c), and simultaneous "
            "triggers as they are put on the stack (603.3)",
            "510.2c",
            "603.3",
        )
    combat_damage.set_order(s, who, ids, log)
    if s.damage_dealt:
        priority.give_priority(s, s.active, log, ("510.6",))


def _assign(s: GameState, who, action: Assign, log: list) -> None:
    assignment = {resolve_ref(s, k): v for k, v in action.assign}
    combat_damage.set_assignment(s, who, assignment, log)
    if s.damage_dealt:
        priority.give_priority(s, s.active, log, ("510.6",))


def _spring(s: GameState, who, action: Spring, log: list) -> None:
    wards.spring(s, who, resolve_ref(s, action.spring, who, "wards"), resolve_ref(s, action.attacker), log)
    priority.settle(s, log)


def _prefer(s: GameState, who, action: Prefer, log: list) -> None:
    names = list(action.prefer)
    s.prefer[who] = names
    log.append(
        event(
            f"{who} will apply replacement and prevention effects affecting them or their permanents "
            f"in this order: {', '.join(names) or 'the default (timestamps)'}",
            "616.1",
            "616.1d",
        )
    )


def _choose(s: GameState, who, action: Choose, log: list) -> None:
    raise Refused(
        "no choice is waiting to be answered: the rules give none here (an answer comes only where play asks)", "608.4"
    )  # a waiting one is answered in actions.py


def _co_opt(s: GameState, who, action: CoOpt, log: list) -> None:
    coopt.co_opt(s, who, resolve_ref(s, action.co_opt), log)


def _wield(s: GameState, who, action: Wield, log: list) -> None:
    attaching.wield(s, who, resolve_ref(s, action.wield), resolve_ref(s, action.to), log)


def _exhume(s: GameState, who, action: Exhume, log: list) -> None:
    zone_abilities.exhume(s, who, resolve_ref(s, action.exhume, who, "spoils"), log)


def _bleed(s: GameState, who, action: Bleed, log: list) -> None:
    zone_abilities.bleed(s, who, resolve_ref(s, action.bleed, who, "hand"), log)


def _immure(s: GameState, who, action: Immure, log: list) -> None:
    immure.activate(s, who, resolve_ref(s, action.immure), resolve_ref(s, action.entity), log)


def _call_debt(s: GameState, who, action: CallDebt, log: list) -> None:
    priority.require(s, who)
    debts.call(s, who, player(s, action.call_debt), log)
    priority.back(s, who, log, "116.2g")


def _immure_shape(action) -> None:
    if "entity" not in action:
        raise Malformed("an immure action names the Entity whose shadow is sealed (entity: ID)")


def _pass_shape(action) -> None:
    # `{pass: false}` read as a pass would do the opposite of what it says
    if action.get("pass") is not True:
        raise Malformed(
            f"pass: {action.get('pass')!r} — a player passes with `{{player: P, pass: true}}` "
            "(or a bare `pass` for everyone); to not pass, write the action the player takes"
        )


def _wield_shape(action) -> None:
    if "to" not in action:
        raise Malformed("a wield action needs the Entity to attach the Weapon to (to: ID)")


def _value_refs(kind: str):
    return lambda action: list(getattr(action, kind))


def _value_ref(kind: str):
    return lambda action: [getattr(action, kind)]


def _with_targets(kind: str):
    return lambda action: [getattr(action, kind), *action.targets]


def _declared(kind: str):
    return lambda action: [ref for pair in getattr(action, kind) for ref in pair]


# kind word -> what it is; the order is the order a kind word is looked for in an action.
ACTIONS: dict[str, ActionKind] = {
    "cast": ActionKind(
        Cast,
        _cast,
        refs=lambda a: [*a.targets, *a.decree, *a.despoil, *a.muster],
        shape=_cast_shape,
        names_card=True,
    ),
    "set": ActionKind(SetPower, _set, names_card=True),
    "fire": ActionKind(Fire, _fire, refs=lambda a: list(a.targets), names_card=True),
    "activate": ActionKind(Activate, _activate, refs=_with_targets("activate"), shape=_activate_shape),
    "seal": ActionKind(Seal, _seal, refs=lambda a: [*a.seal, *a.pit_marked]),
    "drain": ActionKind(Drain, _drain, refs=_value_ref("drain")),
    "sacrifice": ActionKind(Sacrifice, _sacrifice, refs=_value_ref("sacrifice")),
    "attack": ActionKind(
        Attack, _attack, refs=_declared("attack"), shape=_declarations("attack", ("attacker", "target"))
    ),
    "block": ActionKind(Block, _block, refs=_declared("block"), shape=_declarations("block", ("blocker", "attacker"))),
    "order": ActionKind(Order, _order, refs=_value_refs("order"), before_waiting_damage=True),
    "assign": ActionKind(
        Assign, _assign, refs=lambda a: [k for k, _ in a.assign], shape=_assign_shape, before_waiting_damage=True
    ),
    "choose": ActionKind(Choose, _choose),
    "until": ActionKind(Until, _until, shape=_until_shape, passes_first=True),
    "concede": ActionKind(Concede, _concede, before_waiting_damage=True, after_game_over=True),
    # additions (tests/scenarios/README.md): spring a Ward (509.2); a standing 616.1 order
    "spring": ActionKind(Spring, _spring, refs=lambda a: [a.spring, a.attacker], shape=_spring_shape),
    "prefer": ActionKind(Prefer, _prefer, shape=_prefer_shape, before_waiting_damage=True),
    # additions (F4): turning a face-down permanent face up (701.21a, 708.8); setting a Trap (307.3)
    "turn_face_up": ActionKind(TurnFaceUp, _turn_face_up, refs=_value_ref("turn_face_up")),
    "set_trap": ActionKind(SetTrap, _set_trap, refs=lambda a: [a.haven], shape=_set_trap_shape, names_card=True),
    # additions (F4): brewing a Formula (710.2); a Passage departs (408.5, 116.2f)
    "brew": ActionKind(Brew, _brew, refs=_value_refs("brew")),
    "depart": ActionKind(
        Depart,
        _depart,
        shape=_depart_shape,
        refs=lambda a: [a.depart.to, *(x for x in a.depart.pieces if x != processions.MASTER)],
    ),
    # additions: co-opting an Influencer (302.10), Wielding a Weapon (702.18a)
    "co_opt": ActionKind(CoOpt, _co_opt, refs=_value_ref("co_opt")),
    "wield": ActionKind(Wield, _wield, refs=lambda a: [a.wield, a.to], shape=_wield_shape),
    # additions: the keyword abilities that work from the Spoils and the hand (113.5)
    "exhume": ActionKind(Exhume, _exhume, names_card=True),
    "bleed": ActionKind(Bleed, _bleed, names_card=True),
    # addition: a Haven's Immure (702.47a), naming the Entity chosen as part of its cost
    "immure": ActionKind(Immure, _immure, refs=lambda a: [a.immure, a.entity], shape=_immure_shape),
    # addition: a creditor calls a Debt an opponent owes them (116.2g, 702.48b), naming the debtor
    "call_debt": ActionKind(CallDebt, _call_debt),
    "pass": ActionKind(Pass, _pass, passes_first=True, shape=_pass_shape),
}
_KINDS = tuple(ACTIONS)  # (a table fixed at import: tests replace a kind's entry, never add one)
_RANK = {kind: i for i, kind in enumerate(_KINDS)}


def action_kind(action) -> str | None:
    if action == "pass":
        return "pass"
    if not isinstance(action, dict):
        return None
    # the first kind in ACTIONS' order that the action names: its key of least rank (an action
    # has a few keys, ACTIONS many kinds)
    ranks = [_RANK[k] for k in action if k in _RANK]
    return _KINDS[min(ranks)] if ranks else None


def check_shape(kind: str, action) -> None:
    """The action's keys and values, as far as they can be judged without a board (Refused)."""
    if action == "pass":
        return
    spec = ACTIONS[kind]
    unknown = sorted(str(k) for k in action if k not in spec.keys)
    if unknown:
        raise Malformed(f"unknown key {unknown[0]!r} in a {kind} action (allowed: {', '.join(sorted(spec.keys))})")
    if spec.needs_player and "player" not in action:
        raise Malformed(f"a {kind} action needs a player")
    spec.shape(action)


def read_action(kind: str, action):
    """The action as written (of kind `kind`), its keys and values checked (Refused), as its
    kind's form. (The bare word "pass" is everyone passing.)"""
    check_shape(kind, action)
    spec = ACTIONS[kind]
    if action == "pass":
        return spec.form()
    return spec.form(
        **{
            name: action[key] if read is None else read(action[key])
            for key, name, read in spec.reading
            if key in action
        }
    )


def acting_player(s: GameState, action) -> str | None:
    """The player an action (its form) names, checked to be in the game; None if it names none."""
    name = getattr(action, "player", None)
    return None if name is None else player(s, name)
