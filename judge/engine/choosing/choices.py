"""The kinds of choice the rules give a player (rulings/nodawn/choices.yaml): CHOICE_KINDS.

Where the rules give a choice, the engine calls `asking.ask(...)` with the kind, the chooser and
the options (asking.py). An answer is `{player: P, choose: ..}`, read here by the kind's shape:

    pick   one id or a list of ids among the options, as many as the choice's `count` allows
    order  a list naming every option once, in the order they are to resolve (first listed first)
    word   one of the option words (`pay`, `decline`, an effect's name), or the id a word stands for
    map    {KEY: [ids], ..}: for each key (an effect offering to take objects) the ids it takes,
           no id under two keys (614.8); with one key a plain list will do
    divide {ID: N, ..}: an amount (the choice's `count`) divided among the options, each N a
           whole number 0 or more, summing to the amount (an option left out takes 0)

An answer that is not among the options is refused citing the rule that gives the choice.

To add a kind: one `ChoiceKind` row below, with the id choices.yaml gives the choice, and an
`asking.ask(s, log, KIND, ...)` where the rules give it (before anything it decides is changed).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from judge.engine.core.errors import Refused
from judge.engine.core.state import Choice, GameState
from judge.engine.reading.references import as_list, resolve_ref


@dataclass(frozen=True)
class ChoiceKind:
    rule: str  # the rule that gives the choice (cited when an answer is refused)
    shape: str  # pick | order | word | map (see the module docstring)
    default: str = ""  # the engine's stated default, in words; "" if it has none (a target)
    optional: bool = False  # a "may": the next action that is not an answer declines it (scenario-format.md)
    declined: object = ()  # the answer a decline stands for
    answered_by: frozenset = field(default_factory=frozenset)  # action kinds besides `choose` that answer it
    listed: str = "first listed resolves first"  # (order) what the order of an answer means


CHOICE_KINDS: dict[str, ChoiceKind] = {
    "return-from-shelter": ChoiceKind("503.3", "pick", optional=True),
    "eminent-duplicate": ChoiceKind("704.5q", "pick", "the newest stays (as 300.4 reads)"),
    "sacrifice-choice": ChoiceKind("701.12a", "pick", "the longest-standing permanent of the kind"),
    "discard-choice": ChoiceKind("701.10a", "pick", "the newest cards in hand"),
    "cleanup-discard": ChoiceKind("514.1", "pick", "the newest cards in hand"),
    "refuge": ChoiceKind("514.4a", "pick", "the previous refuge if it is still theirs, else their first Haven"),
    "shelter-rooms": ChoiceKind("514.4d", "pick", "the longest-standing night Entities take the Rooms"),
    "trigger-order": ChoiceKind(
        "603.3",
        "order",
        "the order they triggered (the first triggered resolves last)",
        answered_by=frozenset({"order"}),
    ),
    "trigger-targets": ChoiceKind("603.3", "pick"),
    "replacement-order": ChoiceKind("616.1", "word", "the effect with the earliest timestamp first"),
    "shield-allocation": ChoiceKind("615.3", "order", "the order the damage was assigned in"),
    "unless-payment": ChoiceKind("701.7b", "word", optional=True, declined="decline"),
    "foresee": ChoiceKind("701.16a", "pick", "every card stays on top, in its order"),
    "enter-choices": ChoiceKind("614.8", "map", optional=True, declined=()),
    # a "may gain" (offers.py): a gift that Invites its giver (310.11), or a plain optional instruction (608.4)
    "accept-gift": ChoiceKind("310.11", "word", optional=True, declined="decline"),
    "optional-instruction": ChoiceKind("608.4", "word", optional=True, declined="decline"),
    # "you may pay" as Revenant's trigger resolves (702.46a, effects._may_pay); the undertaker's rites
    # as an Entity dies (709.2, rites.py)
    "revenant-return": ChoiceKind("702.46a", "word", optional=True, declined="decline"),
    "lay-to-rest": ChoiceKind("709.2", "word", optional=True, declined="decline"),
    # the order of cards arriving together, asked when something first reads it (arranging.py)
    "pit-flush-order": ChoiceKind("407.4", "order", "the order they were sealed in", listed="from the top down"),
    "spoils-order": ChoiceKind("404.3", "order", "the order the engine moved them in", listed="from the top down"),
    # the timestamp order of a player's objects entering at once, where it can matter (timestamps.py)
    "simultaneous-timestamps": ChoiceKind(
        "613.7d", "order", "the order the engine moved them in", listed="earliest timestamp first"
    ),
    # Debt (702.48, debts.py): which of several Debts a creditor calls; the debtor honors or refuses
    "debt-call": ChoiceKind("702.48b", "word"),
    "debt-honor": ChoiceKind("702.48c", "word"),
    # a dormant Sleeper may wake at its controller's upkeep (702.39b, effects._mature); as Dominance's
    # Burden resolves unmet, its controller may accept the challenge instead of the loss (702.42b)
    "sleeper-wake": ChoiceKind("702.39b", "word", optional=True, declined="sleep"),
    "dominance": ChoiceKind("702.42b", "word", optional=True, declined="decline"),
    # policy C46's 510.2e reading: an Entity attacked by several unblocked attackers divides its damage
    # among them as a blocker would (combat_damage._strike_back)
    "duel-division": ChoiceKind(
        "510.2e", "divide", "lethal to each attacker in the order of the attacks, the rest to the last"
    ),
}


def read(s: GameState, choice: Choice, raw):
    """The answer `raw` (as a scenario writes it) to `choice`, checked against its options:
    a tuple of ids (pick, order), a word, or a tuple of (key, ids) pairs (map)."""
    kind = CHOICE_KINDS[choice.kind]
    return _READERS[kind.shape](s, choice, raw)


def _refuse(choice: Choice, text: str):
    raise Refused(f"{text} — {choice.prompt}", choice.rule, *choice.cites)


def _ids(s: GameState, choice: Choice, raw) -> tuple:
    out = []
    for ref in as_list(raw):
        if isinstance(ref, (dict, list)):
            _refuse(choice, f"{ref!r} is not an object id")
        try:
            oid = resolve_ref(s, ref)
        except Refused:
            _refuse(choice, f"{ref!r} names nothing that can be chosen")
        if oid not in choice.options:
            _refuse(choice, f"{ref} is not among the options ({', '.join(choice.options) or 'none'})")
        out.append(oid)
    return tuple(out)


def _pick(s: GameState, choice: Choice, raw) -> tuple:
    ids = _ids(s, choice, raw)
    if len(set(ids)) != len(ids):
        _refuse(choice, "the same one is named twice")
    least, most = choice.count
    if not least <= len(ids) <= most:
        want = str(least) if least == most else f"{least} to {most}"
        _refuse(choice, f"{want} must be chosen, not {len(ids)}")
    return ids


def _order(s: GameState, choice: Choice, raw) -> tuple:
    ids = _ids(s, choice, raw)
    if Counter(ids) != Counter(choice.options):
        _refuse(choice, f"the order must name each of {', '.join(choice.options)} once")
    return ids


def _word(s: GameState, choice: Choice, raw) -> str:
    word = str(raw)
    if word not in choice.options and word in choice.keys:  # a word choice's keys: the ids its words stand for
        word = choice.options[choice.keys.index(word)]
    if word not in choice.options:
        _refuse(choice, f"{raw!r} is not one of {', '.join(choice.options)}")
    return word


def _map(s: GameState, choice: Choice, raw) -> tuple:
    if isinstance(raw, list) and len(choice.keys) == 1:
        raw = {choice.keys[0]: raw}
    if not isinstance(raw, dict):
        _refuse(choice, "the answer maps each effect to the ids it takes: {SOURCE: [ids], ..}")
    out: list[tuple[str, tuple[str, ...]]] = []
    seen: set[str] = set()
    for key, value in raw.items():
        try:
            k = resolve_ref(s, key)
        except Refused:
            k = str(key)
        if k not in choice.keys:
            _refuse(choice, f"{key} offers nothing here (the effects offering: {', '.join(choice.keys)})")
        ids = _ids(s, choice, value)
        if seen & set(ids) or len(set(ids)) != len(ids):
            twice = sorted((seen & set(ids)) or {i for i in ids if ids.count(i) > 1})
            _refuse(choice, f"{', '.join(twice)} cannot be chosen twice across the effects modifying one arrival")
        seen |= set(ids)
        out.append((k, ids))
    return tuple(out)


def _divide(s: GameState, choice: Choice, raw) -> tuple:
    total = choice.count[0]
    if not isinstance(raw, dict):
        _refuse(choice, f"the answer divides {total} among the options: {{ID: N, ..}}")
    given: dict = {}
    for key, amount in raw.items():
        (oid,) = _ids(s, choice, key)
        if oid in given:
            _refuse(choice, f"{oid} is named twice")
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            _refuse(choice, f"{key} must take a whole number 0 or more, not {amount!r}")
        given[oid] = amount
    if sum(given.values()) != total:
        _refuse(choice, f"the amounts must add up to {total}, not {sum(given.values())}")
    return tuple((oid, given.get(oid, 0)) for oid in choice.options)


_READERS = {"pick": _pick, "order": _order, "word": _word, "map": _map, "divide": _divide}


def describe(s: GameState, choice: Choice, value) -> str:
    """An answer in words, for the log."""

    def name(oid):
        obj = s.objects.get(oid)
        return f"{obj.card or 'a card'} ({oid})" if obj is not None else str(oid)

    if isinstance(value, str):
        return value
    if CHOICE_KINDS[choice.kind].shape == "divide":
        return ", ".join(f"{n} to {name(oid)}" for oid, n in value)
    if CHOICE_KINDS[choice.kind].shape == "map":
        return (
            "; ".join(f"{name(k)} takes {', '.join(name(i) for i in ids) or 'nothing'}" for k, ids in value)
            or "nothing"
        )
    return ", ".join(name(v) for v in value) or "none"
