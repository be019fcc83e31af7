"""Events: what happened, in a sentence, and the rules that made it happen.

An event is one of seven kinds: a plain `event` of play, an `outcome` event (play that changed
who is in the game or on the battlefield: a loss, a win, a draw, a permanent's death — what ruling
sheets lead with as the rules that decided an outcome), a `priority` event (priority passed or
received: the turn's procedure, which ruling sheets leave out of the rules that decided an
outcome), a `refusal` (an action the rules forbid: the state is unchanged and the event cites
the rule that forbids it), a `choice` (play
stops at a choice the rules give a player, citing the rule that gives it, until it is answered),
an `engine-error` (a defect inside the engine: the state is unchanged and the event carries the
traceback in `detail`; it is never a ruling, and `judge replay` exits non-zero on it) or a
`not-modelled` note (a rule that applied here and that the engine does not play, citing it:
replays and sheets gather them under "Not modelled here").
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.replay_words import ENGINE_ERROR_LEAD

EVENT = "event"
REFUSAL = "refusal"
ENGINE_ERROR = "engine-error"
NOT_MODELLED = "not-modelled"
CHOICE = "choice"
PRIORITY = "priority"
OUTCOME = "outcome"


def rule_id(number: str) -> str:
    """A bare rule number ("704.5j") as a corpus id ("nd:704.5j")."""
    found = _IDS.get(number)
    if found is None:
        text = str(number).strip()
        found = _IDS[number] = text if text.startswith("nd:") else f"nd:{text}"
    return found


_IDS: dict = {}  # the rule numbers cited so far, as ids (events are many; the rules they cite are few)


def cited(rules: tuple) -> tuple[str, ...]:
    """The rules an event cites as ids, each once, in citing order — derived once per list of
    rules cited (a function of it alone; the lists are the engine's, few)."""
    found = _CITED.get(rules)
    if found is None:
        found = tuple(dict.fromkeys(rule_id(r) for r in rules))
        if len(_CITED) < _CITED_LIMIT:
            _CITED[rules] = found
    return found


_CITED: dict = {}
_CITED_LIMIT = 10_000  # beyond it (never seen in play) a list of rules is derived each time


@dataclass(frozen=True, slots=True, init=False)
class Event:
    text: str
    rules: tuple[str, ...] = ()  # corpus ids, "nd:704.5j"
    kind: str = EVENT
    policy: str | None = None  # a policy id (C22) when a contradiction-register reading was applied
    detail: str = ""  # an engine error's traceback, shown only on request

    def __init__(
        self, text: str, rules: tuple = (), kind: str = EVENT, policy: str | None = None, detail: str = ""
    ) -> None:
        # Frozen, yet made as cheaply as a plain record: the slots are filled through their own
        # descriptors, which the refusing __setattr__ of a frozen class does not stand in front
        # of (a long replay makes a dozen events per action).
        _fill(self, text, rules, kind, policy, detail)

    @property
    def refused(self) -> bool:
        return self.kind == REFUSAL

    @property
    def engine_error(self) -> bool:
        return self.kind == ENGINE_ERROR

    @property
    def not_modelled(self) -> bool:
        return self.kind == NOT_MODELLED

    @property
    def asks(self) -> bool:
        return self.kind == CHOICE

    def to_dict(self) -> dict:
        out = {"text": self.text, "rules": list(self.rules)}
        if self.kind != EVENT:
            out["kind"] = self.kind
        return out


_new = object.__new__
_SET_TEXT, _SET_RULES, _SET_KIND, _SET_POLICY, _SET_DETAIL = (
    Event.__dict__[name].__set__ for name in ("text", "rules", "kind", "policy", "detail")
)


def _fill(event: Event, text, rules, kind, policy, detail) -> None:
    _SET_TEXT(event, text)
    _SET_RULES(event, rules)
    _SET_KIND(event, kind)
    _SET_POLICY(event, policy)
    _SET_DETAIL(event, detail)


def event(text: str, *rules: str, policy: str | None = None) -> Event:
    made = _new(
        Event
    )  # Event(...) without the call of its __init__ (_fill's, inlined): the two kinds a turn makes most
    _SET_TEXT(made, text)
    _SET_RULES(made, _CITED.get(rules) or cited(rules))  # (cited's lookup, without its call when found)
    _SET_KIND(made, EVENT)
    _SET_POLICY(made, policy)
    _SET_DETAIL(made, "")
    return made


def priority_event(text: str, *rules: str) -> Event:
    """Priority passed or received: procedure, not what decided anything."""
    made = _new(Event)
    _SET_TEXT(made, text)
    _SET_RULES(made, _CITED.get(rules) or cited(rules))  # (cited's lookup, without its call when found)
    _SET_KIND(made, PRIORITY)
    _SET_POLICY(made, None)
    _SET_DETAIL(made, "")
    return made


def outcome_event(text: str, *rules: str, policy: str | None = None) -> Event:
    """Play that decided an outcome: a player lost, won or drew, or a permanent died."""
    return Event(text, cited(rules), OUTCOME, policy)


def refusal(text: str, *rules: str, policy: str | None = None) -> Event:
    return Event(f"refused: {text}", cited(rules), REFUSAL, policy)


def not_modelled(text: str, *rules: str) -> Event:
    return Event(text, cited(rules), NOT_MODELLED)


def question(text: str, *rules: str) -> Event:
    """Play stops here: a player owes the engine an answer (asking.py)."""
    return Event(text, cited(rules), CHOICE)


def engine_error(exc: BaseException, detail: str) -> Event:
    return Event(
        f"{ENGINE_ERROR_LEAD}{exc.__class__.__name__}: {exc} — a defect in the engine, not a ruling; "
        f"the state is unchanged",
        (),
        ENGINE_ERROR,
        None,
        detail,
    )
