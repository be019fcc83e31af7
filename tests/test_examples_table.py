"""tests/scenarios/examples.yaml: one row for every Example paragraph of No Dawn sections 1–7, and
every row true to the files and replays it names (issue 15, item 7)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
import yaml

from judge.engine.core.events import rule_id
from judge.engine.scenarios.replay import run_file
from tests.test_engine_scenarios import SCENARIOS

HERE = Path(__file__).resolve().parent / "scenarios"
TABLE = HERE / "examples.yaml"
STATUSES = {"replayed", "needs-engine", "deck-construction", "not-expressible"}
KEYS = {"example", "status", "scenario", "illustrates", "uncited", "needs", "pending", "reason"}
ROWS = yaml.safe_load(TABLE.read_text(encoding="utf-8"))
REPLAYED = [r for r in ROWS if r["status"] == "replayed"]


def _files(row) -> list[str]:
    scenario = row.get("scenario")
    return [] if scenario is None else [scenario] if isinstance(scenario, str) else list(scenario)


def _rule(example_id: str) -> str:
    return example_id.removeprefix("nd:").split("/")[0]


@cache
def _cited(name: str) -> frozenset:
    replay = run_file(HERE / name)
    events = list(replay.scenario.setup_events) + [e for s in replay.steps for e in s.events]
    return frozenset(r for e in events for r in e.rules)


def test_every_example_of_sections_1_to_7_has_exactly_one_row(corpus):
    wanted = sorted(
        e.id
        for e in corpus.entries.values()
        if e.doc == "nd" and e.kind == "example" and e.parent and e.parent.split(":")[1][0] in "1234567"
    )
    listed = [r["example"] for r in ROWS]
    assert len(wanted) == 127
    assert sorted(listed) == wanted  # no missing, extra or doubled row


def test_the_counts_by_status():
    counts = {s: sum(1 for r in ROWS if r["status"] == s) for s in STATUSES}
    assert counts == {"replayed": 122, "needs-engine": 0, "deck-construction": 1, "not-expressible": 4}


@pytest.mark.parametrize("row", ROWS, ids=lambda r: r["example"])
def test_a_row_has_the_fields_its_status_needs(row):
    assert set(row) <= KEYS and row["status"] in STATUSES
    files = _files(row)
    if row["status"] == "replayed":
        assert files and row["illustrates"] and "needs" not in row
    elif row["status"] == "needs-engine":
        assert len(files) == 1 and files[0].startswith("pending/") and row["needs"]
        assert not {"illustrates", "uncited"} & set(row)
    else:
        assert not files and row["reason"] and not {"illustrates", "uncited", "needs", "pending"} & set(row)


@pytest.mark.parametrize("row", [r for r in ROWS if _files(r) or "pending" in r], ids=lambda r: r["example"])
def test_every_listed_scenario_exists_and_is_named_after_its_rule(row):
    names = _files(row) + ([row["pending"]["scenario"]] if "pending" in row else [])
    assert names
    for name in names:
        assert (HERE / name).is_file(), name
        assert re.match(rf"r{re.escape(_rule(row['example']))}-[a-z0-9-]+\.yaml$", Path(name).name), name


def test_replayed_scenarios_are_collected_and_pending_ones_are_not():
    collected = {p.relative_to(HERE).as_posix() for p in SCENARIOS}
    assert ROWS
    for row in ROWS:
        for name in _files(row):
            assert (name in collected) == (row["status"] == "replayed"), name


def test_every_pending_scenario_belongs_to_a_row():
    """An r-file waiting in pending/ tells an Example paragraph, so a row names it; the engine's
    own cases (e…, s…) wait there only while they use a keyword the engine does not model, and
    their header says which (`PENDING — needs Toll (702.14)`)."""
    named = {n for r in ROWS for n in _files(r)} | {r["pending"]["scenario"] for r in ROWS if "pending" in r}
    on_disk = {p.relative_to(HERE).as_posix() for p in (HERE / "pending").glob("*.yaml")}
    examples = {n for n in on_disk if Path(n).name.startswith("r")}
    assert examples == {n for n in named if n.startswith("pending/")}
    for name in sorted(on_disk - examples):
        first = (HERE / name).read_text(encoding="utf-8").splitlines()[0]
        assert re.match(r"# PENDING — needs [A-Z][\w-]+ \(702\.\d+\)", first), name


@pytest.mark.parametrize("row", REPLAYED, ids=lambda r: r["example"])
def test_uncited_lists_exactly_the_illustrated_rules_the_replay_never_cites(row):
    """When the engine learns to cite one of them (issue 15, item 5), drop it from `uncited`."""
    cited = frozenset().union(*(_cited(n) for n in _files(row)))
    never = [r for r in row["illustrates"] if rule_id(r) not in cited]
    assert never == row.get("uncited", [])


def test_the_readme_lists_every_example_that_is_not_replayed():
    readme = (HERE / "README.md").read_text(encoding="utf-8")
    block = readme.split("<!-- examples:begin -->")[1].split("<!-- examples:end -->")[0]
    listed = re.findall(r"nd:[0-9.a-z]+/example-\d+", block)
    assert sorted(listed) == sorted(r["example"] for r in ROWS if r["status"] != "replayed")
    for row in ROWS:
        if row["status"] == "needs-engine":
            assert Path(_files(row)[0]).name in block, row["example"]
