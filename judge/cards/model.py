"""The card model: what a No Dawn card file says, as frozen values (`CardDef` and its parts).

Read by judge/cards/reader.py, shown by the corpus (judge/corpus/nodawn/cards.py) and played
by the engine (judge/engine). Nothing here knows a rule of play.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.cards import vocabulary as V


@dataclass(frozen=True)
class Cost:
    vitae: int = 0
    master: int = 0
    corruption: int = 0
    wrath: int = 0
    source: str | None = None
    drain: bool = False  # activated-ability costs only
    sacrifice: bool = False


@dataclass(frozen=True)
class Effect:
    name: str
    args: dict  # normalised keyword arguments


def walk_effects(effects):
    """Every effect of a list, and of the effect lists nested in it (a delayed trigger's, ...)."""
    for e in effects:
        yield e
        yield from walk_effects(e.args.get("effects", ()))


@dataclass(frozen=True)
class Ability:
    kind: str  # spell | triggered | activated
    effects: tuple[Effect, ...]
    when: str | None = None
    cost: Cost | None = None
    targets: tuple[dict, ...] = ()
    condition: dict | None = None  # a triggered ability's intervening "if" (603.4): {word: spec}

    @property
    def produces_vitae(self) -> bool:
        return any(e.name == "add_vitae" for e in self.effects)


@dataclass(frozen=True)
class CoOpt:
    """An Influencer's printed co-opt (302.10): the price another Master pays, and for how long."""

    cost: Cost
    until: str


@dataclass(frozen=True)
class SleeperForm:
    """How a card's Sleeper lies in wait (702.39a): dormant — it enters face down and may wake at
    its controller's upkeep, `wakes` being what waking does and `targets` what it strikes (702.39b);
    or gathering — a `gathers` counter at each upkeep, `arms` happening as the `arms_at`-th arrives
    (702.39c)."""

    wakes: tuple = ()
    targets: tuple = ()
    gathers: str | None = None
    arms_at: int | None = None
    arms: tuple = ()

    @property
    def dormant(self) -> bool:
        return self.gathers is None


@dataclass(frozen=True)
class DominanceTerms:
    """A card's printed dominance (702.42a): a condition its controller meets at upkeep — `condition`
    (an intervening "if", conditions.py) or a payment of `pay` Vitae; `price`, the printed dominance
    price appeasing it costs (702.42b: plus 1), the payment itself when the condition is one; `fails`,
    the failure consequence its own text states, used instead of 702.42b's choice and 702.42a's loss."""

    condition: dict | None = None
    pay: int | None = None
    price: int | None = None
    fails: tuple = ()


@dataclass(frozen=True)
class CardDef:
    name: str
    type: str
    supertypes: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    lineage: str | None = None
    cost: Cost = Cost()
    attack: int | None = None
    vigor: int | None = None
    blood_seal: int = 0
    binding: str = "unbound"
    keywords: tuple[str, ...] = ()
    text: str = ""
    abilities: tuple[Ability, ...] = ()
    targets: tuple[dict, ...] = ()
    defense: int | None = None
    rooms: int | None = None
    wards: int | None = None
    initial_vitae: int | None = None
    enlightenment: int | None = None
    ascends: int | None = None
    statics: tuple = ()  # static abilities as validated mappings (judge/engine/reading/layers.py)
    enters: tuple = ()  # (("drained", True), ("counters", {...})): how it enters, 614.6a-b
    riders: tuple = ()  # ((rider key, (Effect, ...)), ...): vocabulary.RIDERS
    renamed: tuple = ()  # ((as printed, as read), ...): keywords printed under an old name
    co_opt: CoOpt | None = None  # an Influencer's co-opt price and duration (302.10)
    modes: tuple = ()  # a modal spell's modes: each a tuple of effects, in printed order (700.4)
    mode_count: int = 1  # how many modes are chosen, unless Entwine is paid (702.35b)
    backfire: tuple = ()  # (("corruption", N), ("damage", N)): an unpaid Backlash's price (702.36a)
    reckoning: tuple = ()  # the effects Reckoning telegraphs, done when its last counter goes (702.50a)
    sleeper: SleeperForm | None = None  # how its Sleeper waits and matures (702.39b-c)
    dominance: DominanceTerms | None = None  # its printed dominance condition and price (702.42)
    origin: str = ""  # file:line it was read from
    lines: tuple = ()  # ((card key, line), ...): where each key of the card file stands
    types: tuple[str, ...] = ()  # every card type it bears, `type` first (300.2)
    castable_with: str | None = None  # a Power castable while its controller controls this subtype (304.5)
    clauses: tuple = ()  # a Contract's (or Liturgy's) clause abilities I, II, III…: tuples of Effects (714.2)
    convoy_defense: int | None = None  # a Haven's printed convoy Defense, a Procession's crack value (408.5f)
    room_functions: tuple[str, ...] = ()  # the crafts its Rooms bear, one Room each (312.1)

    def __post_init__(self) -> None:
        if not self.types:
            object.__setattr__(self, "types", (self.type,))

    def is_a(self, card_type: str) -> bool:
        """Whether the card bears `card_type` among its types (300.2)."""
        return card_type in self.types

    def line_of(self, key: str) -> int | None:
        """The line of one key of the card file (the card's own line if unknown)."""
        found = dict(self.lines).get(key)
        if found is not None:
            return found
        tail = self.origin.rsplit(":", 1)[-1]
        return int(tail) if tail.isdigit() and int(tail) else None

    @property
    def path(self) -> str:
        return self.origin.rsplit(":", 1)[0]

    def has(self, keyword: str) -> bool:
        return self.keyword_value(keyword) is not None

    def keyword_value(self, keyword: str) -> str | None:
        """ "" for a bare keyword, its parameter ("3") for "Siege 3", None when absent."""
        for kw in self.keywords:
            head, _, rest = kw.partition(" ")
            if head == keyword:
                return rest
        return None

    def all_effects(self):
        """Every effect the card carries — its abilities', modes', Reckoning's and clauses' —
        nested ones included."""
        for a in self.abilities:
            yield from walk_effects(a.effects)
        forms = (self.sleeper.wakes, self.sleeper.arms) if self.sleeper else ()
        for effects in (
            *self.modes,
            self.reckoning,
            *self.clauses,
            *forms,
            *((self.dominance.fails,) if self.dominance else ()),
        ):
            yield from walk_effects(effects)

    @property
    def race(self) -> str | None:
        # The first subtype of an Entity is its Race, the blood source (106.3, 205.3b).
        return self.subtypes[0] if self.is_a("Entity") and self.subtypes else None

    @property
    def spell_effects(self) -> tuple[Effect, ...]:
        return tuple(e for a in self.abilities if a.kind == "spell" for e in a.effects)

    def triggers(self, when: str) -> list[Ability]:
        return [a for a in self.abilities if a.kind == "triggered" and a.when == when]

    @property
    def activated(self) -> list[Ability]:
        return [a for a in self.abilities if a.kind == "activated"]

    @property
    def is_permanent(self) -> bool:
        return any(t in V.PERMANENT_TYPES for t in self.types)
