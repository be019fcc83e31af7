"""The game state: one value holding everything a No Dawn position is made of.

A committed `GameState` never changes (frozen.py: every write to it raises). `apply()` works
on `state.fork()`, a working state that shares everything with the one it came from and copies
only what it writes to — an object (`edit`), the objects map and the battlefield (`own`), a
player's zone (`Player.own`); the players themselves and the short lists (stack, attacks,
effects) are copied whole, being few — and then commits it. So consecutive states share every
object the action did not touch, every state in a replay's history stays exactly as it was,
and the cost of an action does not grow with the number of objects on the board. Card
definitions are shared, never copied.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from itertools import filterfalse, repeat
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, Any, Literal, TypeVar, overload

from judge.cards.model import CardDef, Effect
from judge.engine.core.frozen import (
    FrozenDict,
    FrozenList,
    SharedStateMutation,
    WorkDict,
    WorkList,
    counted_setattr,
    freeze_dict,
    freeze_list,
    frozen_twin,
    thawed_copy,
)
from judge.engine.core.guise import GUISES
from judge.engine.core.policies import Policies

# The world cycle (500.9): three Night rounds, then three Day rounds, wrapping.
ROUNDS = ("The Hunt", "The Arise", "The Vanish", "The Preparation", "The Assault", "The Retrieve")
ROUND_ALIASES = {**{f"night {i}": i - 1 for i in (1, 2, 3)}, **{f"day {i}": i + 2 for i in (1, 2, 3)}}

PHASES = ("beginning", "main1", "combat", "main2", "ending")
STEPS = {
    "beginning": ("replenish", "upkeep", "draw"),
    "main1": (None,),
    "combat": ("beginning_of_combat", "declare_attackers", "declare_blockers", "combat_damage", "end_of_combat"),
    "main2": (None,),
    "ending": ("end", "cleanup"),
}
ZONES = ("battlefield", "hand", "spoils", "stack", "domain", "void", "pit", "shelter", "slot", "wards", "laboratory")
HAND_SIZE = 7  # 402.2
# The turn's position: what passing priority and a step's change write, and what no state-based
# check reads (704 has no check that depends on the step; unchanged.py relies on it, and
# tests/test_engine_recheck.py hides these fields while every bundled scenario's checks look).
T = TypeVar("T")
POSITION = frozenset({"phase", "step", "priority", "passes", "checked"})
# A player's zones that hold object ids, all of them known cards (the Domain may hold None too).
IdZone = Literal["hand", "spoils", "void", "pit", "shelter", "slot", "wards", "laboratory"]


@dataclass(frozen=True)
class Unit:
    """Vitae in a pool: an amount with its source tag (106.3) — None is untagged."""

    amount: int
    source: str | None = None


@dataclass(eq=False)
class Obj:
    """A card or token in some zone (109). A zone change resets it (400.7); the id is kept."""

    id: str
    card: str  # card name; "" for an unknown Domain card
    owner: str
    controller: str
    zone: str
    damage: int = 0
    drained: bool = False
    newly_turned: bool = False
    counters: dict[str, int] = field(default_factory=dict)
    token: bool = False
    attached_to: str | None = None
    timestamp: int = 0
    venom_hit: bool = False  # dealt damage by a Venom source since the last check (704.5k)
    sheltered_in: str | None = None  # the Haven whose Room it occupies (514.4c)
    marks: tuple[str, ...] = ()  # designations that are neither counters nor abilities ("restless", "shadowless", ...)
    undertaker: str | None = None  # who may lay it to rest: the controller of its lethal damage's source (709.2)
    card_type: str | None = None  # layer 4's result while a type-changing effect applies (613.1d), else None
    face_down: bool = False  # a face-down spell or permanent: it wears its guise (708.2)
    guise: str | None = None  # the rule that laid it face down (guise.GUISES), kept straight (708.7)
    revealed: bool = False  # a hidden card shown to all players (708.9, 123.4b)
    if TYPE_CHECKING:  # a scenario's object, while the scenario is read: its line (scenario.py drops it)
        _line: int | None = field(init=False)

    def thaw(self) -> Obj:
        """A private copy to write to (its counters too: they are written in place)."""
        new = thawed_copy(self, Obj)
        new.counters = dict(self.counters)
        return new

    def freeze(self) -> None:
        if type(self) is Obj:
            self.counters = FrozenDict(self.counters)
            self.__class__ = FrozenObj


@dataclass(eq=False)
class Player:
    name: str
    master: str  # the Master card's name
    vitae: int
    cap: int
    corruption: int = 0
    wrath: int = 0
    pool: list[Unit] = field(default_factory=list)
    spent_from_master: int = 0
    dropped: bool = False
    siege_count: int = 0
    hand: list[str] = field(default_factory=list)  # object ids
    domain: list[str | None] = field(default_factory=list)  # object ids, top first; None = an unknown card
    spoils: list[str] = field(default_factory=list)  # top last
    void: list[str] = field(default_factory=list)
    pit: list[str] = field(default_factory=list)
    shelter: list[str] = field(default_factory=list)
    slot: list[str] = field(default_factory=list)  # the Master's Power slot: set Powers, face down (408.4)
    wards: list[str] = field(default_factory=list)  # set Traps, each arming one Haven (attached_to), 307.3
    laboratory: list[str] = field(default_factory=list)  # cards stored face down by a Laboratory Room (312.4)
    refuge: str | None = None
    suspicion_share: int = 0  # the points of Suspicion this player's effects raised (123.2)
    invited: tuple[str, ...] = ()  # the players Invited across this player's thresholds (310.10, 310.11)
    debts: tuple[Debt, ...] = ()  # Debt markers this player owes, oldest first (122.2i, 702.48a)
    seats: tuple[str, ...] = ()  # Havens that gained the Master's seat by an arrival, beyond its lineage Haven (310.8a)
    procession: Any = None  # processions.Procession while the Master is on the road (408.5)
    lost: bool = False
    won: bool = False
    drew_from_empty: bool = False
    turns_taken: int = 1

    # Every write to a player is counted (frozen.work_writes): unchanged.py tells from the count
    # alone that no player changed since the last clean check, without comparing their fields.
    __setattr__ = counted_setattr

    @property
    def pool_total(self) -> int:
        return sum(u.amount for u in self.pool)

    @overload
    def own(self, zone: Literal["pool"]) -> list[Unit]: ...
    @overload
    def own(self, zone: Literal["domain"]) -> list[str | None]: ...
    @overload
    def own(self, zone: IdZone) -> list[str]: ...
    def own(self, zone: str) -> list[Unit] | list[str | None] | list[str]:
        """The player's `zone` list, made private to this working state before it is written to."""
        if type(self) is not Player:
            raise SharedStateMutation(f"{self.name}'s {zone} of a committed state cannot be changed")
        value = self.__dict__[zone]
        if type(value) is not WorkList:
            value = WorkList(value)
            self.__dict__[zone] = value
        return value

    def thaw(self) -> Player:
        """A private copy to write to; its zones stay shared until `own` copies one."""
        return thawed_copy(self, Player)

    def freeze(self) -> None:
        if type(self) is Player:
            d = self.__dict__
            if not all(map(isinstance, _player_zones(d), _ALWAYS_FROZEN)):  # most often none was written
                for zone in PLAYER_LISTS:
                    if type(d[zone]) is not FrozenList:
                        d[zone] = freeze_list(d[zone])
            object.__setattr__(self, "__class__", FrozenPlayer)  # freezing is not a write: not counted


PLAYER_LISTS = ("pool", "hand", "domain", "spoils", "void", "pit", "shelter", "slot", "wards", "laboratory")
_player_zones = itemgetter(*PLAYER_LISTS)
_ALWAYS_FROZEN = repeat(FrozenList)  # (FrozenList has no subclass: isinstance is the exact class)
FrozenObj = frozen_twin(Obj)
FrozenPlayer = frozen_twin(Player)


@dataclass(frozen=True)
class StackItem:
    """An object on the stack: a spell (obj set), an ability, or one of No Dawn's announcements
    (405.6: rulings/nodawn/announcements.yaml says which fields make each one)."""

    kind: str  # spell | ability | seal | set | trap | debt | departure
    controller: str
    obj: str | None = None  # the card object for a spell
    source: str | None = None  # the permanent an ability came from
    effects: tuple[Effect, ...] = ()  # an ability's effects
    targets: tuple[str, ...] = ()  # object ids or player names
    x: int = 0
    tribute: bool = False
    recalled: bool = False  # cast by Recall: to the Void whatever happens (601.9)
    fired: bool = False  # a Fired Power (601.11)
    pit_marked: bool = False  # a Pit-marked cast from a seal (407.6)
    batch: tuple[str, ...] = ()  # a seal's cards
    marked: tuple[str, ...] = ()  # of those, the Pit-marked casts declared with it (407.6)
    label: str = ""
    uid: int = 0
    group: int = 0  # triggers stacked together share a group: their controller may reorder them
    when: str = ""  # a triggered ability's event (dies, enters, ...)
    target_kinds: tuple[
        str, ...
    ] = ()  # a triggered ability's chosen targets' kinds, checked again on resolution (608.3)
    condition: dict | None = None  # a triggered ability's intervening "if", checked again on resolution (603.4)
    modes: tuple[int, ...] = ()  # a modal spell's chosen modes, 0-based, in printed order (601.2b, 700.4a)
    decree: tuple[
        str, ...
    ] = ()  # a Mandate's decree announced at casting: the ids chosen in an opponent's place (601.2b)
    cites: tuple[str, ...] = ()  # the rules of the keyword an ability comes from (a Toll trigger: 702.14a, 603.14c)
    debt: Debt | None = None  # a called Debt's announcement: the Debt called (702.48b)


@dataclass(frozen=True)
class Attack:
    attacker: str
    target: str  # object id or player name
    defender: str
    blockers: tuple[str, ...] = ()
    blocked: bool = False  # stays blocked even if every blocker leaves (509.1g)
    order: tuple[str, ...] | None = None
    assign: FrozenDict | None = None  # recipient -> amount, once assigned
    sprung: str | None = None  # the Trap sprung against this attack (one per attack, 509.2)


@dataclass(frozen=True)
class Modifier:
    """A continuous effect from a resolution (611.2) on one object, locked to it (611.2a).

    `layer` says what it does (613.1): "7c" adds attack/vigor (613.4c), "7b" sets them
    (None leaves one alone), "7d" switches them, "6" grants/removes keywords, "4" adds subtypes
    or sets the card type, "2" gives control to `gains` (control.py; `base` is the controller
    it reverts to once no such effect is left, 723.3)."""

    obj: str
    attack: int | None
    vigor: int | None
    until: str
    timestamp: int
    layer: str = "7c"
    keywords: tuple[str, ...] = ()  # layer 6: granted
    loses: tuple[str, ...] = ()  # layer 6: removed
    subtypes: tuple[str, ...] = ()  # layer 4: added
    controller: str | None = None  # who made it (for "until your next turn", 611.2c)
    card_type: str | None = None  # layer 4: the card type it becomes (700.7's "becomes a Relic")
    gains: str | None = None  # layer 2: the player it gives control to
    base: str | None = None  # layer 2: the controller before any control effect applied
    origin: str | None = None  # a static ability's source, for the effects statics make (control.py)


@dataclass(frozen=True)
class Shield:
    """A prevention shield (615.3): prevents the next `amount` damage to `recipient`.

    `amount` None prevents all of it; `instances` counts down next-instance shields (615.4);
    `source` limits it to damage from that object (615.8, a sprung Ward 615.2), `recipient`
    None to any recipient; `combat` to combat damage."""

    recipient: str | None
    amount: int | None
    until: str
    source: str | None = None
    combat: bool = False
    instances: int | None = None
    timestamp: int = 0
    origin: str | None = None  # the card that made it (named in events and in `prefer`)
    controller: str | None = None  # who made it (for "until your next turn", 611.2c)


@dataclass(frozen=True)
class Redirect:
    """A damage redirection (614.6f): damage that would be dealt to `protect` is dealt to `onto`."""

    protect: str
    onto: str
    until: str
    timestamp: int = 0
    origin: str | None = None
    next_only: bool = True  # "the next time": used up by one event
    controller: str | None = None


@dataclass(frozen=True)
class Debt:
    """A Debt marker on a player (122.2i): owed to `creditor`; `price` the Vitae its creating card
    printed, None when it prints none (702.48c); `origin` the card whose effect created it."""

    creditor: str
    price: int | None = None
    origin: str = ""


@dataclass(frozen=True)
class Trigger:
    controller: str
    source: str | None  # None: a delayed trigger's source has changed zones since (603.7)
    effects: tuple[Effect, ...]
    label: str
    when: str = ""
    targets: Sequence[str] = ()  # a tuple; a list for a Contagion trigger (combat_damage.py)
    target_kinds: tuple[str, ...] = ()  # targets its controller chooses as it is put on the stack (603.3)
    condition: dict | None = None  # an intervening "if" (603.4)
    cites: tuple[str, ...] = ()  # the rules of the keyword it comes from, cited as it resolves


@dataclass(frozen=True)
class DropRule:
    """An effect that permits (`extra` more drops) or forbids the drop for one player (101.2)."""

    player: str
    forbid: bool
    until: str
    origin: str
    extra: int = 0


@dataclass(frozen=True)
class Delayed:
    """A delayed triggered ability (603.7), made by a resolving effect: it waits for `at` (the
    next cleanup, the next end step) and triggers once. `remembered` are the objects its words
    name ("that Entity", "it"), each as (id, zone, timestamp) when made: the same object only
    while it has not changed zones since (400.7), whatever qualities it has lost (700.7)."""

    controller: str
    source: str | None
    at: str
    effects: tuple[Effect, ...]
    remembered: tuple[tuple[str, str, int], ...] = ()  # ((id, zone, timestamp), ...) of its targets
    source_seen: tuple[str, int] | None = None  # (zone, timestamp) of its source when made
    label: str = ""


@dataclass(frozen=True)
class Choice:
    """A choice the rules give a player, waiting for `{player: P, choose: ..}` (choices.py).

    `kind` names its entry in choices.CHOICE_KINDS (whose `rule` gives the choice, cited when an
    answer is refused); `options` are what an answer may name — ids, or words for a `word`
    choice — and `count` how many of them a `pick` takes (least, most), or the amount a `divide`
    shares out (amount, amount); a `map` choice answers
    for each of its `keys` (614.8). `for_player` is whose choice it normally is, when another
    player makes it (a Mandate's caster, 702.35a). `resume` is the action the choice paused;
    `cites`, the rules behind what the choice is about, which its events cite besides `rule`."""

    kind: str
    player: str
    options: tuple[str, ...] = ()
    rule: str = ""
    prompt: str = ""  # what is being chosen, in words
    count: tuple[int, int] = (1, 1)
    keys: tuple[str, ...] = ()
    for_player: str | None = None
    resume: Any = None  # asking.Paused: the action to replay with the answer, and where it started
    cites: tuple[
        str, ...
    ] = ()  # the rules of what is chosen about (a keyword's trigger: its 702 rule), cited with `rule`


@dataclass(frozen=True)
class Preset:
    """An answer a scenario gives in advance (`answers:`): the first choice `player` is asked
    (of `kind`, when given) takes `value` without stopping."""

    player: str
    value: Any
    kind: str | None = None
    number: int = 0  # its place in the scenario's `answers:` list, from 1


@dataclass
class GameState:
    players: list[Player]  # in turn order
    objects: dict[str, Obj]  # id -> Obj
    battlefield: list[str]  # object ids
    stack: list[StackItem]  # bottom first
    active: str
    round_index: int
    phase: str
    step: str | None
    priority: str | None
    cards: dict[str, CardDef]  # shared, never copied
    policies: Policies  # shared
    passes: int = 0  # consecutive passes (117.4)
    checked: bool = False  # the 117.5 checks found nothing left to do, and only passing has happened since
    starting_player: str | None = None
    attacks_declared: bool = False
    blocks_declared: bool = False
    damage_dealt: bool = False
    damage_round: int = 0  # 1: the Celerity step of a two-step combat (510.1); 2: the normal one after it
    strikers: tuple[str, ...] = ()  # Entities with Celerity or Frenzy as the combat damage step began
    frenzied: tuple[str, ...] = ()  # of those, the ones with Frenzy (they strike in both steps, 702.3a)
    attacks: list[Attack] = field(default_factory=list)
    modifiers: list[Modifier] = field(default_factory=list)
    shields: list[Shield] = field(default_factory=list)
    waiting: list[Trigger] = field(default_factory=list)  # not yet stacked (603.3)
    next_ts: int = 1
    next_uid: int = 1
    game_over: bool = False
    result: str = ""
    pending: list[Choice] = field(default_factory=list)  # waiting to be answered, the first one now
    redirects: list[Redirect] = field(default_factory=list)
    prefer: dict[str, list[str]] = field(
        default_factory=dict
    )  # player -> card names/ids: their order for 616.1 choices
    shift: str | None = None  # a pending world-cycle shift, "night" or "day" (500.12): the last one wins
    extra_turns: list[str] = field(default_factory=list)  # players owed an extra turn, the newest last (500.11)
    regular: str | None = None  # whose regular turn the round's lap last reached (extra turns don't count)
    return_due: bool = False  # the next upkeep is the first Night upkeep after a Day round (503.3)
    tokens: tuple[str, ...] = ()  # the ids of the token objects (704.5g looks for them outside the battlefield)
    delayed: tuple[
        Delayed, ...
    ] = ()  # (Delayed, ...) waiting for their moment (603.7); a value, replaced when it changes
    static_control: bool = False  # some control effect of a static ability applies (control.settle_statics)
    arrangements: tuple = ()  # (arranging.Arrangement, ..): cards arrived together, their order still the owner's to choose
    owed_rites: tuple[
        tuple[str, str], ...
    ] = ()  # ((dead id, undertaker), ..): deaths whose rites are still to be offered (709.2)
    marks: tuple[tuple[str, str], ...] = ()  # (marker, victim) pairs linked by Reckoning counters (702.50a)
    preset: tuple[Preset, ...] = ()  # [Preset] answers the scenario gives in advance, the unused ones
    defaults: frozenset[str] = frozenset()  # the choice kinds the scenario leaves to the engine's default ("*": all)
    suspicion: int = 0  # the shared world meter, 0..10 (123.1)
    inquest_armed: bool = True  # the Inquest sits once per crossing of 7 (123.4b)
    cycle: int = 1  # the world cycle's count: each return of The Hunt begins the next (730.1)
    feasts: tuple[tuple[str, int, str], ...] = ()  # the announced calendar: (name, cycle, round name) (730.2)
    drop_rules: tuple[DropRule, ...] = ()  # effects that permit or forbid the drop, until they end (101.2): DropRule
    if TYPE_CHECKING:  # what a working state holds besides its fields (fork writes them; commit drops _edited)
        _edited: list[Obj] = field(init=False)  # the objects `edit` made private, frozen on commit
        _memo: dict[Hashable, Any] = field(init=False)  # values derived from the battlefield (`memo`)

    # -- copying: a working state shares everything until it writes ---------------------------
    def fork(self) -> GameState:
        """A working state for one action (see the module docstring); `commit` freezes it."""
        new = object.__new__(GameState)
        d = new.__dict__
        d.update(self.__dict__)
        d["players"] = WorkList(map(_thaw_player, self.players))
        d.update(zip(_SHORT_LISTS, map(WorkList, _short_lists(d))))
        d["prefer"] = WorkDict(self.prefer)
        d["_edited"] = []
        d["_memo"] = dict(self.__dict__.get("_memo", ()))  # derived from the battlefield, shared until owned
        return new

    def edit(self, oid: str) -> Obj:
        """The object `oid`, made private to this working state so that it can be written to."""
        objects = self.own("objects")
        obj = objects[oid]
        if type(obj) is not Obj:
            obj = objects[oid] = obj.thaw()
            self._edited.append(obj)
        return obj

    def add_object(self, obj: Obj) -> None:
        """A new object (a drawn unknown card, a token) enters the state."""
        self.own("objects")[obj.id] = obj
        self._edited.append(obj)
        if obj.token:
            self.tokens = self.tokens + (obj.id,)

    def own(self, name: str):
        """The objects map or the battlefield, made private to this working state before a write."""
        if type(self) is not GameState:
            raise SharedStateMutation(f"the {name} of a committed state cannot be changed: fork it")
        value = self.__dict__[name]
        if type(value) not in (WorkList, WorkDict):
            value = WorkDict(value) if isinstance(value, dict) else WorkList(value)
            self.__dict__[name] = value
        if name == "battlefield":
            self._memo.clear()  # what is derived from the battlefield is derived again
        return value

    def commit(self) -> GameState:
        """Freeze this working state: it can be shared from now on, and never changes again."""
        d = self.__dict__
        d.pop("_answers", None)  # the answers an action was replayed with (asking.py)
        for obj in d.pop("_edited", ()):
            obj.freeze()
        players = d["players"]
        for p in players:
            p.freeze()
        if players.__class__ is WorkList:  # as freeze_list does, without the call (fork made it)
            object.__setattr__(players, "__class__", FrozenList)
        else:
            d["players"] = freeze_list(players)
        d["objects"] = freeze_dict(d["objects"])
        d["battlefield"] = freeze_list(d["battlefield"])
        short = _short_lists(d)
        if set(map(type, short)) == _ONLY_WORK_LISTS:  # most often: each still the one fork made
            _set_classes(short, FrozenList)  # as freeze_list does, without eight calls
        else:
            d.update(zip(_SHORT_LISTS, map(freeze_list, short)))
        prefer = d["prefer"]
        d["prefer"] = FrozenDict({k: freeze_list(v) for k, v in prefer.items()}) if prefer else _NO_PREFERENCES
        d.setdefault("_memo", {})
        self.__class__ = FrozenGameState
        return self

    def freeze_all(self) -> GameState:
        """Commit a state built by hand (a scenario's board): every object is frozen."""
        self.__dict__["_edited"] = list(self.objects.values())
        return self.commit()

    def permanents(self) -> list:
        """(id, card definition) of each permanent, in battlefield order — derived once per
        battlefield (an object's card never changes); read the objects themselves fresh."""
        found = self._memo.get("permanents")  # (memo's lookup, without its call when found)
        return (
            found
            if found is not None
            else self.memo("permanents", lambda: [(oid, self.card(oid)) for oid in self.battlefield])
        )

    def memo(self, key: Hashable, compute: Callable[[], T]) -> T:
        """A value derived from this state, computed once (dropped when the battlefield changes)."""
        memo = self._memo
        found = memo.get(key, _UNSET)
        if found is _UNSET:
            found = memo[key] = compute()
        return found

    # -- lookups ----------------------------------------------------------------------------
    def player(self, name: str) -> Player | None:
        for p in self.players:
            if p.name == name:
                return p
        return None

    def known_player(self, name: str) -> Player:
        """`player`, for a name the engine itself holds (an object's owner or controller, the
        active player, a choice's player...): a name naming no player is a defect, raised as one."""
        for p in self.players:
            if p.name == name:
                return p
        raise LookupError(f"{name!r} is not a player of this game")

    @property
    def living(self) -> list[Player]:
        return list(filterfalse(_LOST, self.players))

    def apnap(self) -> list[Player]:
        """Living players in APNAP order: the active player first, then turn order (101.4)."""
        names = [p.name for p in self.players]
        start = names.index(self.active) if self.active in names else 0
        ordered = self.players[start:] + self.players[:start]
        return [p for p in ordered if not p.lost]

    def next_living(self, name: str) -> Player | None:
        """The first living player after `name` in turn order, wrapping round (`name` itself last)."""
        players = self.players
        names = list(map(_NAME, players))
        if name not in names:
            raise ValueError(f"{name!r} is not a player of this game")
        i = names.index(name)
        for candidate in players[i + 1 :] + players[: i + 1]:
            if not candidate.lost:
                return candidate
        return None

    def card(self, obj: Obj | str) -> CardDef | None:
        """The card as the game sees it: a face-down object shows only its guise (708.2, 613.2)."""
        if isinstance(obj, str):
            obj = self.objects[obj]
        if obj.face_down:
            assert obj.guise is not None, f"{obj.id} is face down, so it wears a guise (708.2)"
            return GUISES[obj.guise]
        return self.cards.get(obj.card)

    def known_card(self, obj: Obj | str) -> CardDef:
        """`card`, for an object the engine knows to be a known card (on the battlefield, on the
        stack, ...): an unknown Domain card there is a defect, raised as one."""
        card = self.card(obj)
        if card is None:
            raise LookupError(f"{obj if isinstance(obj, str) else obj.id} has no card definition: an unknown card")
        return card

    def true_card(self, obj: Obj | str) -> CardDef | None:
        """The card's own face, whatever it shows (its controller may look, 708.6)."""
        if isinstance(obj, str):
            obj = self.objects[obj]
        return self.cards.get(obj.card)

    @property
    def round_name(self) -> str:
        return ROUNDS[self.round_index]

    @property
    def is_day(self) -> bool:
        return self.round_index >= 3

    def opponents(self, name: str) -> list[Player]:
        return [p for p in self.living if p.name != name]

    def zone_list(self, obj: Obj) -> list[str] | list[str | None] | None:
        """The list holding `obj`, made private to this working state (the caller writes to it)."""
        zone = obj.zone
        if zone == "battlefield":
            return self.own("battlefield")
        if zone == "domain":
            return self.known_player(obj.owner).own("domain")
        id_zone = _ID_ZONES.get(zone)
        if id_zone is not None:
            return self.known_player(obj.owner).own(id_zone)
        return None

    def stack_item(self, target: str) -> StackItem | None:
        """The stack object a reference names: "stack:UID", or the card object of a spell."""
        for item in self.stack:
            if target == f"stack:{item.uid}" or (item.obj is not None and item.obj == target):
                return item
        return None

    def in_main_phase(self) -> bool:
        return self.phase in ("main1", "main2")


_NO_PREFERENCES = FrozenDict()
_ID_ZONES: dict[str, IdZone] = {
    "hand": "hand",
    "spoils": "spoils",
    "void": "void",
    "pit": "pit",
    "shelter": "shelter",
    "slot": "slot",
    "wards": "wards",
    "laboratory": "laboratory",
}
_UNSET = object()
_thaw_player = Player.thaw
_SHORT_LISTS = ("stack", "attacks", "modifiers", "shields", "waiting", "pending", "redirects", "extra_turns")
_short_lists = itemgetter(*_SHORT_LISTS)
_NAME = attrgetter("name")
_LOST = attrgetter("lost")
_ONLY_WORK_LISTS = {WorkList}


def _set_classes(values, cls) -> None:
    """value.__class__ = cls for each value (in C: map and setattr, drained by a zero-length deque)."""
    deque(map(setattr, values, repeat("__class__"), repeat(cls)), 0)


FrozenGameState = frozen_twin(GameState)
