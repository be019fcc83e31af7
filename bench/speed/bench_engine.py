"""Engine benchmark: the cost of one action, as the replay grows and as the board grows.

Replays of 200, 1,000 and 5,000 actions on a board of ~50 objects and on one of ~1,000 (the
same permanents; the rest are cards in the Spoils and the Domains), each cut into ten blocks,
printing the cost per action in each block (CPU time, each block's best of at least five
replays: of 25 for the 200-action replays, whose blocks of 20 actions last ~2 ms, short enough for
one interruption by another process to decide a block). Targets: flat (the last block within
1.5x of the first) and at least 5,000 actions/s. A last line replays the ~1,000-object board with 200
permanents instead of 9, to show what does grow: the rules work that reads every permanent
(704 state-based checks, 613 layers). The very last replays every scenario of tests/scenarios
(a workload the engine's speed work was never measured on: short games, each from a cold
start, through most of the rules the engine models).

The game (two players trading a Vitae ability, a field drain, an ability on the stack, a
refused attack, combat and whole turns — each `until` passes through every step of a turn)
exercises priority, the stack, state-based checks, combat and cleanup; two statics (a Night
anthem and a static damage reduction) send every characteristic through the layers and every
damage event through the replacement and prevention effects. The Masters draw nothing and
cannot run dry, so the game lasts 5,000 actions with the board's size unchanged.

    python bench/speed/bench_engine.py              # CPU time per action, as above
    python bench/speed/bench_engine.py --write-doc  # the same, and its table written into the page
    python bench/speed/bench_engine.py --bytecodes  # Python bytecodes executed per action: the same
                                              # count on a busy machine as on a quiet one, to
                                              # compare two commits when CPU times swing
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time
from pathlib import Path

from judge.engine.play.actions import apply
from judge.engine.scenarios.replay import Replay
from judge.engine.scenarios.scenario import load, load_string

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import doc_table
from doc_table import NO_BUDGET, Row

TARGET = "≥ 5,000 actions/s; last/first ≤ 1.5"

CARDS = """
cards:
  - {name: Old Kaelite Master, type: Master, lineage: Kaelite, initial_vitae: 100000, enlightenment: 0,
     ascends: 100000, text: "Bench Master."}
  - {name: Old Liamite Master, type: Master, lineage: Liamite, initial_vitae: 100000, enlightenment: 0,
     ascends: 100000, text: "Bench Master."}
  - name: Bench Golem
    type: Entity
    subtypes: [Construct]
    cost: {vitae: 3}
    attack: 2
    vigor: 4
    blood_seal: 1
    text: "3 Vitae: this gets +1/+1 until end of turn."
    abilities: [{activated: {cost: {vitae: 3}, effects: [{modify: {attack: 1, vigor: 1, until: end_of_turn, to: self}}]}}]
  - {name: Bench Banner, type: Relic, text: "As long as it's Night, Entities you control get +1/+1.",
     statics: [{modify: {attack: 1, vigor: 1}, affects: own_entities, while: night}]}
  - {name: Bench Bulwark, type: Relic, text: "Prevent 1 of each damage to Entities you control.",
     statics: [{reduce_damage: 1, affects: own_entities}]}
"""

ROUND = [  # one round of play, 10 actions: a Vitae ability, a field drain, an ability on the stack, an attack
    {"player": "Ana", "activate": "cask", "ability": 1},
    {"player": "Ana", "drain": "pikeman"},
    {"player": "Ana", "activate": "golem", "ability": 1},
    "pass",
    {"player": "Ana", "attack": [{"attacker": "golem", "target": "column"}]},  # refused (wrong step): the refusal path
    {"until": {"phase": "combat", "step": "declare_attackers"}},
    {"player": "Ana", "attack": [{"attacker": "alpha", "target": "Ben"}]},
    {"until": {"phase": "combat", "step": "end_of_combat"}},
    {"until": {"phase": "main1", "step": None}},
    {"until": {"phase": "main1", "step": None}},
]
FILLER = ["Sacramental Fire", "Slip the Knife", "Marginalia", "Not Tonight", "Sell the Bones"]


def board(cards_elsewhere: int, extra_permanents: int = 0) -> str:
    """The bench board with `cards_elsewhere` more cards (as objects) in each player's Spoils
    and Domain, and `extra_permanents` more Iron Columns on each side."""
    half = cards_elsewhere // 4

    def cards(n: int) -> str:
        return "[" + ", ".join(FILLER[i % len(FILLER)] for i in range(n)) + "]"

    columns = "".join("\n      - {card: Iron Column}" for _ in range(extra_permanents))
    return f"""
title: bench
game: nodawn
{CARDS}
turn: {{active: Ana, round: The Hunt, phase: main1}}
players:
  - name: Ana
    master: {{card: Old Kaelite Master, vitae: 100000}}
    domain: {cards(half) if half else 0}
    spoils: {cards(half)}
    battlefield:
      - {{card: Gilded Haven}}
      - {{card: Black Company Pikeman, id: pikeman}}
      - {{card: Alpha of the Hunt, id: alpha}}
      - {{card: Bench Golem, id: golem}}
      - {{card: Cask of the Old Vintage, id: cask}}
      - {{card: Bench Banner}}{columns}
  - name: Ben
    master: {{card: Old Liamite Master, vitae: 100000}}
    domain: {cards(half) if half else 0}
    spoils: {cards(half)}
    battlefield:
      - {{card: The Counting-House Dark, id: dark}}
      - {{card: Iron Column, id: column}}
      - {{card: Bench Bulwark}}{columns}
actions: []
expect: []
"""


def replay(text: str, n_actions: int, blocks: int = 10) -> tuple[list[float], int, int, object]:
    """Replay n actions, recording each step in a Replay's history as `judge replay` does;
    returns the seconds each block of n/blocks actions took, the number of refusals and engine
    errors, and the final state."""
    scenario = load_string(text, "<bench>")
    scenario.actions = [ROUND[i % len(ROUND)] for i in range(n_actions)]  # what the history replays from
    history = Replay(scenario, scenario.state)
    state = scenario.state
    size = n_actions // blocks
    times, refused, errors = [], 0, 0
    gc.collect()
    for b in range(blocks):
        start = time.process_time()
        for i in range(b * size, (b + 1) * size):
            action = scenario.actions[i]
            state, events = apply(state, action)
            history.record(action, events, state)
            refused += sum(1 for e in events if e.refused)
            errors += sum(1 for e in events if e.engine_error)
        times.append(time.process_time() - start)
    return times, refused, errors, history.final


def report(label: str, text: str, n: int, repeat: int | None = None, budget: str = TARGET) -> tuple[float, float, Row]:
    """Each block's best of `repeat` replays (CPU time of this process: another process on the
    machine slows a block, never speeds it up); by default as many as make ~5,000 actions, at
    least five. Returns the rate, last/first block, and the row for the page."""
    repeat = repeat or max(5, 5000 // n)
    runs = [replay(text, n) for _ in range(repeat)]
    times = [min(run[0][b] for run in runs) for b in range(len(runs[0][0]))]
    _, refused, errors, final = runs[0]
    per = [t / (n // len(times)) * 1e6 for t in times]
    total = sum(times)
    flat = per[-1] / per[0]
    print(
        f"{label:>28} | {n:>5} actions | {len(final.objects):>5} objects, {len(final.battlefield):>3} permanents | "
        f"{n / total:>7,.0f} actions/s | µs/action by block: {' '.join(f'{p:.0f}' for p in per)} | "
        f"last/first {flat:.2f} | {refused} refusals, {errors} engine errors"
    )
    row = Row(
        f"{label}, {n:,} actions ({len(final.objects):,} objects, {len(final.battlefield)} permanents; "
        f"best of {repeat})",
        f"{n / total:,.0f} actions/s; last/first block {flat:.2f}; {refused} refusals, {errors} engine errors",
        budget,
    )
    return n / total, flat, row


SCENARIOS = Path(__file__).resolve().parents[2] / "tests" / "scenarios"


def report_scenarios(repeat: int = 5) -> Row:
    """Every scenario of tests/scenarios replayed from its board, as `judge replay` records it;
    CPU time of the actions only (loading excluded), the best of `repeat` passes."""
    scenarios = [load(path) for path in sorted(SCENARIOS.glob("*.yaml")) if path.name != "examples.yaml"]
    best, actions, refused, errors = float("inf"), 0, 0, 0
    for _ in range(repeat):
        spent, actions, refused, errors = 0.0, 0, 0, 0
        for scenario in scenarios:
            state = scenario.state
            history = Replay(scenario, state)
            start = time.process_time()
            for action in scenario.actions:
                state, events = apply(state, action)
                history.record(action, events, state)
                refused += sum(1 for e in events if e.refused)
                errors += sum(1 for e in events if e.engine_error)
            spent += time.process_time() - start
            actions += len(scenario.actions)
        best = min(best, spent)
    print(
        f"{'every scenario in tests/scenarios':>30} | {actions:>5} actions | {len(scenarios)} games from their boards | "
        f"{actions / best:>7,.0f} actions/s | {refused} refusals, {errors} engine errors"
    )
    return Row(
        f"every scenario in tests/scenarios: {len(scenarios)} games from their boards, {actions:,} actions "
        f"(best of {repeat})",
        f"{actions / best:,.0f} actions/s; {refused} refusals, {errors} engine errors",
    )


def load_average() -> str:
    """The machine's load averages (1, 5, 15 minutes): other processes on the cores slow CPU time
    too (shared caches), so a figure means little without them."""
    return "load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg()) + f" on {os.cpu_count()} cores"


def bytecodes(text: str, n: int = 200) -> float:
    """Python bytecode instructions executed per action over a replay of n actions (a tracer
    counts them: slow, but independent of whatever else the machine runs)."""
    scenario = load_string(text, "<bench>")
    actions = [ROUND[i % len(ROUND)] for i in range(n)]
    state = scenario.state
    for action in actions[:20]:  # warm-up: what the first actions of a process pay for once
        state, _ = apply(state, action)
    count = 0

    def tracer(frame, event, arg):
        nonlocal count
        frame.f_trace_opcodes = True
        if event == "opcode":
            count += 1
        return tracer

    state = scenario.state
    sys.settrace(tracer)
    try:
        for action in actions:
            state, _ = apply(state, action)
    finally:
        sys.settrace(None)
    return count / n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--bytecodes",
        action="store_true",
        help="count the bytecodes executed per action instead of timing (200 actions per board)",
    )
    doc_table.add_option(parser)
    args = parser.parse_args()
    if args.bytecodes and args.write_doc:
        parser.error("--write-doc writes the timed figures: not with --bytecodes")
    run = doc_table.Run.start(__file__)
    if args.bytecodes:
        for label, text in (("board of ~50 objects", board(40)), ("board of ~1,000 objects", board(990))):
            print(f"{label:>28} | {bytecodes(text):>9,.0f} bytecodes/action")
        return
    print(f"at the start: {load_average()}")
    replay(board(40), 200)  # warm-up: the first replay of a process also pays for imports and caches
    worst_rate, worst_flat = float("inf"), 0.0
    rows = []
    for label, text in (("board of ~50 objects", board(40)), ("board of ~1,000 objects", board(990))):
        for n in (200, 1000, 5000):
            rate, flat, row = report(label, text, n)
            worst_rate, worst_flat = min(worst_rate, rate), max(worst_flat, flat)
            rows.append(row)
    verdict = "OK" if worst_rate >= 5000 and worst_flat <= 1.5 else "MISSED"
    print(
        f"slowest {worst_rate:,.0f} actions/s (target >= 5,000); flattest-worst last/first block {worst_flat:.2f} "
        f"(target <= 1.5) — {verdict}"
    )
    rows.append(
        Row(
            "the rows above: the slowest, the least flat",
            f"{worst_rate:,.0f} actions/s; {worst_flat:.2f} — {verdict}",
            TARGET,
        )
    )
    rows.append(
        report("~1,000 objects, 200 permanents", board(800, extra_permanents=95), 1000, repeat=1, budget=NO_BUDGET)[2]
    )
    rows.append(report_scenarios())
    print(f"at the end: {load_average()}")
    if args.write_doc:
        doc_table.write(run, rows)


if __name__ == "__main__":
    main()
