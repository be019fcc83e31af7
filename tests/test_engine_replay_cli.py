"""`judge replay` and the corpus side of the card files."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SCENARIOS = Path(__file__).resolve().parent / "scenarios"


def judge(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "judge", *args], capture_output=True, text=True)


@pytest.mark.slow
def test_replay_json_has_the_design_shape():
    proc = judge("replay", str(SCENARIOS / "shared" / "v01-simultaneous-sba-sweep.yaml"), "--json")
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    # the design's shape, plus what the replay relied on that the engine does not model (issue 15)
    assert set(doc) == {"steps", "final", "expectations", "not_modelled"}
    assert [s["n"] for s in doc["steps"]] == [1, 2]
    assert set(doc["steps"][0]) == {"n", "action", "events"}
    events = [e for s in doc["steps"] for e in s["events"]]
    # the engine plays all of it: nothing noted; priority passed or received has its own kind
    assert all(set(e) == {"text", "rules"} for e in events if "kind" not in e)
    # ... and what decided the game (a death, a loss, a win) is an outcome (issue 31)
    assert [(e["text"][:40], e["kind"]) for e in events if "kind" in e] == [
        ("Ana receives priority again", "priority"),
        ("all players pass in succession", "priority"),
        ("State-based check (one simultaneous even", "outcome"),
        ("Ana loses the game and leaves it", "outcome"),
        ("Ben is the only player left and wins", "outcome"),
    ]
    assert doc["not_modelled"] == []
    cited = {r for s in doc["steps"] for e in s["events"] for r in e["rules"]}
    assert {"nd:704.5j", "nd:704.5c", "nd:704.3"} <= cited
    assert [e["ok"] for e in doc["expectations"]] == [True] * 5
    ana = next(p for p in doc["final"]["players"] if p["name"] == "Ana")
    assert ana["lost"] is True and ana["corruption"] == 10
    assert doc["final"]["battlefield"][0]["card"] == "Gilded Haven"


@pytest.mark.slow
def test_replay_json_marks_what_the_engine_does_not_model():
    proc = judge("replay", str(SCENARIOS / "r616.1d-the-controller-picks-the-replacement.yaml"), "--json")
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    events = [e for s in doc["steps"] for e in s["events"]]
    assert all(set(e) == {"text", "rules"} for e in events if "kind" not in e)
    assert [e["kind"] for e in events if e.get("kind", "priority") != "priority"] == ["not-modelled"]
    assert doc["not_modelled"] == [
        {"step": 3, "text": next(e["text"] for e in events if e.get("kind") == "not-modelled"), "rules": ["nd:701.20a"]}
    ]
    assert doc["not_modelled"][0]["text"].startswith(
        "not modelled here — the shuffle (701.20a): Homing Revenant is shuffled into Ben's Domain"
    )


@pytest.mark.slow
def test_replay_until_stops_early_and_exits_1_when_expectations_fail():
    proc = judge("replay", str(SCENARIOS / "shared" / "v01-simultaneous-sba-sweep.yaml"), "--json", "--until", "1")
    assert proc.returncode == 1
    doc = json.loads(proc.stdout)
    assert len(doc["steps"]) == 1
    assert doc["final"]["stack"][0]["label"] == "Sacramental Fire"


@pytest.mark.slow
def test_replay_text_shows_steps_rules_titles_and_verdicts():
    proc = judge("replay", str(SCENARIOS / "shared" / "v03-pit-seal-countered.yaml"))
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "1. Ben: seal Sell the Bones, Marginalia, Slip the Knife" in out
    assert "505.4d One drop per turn" in out
    assert "118.6 The Master-Blood tax" in out
    assert "PASS an action was refused citing 505.4d" in out
    assert "Final state" in out


@pytest.mark.slow
def test_replay_missing_file_is_a_user_error():
    proc = judge("replay", "/nonexistent/scenario.yaml")
    assert proc.returncode == 2 and "cannot read file" in proc.stderr and "Traceback" not in proc.stderr


def test_cards_become_corpus_entries_linked_to_the_rules_naming_them(corpus):
    cards = [e for e in corpus.of_kind("card", "nd")]
    assert len(cards) == 38
    column = corpus.get("nd:card/iron-column")
    assert column.citation == "No Dawn card — Iron Column"
    assert column.doc == "nd" and column.game == "nodawn" and column.title == "Iron Column"
    targets = {r.target for r in column.refs}
    assert len(targets) == 8
    assert "nd:card/iron-column" in {e.id for t in targets for e in corpus.cited_by(t)}
    bargain = corpus.get("nd:card/apostates-bargain")
    assert len(bargain.refs) == 8 and all(r.resolved for r in bargain.refs)
    fire_mentions = {r.target for r in corpus.get("nd:card/sacramental-fire").refs}
    assert "nd:704.7/example-1" in fire_mentions or any(t.startswith("nd:704.7") for t in fire_mentions)
