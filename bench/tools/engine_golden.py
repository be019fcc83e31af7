"""A golden dump of the engine's behaviour, to compare two commits byte for byte: every event
(text, rules, kind, policy) and every state's content (each field, each object and player, in
order) after every step of every bundled scenario, and of 1,200 actions of the engine bench's
game on its ~50- and ~1,000-object boards (hashed per state: the large board's states are big).

    python bench/tools/engine_golden.py OUT        # writes the dump to OUT; diff two of them

An engine error's traceback (its `detail`) is left out: it names lines of code.
"""

from __future__ import annotations

import dataclasses
import hashlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench" / "speed"))

from bench_engine import ROUND, board  # noqa: E402

from judge.engine.play.actions import apply  # noqa: E402
from judge.engine.scenarios.replay import run_file  # noqa: E402
from judge.engine.scenarios.scenario import load_string  # noqa: E402

SCENARIOS = ROOT / "tests" / "scenarios"
_SKIP = {"cards", "policies"}  # the game's, shared and never written


def canon(value):
    """A value as plain data, the class of a record named without its Frozen prefix."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        name = type(value).__name__.removeprefix("Frozen")
        return (
            name,
            tuple((f.name, canon(getattr(value, f.name))) for f in dataclasses.fields(value) if f.name not in _SKIP),
        )
    if isinstance(value, dict):
        return ("dict", tuple((canon(k), canon(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return (type(value).__name__ if isinstance(value, tuple) else "list", tuple(canon(v) for v in value))
    if isinstance(value, (set, frozenset)):
        return ("set", tuple(sorted(map(repr, value))))
    if hasattr(value, "__dict__") and not isinstance(value, type):
        return (type(value).__name__, tuple(sorted((k, canon(v)) for k, v in vars(value).items())))
    return value


def ev(e) -> str:
    return repr((e.text, tuple(e.rules), e.kind, e.policy))


def dump_state(state, hashed: bool) -> str:
    text = repr(canon(state))
    return hashlib.sha256(text.encode()).hexdigest() if hashed else text


def main() -> None:
    out = []
    paths = sorted(p for p in SCENARIOS.rglob("*.yaml") if p.name != "examples.yaml")
    for path in paths:
        rel = path.relative_to(SCENARIOS)
        try:
            replay = run_file(path)
        except Exception as exc:  # a scenario that does not load (pending/) is recorded as such
            out.append(f"## {rel}: {type(exc).__name__}: {exc}")
            continue
        out.append(f"## {rel}: {len(replay.steps)} steps, stopped at {replay.stopped_at}")
        out.append("initial " + dump_state(replay.initial, False))
        for step in replay.steps:
            out.append(f"step {step.n}")
            out.extend(ev(e) for e in step.events)
            out.append("state " + dump_state(replay.state_after(step.n), False))
        out.append("expect " + repr([(e["ok"], e["text"]) for e in replay.expectations]))
    for label, text in (("bench-50", board(40)), ("bench-1000", board(990))):
        scenario = load_string(text, "<bench>")
        state = scenario.state
        out.append(f"## {label}")
        for i in range(1200):
            state, events = apply(state, ROUND[i % len(ROUND)])
            out.append(f"action {i}")
            out.extend(ev(e) for e in events)
            out.append("state " + dump_state(state, True))
    Path(sys.argv[1]).write_text("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
