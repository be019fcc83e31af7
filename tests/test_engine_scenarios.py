"""Every scenario under tests/scenarios/ replays with all its expectations holding.

tests/scenarios/shared/ holds the six contract scenarios copied unchanged from
shared/scenarios/; the others re-tell the worked scenarios of notes/nodawn.md §6 (s01…) and
the engine's own cases (e01…)."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge.engine.replay import run_file

HERE = Path(__file__).resolve().parent / "scenarios"
SCENARIOS = sorted(HERE.rglob("*.yaml"))
SHARED_SOURCE = Path(__file__).resolve().parents[2] / "shared" / "scenarios"


def _id(path: Path) -> str:
    return str(path.relative_to(HERE))


@pytest.mark.parametrize("path", SCENARIOS, ids=_id)
def test_scenario_expectations_hold(path):
    replay = run_file(path)
    failed = [e["text"] for e in replay.expectations if not e["ok"]]
    assert replay.expectations, "a scenario must state expectations"
    assert failed == []
    assert [e.detail for _, e in replay.engine_errors] == []  # a defect is never a refusal nor a pass


def test_the_six_shared_scenarios_are_copied_unchanged():
    shared = sorted((HERE / "shared").glob("*.yaml"))
    assert [p.name for p in shared] == [
        "v01-simultaneous-sba-sweep.yaml", "v02-master-blood-tax-two-casts.yaml", "v03-pit-seal-countered.yaml",
        "v04-wrath-cascade.yaml", "v05-fizzle-after-bounce.yaml", "v06-two-blockers-overrun.yaml"]
    if SHARED_SOURCE.is_dir():
        for p in shared:
            assert p.read_bytes() == (SHARED_SOURCE / p.name).read_bytes()


def test_there_are_worked_and_own_scenarios():
    names = [p.name for p in SCENARIOS]
    worked = {n[:3] for n in names if n[0] == "s" and n[1:3].isdigit()}
    assert {f"s{i:02d}" for i in range(1, 15)} | {"s38", "s39"} <= worked
    assert len([n for n in names if n.startswith("e")]) >= 15
