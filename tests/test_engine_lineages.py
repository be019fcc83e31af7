"""The lineage table (rulings/nodawn/lineages.yaml): the six lineages of 105.1 and what the rules
fix by a Master's lineage — a Garethean Master ascends at 15 without any engine-only key
(104.3d, 704.5d), and a card's own `ascends:` overrides it (104.2c)."""

from __future__ import annotations

from judge.cards import vocabulary as V
from judge.engine.play.actions import apply
from judge.engine.reading import lineages
from judge.engine.scenarios.scenario import load_string

BOARD = """
title: lineage board
game: nodawn
cards:
  - {name: Gareth's Heir, type: Master, lineage: Garethean, initial_vitae: 20, enlightenment: 1, text: "Garethean."}
  - {name: Early Climber, type: Master, lineage: Liamite, initial_vitae: 20, enlightenment: 1, ascends: 12,
     text: "Ascends at 12 (its own threshold)."}
  - {name: Plain Liamite, type: Master, lineage: Liamite, initial_vitae: 20, enlightenment: 1, text: "Liamite."}
  - {name: Rot, type: Caprice, cost: {vitae: 0}, text: "You gain N Corruption.",
     abilities: [{spell: [{corruption: {amount: X, who: controller}}]}]}
turn: {active: Ana, round: The Hunt, phase: main1}
players:
  - {name: Ana, master: {card: MASTER, vitae: 20}, corruption: 9, pool: 10, hand: [Rot], battlefield: [{card: Gilded Haven}]}
  - {name: Ben, master: {card: Plain Liamite, vitae: 20}, battlefield: [{card: The Counting-House Dark}]}
  - {name: Cara, master: {card: Plain Liamite, vitae: 20}, battlefield: [{card: The Counting-House Dark, id: dark2}]}
actions: []
expect: []
"""


def _after_rot(master: str, x: int):
    state = load_string(BOARD.replace("MASTER", master)).state
    state, cast = apply(state, {"player": "Ana", "cast": "Rot", "x": x})
    state, passed = apply(state, "pass")
    return state, [r for e in cast + passed for r in e.rules]


def test_the_table_lists_the_six_lineages_the_card_format_accepts(corpus):
    assert set(lineages.table()) == V.LINEAGES
    assert all(corpus.get(f"nd:{r}") is not None for row in lineages.table().values() for r in row.rules)
    assert [n for n, row in lineages.table().items() if row.ascends_at is not None] == ["Garethean"]


def test_a_garethean_master_is_not_liquidated_at_ten_and_ascends_at_fifteen():
    state, _ = _after_rot("Gareth's Heir", 2)  # 9 -> 11
    assert state.player("Ana").corruption == 11 and not state.player("Ana").lost and not state.game_over
    state, cited = _after_rot("Gareth's Heir", 6)  # 9 -> 15
    assert state.player("Ana").won and state.player("Ben").lost and state.player("Cara").lost
    assert {"nd:104.3d", "nd:704.5d", "nd:104.2c"} <= set(cited)


def test_a_printed_threshold_overrides_the_lineage_and_others_are_liquidated_at_ten():
    state, _ = _after_rot("Early Climber", 3)  # 9 -> 12: its own Ascension
    assert state.player("Ana").won
    state, cited = _after_rot("Plain Liamite", 1)  # 9 -> 10: liquidated
    assert state.player("Ana").lost and not state.game_over and "nd:704.5c" in cited


def test_an_unknown_lineage_is_refused_at_load_with_its_line():
    import pytest

    from judge.engine.core.errors import ScenarioError

    with pytest.raises(ScenarioError, match=r"<scenario>:5: .*unknown lineage 'Garethan'"):
        load_string(BOARD.replace("lineage: Garethean", "lineage: Garethan"))
