"""The replay runner: a scenario -> numbered steps, the final state and the expectations,
as plain data (the `judge replay` command, the TUI and ruling sheets all render this)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from judge.engine.choosing import choices
from judge.engine.choosing.asking import question
from judge.engine.core.events import Event, rule_id
from judge.engine.core.state import GameState
from judge.engine.play.action_kinds import action_kind
from judge.engine.play.actions import answers_waiting, apply, waiting_choice
from judge.engine.reading import characteristics as ch
from judge.engine.scenarios.scenario import Scenario, load
from judge.replay_words import said, wanted

# What a player expectation reads of the state, key by key, in the order a mismatch is said
# (scenario_checks.EXPECT_PLAYER accepts the same keys; a test keeps the two equal).
PLAYER_FACTS = {
    "vitae": lambda state, p: p.vitae,
    "corruption": lambda state, p: p.corruption,
    "wrath": lambda state, p: p.wrath,
    "pool": lambda state, p: p.pool_total,
    "hand": lambda state, p: len(p.hand),
    "lost": lambda state, p: p.lost,
    "won": lambda state, p: p.won,
    "refuge": lambda state, p: p.refuge,
    "battlefield": lambda state, p: sum(1 for o in state.battlefield if state.objects[o].controller == p.name),
    "suspicion_share": lambda state, p: p.suspicion_share,
    "debts": lambda state, p: len(p.debts),
    "invited": lambda state, p: list(p.invited),
}

CHECKPOINT = 32  # the history keeps every 32nd state whole; the others are replayed from it


@dataclass(slots=True)  # (a long replay makes one per action: no __dict__ to make and free)
class Step:
    n: int
    taken: object  # the action as the scenario gives it (a dict or "pass")
    events: list  # [Event]
    line: int | None = None
    replay: Replay | None = field(default=None, repr=False, compare=False)

    @property
    def action(self) -> str:
        """The action in words — put into words when shown, not at each step of a long replay
        (a replay records many steps that nobody reads)."""
        return describe_action(self.taken)

    @property
    def state(self) -> GameState:
        """The state after this step, from the replay's history."""
        assert self.replay is not None, "a step is recorded by its replay (Replay.record)"
        return self.replay.state_after(self.n)

    def to_dict(self) -> dict:
        return {"n": self.n, "action": self.action, "events": [e.to_dict() for e in self.events]}


@dataclass
class Replay:
    """A replayed scenario. Its history is the actions plus some states: the board, every
    CHECKPOINT-th state, the last and those the expectations look at; any other state is
    replayed from the nearest one kept before it (apply is pure, so it is the same state), and
    stepping through them in order costs one action each. Consecutive states share every
    object the action between them did not touch (judge/engine/core/state.py)."""

    scenario: Scenario
    initial: GameState
    steps: list = field(default_factory=list)
    expectations: list = field(default_factory=list)  # [{"ok", "text"}]
    kept: dict = field(default_factory=dict, repr=False)  # step number -> state (0: the board)
    looked_at: set = field(default_factory=set, repr=False)  # the step numbers expectations look at
    latest: GameState | None = field(default=None, repr=False)  # the state after the last step
    stopped_at: int | None = None  # the action not taken: play waits for a choice it does not answer
    _last: tuple = field(default=(None, None), repr=False)  # the state replayed last, by step number

    def __post_init__(self) -> None:
        self.kept.setdefault(0, self.initial)
        self.latest = self.latest or self.initial

    def record(self, action, events: list, state: GameState, line: int | None = None) -> Step:
        """Add the next step: the action, its events and the state it led to (kept or not)."""
        step = Step(len(self.steps) + 1, action, events, line, self)
        self.steps.append(step)
        if step.n % CHECKPOINT == 0 or step.n in self.looked_at:
            self.kept[step.n] = state
        self.latest = state
        return step

    @property
    def final(self) -> GameState:
        assert self.latest is not None, "__post_init__ sets the latest state"
        return self.latest

    def state_after(self, n: int) -> GameState:
        if n == len(self.steps):
            return self.final
        if n in self.kept:
            return self.kept[n]
        last_n, last = self._last
        if last_n == n:
            return last
        base = max(k for k in self.kept if k <= n)
        state = self.kept[base]
        if last_n is not None and base < last_n < n:
            base, state = last_n, last
        for i in range(base + 1, n + 1):
            state, _ = apply(state, self.scenario.actions[i - 1])
        self._last = (n, state)
        return state

    @property
    def ok(self) -> bool:
        return all(e["ok"] for e in self.expectations) and self.stopped_at is None

    @property
    def waiting(self) -> str | None:
        """The choice the replay ends waiting for (a "may" the next action would decline aside), in words."""
        choice = waiting_choice(self.final)
        if choice is None or choices.CHOICE_KINDS[choice.kind].optional and self.stopped_at is None:
            return None
        return question(self.final, choice)

    @property
    def not_modelled(self) -> list[tuple[int, Event]]:
        """(step number, event) for everything the replay relied on that the engine does not model:
        what the scenario's cards say that their files do not (step 0), and each rule the engine
        passed over where it applied. The same note is listed once, at its first step."""
        found = [(0, e) for e in self.scenario.not_modelled]
        found += [(0, e) for e in self.scenario.setup_events if e.not_modelled]
        found += [(s.n, e) for s in self.steps for e in s.events if e.not_modelled]
        seen, out = set(), []
        for n, e in found:
            if e.text not in seen:
                seen.add(e.text)
                out.append((n, e))
        return out

    @property
    def cited_rules(self) -> list[str]:
        """Every rule id the replay cites, in the order first cited (the board's set-up first)."""
        ids = [r for e in self.scenario.setup_events for r in e.rules]
        return list(dict.fromkeys(ids + [r for s in self.steps for e in s.events for r in e.rules]))

    @property
    def engine_errors(self) -> list[tuple[int, Event]]:
        """(step number, event) for every defect the engine reported; step 0 is the board's set-up."""
        found = [(0, e) for e in self.scenario.setup_events if e.engine_error]
        return found + [(s.n, e) for s in self.steps for e in s.events if e.engine_error]

    def to_dict(self) -> dict:
        out: dict[str, object] = {
            "steps": [s.to_dict() for s in self.steps],
            "final": final_dict(self.final),
            "expectations": list(self.expectations),
            "not_modelled": [{"step": n, "text": e.text, "rules": list(e.rules)} for n, e in self.not_modelled],
        }
        if self.waiting:
            out["waiting"] = self.waiting
        if self.stopped_at is not None:
            out["stopped_at"] = self.stopped_at
        return out


def describe_action(action) -> str:
    kind = action_kind(action)
    if action == "pass" or (kind == "pass" and "player" not in action):
        return "all players pass"
    if kind == "until":
        u = action["until"]
        return f"pass until {u.get('phase')}" + (f" / {u.get('step')}" if u.get("step") else "")
    who = action.get("player", "?")
    if kind == "pass":
        return f"{who} passes"
    rest = {k: v for k, v in action.items() if k not in ("player", kind)}
    value = action[kind]
    if kind in ("attack", "block"):
        a, b = ("attacker", "target") if kind == "attack" else ("blocker", "attacker")
        value = ", ".join(f"{d.get(a)} -> {d.get(b)}" for d in value)
    elif isinstance(value, dict):
        value = ", ".join(f"{k}: {said(v)}" for k, v in value.items())
    elif value is True:  # "concede: true": the action alone
        value = ""
    else:
        value = said(value)
    extra = "".join(f" {k}" if v is True else f" no {k}" if v is False else f" {k}={said(v)}" for k, v in rest.items())
    return f"{who}: {kind}" + (f" {value}" if value else "") + extra


def run(scenario: Scenario, until: int | None = None) -> Replay:
    replay = Replay(scenario, scenario.state, looked_at={e.get("after") for e in scenario.expect})
    state = scenario.state
    for n, (action, line) in enumerate(zip(scenario.actions, scenario.action_lines), start=1):
        if until is not None and n > until:
            break
        choice = waiting_choice(state)
        if choice is not None and not choices.CHOICE_KINDS[choice.kind].optional and not answers_waiting(state, action):
            replay.stopped_at = n  # the replay stops at the choice: the scenario does not answer it
            break
        state, events = apply(state, action)
        if choice is None and action_kind(action) == "choose" and events and events[0].refused:
            events = [_located(events[0], scenario, line)]  # an answer to a question nobody asked
        replay.record(action, events, state, line)
    replay.expectations = [check(e, replay) for e in scenario.expect]
    return replay


def _located(refused: Event, scenario: Scenario, line: int | None) -> Event:
    """The refusal, naming the scenario's file and the action's line: the scenario, not play, is
    at fault (it answers a choice the rules do not give here)."""
    name = Path(str(scenario.path)).name  # the file's name: a replay reads the same wherever the file lies
    where = f"{name}:{line}" if line else name
    return Event(
        f"refused: {where}: {refused.text.removeprefix('refused: ')}", refused.rules, refused.kind, refused.policy
    )


def run_file(path: str | Path, until: int | None = None) -> Replay:
    return run(load(path), until)


# -- expectations ----------------------------------------------------------------------------
def _all_events(replay: Replay) -> list[Event]:
    return list(replay.scenario.setup_events) + [e for s in replay.steps for e in s.events]


def check(item, replay: Replay) -> dict:
    after = item.get("after")
    last = len(replay.steps)
    label = f"after action {after}: " if after is not None else ""
    if after is not None and after > last:
        why = f" waiting for a choice ({replay.waiting})" if replay.stopped_at else ""
        return _result(
            False, f"{label}{_describe(item)}", [f"not reached: the replay stopped after action {last}{why}"]
        )
    state = replay.state_after(after if after is not None else last)
    if "player" in item:
        p = state.known_player(item["player"])  # a name the scenario's checks found among the players
        wrong = []
        for key, fact in PLAYER_FACTS.items():
            if key in item and (actual := fact(state, p)) != item[key]:
                wrong.append(f"{key} is {said(actual)}, expected {said(item[key])}")
        want = ", ".join(wanted(k, item[k]) for k in item if k not in ("player", "after"))
        return _result(not wrong, f"{label}{p.name}: {want}", wrong)
    if "object" in item:
        ref = str(item["object"])
        obj = state.objects.get(ref) or next((o for o in state.objects.values() if o.card == ref), None)
        wrong = []
        if obj is None:
            wrong.append("no such object")
        else:
            actual = {
                "zone": obj.zone,
                "damage": obj.damage,
                "drained": obj.drained,
                "attack": ch.attack(state, obj),
                "vigor": ch.vigor(state, obj),
                "revealed": obj.revealed,
                "face_down": obj.face_down,
                "controller": obj.controller,
                "of": obj.owner,
                "defense": ch.defense(state, obj),
            }
            for key, value in actual.items():
                if key in item and value != item[key]:
                    wrong.append(f"{key} is {said(value)}, expected {said(item[key])}")
            have = ch.keywords(state, obj)
            for kw in item.get("has", []):
                if kw not in have:
                    wrong.append(f"it lacks {kw} (it has {', '.join(have) or 'no keywords'})")
            for kw in item.get("lacks", []):
                if kw in have:
                    wrong.append(f"it has {kw}")
            for kind, n in (item.get("counters") or {}).items():
                if obj.counters.get(str(kind).lower(), 0) != n:
                    wrong.append(f"{kind} counters are {obj.counters.get(str(kind).lower(), 0)}, expected {n}")
        want = ", ".join(wanted(k, item[k]) for k in item if k not in ("object", "after"))
        return _result(not wrong, f"{label}{ref}: {want}", wrong)
    if "suspicion" in item or "cycle" in item:
        wrong = [
            f"{key} is {said(getattr(state, key))}"
            for key in ("suspicion", "cycle")
            if key in item and getattr(state, key) != item[key]
        ]
        return _result(not wrong, f"{label}{_describe(item)}", wrong)
    if "round" in item or "active" in item:
        wrong = []
        if "round" in item and state.round_name != item["round"]:
            wrong.append(f"the round is {state.round_name}")
        if "active" in item and state.active != item["active"]:
            wrong.append(f"the active player is {state.active}")
        return _result(not wrong, f"{label}{_describe(item)}", wrong)
    if "stack" in item:
        n = len(state.stack)
        return _result(n == item["stack"], f"{label}the stack holds {item['stack']}", [f"it holds {n}"])
    if "cited" in item:
        # a not-modelled note names a rule the engine did not apply: it cites nothing
        cited = {r for e in _all_events(replay) if not e.not_modelled for r in e.rules}
        missing = [str(r) for r in item["cited"] if rule_id(r) not in cited]
        return _result(
            not missing, "cited: " + ", ".join(map(str, item["cited"])), [f"never cited: {', '.join(missing)}"]
        )
    if "error" in item:
        want = rule_id(item["error"])
        hit = any(e.refused and want in e.rules for s in replay.steps for e in s.events)
        return _result(hit, f"an action was refused citing {item['error']}", ["no refusal cites it"])
    return _result(False, f"unknown expectation {item!r}", [])


def _describe(item) -> str:
    return ", ".join(wanted(k, v) for k, v in item.items() if k != "after")


def _result(ok: bool, text: str, problems: list) -> dict:
    return {"ok": bool(ok), "text": text if ok else f"{text} — {'; '.join(problems)}"}


# -- the final state as plain data -------------------------------------------------------
def final_dict(s: GameState) -> dict:
    def obj_dict(oid: str) -> dict:
        o = s.objects[oid]
        card = s.card(o)
        d = {"id": oid, "card": o.card, "controller": o.controller, "damage": o.damage, "drained": o.drained}
        if card and card.type == "Entity":
            d.update(attack=ch.attack(s, o), vigor=ch.vigor(s, o))
            if ch.keywords(s, o):
                d["keywords"] = ch.keywords(s, o)
        if card and card.type == "Haven":
            d.update(defense=ch.defense(s, o))
        if o.counters:
            d["counters"] = dict(o.counters)
        if o.attached_to:
            d["attached_to"] = o.attached_to
        if o.token:
            d["token"] = True
        return d

    return {
        "turn": {"active": s.active, "round": s.round_name, "phase": s.phase, "step": s.step, "priority": s.priority},
        "players": [
            {
                "name": p.name,
                "vitae": p.vitae,
                "corruption": p.corruption,
                "wrath": p.wrath,
                "pool": p.pool_total,
                "hand": len(p.hand),
                "domain": len(p.domain),
                "spoils": [s.objects[o].card for o in p.spoils],
                "pit": [s.objects[o].card for o in p.pit],
                "void": [s.objects[o].card for o in p.void],
                "shelter": [s.objects[o].card for o in p.shelter],
                "power_slot": len(p.slot),
                "wards": [s.objects[o].card for o in p.wards],
                "refuge": p.refuge,
                "lost": p.lost,
                "won": p.won,
            }
            for p in s.players
        ],
        "battlefield": [obj_dict(o) for o in s.battlefield],
        "stack": [
            {"kind": i.kind, "controller": i.controller, "label": i.label, "targets": list(i.targets)} for i in s.stack
        ],
        "game_over": s.game_over,
        "result": s.result,
        "waiting": question(s, waiting_choice(s)) if waiting_choice(s) is not None else None,
    }
