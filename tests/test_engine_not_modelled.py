"""Replays and ruling sheets say plainly what a scenario relies on that the engine does not model
(issue 15, item 1): a card whose printed text names a keyword its card file lacks, and a rule the
engine passes over where it applied (701.20a: a card shuffled into the Domain is put at its
bottom, the shuffle's random order is not modelled) — a "Not modelled here" section in `judge
replay` and in `judge sheet --replay`, in every format. What the engine plays (laying to rest,
709.2; Suspicion, 123.2) is played, and noted nowhere."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from judge.cli import main
from judge.engine.scenarios.replay import run, run_file
from judge.engine.scenarios.scenario import load

BOARD = """\
title: not-modelled fixture
game: nodawn
cards:
  - {name: Silent Maren, type: Master, lineage: Liamite, initial_vitae: 20, enlightenment: 1, text: "Liamite Master."}
  - {name: Hollow Sentinel, type: Entity, subtypes: [Construct], cost: {vitae: 2}, attack: 1, vigor: 2, blood_seal: 1,
     text: "Flying. A hollow thing."}
  - {name: Homing Wisp, type: Entity, subtypes: [Spirit], cost: {vitae: 1}, attack: 1, vigor: 1, blood_seal: 1,
     text: "If this would die, shuffle it into its owner's Domain instead.", statics: [{dies_to_domain: true}]}
  - {name: Quiet Knife, type: Caprice, cost: {vitae: 1}, blood_seal: 1, text: "Destroy target Entity.",
     targets: [{kind: Entity}], abilities: [{spell: [{destroy: target}]}]}
  - {name: Grim Tithe, type: Caprice, cost: {vitae: 1}, blood_seal: 1, text: "Each player sacrifices an Entity.",
     abilities: [{spell: [{sacrifice: {who: each_player}}]}]}
turn: {active: Ana, round: The Hunt, phase: main1}
players:
  - name: Ana
    master: {card: Aurelio Torretti, vitae: 20}
    pool: 2
    hand: [Quiet Knife, Grim Tithe]
    battlefield:
      - {card: Gilded Haven}
      - {card: Scriptorium Drudge, id: drudge}
  - name: Ben
    master: {card: Silent Maren, vitae: 20}
    battlefield:
      - {card: The Counting-House Dark}
      - {card: Hollow Sentinel, id: sentinel}
      - {card: Homing Wisp, id: wisp}
actions:
  - {player: Ana, cast: Quiet Knife, targets: [wisp]}
  - pass
  - {player: Ana, cast: Grim Tithe}
  - pass
expect:
  - {object: wisp, zone: domain}
  - {object: sentinel, zone: spoils}
  - {object: drudge, zone: spoils}
  - {cited: ["701.9a", "614.1", "701.12a"]}
"""

SHUFFLE_NOTE = (
    "not modelled here — the shuffle (701.20a): Homing Wisp is shuffled into Ben's Domain; the engine "
    "does not randomize the Domain's order but puts the card at the bottom, so the replay does not rule "
    "on where it lies"
)


@pytest.fixture
def fixture(tmp_path) -> Path:
    path = tmp_path / "board.yaml"
    path.write_text(BOARD, encoding="utf-8")
    return path


def test_the_replay_gathers_what_it_relied_on(fixture):
    replay = run(load(fixture))
    assert replay.ok
    notes = [(n, e.text, e.rules) for n, e in replay.not_modelled]
    assert notes == [
        (
            0,
            "not modelled here — Hollow Sentinel's text names Flying, which its card file's keywords: lack — the "
            "engine plays it without Flying",
            ("nd:702.10",),
        ),
        (2, SHUFFLE_NOTE, ("nd:701.20a",)),
    ]
    # the Wisp is at the bottom of Ben's Domain, as the note says
    assert replay.steps[-1].state.player("Ben").domain[-1] == "wisp"
    # the sacrifices (701.12a) put their Entities into the Spoils: nothing passed over, so no note
    assert sum(e.not_modelled for s in replay.steps for e in s.events) == 1


def test_a_note_is_not_a_citation(fixture, tmp_path):
    path = tmp_path / "cites.yaml"
    path.write_text(BOARD.replace('{cited: ["701.9a", "614.1", "701.12a"]}', '{cited: ["701.20a"]}'), encoding="utf-8")
    replay = run(load(path))
    assert [e["ok"] for e in replay.expectations] == [True, True, True, False]


def test_laying_to_rest_is_played_not_noted():
    # the engine plays the rites (709.2, rites.py): the undertaker is asked, and nothing is noted
    replay = run_file(Path(__file__).parent / "scenarios" / "e64-the-rites-after-a-destroy.yaml")
    assert replay.ok and replay.not_modelled == []
    assert "nd:709.2" in {r for s in replay.steps for e in s.events for r in e.rules}


@pytest.mark.slow
def test_judge_replay_says_it_first_and_in_json(fixture):
    env = {**os.environ, "COLUMNS": "200"}
    text = subprocess.run(
        [sys.executable, "-m", "judge", "replay", str(fixture)], capture_output=True, text=True, env=env
    )
    assert text.returncode == 0, text.stderr
    lines = text.stdout.splitlines()
    assert lines[1].startswith("Not modelled here (2): the engine does not play these")
    assert lines[2].startswith("  the scenario's cards: Hollow Sentinel's text names Flying")
    assert lines[3].startswith("  step 2: the shuffle (701.20a): Homing Wisp is shuffled into Ben's Domain")
    doc = json.loads(
        subprocess.run(
            [sys.executable, "-m", "judge", "replay", str(fixture), "--json"], capture_output=True, text=True
        ).stdout
    )
    assert [(n["step"], n["rules"]) for n in doc["not_modelled"]] == [(0, ["nd:702.10"]), (2, ["nd:701.20a"])]
    assert doc["not_modelled"][1]["text"] == SHUFFLE_NOTE


@pytest.mark.parametrize(
    "fmt, head, line",
    [
        (
            "markdown",
            "**Not modelled here: the engine does not play these, so the replay does not rule on them:**",
            # the note names the scenario's cards: escaped for Markdown like all scenario text
            "- step 2: the shuffle \\(701\\.20a\\)\\: Homing Wisp is shuffled into Ben's Domain",
        ),
        (
            "text",
            "Not modelled here: the engine does not play these, so the replay does not",
            "  ! the scenario's cards: Hollow Sentinel's text names Flying",
        ),
        (
            "html",
            '<p class="not-modelled"><strong>Not modelled here: the engine does not play these, so the replay '
            "does not rule on them:</strong></p>",
            "<li>step 2: the shuffle (701.20a): Homing Wisp is shuffled into",
        ),
        (
            "terminal",
            "Not modelled here: the engine does not play these, so the replay does not rule on them:",
            "! step 2: the shuffle (701.20a): Homing Wisp is shuffled into Ben's Domain",
        ),
    ],
)
def test_every_sheet_format_says_it(fixture, capsys, monkeypatch, tmp_path, fmt, head, line, session_context):
    monkeypatch.setenv("JUDGE_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["sheet", "--replay", str(fixture), "--format", fmt, "--date", "2026-11-30"]) == 0
    out = capsys.readouterr().out
    assert head in out and line in out
    assert out.index(head) < out.index("Quiet Knife")  # at the head of the replay, before its steps
    # the rule is quoted among the rules cited: after the step log, since a note never decides a ruling
    assert out.index("No Dawn CR 701.20a") > out.index("Quiet Knife")


def test_a_mortal_entering_raises_suspicion_and_notes_nothing(tmp_path):
    # Suspicion is played (suspicion.py): the Dhampir, a Mortal, raises it as it enters (309.3,
    # 123.2); its card file writes its look, so only the Sentinel's Flying is noted
    text = BOARD.replace("hand: [Quiet Knife, Grim Tithe]", "hand: [The Dhampir of the Toll-Road]").replace(
        """  - {player: Ana, cast: Quiet Knife, targets: [wisp]}
  - pass
  - {player: Ana, cast: Grim Tithe}
  - pass""",
        """  - {player: Ana, cast: The Dhampir of the Toll-Road}
  - pass""",
    )
    text = text[: text.index("expect:")] + "expect:\n  - {object: The Dhampir of the Toll-Road, zone: battlefield}\n"
    path = tmp_path / "mortal.yaml"
    path.write_text(text, encoding="utf-8")
    replay = run(load(path))
    assert replay.ok
    assert [(n, e.rules) for n, e in replay.not_modelled] == [(0, ("nd:702.10",))]
    after = replay.steps[-1].state
    assert after.suspicion == 1 and after.player("Ana").suspicion_share == 1
    raised = [e for e in replay.steps[-1].events if "raises Suspicion" in e.text]
    assert [(e.text, e.rules) for e in raised] == [
        (
            "The Dhampir of the Toll-Road entering raises Suspicion 1: 0 -> 1, attributed to Ana (share 1)",
            ("nd:123.1", "nd:309.3", "nd:123.2"),
        )
    ]
