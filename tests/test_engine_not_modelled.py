"""Replays and ruling sheets say plainly what a scenario relies on that the engine does not model
(issue 15, item 1): a card whose printed text names a keyword its card file lacks, and a rule the
engine leaves to the players where it applied (709.2, laying to rest) — a "Not modelled here"
section in `judge replay` and in `judge sheet --replay`, in every format."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from judge.cli import main
from judge.engine.replay import run
from judge.engine.scenario import load

BOARD = """\
title: not-modelled fixture
game: nodawn
cards:
  - {name: Silent Maren, type: Master, lineage: Liamite, initial_vitae: 20, enlightenment: 1, text: "Liamite Master."}
  - {name: Hollow Sentinel, type: Entity, subtypes: [Construct], cost: {vitae: 2}, attack: 1, vigor: 2, blood_seal: 1,
     text: "Flying. A hollow thing."}
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
      - {card: Iron Column, id: column}
actions:
  - {player: Ana, cast: Quiet Knife, targets: [sentinel]}
  - pass
  - {player: Ana, cast: Grim Tithe}
  - pass
expect:
  - {object: sentinel, zone: spoils}
  - {object: column, zone: spoils}
  - {object: drudge, zone: spoils}
  - {cited: ["701.9a", "701.12a"]}
"""


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
        (0, "not modelled here — Hollow Sentinel's text names Flying, which its card file's keywords: lack — the "
            "engine plays it without Flying", ("nd:702.10",)),
        (2, "not modelled here — laying to rest (709.2): as Hollow Sentinel died, Ana, the undertaker, could have "
            "paid 1 Vitae to put it into the Void instead; the engine does not offer it, and Hollow Sentinel lies in "
            "the Spoils", ("nd:709.2",)),
    ]
    # the sacrifices (701.12a) have no undertaker: no rites are owed (709.2), so no note
    assert sum(e.not_modelled for s in replay.steps for e in s.events) == 1


def test_a_note_is_not_a_citation(fixture, tmp_path):
    path = tmp_path / "cites.yaml"
    path.write_text(BOARD.replace('{cited: ["701.9a", "701.12a"]}', '{cited: ["709.2"]}'), encoding="utf-8")
    replay = run(load(path))
    assert [e["ok"] for e in replay.expectations] == [True, True, True, False]


def test_a_death_by_lethal_damage_notes_the_rites_without_naming_the_undertaker():
    shared = Path(__file__).parent / "scenarios" / "shared" / "v01-simultaneous-sba-sweep.yaml"
    notes = run(load(shared)).not_modelled
    assert len(notes) == 1 and notes[0][0] == 2
    assert "as Iron Column died, the undertaker (the controller of the source of the lethal damage) could" \
        in notes[0][1].text


def test_judge_replay_says_it_first_and_in_json(fixture):
    env = {**os.environ, "COLUMNS": "200"}
    text = subprocess.run([sys.executable, "-m", "judge", "replay", str(fixture)], capture_output=True, text=True,
                          env=env)
    assert text.returncode == 0, text.stderr
    lines = text.stdout.splitlines()
    assert lines[1].startswith("Not modelled here (2): the engine does not play these")
    assert lines[2].startswith("  the scenario's cards: Hollow Sentinel's text names Flying")
    assert lines[3].startswith("  step 2: laying to rest (709.2)")
    doc = json.loads(subprocess.run([sys.executable, "-m", "judge", "replay", str(fixture), "--json"],
                                    capture_output=True, text=True).stdout)
    assert [(n["step"], n["rules"]) for n in doc["not_modelled"]] == [(0, ["nd:702.10"]), (2, ["nd:709.2"])]


@pytest.mark.parametrize("fmt, head, line", [
    ("markdown", "**Not modelled here: the engine does not play these, so the replay does not rule on them:**",
     "- step 2: laying to rest (709.2): as Hollow Sentinel died"),
    ("text", "Not modelled here: the engine does not play these, so the replay does not",
     "  ! the scenario's cards: Hollow Sentinel's text names Flying"),
    ("html", '<p class="not-modelled"><strong>Not modelled here: the engine does not play these, so the replay '
             'does not rule on them:</strong></p>', "<li>step 2: laying to rest (709.2): as Hollow Sentinel died"),
    ("terminal", "Not modelled here: the engine does not play these, so the replay does not rule on them:",
     "! step 2: laying to rest (709.2): as Hollow Sentinel died"),
])
def test_every_sheet_format_says_it(fixture, capsys, monkeypatch, tmp_path, fmt, head, line, session_context):
    monkeypatch.setenv("JUDGE_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["sheet", "--replay", str(fixture), "--format", fmt, "--date", "2026-11-30"]) == 0
    out = capsys.readouterr().out
    assert head in out and line in out
    assert out.index(head) < out.index("Quiet Knife")  # at the head of the replay, before its steps
    assert "709.2" in out.split(head)[0] or fmt == "terminal"  # the rule is quoted among the rules cited


def test_a_mortal_entering_notes_the_suspicion_it_raises(tmp_path):
    text = BOARD.replace("hand: [Quiet Knife, Grim Tithe]", "hand: [The Dhampir of the Toll-Road]").replace(
        """  - {player: Ana, cast: Quiet Knife, targets: [sentinel]}
  - pass
  - {player: Ana, cast: Grim Tithe}
  - pass""", """  - {player: Ana, cast: The Dhampir of the Toll-Road}
  - pass""")
    text = text[:text.index("expect:")] + "expect:\n  - {object: The Dhampir of the Toll-Road, zone: battlefield}\n"
    path = tmp_path / "mortal.yaml"
    path.write_text(text, encoding="utf-8")
    replay = run(load(path))
    assert replay.ok
    assert [(n, e.rules) for n, e in replay.not_modelled] == [(0, ("nd:702.10",)), (0, ("nd:602.1",)),
                                                               (2, ("nd:309.3", "nd:123.2"))]
    assert replay.not_modelled[2][1].text == (
        "not modelled here — Suspicion (309.3, 123.2): The Dhampir of the Toll-Road is a Mortal, and its entering "
        "raises Suspicion by 1, attributed to Ana; the engine keeps no Suspicion meter")
