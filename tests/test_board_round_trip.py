"""Issue 17 item 4: a scenario opened on the board and saved keeps what its author wrote — every
comment, the key order, quoting and flow style — and an edit changes only what it edits."""

from __future__ import annotations

import re

import pytest
import yaml
from bundled import SCENARIOS, V01

from judge.tui import board_model as bm
from judge.tui import engine_adapter as ea

R106 = SCENARIOS / "r106.4-sacred-blood-for-the-bargain.yaml"  # ten comments, no hand-wrapped flow lines


def comments(text: str) -> list[str]:
    return [m.group(0).rstrip() for m in re.finditer(r"(?m)(^|\s)#.*$", text)]


def top_keys(text: str) -> list[str]:
    return re.findall(r"(?m)^([a-z_]+):", text)


def test_a_commented_scenario_saved_unchanged_is_byte_for_byte_the_same(tmp_path):
    saved = ea.write_scenario(ea.read_scenario(R106), tmp_path / "board.yaml")
    assert saved.read_text(encoding="utf-8") == R106.read_text(encoding="utf-8")


def test_the_shared_v01_keeps_its_reasoning_comments_and_key_order(tmp_path):
    original = V01.read_text(encoding="utf-8")
    saved = ea.write_scenario(ea.read_scenario(V01), tmp_path / "v01.yaml").read_text(encoding="utf-8")
    assert len(comments(original)) == 35 and comments(saved) == comments(original)
    assert (
        top_keys(saved)
        == top_keys(original)
        == ["title", "game", "cards", "turn", "players", "stack", "actions", "expect"]
    )
    assert yaml.safe_load(saved) == yaml.safe_load(original)
    # ruamel joins a flow mapping the author wrapped by hand; nothing else moves
    assert saved.count("\n") == original.count("\n") - 5


def test_an_edit_changes_only_the_edited_value(tmp_path):
    data = ea.read_scenario(V01)
    bm.set_number(data, 1, "corruption", 3)
    saved = ea.write_scenario(data, tmp_path / "v01.yaml").read_text(encoding="utf-8")
    again = ea.write_scenario(ea.read_scenario(V01), tmp_path / "same.yaml").read_text(encoding="utf-8")
    changed = [(a, b) for a, b in zip(again.splitlines(), saved.splitlines()) if a != b]
    assert changed == [("    corruption: 0", "    corruption: 3")]


def test_a_new_rule_number_is_quoted_and_an_old_one_keeps_its_quotes(tmp_path):
    data = ea.read_scenario(V01)
    bm.add_line(data, "expect", '{cited: ["702.10"]}')
    text = ea.dump_scenario(data)
    assert '  - {cited: ["704.5j", "704.5c", "704.3"]}\n' in text and yaml.safe_load(text)["expect"][-1] == {
        "cited": ["702.10"]
    }


def test_a_board_file_that_is_a_fifo_is_refused_not_waited_on(tmp_path):
    import os

    fifo = tmp_path / "board.yaml"
    os.mkfifo(fifo)
    with pytest.raises(ea.EngineProblem, match="not a regular file"):
        ea.read_scenario(fifo)


def test_a_value_in_two_places_is_written_out_not_aliased():
    shared = {"card": "Iron Column"}
    text = ea.dump_scenario({"players": [{"battlefield": [shared]}, {"battlefield": [shared]}]})
    assert "&" not in text and "*" not in text and text.count("{card: Iron Column}") == 2
