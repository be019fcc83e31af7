"""What the engine does not model of a card, so that nothing is played silently (issue 15, item 1).

The card database loads every card (the corpus shows each as reference); a card with a gap — a
keyword no module of the engine gives meaning to, a parameter the code cannot read, a rider a
keyword needs but the card file does not write, an effect aimed at something its handler
cannot reach — is not playable, and a scenario that uses it is refused at load
(judge/engine/scenarios/scenario_objects.py) naming the scenario's file and line, the card's file and line, and
the rule.

What is implemented is the engine's own registry, keywords.MODELLED, filled as the engine's
modules are imported (this module imports the whole pipeline first, through actions.py). The
rule of a keyword the engine does not model comes from the specification table,
rulings/nodawn/keywords.yaml (tests/test_keyword_table.py checks the two against each other).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from judge import paths
from judge.cards import vocabulary as V
from judge.cards.model import CardDef, Effect, walk_effects
from judge.engine.core import keywords
from judge.engine.instructions import effects
from judge.engine.mechanics.debts import DEBT
from judge.engine.mechanics.dominance import DOMINANCE
from judge.engine.mechanics.reckoning import RECKONING
from judge.engine.mechanics.sleepers import SLEEPER
from judge.engine.play import actions  # noqa: F401 - imports every module that declares a keyword
from judge.engine.play.casting import BACKLASH, ENTWINE, TRIBUTE
from judge.engine.play.resolve import BIND
from judge.engine.reading import layers
from judge.engine.triggered import triggers
from judge.yamlio import load_file


@dataclass(frozen=True)
class Gap:
    """One thing the engine does not model on a card: what, the rule, the card file's line."""

    what: str
    rule: str
    line: int | None

    def where(self, card: CardDef) -> str:
        """The card file and line, relative to the data root when it lies there."""
        path = card.path
        root = str(paths.data_root()).rstrip("/") + "/"
        path = path[len(root) :] if path.startswith(root) else path
        return f"{path}:{self.line or card.line_of('name') or ''}".rstrip(":")


@lru_cache(maxsize=1)
def keyword_rules() -> dict[str, str]:
    """Every 702 keyword of the card format -> its rule, from the specification table."""
    table = load_file(paths.data_root() / "rulings" / "nodawn" / "keywords.yaml")
    return {str(row["keyword"]): str(row["rule"]) for row in table["keywords"]}


def not_modelled(keyword: str) -> str:
    return f"not modelled by the engine: {keyword} ({keyword_rules().get(keyword, '702')})"


_CACHE: dict[int, tuple[CardDef, tuple]] = {}


def gaps(card: CardDef) -> tuple[Gap, ...]:
    """Everything about `card` the engine does not model; empty when it is playable."""
    hit = _CACHE.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    found = tuple(
        _keyword_gaps(card)
        + _rider_gaps(card)
        + _bind_gaps(card)
        + _effect_gaps(card)
        + _slot_gaps(card)
        + _static_gaps(card)
    )
    _CACHE[id(card)] = (card, found)
    return found


def playable(card: CardDef) -> bool:
    return not gaps(card)


# -- keywords --------------------------------------------------------------------------------
def _printed(card: CardDef, written: str) -> str:
    """How the card printed a keyword the reader renamed ("Sleeper 3" read as "Reckoning 3")."""
    renamed = next((old for old, new in card.renamed if new == written), None)
    return f" (printed {renamed}, read as {written}: 702.39d)" if renamed else ""


def _keyword(card: CardDef, written: str, line: int | None, how: str = "") -> list[Gap]:
    head, rest = keywords.split(written)
    printed = _printed(card, written)
    known = keywords.MODELLED.get(head)
    if known is None:
        return [Gap(f"{how}{not_modelled(head)}{printed}", keyword_rules().get(head, "702"), line)]
    problem = keywords.parameter_problem(written)
    if problem is not None:
        return [Gap(f"{how}{problem} ({known.rule}){printed}", known.rule, line)]
    return []


def _granted(card: CardDef) -> list[str]:
    out = [kw for st in card.statics for kw in st.get("grant", ())]
    out += [kw for a in card.abilities for e in a.effects if e.name == "grant" for kw in e.args.get("keywords", ())]
    out += [kw for _, rider in card.riders for e in rider if e.name == "grant" for kw in e.args.get("keywords", ())]
    return out


# Keywords whose meaning is printed on the card that has them, as its own part (a Sleeper's form, a
# dominance condition, a Debt's rider): a granted one would carry none of it.
_OWN_TERMS = {
    SLEEPER: ("`sleeper:`", "702.39a"),
    DOMINANCE: ("`dominance:`", "702.42a"),
    DEBT: ("a `take_debt` effect", "702.48a"),
}


def _keyword_gaps(card: CardDef) -> list[Gap]:
    line = card.line_of("keywords")
    out = [g for kw in card.keywords for g in _keyword(card, kw, line)]
    granted_line = card.line_of("statics") or card.line_of("abilities")
    for kw in dict.fromkeys(_granted(card)):
        head = keywords.split(kw)[0]
        if head in _OWN_TERMS:
            part, rule = _OWN_TERMS[head]
            out.append(
                Gap(
                    f"it grants {head}, whose terms are printed on the card that has it ({part}); a granted "
                    f"{head} carries none: not modelled by the engine ({rule})",
                    rule,
                    granted_line,
                )
            )
        else:
            out += _keyword(card, kw, granted_line, "it grants ")
    return out


# -- riders: a keyword whose effect the card file must write out -------------------------------
_THRESHOLD_RULES = {layers.SIEGE: "702.29a", layers.PACK: "702.44a"}


def _has_static(card: CardDef, test) -> bool:
    return any(test(st) for st in card.statics)


def _rider_gaps(card: CardDef) -> list[Gap]:
    heads = {keywords.split(kw)[0] for kw in card.keywords}
    riders = {key for key, _ in card.riders}
    out = []

    def need(keyword: str, rule: str, ok: bool, what: str) -> None:
        if keyword in heads and keyword in keywords.MODELLED and not ok:  # an unmodelled one is refused as such
            written = next(kw for kw in card.keywords if keywords.split(kw)[0] == keyword)
            out.append(
                Gap(
                    f"{keyword}: {what} is not written in the card file, so the engine would play "
                    f"the keyword as doing nothing{_printed(card, written)}",
                    rule,
                    card.line_of("keywords"),
                )
            )

    need(TRIBUTE, "702.25a", "tribute" in riders, "the rider a paid Tribute earns (`tribute:`)")
    need(BACKLASH, "702.36a", bool(card.backfire), "the backfire an unpaid synthesis cost incurs (`backfire:`)")
    need(ENTWINE, "702.35b", bool(card.modes), "the modes it entwines (`modes:`)")
    need(RECKONING, "702.50a", bool(card.reckoning), "the effect it telegraphs (`reckoning:`)")
    need(
        SLEEPER,
        "702.39a",
        card.sleeper is not None,
        "how it lies in wait (`sleeper:` — dormant, what waking does; or gathering, its counter and what it arms)",
    )
    need(DOMINANCE, "702.42a", card.dominance is not None, "its printed dominance condition (`dominance:`)")
    need(
        DEBT,
        "702.48a",
        any(e.name == "take_debt" for _, e, _ in _all_effects(card)),
        "the rider that creates the Debt (a `take_debt` effect)",
    )
    need(
        layers.SIEGE,
        "702.29a",
        "siege" in riders or _has_static(card, lambda st: st.get("while") == "siege"),
        "its Siege rider (a `while: siege` static or a `siege:` rider)",
    )
    need(
        layers.PACK,
        "702.44a",
        _has_static(card, lambda st: st.get("while") == "pack"),
        "what it gets while it attacks with the pack (a `while: pack` static)",
    )
    for keyword, (affects, rule) in layers.ANTHEMS.items():
        need(
            keyword,
            rule,
            _has_static(card, lambda st, a=affects: st.get("affects") == a),
            f"its anthem (a static with `affects: {affects}`)",
        )
    for when, (keyword, rule) in triggers.NAMED_BY.items():
        need(keyword, rule, bool(card.triggers(when)), f"what it does (a triggered ability `when: {when}`)")
    for condition, keyword in layers.THRESHOLDS.items():
        if keyword not in heads and _has_static(card, lambda st, c=condition: st.get("while") == c):
            out.append(
                Gap(
                    f"a `while: {condition}` static needs the card's own {keyword} keyword (its threshold)",
                    _THRESHOLD_RULES[keyword],
                    card.line_of("statics"),
                )
            )
    return out


# -- Bind: the object it names is the target its Ritual requires (303.3a) ----------------------------
def _bind_gaps(card: CardDef) -> list[Gap]:
    written = next((kw for kw in card.keywords if keywords.split(kw)[0] == BIND), None)
    if written is None or keywords.parameter_problem(written) is not None:
        return []  # no Bind, or its unreadable parameter is already a gap (_keyword_gaps)
    line = card.line_of("keywords")
    kind = keywords.value(BIND, keywords.split(written)[1])
    if card.type != "Ritual":
        return [
            Gap(
                f"{written}: only a Ritual is played as bound (702.19a, 303.3); a binding {card.type} is not "
                f"modelled by the engine",
                "702.19a",
                line,
            )
        ]
    if kind not in V.TARGET_KINDS:
        return [
            Gap(
                f"{written}: {kind!r} is no kind of object or player a card can target ("
                f"{', '.join(sorted(V.TARGET_KINDS))})",
                "702.19a",
                line,
            )
        ]
    if not card.targets or card.targets[0]["kind"] != kind:
        named = card.targets[0]["kind"] if card.targets else "none"
        return [
            Gap(
                f"{written}: a Ritual with Bind requires a target of the kind its Bind names, chosen as it is "
                f"cast — its first target must be {{kind: {kind}}}, not {named}",
                "303.3a",
                card.line_of("targets") or line,
            )
        ]
    if kind == "player" and _names_attached(card):
        return [
            Gap(
                f"{written}: `to: attached` and `affects: attached` reach the permanent a card is attached to, "
                f"not a bound player (name it `who: attached`) — not modelled by the engine",
                "303.3b",
                line,
            )
        ]
    return []


def binds_a_player(card: CardDef) -> bool:
    written = next((kw for kw in card.keywords if keywords.split(kw)[0] == BIND), None)
    return written is not None and keywords.value(BIND, keywords.split(written)[1]) == "player"


def _names_attached(card: CardDef) -> bool:
    """Whether the card aims at `attached` as an object (an effect's `to:`, a static's `affects:`);
    `who: attached` names a bound player (effect_context.players)."""
    return any(e.args.get("to") == "attached" for _, e, _ in _all_effects(card)) or _has_static(
        card, lambda st: st.get("affects", "attached" if "control" in st else None) == "attached"
    )


# -- effects: each aimed at what its handler can reach ---------------------------------------------
_TARGET_WORDS = {"target", "each_target", *V.TARGET_SLOTS}
_SCOPES = {
    "objects": V.OBJECT_RECIPIENTS,
    "players": V.PLAYER_RECIPIENTS | _TARGET_WORDS,
    "any": V.OBJECT_RECIPIENTS | V.PLAYER_RECIPIENTS,
    "target": _TARGET_WORDS,
}


def _all_effects(card: CardDef) -> list[tuple[str, Effect, int | None]]:
    """(where, effect, line) for every effect the card carries, nested ones included."""
    out = [(f"a {a.kind} ability", e, card.line_of("abilities")) for a in card.abilities for e in a.effects]
    out += [(f"its {key} rider", e, card.line_of(key)) for key, rider in card.riders for e in rider]
    out += [(f"its mode {n}", e, card.line_of("modes")) for n, mode in enumerate(card.modes, 1) for e in mode]
    out += [("what its Reckoning telegraphs", e, card.line_of("reckoning")) for e in card.reckoning]
    out += [(f"its clause {n}", e, card.line_of("clauses")) for n, clause in enumerate(card.clauses, 1) for e in clause]
    return [(where, nested, line) for where, e, line in out for nested in walk_effects((e,))]


def _effect_gaps(card: CardDef) -> list[Gap]:
    out = []
    bound_player = {"attached"} if binds_a_player(card) else set()  # `who: attached`: the player it binds
    for where, eff, line in _all_effects(card):
        for key, scope in effects.REACHES.get(eff.name, {}).items():
            value = eff.args.get(key)
            allowed = _SCOPES[scope] | (bound_player if scope == "players" else set())
            if value is not None and (not isinstance(value, str) or value not in allowed):
                out.append(
                    Gap(
                        f"{where}: {eff.name} {key}: {value} — the effect reaches only "
                        f"{', '.join(sorted(_SCOPES[scope]))}; not modelled by the engine",
                        "608.4",
                        line,
                    )
                )
        what = eff.args.get("what", "Entity")
        if eff.name == "sacrifice" and (not isinstance(what, str) or what not in V.CARD_TYPES):
            out.append(Gap(f"{where}: sacrifice what: {what!r} is not a card type", "701.12a", line))
    return out


# -- several targets: each effect names its slot (115.1, 608.3) -------------------------------------
_AIMS = ("to", "who", "from", "onto", "with")  # the keys that name what an effect reaches


def _slot_gaps(card: CardDef) -> list[Gap]:
    """A spell with several targets: `target` could mean every one of them or the first, so the
    card must say which (first_target, second_target, third_target, or each_target); a slot the
    card does not have names nothing."""
    out = []
    count = max([len(card.targets)] + [len(a.targets) for a in card.abilities])
    for where, eff, line in _all_effects(card):
        for key in _AIMS:
            value = eff.args.get(key)
            if value == "target" and count > 1:
                out.append(
                    Gap(
                        f"{where}: {eff.name} {key}: target — this card has {count} targets, and `target` "
                        f"could mean each of them or the first: write first_target, second_target"
                        f"{', third_target' if count > 2 else ''} or each_target",
                        "115.1",
                        line,
                    )
                )
            elif value in V.TARGET_SLOTS and V.TARGET_SLOTS.index(value) >= max(count, 1):
                out.append(
                    Gap(
                        f"{where}: {eff.name} {key}: {value} — the card has {count} target"
                        f"{'' if count == 1 else 's'}: no such slot",
                        "115.1",
                        line,
                    )
                )
    return out


# -- statics: the qualifiers each kind honours --------------------------------------------------
# Static kinds that are not layer effects read no subtype/with_keyword filter; some read no `affects`.
_LAYER_KINDS = {"modify", "set", "switch", "define", "grant", "remove", "add_subtypes"}
_NO_AFFECTS = {
    "dies_to_domain": "itself",
    "spoils_to_void": "every card bound for a Spoils",
    "pool_to_draws": "its controller",
    "draw_to_recall": "its controller",
    "cant_be_blocked_alone": "itself",
}


def _static_gaps(card: CardDef) -> list[Gap]:
    out = []
    line = card.line_of("statics")
    for st in card.statics:
        kind = next(k for k in st if k in V.STATIC_KINDS)
        if kind not in _LAYER_KINDS and {"subtype", "with_keyword"} & set(st):
            out.append(
                Gap(
                    f"a {kind} static reads no subtype or with_keyword filter: not modelled by the engine",
                    "613.1",
                    line,
                )
            )
        if kind in _NO_AFFECTS and st.get("affects", "self") != "self":
            out.append(
                Gap(
                    f"a {kind} static always watches {_NO_AFFECTS[kind]}; affects: {st['affects']} is not "
                    f"modelled by the engine",
                    "611.3",
                    line,
                )
            )
    return out


# -- what a card's printed text says that its card file does not --------------------------------
_SENTENCE = re.compile(r"(?:^|[.;:—\n(]\s*)([A-Z][\w-]*(?: up)?)")
# An ability as the rules write it: a triggered one "[When / Whenever / At] [event], [effect]" (603.1),
# an activated one "[Cost]: [Effect]" with a drain, sacrifice or Vitae cost (602.1).
_TRIGGERED = re.compile(r"(?:^|[.;\n—]\s*)((?:When|Whenever|At the beginning of)\b[^.]*\.?)")
_ACTIVATED = re.compile(r"(?:^|[.;\n—]\s*)((?:Drain this|Sacrifice this|Pay \d+ Vitae)[^:.]*:[^.]*\.?)")


def text_notes(card: CardDef) -> list[tuple[str, str]]:
    """(what, rule) for what the card's printed text says and its card file does not, so that the
    engine plays the card without it (a "Not modelled here" line): a keyword the text starts an
    ability with and `keywords:` lack; a triggered or activated ability the text prints when the
    card file writes none of that kind."""
    heads = {keywords.split(kw)[0] for kw in card.keywords} | {keywords.split(old)[0] for old, _ in card.renamed}
    rules = keyword_rules()
    out = []
    for word in dict.fromkeys(m.group(1) for m in _SENTENCE.finditer(card.text)):
        if word in V.KEYWORDS and word not in heads:
            out.append(
                (
                    f"{card.name}'s text names {word}, which its card file's keywords: lack — the engine "
                    f"plays it without {word}",
                    rules.get(word, "702"),
                )
            )
    kinds = {a.kind for a in card.abilities}
    if card.sleeper or card.dominance or card.reckoning or card.clauses:
        kinds.add("triggered")  # an upkeep trigger written through its keyword's or its Contract's form
    if any(e.name == "delayed" for e in card.all_effects()):
        kinds.add("triggered")  # "At the beginning of the next end step, …": a delayed trigger its effect makes (603.7)
    if card.type == "Trap" and "spell" in kinds:
        kinds.add("triggered")  # a Trap's "When sprung, …" is its effect as it springs (307.4), written as spell:
    for pattern, kind, rule in ((_TRIGGERED, "triggered", "603.1"), (_ACTIVATED, "activated", "602.1")):
        if kind in kinds:
            continue
        for m in pattern.finditer(card.text):
            out.append(
                (
                    f'{card.name}\'s text prints the {kind} ability "{m.group(1).strip()}", which its card '
                    f"file does not write — the engine plays the card without it",
                    rule,
                )
            )
    return out
