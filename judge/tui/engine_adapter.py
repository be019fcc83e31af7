"""The TUI's one door to the No Dawn engine: scenario files in and out, replays, card names.

Screens see plain values (ReplayView, StepView, StateView, dicts in the scenario format), never
engine objects, so when the engine's API moves only this file follows. A replay comes from
judge.engine.scenarios.replay; nothing here knows a rule. The engine's modules are imported where they are
used, so the TUI starts without them. What the engine refuses (a ScenarioError, with its file
and line) becomes an EngineProblem for the screens to show; anything else is a defect and is
left to raise (the TUI's guard reports it).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path

from judge import files
from judge.replay_words import note_body
from judge.tui import roundtrip
from judge.yamlio import ScenarioError, read_text


class EngineProblem(Exception):
    """The engine is missing or refused a file: the message names the file and line."""


# -- vocabulary of the scenario format -------------------------------------------------------
def turn_vocabulary() -> tuple[tuple[str, ...], tuple[str, ...], dict]:
    """(round names, phases, {phase: steps}) as the engine reads them."""
    from judge.engine.core.state import PHASES, ROUNDS, STEPS

    return tuple(ROUNDS), tuple(PHASES), {k: tuple(v) for k, v in STEPS.items()}


ZONES = ("hand", "battlefield", "spoils", "void", "pit", "shelter")
PLAYER_NUMBERS = ("vitae", "corruption", "wrath", "pool")


def card_names() -> list[str]:
    return sorted(_card_database())


def card_types(scenario: dict | None = None) -> dict[str, str]:
    """Every card's name -> its type: the database's, then the scenario's own cards (they win)."""
    out = {name: card.type for name, card in _card_database().items()}
    for raw in (scenario or {}).get("cards") or []:
        if isinstance(raw, dict) and raw.get("name"):
            out[str(raw["name"])] = str(raw.get("type", ""))
    return out


def _card_database() -> dict:
    """The card files, read once; a bad one is an EngineProblem naming its file and line."""
    from judge.cards.reader import database

    try:
        return database()
    except ScenarioError as exc:
        raise EngineProblem(str(exc)) from None


def card_text(name: str, scenario: dict | None = None) -> str:
    """A card's type line, stats and text, from the scenario's own cards or the database."""
    for raw in (scenario or {}).get("cards") or []:
        if isinstance(raw, dict) and raw.get("name") == name:
            return _describe_raw_card(raw)
    card = _card_database().get(name)
    if card is None:
        return ""
    stats = f" {card.attack}/{card.vigor}" if card.attack is not None else ""
    subtypes = f" — {' '.join(card.subtypes)}" if card.subtypes else ""
    keywords = f"\n{', '.join(card.keywords)}" if card.keywords else ""
    return f"{card.type}{subtypes}{stats}{keywords}\n{card.text}".strip()


def initial_vitae(name: str, scenario: dict | None = None) -> int | None:
    """A Master's printed starting Vitae, from the scenario's cards or the database."""
    for raw in (scenario or {}).get("cards") or []:
        if isinstance(raw, dict) and raw.get("name") == name:
            value = raw.get("initial_vitae")
            return int(value) if isinstance(value, int) else None
    card = _card_database().get(name)
    return getattr(card, "initial_vitae", None) if card is not None else None


def _describe_raw_card(raw: dict) -> str:
    stats = f" {raw.get('attack')}/{raw.get('vigor')}" if raw.get("attack") is not None else ""
    return f"{raw.get('type', '')}{stats}\n{raw.get('text', '')}".strip()


# -- scenario files --------------------------------------------------------------------------
def blank_scenario() -> dict:
    """Two players, each given a different Master from the card files while they hold one
    (missing_masters says who is left without)."""
    rounds, _, _ = turn_vocabulary()
    data = {
        "title": "New board",
        "game": "nodawn",
        "turn": {"active": "Ana", "round": rounds[0], "phase": "main1", "step": None},
        "players": [new_player("Ana"), new_player("Ben")],
        "stack": [],
        "actions": [],
        "expect": [],
    }
    give_masters(data)
    return data


def masters(scenario: dict | None = None) -> list[str]:
    """The Masters a player can be given: the cards the board's Master slot takes (slots.yaml)."""
    from judge.tui import slots

    try:
        return slots.legal_names("master", card_types(scenario))
    except slots.SlotsError as exc:
        raise EngineProblem(str(exc)) from None


def give_masters(data: dict) -> None:
    """Each player without a Master gets the first Master no other player has, at its printed
    starting Vitae; none is shared, so a player is left without one when they run out."""
    free = [m for m in masters(data) if m not in _masters_in_play(data)]
    for p in data.get("players") or []:
        if not _master_card(p) and free:
            card = free.pop(0)
            vitae = initial_vitae(card, data)
            p["master"] = {"card": card, "vitae": vitae if vitae is not None else 20}


def missing_masters(data: dict) -> str:
    """'' when every player has a Master; else who has none, what the card files hold and how to
    give one — said before the engine would refuse the board as "unknown card None"."""
    without = [str(p.get("name")) for p in data.get("players") or [] if not _master_card(p)]
    if not without:
        return ""
    held = masters(data)
    owners = {_master_card(p): str(p.get("name")) for p in data.get("players") or [] if _master_card(p)}
    free = [m for m in held if m not in owners]
    if not held:
        cards = "the card files (cards/nodawn/) hold no Master"
    elif free:
        cards = f"free in the card files: {', '.join(free)}"
    else:
        cards = "the card files hold " + ", ".join(f"{m} ({owners[m]}'s)" for m in held) + " and no other Master"
    who = " and ".join(without)
    return (
        f"{who} {'has' if len(without) == 1 else 'have'} no Master; {cards}. Select “master:” and "
        "press a to pick one, or add a Master card to cards/nodawn/ or to the board's cards:"
    )


def _master_card(player_data: dict) -> str | None:
    master = player_data.get("master")
    return master.get("card") if isinstance(master, dict) else None


def _masters_in_play(data: dict) -> set[str]:
    return {m for p in data.get("players") or [] if (m := _master_card(p))}


def new_player(name: str) -> dict:
    return {
        "name": name,
        "master": {"card": None, "vitae": 20},
        "corruption": 0,
        "wrath": 0,
        "pool": 0,
        "hand": [],
        "battlefield": [],
        "spoils": [],
    }


def read_scenario(path: str | Path) -> dict:
    """A scenario file as data to edit, after the engine has accepted it: ruamel's round-trip
    mappings and lists (dict and list subclasses) that carry its comments to the next save."""
    path = Path(path).expanduser()
    try:
        text = read_text(path)  # bounded, refuses FIFOs and devices (issue 20)
    except ScenarioError as exc:
        raise EngineProblem(str(exc)) from None
    check_scenario_text(text, str(path))
    try:
        return roundtrip.load(text)
    except roundtrip.RoundTripError as exc:
        raise EngineProblem(f"{path}: {exc}") from None


def check_scenario_text(text: str, path: str = "<board>") -> None:
    from judge.engine.scenarios import scenario

    try:
        scenario.load_string(text, path)
    except ScenarioError as exc:  # it names the file and line
        raise EngineProblem(str(exc)) from None


def dump_scenario(data: dict) -> str:
    """Scenario YAML as the contract writes it (keys in the documented order, rule ids quoted),
    with the comments and layout of the file it was read from (judge/tui/roundtrip.py)."""
    return roundtrip.dump(_lists(copy.deepcopy(data)))


def write_scenario(data: dict, path: str | Path, own_folder: Path | None = None) -> Path:
    """Check the board with the engine, then write it; nothing is written if it is refused.
    A missing folder is an error (a mistyped path), except `own_folder`, judge's own."""
    if missing_masters(data):
        raise EngineProblem(missing_masters(data))
    text = dump_scenario(data)
    path = Path(path).expanduser()
    check_scenario_text(text, str(path))
    try:
        if own_folder is not None and path.parent == own_folder:
            own_folder.mkdir(parents=True, exist_ok=True)
        return files.write_atomically(path, text)
    except files.WriteError as exc:
        raise EngineProblem(str(exc)) from None
    except OSError as exc:  # judge's own folder could not be made
        raise EngineProblem(f"cannot write {path}: {exc.strerror or exc}") from None


def _lists(value):
    """Tuples made lists, in place, so the commented containers around them stay as they are."""
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in list(items):
        value[key] = list(child) if isinstance(child, tuple) else child
        _lists(value[key])
    return value


# -- replays ---------------------------------------------------------------------------------
@dataclass
class EventView:
    text: str
    rules: tuple[str, ...]
    error: bool = False  # a refusal: the rules forbid the action
    policy: str | None = None
    engine_error: bool = False  # a defect inside the engine, never a ruling
    not_modelled: bool = False  # a rule that applied here and that the engine does not play
    asks: bool = False  # play stopped here for a player's choice
    outcome: bool = False  # it changed the outcome: a loss, a win, a draw, a permanent's death
    play: bool = False  # an ordinary event of play (not priority, a choice or a note)


@dataclass
class StateView:
    turn: str
    players: list[dict]  # name, vitae, corruption, wrath, pool, hand, lost, won, zones
    battlefield: list[str]
    stack: list[str]
    pending: list[str]
    combat: list[str] = field(default_factory=list)


@dataclass
class StepView:
    n: int  # 0 = the board as set up
    action: str
    events: list[EventView]
    state: StateView

    @property
    def refused(self) -> bool:
        return any(e.error for e in self.events)

    @property
    def engine_error(self) -> bool:
        return any(e.engine_error for e in self.events)

    @property
    def asks(self) -> bool:
        return any(e.asks for e in self.events)

    @property
    def not_modelled(self) -> bool:
        return any(e.not_modelled for e in self.events)

    @property
    def deciding(self) -> tuple[int, ...]:
        """The events that decided what this step did: those that changed the outcome (a loss, a
        win, a death) and refused actions; in a step without any, its play — never the
        priority passed, a choice asked or a note of what is not modelled."""
        decided = tuple(i for i, e in enumerate(self.events) if e.outcome or e.error)
        return decided or tuple(i for i, e in enumerate(self.events) if e.play)


@dataclass
class NoteView:
    """A "Not modelled here" note: the step it belongs to (0: the scenario's cards) and what it says."""

    step: int
    text: str  # without the "not modelled here — " every note's text starts with
    rules: tuple[str, ...]


@dataclass
class ReplayView:
    title: str
    path: str
    steps: list[StepView]
    expectations: list[tuple[bool, str]] = field(default_factory=list)
    not_modelled: list[NoteView] = field(default_factory=list)  # each note once, at its first step
    engine_errors: list[tuple[int, str]] = field(default_factory=list)  # (step, the defect in words)
    stopped_at: int | None = None  # the action not taken: play waits for a choice it does not answer
    not_taken: str | None = None  # that action, in words
    waiting: str | None = None  # the choice the replay ends waiting for, in words


def replay_file(path: str | Path) -> ReplayView:
    path = str(Path(path).expanduser())
    if not Path(path).is_file():
        raise EngineProblem(f"{path}: no such file")
    from judge.engine.scenarios import scenario

    try:
        loaded = scenario.load(path)
    except ScenarioError as exc:  # it names the file and line
        raise EngineProblem(str(exc)) from None
    return _replay(loaded)


def replay_data(data: dict) -> ReplayView:
    from judge.engine.scenarios import scenario

    if missing_masters(data):
        raise EngineProblem(missing_masters(data))
    try:
        loaded = scenario.load_string(dump_scenario(data), "<board>")
    except ScenarioError as exc:
        raise EngineProblem(str(exc)) from None
    return _replay(loaded)


def _replay(loaded) -> ReplayView:
    """Steps, states, expectation results and what the replay does not rule on, from the engine's
    replay runner."""
    from judge.engine.scenarios.replay import describe_action as engine_words
    from judge.engine.scenarios.replay import run

    # What the scenario's cards say and their files do not belongs to the board as set up.
    setup = [_event_view(e) for e in [*loaded.not_modelled, *loaded.setup_events]]
    steps = [StepView(0, "the board as set up", setup, state_view(loaded.state))]
    result = run(loaded)  # it never raises for the game: an engine defect is an engine-error event
    for step in result.steps:
        steps.append(StepView(step.n, step.action, [_event_view(e) for e in step.events], state_view(step.state)))
    expectations = [(bool(e.get("ok")), str(e.get("text"))) for e in result.expectations]
    notes = [NoteView(n, note_body(e.text), tuple(e.rules)) for n, e in result.not_modelled]
    defects = [(n, note_body(e.text)) for n, e in result.engine_errors]
    stopped = result.stopped_at
    not_taken = engine_words(loaded.actions[stopped - 1]) if stopped is not None else None
    return ReplayView(
        loaded.title, loaded.path, steps, expectations, notes, defects, stopped, not_taken, result.waiting
    )


def _event_view(e) -> EventView:
    from judge.engine.core import events

    return EventView(
        e.text,
        tuple(e.rules),
        bool(e.refused),
        e.policy,
        bool(e.engine_error),
        bool(e.not_modelled),
        bool(e.asks),
        e.kind == events.OUTCOME,
        e.kind == events.EVENT,
    )


def describe_action(action) -> str:
    """An action in words, as the engine's replay log words it (a plain rendering without it)."""
    from judge.engine.play.action_kinds import action_kind
    from judge.engine.scenarios.replay import describe_action as engine_words
    from judge.sheet.replay_log import action_text

    # A line being edited on the board may not be an action yet: it is shown as written.
    return engine_words(action) if action_kind(action) else action_text(action)


def state_view(s) -> StateView:
    step = f" · {s.step.replace('_', ' ')}" if getattr(s, "step", None) else ""
    turn = f"{s.round_name} · {s.active}'s turn · {s.phase}{step}"
    if getattr(s, "priority", None):
        turn += f" · priority: {s.priority}"
    if getattr(s, "game_over", False):
        turn += f" · game over{': ' + s.result if s.result else ''}"

    def name(oid) -> str:
        obj = s.objects.get(oid) if oid is not None else None
        if obj is None:
            return "?" if oid is None else str(oid)
        return obj.card or "(unknown card)"

    players = []
    for p in s.players:
        players.append(
            {
                "name": p.name,
                "master": p.master,
                "vitae": p.vitae,
                "corruption": p.corruption,
                "wrath": p.wrath,
                "pool": p.pool_total,
                "hand": [name(o) for o in p.hand],
                "spoils": [name(o) for o in p.spoils],
                "void": [name(o) for o in p.void],
                "pit": [name(o) for o in p.pit],
                "shelter": [name(o) for o in getattr(p, "shelter", [])],
                "domain": len(p.domain),
                "lost": p.lost,
                "won": p.won,
            }
        )
    battlefield = []
    for oid in s.battlefield:
        obj = s.objects[oid]
        bits = [f"{obj.card} [{oid}]", f"({obj.controller})"]
        if obj.damage:
            bits.append(f"damage {obj.damage}")
        if obj.drained:
            bits.append("drained")
        if obj.counters:
            bits.append(", ".join(f"{k} ×{v}" for k, v in obj.counters.items()))
        if obj.attached_to:
            bits.append(f"on {obj.attached_to}")
        battlefield.append(" ".join(bits))
    stack = []
    for item in reversed(s.stack):  # top first
        what = item.label or (name(item.obj) if item.obj else item.kind)
        targets = f" → {', '.join(name(t) if t in s.objects else str(t) for t in item.targets)}" if item.targets else ""
        stack.append(f"{what} ({item.controller}){targets}")
    combat = []
    for attack in getattr(s, "attacks", []):
        target = name(attack.target) if attack.target in s.objects else str(attack.target)
        line = f"{name(attack.attacker)} attacks {target}"
        if attack.blockers:
            line += ", blocked by " + ", ".join(name(b) for b in attack.blockers)
        combat.append(line)
    pending = [f"trigger waiting: {t.label} ({t.controller})" for t in getattr(s, "waiting", [])]
    # the choice play stopped at: who owes the engine a `choose`, for what, among which options
    pending[:0] = [_question(s, choice) for choice in getattr(s, "pending", ())]
    return StateView(turn, players, battlefield, stack, pending, combat)


def _question(s, choice) -> str:
    from judge.engine.choosing.asking import question

    return question(s, choice)


def scenario_copy(data: dict) -> dict:
    return copy.deepcopy(data)
