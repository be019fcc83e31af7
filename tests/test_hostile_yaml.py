"""Issue 20, items 6, 9 and 13 for scenario and card files: each reproduced case is refused with
the file, the line and what was expected — never a traceback, never minutes or gigabytes.
`V` is the bundled tests/scenarios/shared/v01-simultaneous-sba-sweep.yaml, edited one line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from bundled import V01
from engine_boards import card_error

from judge import input_limits as limits
from judge.engine.core.errors import ScenarioError
from judge.engine.scenarios import scenario
from judge.yamlio import load_file, load_text

V = V01.read_text(encoding="utf-8")
LINES = V.splitlines(keepends=True)


def with_line(number: int, text: str, insert: bool = False) -> str:
    """V with its line `number` replaced by `text` (or `text` inserted before it)."""
    lines = LINES[:]
    lines[number - 1 : number - 1 if insert else number] = [text + "\n"]
    return "".join(lines)


def refusal(text: str) -> str:
    with pytest.raises(ScenarioError) as info:
        scenario.load_string(text, "v.yaml")
    return str(info.value)


def test_the_edited_lines_are_the_ones_meant():
    assert LINES[36].startswith("game: nodawn") and LINES[58].startswith("  - {name: Iron Column")
    assert LINES[70] == "    domain: 30\n" and LINES[91] == "stack: []\n"
    assert LINES[93].startswith("  - {player: Ana, cast: Sacramental Fire") and "zone: spoils" in LINES[96]


@pytest.mark.parametrize(
    "number, text, insert, message",
    [
        (38, "policies: 5", True, "v.yaml:38: policies must map a policy id to a reading (C2: 701.11c), not 5"),
        (
            94,
            "  - {player: [Ana], cast: Sacramental Fire, targets: [column]}",
            False,
            "v.yaml:94: unknown player ['Ana']",
        ),
        (92, "stack: [{controller: Ana}]", False, "v.yaml:92: a stack object needs spell: CARD"),
        (
            92,
            "stack: [{spell: Sacramental Fire, controller: Ana, targets: 5}]",
            False,
            "v.yaml:92: targets must be a list",
        ),
        (97, "  - {object: Iron Column, zone: [spoils]}", False, "v.yaml:97: unknown zone ['spoils']"),
        (
            59,
            "  - {name: Iron Column, type: [Entity], subtypes: [Construct], cost: {vitae: 5}, attack: 3,",
            False,
            "v.yaml:59: Iron Column: unknown card type ['Entity']",
        ),
        (101, '  - {cited: [[], "121.4"]}', False, "v.yaml:101: cited must be a list of rule ids"),
        (
            101,
            "  - {error: [505.4d]}",
            False,
            "v.yaml:101: error names the rule a refusal cites (such as \"505.4d\"), not ['505.4d']",
        ),
        (73, "      - 5", False, "v.yaml:73: an object in Ana's battlefield must be a mapping, not 5"),
        (61, "turn: 5", False, "v.yaml:61: turn must be a mapping, not 5"),
        (63, "  - Ana", True, "v.yaml:63: a player must be a mapping, not 'Ana'"),
    ],
)
def test_a_wrong_type_is_refused_with_its_line(number, text, insert, message):
    assert refusal(with_line(number, text, insert)).startswith(message)


def test_cards_that_are_no_list_are_refused_at_their_key():
    assert refusal("title: t\ncards: 5\n") == "v.yaml:2: a card file holds a list of cards, not 5"


def test_a_key_given_twice_is_refused_not_half_ignored():
    assert refusal(with_line(38, "cards: 5", True)) == "v.yaml:39: the key 'cards' is given twice (also at line 38)"


@pytest.mark.parametrize(
    "text, message",
    [
        ("- {name: X, type: Entity, binding: []}", "cards.yaml:1: X: unknown binding []"),
        ("- {name: X, type: Entity, lineage: {a: 1}}", "cards.yaml:1: X: unknown lineage"),
        (
            "- name: X\n  type: Entity\n  abilities:\n    - triggered: 5\n",
            "cards.yaml:4: triggered ability must be a mapping",
        ),
        ("- {name: X, type: Caprice, targets: [5]}", "cards.yaml:1: a target must be a mapping, not 5"),
        ("- 5", "cards.yaml:1: a card must be a mapping, not 5"),
        (
            "- {name: X, type: Entity, statics: [{define: {attack: []}}]}",
            "cards.yaml:1: X: static define attack must be a number or one of entities, hand, spoils",
        ),
        (
            "- {name: X, type: Caprice, abilities: [{spell: [{redirect_damage: {onto: [a]}}]}]}",
            "cards.yaml:1: effect redirect_damage: unknown recipient ['a']",
        ),
    ],
)
def test_a_card_file_with_a_wrong_type_is_refused_with_its_line(text, message):
    assert str(card_error(text)).startswith(message)


def test_nesting_250_deep_is_refused_not_a_recursion_error():
    text = with_line(101, "  - {cited: " + "[" * 250 + "]" * 250 + "}")
    assert refusal(text) == f"v.yaml:101: nested deeper than {limits.MAX_DEPTH} levels (the limit for these files)"


BOMB = "".join(
    ["a0: &a0 [x, x, x, x, x, x, x, x, x]\n"]
    + [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]\n" for i in range(1, 9)]
)


@pytest.mark.parametrize(
    "number, line",
    [(36, "title: *a8"), (101, "  - {cited: *a8}"), (94, "  - {player: Ana, cast: Sacramental Fire, targets: *a8}")],
)
def test_an_alias_bomb_is_refused_at_once(number, line):
    """5 KB that expand to 9^9 values: 53 s then MemoryError in the title, a 312 MB message in targets."""
    text = BOMB + with_line(number, line)
    assert refusal(text) == (
        "v.yaml:1: YAML aliases (*name) are not accepted: the value anchored at line 1 is used "
        "again; write it out where it is needed"
    )


def test_an_alias_is_refused_even_when_small():
    with pytest.raises(ScenarioError, match=r"^c\.yaml:1: YAML aliases"):
        load_text("- &card {name: X, type: Entity}\n- *card\n", "c.yaml")


@pytest.mark.parametrize(
    "value, message",
    [
        ("10000000000000", "v.yaml:71: the number 10000000000000 is out of bounds (at most 1,000,000 either way)"),
        ("300000000", "v.yaml:71: the number 300000000 is out of bounds (at most 1,000,000 either way)"),
        ("20000", "v.yaml:71: domain: 20000 is outside 0..10,000 (a count of unknown cards)"),
        ("-1", "v.yaml:71: domain: -1 is outside 0..10,000 (a count of unknown cards)"),
    ],
)
def test_a_domain_count_is_bounded(value, message):
    assert refusal(with_line(71, f"    domain: {value}")) == message


@pytest.mark.slow
def test_200000_actions_are_refused():
    text = V.replace("actions:\n", "actions:\n" + "  - pass\n" * 200_000)
    assert refusal(text) == "v.yaml:94: 200,002 entries in one list (the limit is 10,000)"


def test_a_long_title_is_refused_by_its_length():
    assert (
        refusal(with_line(36, "title: " + "x" * 20_000))
        == "v.yaml:36: a text of 20,000 characters (the limit is 10,000)"
    )


def test_a_50_mb_file_is_refused_before_it_is_read(tmp_path):
    big = tmp_path / "big.yaml"
    with big.open("w", encoding="utf-8") as out:
        out.write("title: ")
        out.truncate(50 * 1024 * 1024)
    with pytest.raises(ScenarioError) as info:
        scenario.load(big)
    assert str(info.value) == f"{big}: cannot read file: 52,428,800 bytes (the limit is 1,048,576)"


def test_a_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    with pytest.raises(ScenarioError) as info:
        load_file(fifo)
    assert str(info.value) == f"{fifo}: cannot read file: not a regular file (a FIFO)"


@pytest.mark.parametrize("path, kind", [("/dev/zero", "a device"), ("/tmp", "a directory")])
def test_a_device_or_a_directory_is_refused(path, kind):
    with pytest.raises(ScenarioError) as info:
        load_file(path)
    assert str(info.value) == f"{path}: cannot read file: not a regular file ({kind})"


@pytest.mark.slow
def test_judge_replay_of_dev_zero_is_bad_input_not_a_hang():
    proc = subprocess.run(
        [sys.executable, "-m", "judge", "replay", "/dev/zero"], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 2 and "not a regular file (a device)" in proc.stderr
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize("char", ["\x00", "\x1b", "\x7f"])
def test_a_control_character_is_named_by_line_and_column(char):
    text = with_line(65, f"    corr{char}uption: 9")
    assert refusal(text) == f"v.yaml:65: a control character U+{ord(char):04X} at column 9 (not allowed in YAML)"


def test_invalid_utf8_is_named_by_line_and_column(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"title: x\ngame: nod\xffawn\n")
    with pytest.raises(ScenarioError) as info:
        load_file(bad)
    assert str(info.value) == f"{bad}:2: not UTF-8: byte 0xFF at column 10"


@pytest.mark.parametrize(
    "text, message",
    [
        ("title: !!binary aGVsbG8=\n", "t.yaml:1: the YAML tag !!binary is not accepted here"),
        ("title: !!python/object:os.system x\n", "t.yaml:1: the YAML tag !!python/object:os.system is not accepted"),
        ("cards: !!set {a, b}\n", "t.yaml:1: the YAML tag !!set is not accepted here"),
    ],
)
def test_tags_beyond_plain_values_are_refused(text, message):
    with pytest.raises(ScenarioError) as info:
        load_text(text, "t.yaml")
    assert str(info.value).startswith(message)


def test_a_date_is_read_as_the_text_written():
    assert load_text("round: 2024-01-01\n", "t.yaml") == {"round": "2024-01-01"}


@pytest.mark.slow
def test_every_bundled_file_is_within_the_limits():
    repo = Path(__file__).resolve().parent.parent
    files = [
        *repo.glob("tests/scenarios/**/*.yaml"),
        *repo.glob("cards/nodawn/*.yaml"),
        *repo.glob("rulings/**/*.yaml"),
    ]
    assert len(files) > 300
    for path in files:
        load_file(path)  # raises if any bound is crossed
