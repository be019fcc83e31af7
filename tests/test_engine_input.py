"""Bad input is reported with the file and the line, never as a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from judge.cards.reader import load_card_files, parse_cards
from judge.engine.core.errors import ScenarioError
from judge.engine.scenarios.scenario import load
from judge.yamlio import load_text

GOOD = """\
title: input fixture
game: nodawn
turn: {active: Ana, round: The Hunt, phase: main1}
players:
  - name: Ana
    master: {card: Aurelio Torretti, vitae: 20}
    pool: 3
    hand: [Sacramental Fire]
    battlefield:
      - {card: Gilded Haven}
  - name: Ben
    master: {card: Aurelio Torretti, vitae: 20}
    battlefield:
      - {card: Iron Column, id: column}
actions:
  - {player: Ana, cast: Sacramental Fire, targets: [column]}
expect:
  - {stack: 1}
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "case.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def error_of(tmp_path, text) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        load(write(tmp_path, text))
    return info.value


def test_the_good_fixture_loads(tmp_path):
    assert load(write(tmp_path, GOOD)).state.player("Ana").pool_total == 3


@pytest.mark.parametrize(
    "old, new, line, words",
    [
        ("title: input fixture", "title: [unclosed", 2, "flow sequence at line 1"),
        ("    pool: 3\n", "    pool: 3\n    purse: 4\n", 8, "unknown key 'purse'"),
        ("hand: [Sacramental Fire]", "hand: [Sacramental Frie]", 8, "unknown card 'Sacramental Frie'"),
        ("{player: Ana, cast", "{player: Anna, cast", 16, "unknown player 'Anna'"),
        ("targets: [column]", "targets: [colum]", 16, "unknown object or player 'colum'"),
        ("  - {stack: 1}", "  - {stak: 1}", 18, "unknown expectation"),
        ("phase: main1}", "phase: main3}", 3, "unknown phase 'main3'"),
        ("round: The Hunt", "round: The Dusk", 3, "unknown round"),
        (
            "{player: Ana, cast: Sacramental Fire, targets: [column]}",
            "{player: Ana, cast: Sacramental Fire, targets: [column], speed: 3}",
            16,
            "unknown key 'speed'",
        ),
        ("{player: Ana, cast: Sacramental Fire, targets: [column]}", "{player: Ana, juggle: 3}", 16, "not an action"),
        # issue 29: a pass that says it is not one is refused, never replayed as a pass
        (
            "{player: Ana, cast: Sacramental Fire, targets: [column]}",
            "{player: Ana, pass: false}",
            16,
            "pass: False — a player passes with `{player: P, pass: true}`",
        ),
        # issue 29: a number written past any bound is refused as written, before it is converted
        ("    pool: 3\n", "    pool: " + "9" * 5000 + "\n", 7, "a number written with 5,000 characters"),
        (
            "    pool: 3\n",
            "    pool: " + ":".join(["59"] * 300_000) + "\n",
            7,
            "a number written with 899,999 characters",
        ),
    ],
)
def test_a_bad_scenario_names_file_and_line(tmp_path, old, new, line, words):
    assert old in GOOD
    err = error_of(tmp_path, GOOD.replace(old, new))
    assert err.path.endswith("case.yaml")
    assert err.line == line
    assert words in err.message


def test_ambiguous_card_name_is_an_error(tmp_path):
    text = GOOD.replace(
        "      - {card: Iron Column, id: column}", "      - {card: Iron Column}\n      - {card: Iron Column}"
    ).replace("[column]", "[Iron Column]")
    err = error_of(tmp_path, text)
    assert "names 2 objects" in err.message and err.line == 17


def test_unknown_policy_or_reading(tmp_path):
    err = error_of(tmp_path, "policies: {C99: x}\n" + GOOD)
    assert "unknown policy 'C99'" in err.message and err.line == 1
    err = error_of(tmp_path, "policies: {C22: lenient}\n" + GOOD)
    assert "unknown reading 'lenient'" in err.message


@pytest.mark.parametrize(
    "card, line, words",
    [
        ("- {name: X, type: Entity, flavour: 1}", 1, "unknown key 'flavour'"),
        ("- {name: X, type: Spellcard}", 1, "unknown card type"),
        ("- name: X\n  type: Entity\n  keywords: [Trample]", 3, "unknown keyword 'Trample'"),
        ("- name: X\n  type: Caprice\n  abilities:\n    - spell:\n        - explode: 3", 5, "unknown effect 'explode'"),
        (
            "- name: X\n  type: Entity\n  abilities:\n    - triggered: {when: sunrise, effects: []}",
            4,
            "unknown trigger event",
        ),
        (
            "- name: X\n  type: Caprice\n  abilities:\n    - spell:\n        - deal_damage: {amount: 2, to: everyone}",
            5,
            "unknown recipient",
        ),
        ("- name: X\n  type: Caprice\n  targets: [{kind: Planet}]", 3, "unknown target kind"),
        (
            "- name: X\n  type: Caprice\n  abilities:\n    - spell:\n        - sacrifice: {what: {}}",
            5,
            "effect sacrifice: what must be a card type's name",
        ),
        (
            "- name: X\n  type: Caprice\n  abilities:\n    - spell:\n        - sacrifice: {who: [1]}",
            5,
            "unknown recipient [1]",
        ),
    ],
)
def test_a_bad_card_names_file_and_line(card, line, words):
    with pytest.raises(ScenarioError) as info:
        parse_cards(load_text(card, "cards.yaml"), "cards.yaml")
    assert info.value.line == line
    assert words in info.value.message
    assert info.value.path == "cards.yaml"


def test_the_card_database():
    cards = load_card_files()
    assert len(cards) == 38
    assert cards["Iron Column"].attack == 3 and cards["Iron Column"].vigor == 6
    assert cards["Apostate's Bargain"].cost.master == 5 and cards["Apostate's Bargain"].cost.source == "Sacred"
    assert cards["Siege-Ladder Serjeant"].keyword_value("Siege") == "3"
    assert cards["Risen Pallbearer"].race == "Vampire"


def test_every_card_file_says_where_it_was_read_from():
    from judge.cards.reader import card_dir

    card_files = sorted(card_dir().glob("*.yaml"))
    assert card_files
    for path in card_files:
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# "), path.name
        assert "line" in first.lower(), path.name


@pytest.mark.slow
def test_replay_cli_reports_a_bad_file_without_a_traceback(tmp_path):
    path = write(tmp_path, GOOD.replace("hand: [Sacramental Fire]", "hand: [Sacramental Frie]"))
    proc = subprocess.run([sys.executable, "-m", "judge", "replay", str(path)], capture_output=True, text=True)
    assert proc.returncode == 2
    assert f"{path}:8" in proc.stderr and "Traceback" not in proc.stderr
