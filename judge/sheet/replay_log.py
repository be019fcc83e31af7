"""A replayed scenario as a sheet sees it: its step log and the rules it cites.

The engine is called in exactly one place, `run_scenario`, which returns the `judge replay
--json` shape (design.md): {"steps": [{"n", "action", "events": [{"text", "rules"}]}],
"final": {...}, "expectations": [{"ok", "text"}]}. Everything else here reads that plain
data, so the sheet depends on the replay contract, not on the engine's internals.
"""

from __future__ import annotations

from pathlib import Path

from judge.sheet.decisive import decisive_rules, what_changed
from judge.sheet.model import NotModelled, ReplayLog, ReplayStep, StepEvent


class ReplayUnavailable(RuntimeError):
    """The scenario could not be replayed: no engine yet, a bad scenario file, an engine error, or a
    choice the scenario leaves unanswered."""


def run_scenario(path: Path) -> dict:
    """Replay the scenario file and return the replay contract's plain data, plus its title.

    Events the engine logs while setting the board up (before the first action) come first,
    as step 0, so the sheet cites every rule the replay cites. Each step also says what it
    `changed` on the board (judge.sheet.decisive).
    """
    try:
        from judge.engine.core.errors import ScenarioError  # deferred: start-up
        from judge.engine.scenarios import replay  # deferred: start-up
    except ImportError as exc:
        raise ReplayUnavailable(f"cannot replay {path}: the rules engine is not available ({exc})") from exc
    try:
        result = replay.run_file(path)
    except ScenarioError as exc:  # names the file and the line
        raise ReplayUnavailable(str(exc)) from exc
    except OSError as exc:
        raise ReplayUnavailable(f"cannot read {path}: {exc.strerror or exc}") from exc
    return contract_data(result, path)


def contract_data(result, path) -> dict:
    """A replay already run (judge.engine.scenarios.replay's result) as run_scenario returns it; `path`
    names the scenario in a refusal. The station replays once and prints sheets from this."""
    from judge.engine.scenarios import replay  # deferred: start-up

    if result.engine_errors:  # a defect is not a ruling: no sheet is printed from it
        n, first = result.engine_errors[0]
        where = "while setting the board up" if n == 0 else f"at step {n}"
        raise ReplayUnavailable(
            f"cannot make a sheet of {path}: the engine failed {where} ({first.text}); "
            f"`judge replay --traceback {path}` shows where"
        )
    if result.stopped_at is not None:  # the actions after it were never played: not the scenario's ruling
        raise ReplayUnavailable(
            f"cannot make a sheet of {path}: the replay stops before action {result.stopped_at}, "
            f"at a choice the scenario does not answer ({result.waiting}); `judge replay {path}` "
            f"shows it"
        )
    data = result.to_dict()
    boards = [replay.final_dict(result.state_after(n)) for n in range(len(result.steps) + 1)]
    for n, step in enumerate(data["steps"]):
        step["changed"] = what_changed(boards[n], boards[n + 1])
    setup = [e.to_dict() for e in getattr(result.scenario, "setup_events", [])]
    if setup:
        data["steps"] = [{"n": 0, "action": "board set up", "events": setup, "changed": []}] + data["steps"]
    data.setdefault("title", getattr(result.scenario, "title", ""))
    return data


def action_text(action) -> str:
    """An action as one short line: `pass`, `Ana: cast Sacramental Fire → column`."""
    if isinstance(action, str):
        return action
    if isinstance(action, dict):
        parts = [f"{k}: {_flow(v)}" for k, v in action.items()]
        return ", ".join(parts)
    return str(action)


def _flow(value) -> str:
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_flow(v)}" for k, v in value.items()) + "}"
    return str(value)


def _rule_id(rule) -> str:
    rule = str(rule).strip()
    return rule if ":" in rule else f"nd:{rule}"


def read_log(data: dict, title: str = "", source: str = "") -> tuple[ReplayLog, list[str]]:
    """The step log and every cited rule id, in the order first cited."""
    steps: list[ReplayStep] = []
    order: list[str] = []
    seen: set[str] = set()
    raw_steps = data.get("steps") or []
    weighed = bool(raw_steps) and all("changed" in raw for raw in raw_steps)
    flags, decisive = decisive_rules(raw_steps, _rule_id) if weighed else ([], None)
    for i, raw in enumerate(raw_steps, 1):
        events = []
        for j, ev in enumerate(raw.get("events") or []):
            rules = tuple(_rule_id(r) for r in ev.get("rules") or [])
            events.append(StepEvent(str(ev.get("text", "")), rules, bool(flags and flags[i - 1][j])))
            for rule in rules:
                if rule not in seen:
                    seen.add(rule)
                    order.append(rule)
        steps.append(ReplayStep(int(raw.get("n", i)), action_text(raw.get("action", "")), tuple(events)))
    expectations = tuple((bool(e.get("ok")), str(e.get("text", ""))) for e in data.get("expectations") or [])
    notes = tuple(
        NotModelled(int(n.get("step", 0)), str(n.get("text", "")), tuple(_rule_id(r) for r in n.get("rules") or []))
        for n in data.get("not_modelled") or []
    )
    for note in notes:
        for rule in note.rules:
            if rule not in seen:
                seen.add(rule)
                order.append(rule)
    log = ReplayLog(
        title=title or str(data.get("title", "")),
        source=source,
        steps=tuple(steps),
        expectations=expectations,
        not_modelled=notes,
        decisive=decisive,
    )
    return log, order
