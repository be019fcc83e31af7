"""The pieces a scenario file lays out (scenario-format.md): its plain values (integers, true or
false, a round), the cards it uses — each refused at once if the engine cannot play it
(support.py) — and every object in a player's zones, with its id, counters and face (708.2).

A base of scenario.py's builder, which reads the file whole, places the objects and owns the
attributes these methods share (`raw`, `path`, `objects`, `names`, set in its __init__);
scenario_checks.py checks what the actions and expectations name against what is read here.
"""

from __future__ import annotations

from judge import input_limits as limits
from judge.cards import reader as card_db
from judge.corpus.slug import slugify
from judge.engine.core.errors import ScenarioError
from judge.engine.core.events import not_modelled
from judge.engine.core.guise import GUISES
from judge.engine.core.state import ROUND_ALIASES, ROUNDS, Debt, Obj, Unit
from judge.engine.coverage import support
from judge.engine.mechanics import sleepers
from judge.engine.procedures.faces import GUISE_KEYWORD
from judge.yamlio import LDict, Validator, key_line, line_of, one_of

OBJECT_KEYS = {
    "card",
    "id",
    "damage",
    "drained",
    "newly_turned",
    "counters",
    "token",
    "attached_to",
    "face_down",
    "guise",
}


def slug(text: str) -> str:
    return slugify(text)


class ObjectReader(Validator):
    """The readers, as a base of scenario._Builder, whose __init__ sets `raw`, `path`, `objects`, `names`."""

    raw: LDict  # the loaded file (the builder refuses anything but a mapping before reading it)
    path: str
    objects: dict[str, Obj]
    names: dict[str, list[str]]  # card name -> the ids of its objects

    # -- values --------------------------------------------------------------------------
    def int_(self, value, what: str, node, allow_none=False) -> int:
        if value is None and allow_none:
            return 0
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(f"{what} must be an integer, not {value!r}", node)
        return value

    def bool_(self, value, what: str, node) -> bool:
        if value is None:
            return False
        if not isinstance(value, bool):
            self.fail(f"{what} must be true or false, not {value!r}", node)
        return value

    def round(self, value, node) -> int:
        text = str(value).strip()
        if text in ROUNDS:
            return ROUNDS.index(text)
        if text.lower() in ROUND_ALIASES:
            return ROUND_ALIASES[text.lower()]
        self.fail(
            f"unknown round {value!r} (a name such as The Arise, or Night 2 / Day 1)",
            node,
            node.line_of("round") if isinstance(node, LDict) else None,
        )

    # -- cards ---------------------------------------------------------------------------
    def load_cards(self) -> dict:
        db = dict(card_db.database())
        self.checked: dict[str, None] = {}  # the cards the scenario uses, in the order met
        for card in card_db.parse_cards(self.raw.get("cards"), self.path, key_line(self.raw, "cards")):
            db[card.name] = card
            self.refuse_unplayable(card, None)  # a card defined here is used by this scenario
            self.checked[card.name] = None
        self.cards = db
        self.token_ids = set()
        for card in db.values():  # a token an effect creates is defined like any other card (111.3)
            for eff in card.all_effects():
                if eff.name != "create_token":
                    continue
                if "card" in eff.args and eff.args["card"] not in db:
                    where, _, line = card.origin.rpartition(":")
                    raise ScenarioError(
                        f"{card.name}: create_token names an unknown card {eff.args['card']!r}",
                        where,
                        int(line) if line.isdigit() and int(line) else None,
                    )
                if "id" in eff.args:
                    self.token_ids.add(str(eff.args["id"]))
        return db

    def need_card(self, name, node) -> str:
        if not isinstance(name, str) or name not in self.cards:
            self.fail(f"unknown card {name!r} (not in cards/nodawn/ nor in this scenario's cards:)", node)
        if name not in self.checked:
            self.refuse_unplayable(self.cards[name], node)
            self.checked[name] = None
        return name

    def notes(self) -> list:
        """Not-modelled events for what the cards used say and their card files do not."""
        return [
            not_modelled(f"not modelled here — {what}", rule)
            for name in self.checked
            for what, rule in support.text_notes(self.cards[name])
        ]

    def refuse_unplayable(self, card, node) -> None:
        """Nothing silent (issue 15): a card the engine does not model in full is not played."""
        gaps = support.gaps(card)
        if not gaps:
            return
        first = gaps[0]
        defined_here = card.path == self.path
        where = "" if defined_here else f" ({first.where(card)})"
        more = f" (and {len(gaps) - 1} more: " + "; ".join(g.what for g in gaps[1:]) + ")" if len(gaps) > 1 else ""
        self.fail(
            f"the scenario uses {card.name}{where}, which the engine cannot play: {first.what}{more}",
            node,
            first.line if defined_here else None,
        )

    # -- objects -------------------------------------------------------------------------
    def new_object(self, spec, owner: str, zone: str, node, line: int | None = None) -> str:
        if isinstance(spec, str):
            spec = {"card": spec}
            line = line or line_of(node)
        else:
            self.keys(spec, OBJECT_KEYS, f"an object in {owner}'s {zone}", line)
            line = line_of(spec)
        card = self.need_card(spec.get("card"), spec if isinstance(spec, LDict) else node)
        oid = spec.get("id")
        if oid is not None:
            oid = str(oid)
            if oid in self.objects:
                self.fail(f"duplicate object id {oid!r}", node, line)
        else:
            base = slug(card) or "card"
            oid, n = base, 2
            while oid in self.objects:
                oid, n = f"{base}-{n}", n + 1
        counters = spec.get("counters") or {}
        if not isinstance(counters, dict) or not all(isinstance(v, int) for v in counters.values()):
            self.fail("counters must map a counter kind to a number", spec, line)
        face_down, guise = self.face(spec, card, zone, line)
        obj = Obj(
            oid,
            card,
            owner,
            owner,
            zone,
            face_down=face_down,
            guise=guise,
            damage=self.int_(spec.get("damage", 0), "damage", spec, allow_none=True),
            drained=self.bool_(spec.get("drained"), "drained", spec),
            newly_turned=self.bool_(spec.get("newly_turned"), "newly_turned", spec),
            counters={str(k).lower(): v for k, v in counters.items()},
            token=self.bool_(spec.get("token"), "token", spec),
            attached_to=str(spec["attached_to"]) if spec.get("attached_to") is not None else None,
        )
        obj._line = line  # for the attachment check below
        self.objects[oid] = obj
        self.names.setdefault(card, []).append(oid)
        return oid

    def face(self, spec, card: str, zone: str, line) -> tuple[bool, str | None]:
        """`face_down: true` (708.2) with `guise:` naming the rule that laid it down; without it,
        the face-down keyword the card prints (Transmute, Masquerade, Sleeper)."""
        if not isinstance(spec, dict) or not spec.get("face_down"):
            if isinstance(spec, dict) and "guise" in spec:
                self.fail("guise is given only with face_down: true", spec, line)
            return False, None
        self.bool_(spec.get("face_down"), "face_down", spec)
        if zone != "battlefield":
            self.fail(
                "face_down: true is for a permanent on the battlefield (set Traps and Powers are face down "
                "by their zone)",
                spec,
                line,
            )
        guise = spec.get("guise")
        if guise is None:
            printed = [g for g, kw in GUISE_KEYWORD.items() if self.cards[card].has(kw)]
            sleeper = self.cards[card].sleeper
            if self.cards[card].has(sleepers.SLEEPER) and sleeper is not None and sleeper.dormant:
                printed.append(sleepers.DORMANT)  # a dormant Sleeper (702.39b)
            if len(printed) != 1:
                self.fail(
                    f"{card} prints no single face-down keyword: say which rule laid it down with guise: "
                    f"({', '.join(sorted(GUISES))})",
                    spec,
                    line,
                )
            guise = printed[0]
        if not one_of(guise, GUISES):
            self.fail(f"unknown guise {guise!r} (known: {', '.join(sorted(GUISES))})", spec, line)
        sleeper = self.cards[card].sleeper
        if guise == sleepers.DORMANT and not (self.cards[card].has(sleepers.SLEEPER) and sleeper and sleeper.dormant):
            self.fail(f"the {guise} guise is a dormant Sleeper's, and {card} is none (702.39b)", spec, line)
        return True, guise

    def zone_list(self, value, owner: str, zone: str, node) -> list[str]:
        if value is None:
            return []
        if not isinstance(value, list):
            self.fail(f"{owner}'s {zone} must be a list", node, key_line(node, zone))
        return [self.new_object(item, owner, zone, value, line) for item, line in self.items(value)]

    def domain(self, value, owner: str, node) -> list:
        if value is None:
            return [None] * 30
        if isinstance(value, int) and not isinstance(value, bool):
            if not 0 <= value <= limits.MAX_DOMAIN:
                self.fail(
                    f"domain: {value} is outside 0..{limits.MAX_DOMAIN:,} (a count of unknown cards)",
                    node,
                    key_line(node, "domain"),
                )
            return [None] * value
        return self.zone_list(value, owner, "domain", node)

    def debts(self, value, name: str, node) -> tuple:
        """`debts: [{to: CREDITOR, price: N, from: CARD}]` — the Debts a player owes (122.2i):
        `price` the Vitae its honoring costs (702.48c; none printed when absent)."""
        if value is None:
            return ()
        if not isinstance(value, list):
            self.fail(f"{name}: debts must be a list of {{to: CREDITOR, price: N, from: CARD}}", node)
        out = []
        for d in value:
            self.keys(d, {"to", "price", "from"}, "a Debt")
            if not isinstance(d.get("to"), str):
                self.fail(f"{name}: a Debt names its creditor (to: PLAYER)", d)
            price = self.int_(d["price"], "price", d) if "price" in d else None
            out.append(Debt(d["to"], price, str(d.get("from", ""))))
        return tuple(out)

    def pool(self, value, node) -> list:
        if value is None:
            return []
        if isinstance(value, int) and not isinstance(value, bool):
            return [Unit(value)] if value else []
        if not isinstance(value, list):
            self.fail("pool must be a number or a list of units", node)
        units = []
        for u in value:
            if isinstance(u, int) and not isinstance(u, bool):
                units.append(Unit(u))
            else:
                self.keys(u, {"amount", "source"}, "a pool unit")
                units.append(Unit(self.int_(u.get("amount"), "amount", u), u.get("source")))
        return units
