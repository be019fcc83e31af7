"""Reading card files: the YAML card format into `CardDef` values, validated key by key.

Cards live in cards/nodawn/*.yaml (each file a list of cards) and in a scenario's `cards:`,
which win over the database. Every unknown key, effect, keyword, trigger or target kind is
a ScenarioError naming the file and line. The corpus and the engine both read cards here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from judge import paths
from judge.cards import vocabulary as V
from judge.cards.effect_reader import EffectReader
from judge.cards.model import Ability, CardDef, CoOpt, DominanceTerms, SleeperForm
from judge.yamlio import LDict, ScenarioError, key_line, line_of, load_file, one_of


class _Reader(EffectReader):
    """Validates one card mapping; errors carry the file and the line of the bad part."""

    def printed_keywords(self, words) -> tuple[tuple[str, ...], tuple]:
        """The keywords as the rules read them now, and the renamings made ((printed, read), ...)."""
        out, renamed = [], []
        for kw in words:
            head, _, rest = kw.partition(" ")
            new = V.RENAMED_KEYWORDS.get(head)
            if new is not None and new[1] == "number" and rest.strip().isdigit():
                read = f"{new[0]} {rest.strip()}"
                renamed.append((kw, read))
                kw = read
            out.append(kw)
        return tuple(out), tuple(renamed)

    def riders(self, raw, name: str, keywords: tuple) -> tuple:
        out = []
        for key, keyword in V.RIDERS.items():
            if key not in raw:
                continue
            if not any(kw.split(" ")[0] == keyword for kw in keywords):
                self.fail(
                    f"{name}: a {key}: rider needs the {keyword} keyword",
                    raw,
                    raw.line_of(key) if isinstance(raw, LDict) else None,
                )
            out.append((key, self.effects(raw[key], raw)))
        return tuple(out)

    def statics(self, raw, name: str) -> tuple:
        if raw is None:
            return ()
        if not isinstance(raw, list):
            self.fail(f"{name}: statics must be a list", raw)
        out = []
        for st in raw:
            self.keys(st, V.STATIC_KINDS | V.STATIC_QUALIFIERS, f"{name}: a static ability")
            kinds = [k for k in st if k in V.STATIC_KINDS]
            if len(kinds) != 1:
                self.fail(f"{name}: a static ability does exactly one of {', '.join(sorted(V.STATIC_KINDS))}", st)
            kind = kinds[0]
            value = st[kind]
            if kind in ("modify", "set", "define"):
                self.keys(value, {"attack", "vigor"}, f"{name}: static {kind}")
                for k, v in value.items():
                    ok = isinstance(v, int) and not isinstance(v, bool) or (kind == "define" and one_of(v, V.COUNTS))
                    if not ok:
                        self.fail(
                            f"{name}: static {kind} {k} must be a number"
                            + (f" or one of {', '.join(sorted(V.COUNTS))}" if kind == "define" else ""),
                            st,
                        )
            elif kind in ("grant", "remove"):
                self.keyword_list(self.strings(value, f"{name}: static {kind}", st), st)
            elif kind == "add_subtypes":
                self.strings(value, f"{name}: static add_subtypes", st)
            elif kind in ("reduce_damage", "feast"):
                self.integer(value, f"{name}: {kind}", st)
            elif kind == "reduce_cost":
                self.keys(value, V.REDUCE_COST_KEYS, f"{name}: static reduce_cost")
                if self.integer(value.get("vitae"), f"{name}: reduce_cost vitae", st) < 0:
                    self.fail(f"{name}: reduce_cost vitae cannot be negative", st)
                if "per" in value:
                    self.keys(value["per"], {"subtype"}, f"{name}: reduce_cost per")
                    if not isinstance(value["per"].get("subtype"), str):
                        self.fail(f"{name}: reduce_cost per needs a subtype", st)
                if "of" in value and not one_of(value["of"], V.CARD_TYPES):
                    self.fail(f"{name}: reduce_cost of must name a card type, not {value.get('of')!r}", st)
            elif kind in ("approach_tax", "trap_bonus"):
                key = "lose_vitae" if kind == "approach_tax" else "damage"
                self.keys(value, {key}, f"{name}: static {kind}")
                if self.integer(value.get(key), f"{name}: {kind} {key}", st) < 0:
                    self.fail(f"{name}: {kind} {key} cannot be negative", st)
            elif value is not True:
                self.fail(f"{name}: static {kind} takes true", st)
            if not one_of(st.get("affects", "self"), V.AFFECTS):
                self.fail(f"{name}: unknown affects {st.get('affects')!r} (known: {', '.join(sorted(V.AFFECTS))})", st)
            if "while" in st and not one_of(st["while"], V.CONDITIONS):
                self.fail(f"{name}: unknown condition {st['while']!r} (known: {', '.join(sorted(V.CONDITIONS))})", st)
            if "with_keyword" in st:
                self.keyword_list([st["with_keyword"]], st)
            out.append(dict(st))
        return tuple(out)

    def enters(self, raw, name: str) -> tuple:
        if raw is None:
            return ()
        self.keys(raw, V.ENTERS_KEYS, f"{name}: enters")
        out: list[tuple[str, Any]] = []  # ("drained", bool), ("counters", {kind: n})
        if "drained" in raw:
            if not isinstance(raw["drained"], bool):
                self.fail(f"{name}: enters drained must be true or false", raw)
            out.append(("drained", raw["drained"]))
        if "counters" in raw:
            c = raw["counters"]
            if not isinstance(c, dict) or not all(
                isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in c.values()
            ):
                self.fail(f"{name}: enters counters must map a counter kind to a number", raw)
            out.append(("counters", {str(k).lower(): v for k, v in c.items()}))
        return tuple(out)

    def co_opt(self, raw, name: str) -> CoOpt | None:
        if raw is None:
            return None
        self.keys(raw, V.CO_OPT_KEYS, f"{name}: co_opt")
        until = raw.get("until", "end_of_turn")
        if not one_of(until, V.DURATIONS):
            self.fail(f"{name}: co_opt until must be one of {', '.join(sorted(V.DURATIONS))}", raw)
        if "cost" not in raw:
            self.fail(f"{name}: co_opt needs the cost its card prints", raw)
        return CoOpt(self.cost(raw["cost"], raw), until)

    def sleeper(self, raw, name: str) -> SleeperForm | None:
        """`sleeper: {wakes: [effects], targets: [..]}` (dormant, 702.39b) or `sleeper: {gathers: KIND,
        arms: {at: N, effects: [..]}}` (gathering, 702.39c)."""
        if raw is None:
            return None
        self.keys(raw, V.SLEEPER_KEYS, f"{name}: sleeper")
        if ("gathers" in raw) == ("wakes" in raw):
            self.fail(
                f"{name}: sleeper is dormant (wakes: what waking does) or gathering (gathers: the counter kind "
                f"its card names), 702.39a",
                raw,
            )
        if "wakes" in raw:
            if "arms" in raw:
                self.fail(f"{name}: sleeper: arms belongs to a gathering Sleeper (702.39c)", raw)
            return SleeperForm(wakes=self.effects(raw["wakes"], raw), targets=self.targets(raw.get("targets"), raw))
        if "targets" in raw:
            self.fail(f"{name}: sleeper: targets belong to a dormant Sleeper's waking (702.39b)", raw)
        if not isinstance(raw["gathers"], str) or not raw["gathers"].strip():
            self.fail(f"{name}: sleeper gathers the counter kind its card names (122.2h)", raw)
        arms = raw.get("arms")
        if arms is None:
            self.fail(
                f"{name}: a gathering Sleeper's text says what a number of its counters arms (arms: {{at: N, "
                f"effects: [..]}}), 702.39c",
                raw,
            )
        self.keys(arms, V.SLEEPER_ARMS_KEYS, f"{name}: sleeper arms")
        at = self.integer(arms.get("at"), f"{name}: sleeper arms at", arms)
        if at < 1:
            self.fail(f"{name}: sleeper arms at a number of counters, 1 or more", arms)
        return SleeperForm(
            gathers=raw["gathers"].strip().lower(), arms_at=at, arms=self.effects(arms.get("effects"), arms)
        )

    def dominance(self, raw, name: str) -> DominanceTerms | None:
        """`dominance: {if: CONDITION | pay: N, price: N, fails: [effects]}` (702.42a-b)."""
        if raw is None:
            return None
        self.keys(raw, V.DOMINANCE_KEYS, f"{name}: dominance")
        if ("if" in raw) == ("pay" in raw):
            self.fail(
                f"{name}: dominance prints one condition: if: (what its controller must meet) or pay: N (the "
                f"Vitae they pay), 702.42a",
                raw,
            )
        pay = self.integer(raw["pay"], f"{name}: dominance pay", raw) if "pay" in raw else None
        if pay is not None and "price" in raw:
            self.fail(f"{name}: a dominance paid in Vitae has that payment as its price (702.42b)", raw)
        price = self.integer(raw["price"], f"{name}: dominance price", raw) if "price" in raw else pay
        return DominanceTerms(
            condition=self.condition(raw.get("if")),
            pay=pay,
            price=price,
            fails=self.effects(raw["fails"], raw) if "fails" in raw else (),
        )

    def condition(self, raw) -> dict | None:
        """An intervening "if" (603.4): {controls: {subtype, type, at_least}}, {different_names: N}."""
        if raw is None:
            return None
        self.keys(raw, V.TRIGGER_CONDITIONS, "an intervening if")
        if not raw:
            self.fail("an intervening if names a condition", raw)
        for word, spec in raw.items():
            if word == "different_names":
                self.integer(spec, f"if {word}", raw)
                continue
            self.keys(spec, V.CONTROLS_KEYS, f"if {word}")
            if "at_least" in spec:
                self.integer(spec["at_least"], f"if {word}: at_least", spec)
            for key in ("subtype", "type"):
                if key in spec and not isinstance(spec[key], str):
                    self.fail(f"if {word}: {key} must be a name", spec)
            if spec.get("type") is not None and not one_of(spec["type"], V.CARD_TYPES):
                self.fail(f"if {word}: unknown card type {spec['type']!r}", spec)
        return {word: spec if isinstance(spec, int) else dict(spec) for word, spec in raw.items()}

    def modes(self, raw, name: str) -> tuple:
        if raw is None:
            return ()
        if not isinstance(raw, list) or len(raw) < 2:
            self.fail(f"{name}: modes must list two or more modes, each a list of effects (700.4)", raw)
        return tuple(self.effects(mode, raw) for mode in raw)

    def backfire(self, raw, name: str) -> tuple:
        if raw is None:
            return ()
        self.keys(raw, V.BACKFIRE_KEYS, f"{name}: backfire")
        if not raw:
            self.fail(f"{name}: backfire names Corruption or damage", raw)
        return tuple((k, self.integer(v, f"{name}: backfire {k}", raw)) for k, v in raw.items())

    def clauses(self, raw, name: str) -> tuple:
        """A Contract's clause abilities, I first (714.2): a list of effect lists."""
        if raw is None:
            return ()
        if not isinstance(raw, list) or not raw or not all(isinstance(c, list) for c in raw):
            self.fail(f"{name}: clauses must be a non-empty list of effect lists (clause I first)", raw)
        return tuple(self.effects(c, raw) for c in raw)

    def targets(self, raw, node) -> tuple[dict, ...]:
        if raw is None:
            return ()
        if not isinstance(raw, list):
            self.fail("targets must be a list of {kind: ...}", node)
        out = []
        for spec, line in self.items(raw):
            self.keys(spec, {"kind"}, "a target", line)
            if not one_of(spec.get("kind"), V.TARGET_KINDS):
                self.fail(f"unknown target kind {spec.get('kind')!r}", spec)
            out.append(dict(spec))
        return tuple(out)

    def ability(self, raw, node) -> Ability:
        if not isinstance(raw, dict) or len(raw) != 1:
            self.fail("an ability is one of {spell: [...]}, {triggered: {...}}, {activated: {...}}", node)
        ((kind, body),) = raw.items()
        if kind == "spell":
            return Ability("spell", self.effects(body, raw))
        if kind == "triggered":
            self.keys(body, {"when", "effects", "targets", "if"}, "triggered ability", key_line(raw, kind))
            if not one_of(body.get("when"), V.TRIGGER_EVENTS):
                self.fail(
                    f"unknown trigger event {body.get('when')!r} (known: {', '.join(sorted(V.TRIGGER_EVENTS))})", body
                )
            return Ability(
                "triggered",
                self.effects(body.get("effects"), body),
                when=body["when"],
                targets=self.targets(body.get("targets"), body),
                condition=self.condition(body.get("if")),
            )
        if kind == "activated":
            self.keys(body, {"cost", "effects", "targets"}, "activated ability", key_line(raw, kind))
            return Ability(
                "activated",
                self.effects(body.get("effects"), body),
                cost=self.cost(body.get("cost"), body, V.ABILITY_COST_KEYS),
                targets=self.targets(body.get("targets"), body),
            )
        self.fail(f"unknown ability kind {kind!r}", raw)

    def card(self, raw, line: int | None = None) -> CardDef:
        self.keys(raw, V.CARD_KEYS, "a card", line)
        name = raw.get("name")
        if not isinstance(name, str) or not name.strip():
            self.fail("a card needs a name", raw)
        types = self.card_types(raw, name)
        ctype = types[0]
        if raw.get("clauses") is not None and not {"Contract", "Ritual"} & set(types):
            self.fail(f"{name}: clauses belong to a Contract or a Liturgy (a Ritual), 714.1", raw)
        supertypes = self.strings(raw.get("supertypes"), "supertypes", raw)
        for s in supertypes:
            if not one_of(s, V.SUPERTYPES):
                self.fail(f"{name}: unknown supertype {s!r}", raw)
        keywords = self.strings(raw.get("keywords"), "keywords", raw)
        self.keyword_list(keywords, raw, raw.line_of("keywords") if isinstance(raw, LDict) else None, name)
        keywords, renamed = self.printed_keywords(keywords)
        lineage = raw.get("lineage")
        if lineage is not None and not one_of(lineage, V.LINEAGES):
            self.fail(
                f"{name}: unknown lineage {lineage!r} (the six of 105.1, by story name: "
                f"{', '.join(sorted(V.LINEAGES))})",
                raw,
                raw.line_of("lineage") if isinstance(raw, LDict) else None,
            )
        binding = raw.get("binding", "unbound")
        if not one_of(binding, V.BINDINGS):
            self.fail(f"{name}: unknown binding {binding!r}", raw)
        abilities = raw.get("abilities") or []
        if not isinstance(abilities, list):
            self.fail(f"{name}: abilities must be a list", raw)
        numbers = {}
        for key in (
            "attack",
            "vigor",
            "blood_seal",
            "defense",
            "rooms",
            "wards",
            "initial_vitae",
            "enlightenment",
            "ascends",
            "convoy_defense",
        ):  # mode_count is read with the modes
            if raw.get(key) is not None:
                numbers[key] = self.integer(raw[key], f"{name}: {key}", raw)
        text = raw.get("text", "")
        modes = self.modes(raw.get("modes"), name)
        if "mode_count" in raw:
            count = self.integer(raw["mode_count"], f"{name}: mode_count", raw)
            if not modes or not 1 <= count <= len(modes):
                self.fail(f"{name}: mode_count must be between 1 and the number of modes", raw)
            numbers["mode_count"] = count
        # What belongs to a keyword needs it here; a keyword whose part the file does not write is
        # loaded, and judge/engine/coverage/support.py marks the card unplayable (the reader loads every card).
        keywords_heads = {kw.split(" ")[0] for kw in keywords}
        if "backfire" in raw and "Backlash" not in keywords_heads:
            self.fail(f"{name}: backfire belongs to a Backlash card (702.36a)", raw)
        for key, keyword, rule in (("sleeper", "Sleeper", "702.39a"), ("dominance", "Dominance", "702.42a")):
            if key in raw and keyword not in keywords_heads:
                self.fail(f"{name}: {key}: belongs to a card with the {keyword} keyword ({rule})", raw)
        if "reckoning" in raw and "Reckoning" not in keywords_heads:
            self.fail(
                f"{name}: reckoning: is the effect a Reckoning card telegraphs; it needs the Reckoning "
                f"keyword (702.50a)",
                raw,
            )
        return CardDef(
            name=name.strip(),
            type=ctype,
            supertypes=supertypes,
            subtypes=self.strings(raw.get("subtypes"), "subtypes", raw),
            lineage=raw.get("lineage"),
            cost=self.cost(raw.get("cost"), raw),
            binding=binding,
            keywords=keywords,
            text=str(text),
            abilities=tuple(self.ability(a, abilities) for a in abilities),
            targets=self.targets(raw.get("targets"), raw),
            statics=self.statics(raw.get("statics"), name),
            enters=self.enters(raw.get("enters"), name),
            riders=self.riders(raw, name, keywords),
            renamed=renamed,
            co_opt=self.co_opt(raw.get("co_opt"), name),
            modes=modes,
            backfire=self.backfire(raw.get("backfire"), name),
            reckoning=self.effects(raw["reckoning"], raw) if "reckoning" in raw else (),
            sleeper=self.sleeper(raw.get("sleeper"), name),
            dominance=self.dominance(raw.get("dominance"), name),
            origin=f"{self.path or '<scenario>'}:{line_of(raw, 0)}",
            lines=tuple(getattr(raw, "key_lines", {}).items()),
            types=types,
            castable_with=self.castable_with(raw, name, types),
            clauses=self.clauses(raw.get("clauses"), name),
            room_functions=self.room_functions(raw, name, types),
            **{"blood_seal": 0, **numbers},
        )

    def card_types(self, raw, name: str) -> tuple[str, ...]:
        """`type: T`, or `types: [T, U]` for a card of more than one type (300.2) — not both."""
        if "types" in raw:
            if "type" in raw:
                self.fail(f"{name}: give type or types, not both", raw)
            types = self.strings(raw["types"], f"{name}: types", raw)
            if len(types) < 2 or len(set(types)) != len(types):
                self.fail(f"{name}: types lists two or more different card types (one type: use type)", raw)
        else:
            types = (raw.get("type"),)
        for ctype in types:
            if not one_of(ctype, V.CARD_TYPES):
                self.fail(
                    f"{name}: unknown card type {ctype!r}",
                    raw,
                    raw.line_of("types" if "types" in raw else "type") if isinstance(raw, LDict) else None,
                )
        return types

    def castable_with(self, raw, name: str, types: tuple) -> str | None:
        value = raw.get("castable_with")
        if value is None:
            return None
        if "Power" not in types or not isinstance(value, str):
            self.fail(f"{name}: castable_with names a subtype, and only a Power has it (304.5)", raw)
        return value

    def room_functions(self, raw, name: str, types: tuple) -> tuple[str, ...]:
        functions = self.strings(raw.get("room_functions"), f"{name}: room_functions", raw)
        for f in functions:
            if not one_of(f, V.ROOM_FUNCTIONS):
                self.fail(f"{name}: unknown Room function {f!r} (known: {', '.join(sorted(V.ROOM_FUNCTIONS))})", raw)
        if functions and ("Haven" not in types or len(functions) > (raw.get("rooms") or 0)):
            self.fail(f"{name}: Room functions belong to a Haven's Rooms, at most one each (312.1)", raw)
        return functions


def parse_cards(raw, path: str | None, line: int | None = None) -> list[CardDef]:
    """The cards of a loaded list; `line` places a refusal of a value that is no list at all
    (a scenario's `cards: 5`)."""
    reader = _Reader(path)
    if raw is None:
        return []
    if not isinstance(raw, list):
        reader.fail(f"a card file holds a list of cards, not {raw!r:.60}", raw, line if line is not None else 1)
    return [reader.card(item, item_line) for item, item_line in reader.items(raw)]


def card_dir() -> Path:
    return paths.data_root() / "cards" / "nodawn"


def load_card_files(directory: Path | None = None) -> dict[str, CardDef]:
    """Every card in cards/nodawn/*.yaml, by name (a duplicate name is an error)."""
    directory = directory or card_dir()
    cards: dict[str, CardDef] = {}
    for path in sorted(directory.glob("*.yaml")):
        for card in parse_cards(load_file(path), str(path)):
            if card.name in cards:
                raise ScenarioError(
                    f"card {card.name!r} is defined twice (also {cards[card.name].origin})",
                    str(path),
                    int(card.origin.rsplit(":", 1)[1]) or None,
                )
            cards[card.name] = card
    return cards


_DATABASE: dict[str, CardDef] | None = None


def database() -> dict[str, CardDef]:
    global _DATABASE
    if _DATABASE is None:
        _DATABASE = load_card_files()
    return _DATABASE
