"""The TUI's plain-Python parts: history, omnibox commands, board edits, the basket, the
library façade and the engine adapter (scenario files in and out, replays)."""

from __future__ import annotations

import pytest
import yaml
from bundled import SCENARIOS as SCENARIO_DIR
from bundled import SHARED_SCENARIOS, V01

# The shared contract's examples (the bundled copies) and the engine's own scenario fixtures
# (the Example paragraphs' table, examples.yaml, is not a scenario).
SCENARIOS = sorted(SHARED_SCENARIOS.glob("*.yaml")) + sorted(
    p for p in SCENARIO_DIR.glob("*.yaml") if p.name != "examples.yaml"
)


# -- history -------------------------------------------------------------------------------
def test_history_is_browser_like():
    from judge.tui.history import History

    h = History()
    assert h.current is None and h.back() is None
    for item in ("a", "b", "c"):
        h.visit(item)
    h.visit("c")  # revisiting the current place adds nothing
    assert len(h) == 3
    assert h.back() == "b" and h.back() == "a" and h.back() is None
    assert h.forward() == "b"
    h.visit("d")  # a new visit drops the forward part
    assert h.forward() is None and len(h) == 3 and h.current == "d"


def test_history_is_bounded():
    from judge.tui.history import History

    h = History(limit=3)
    for item in "abcde":
        h.visit(item)
    assert len(h) == 3 and h.back() == "d" and h.back() == "c" and h.back() is None


# -- omnibox -------------------------------------------------------------------------------
def test_omnibox_reads_commands_and_leaves_searches_alone():
    from judge.tui.omnibox import Command, parse_omnibox

    assert parse_omnibox(":game sf") == Command("game", "sf")
    assert parse_omnibox("  :Replay  some file.yaml ") == Command("replay", "some file.yaml")
    assert parse_omnibox(":q") == Command("quit")
    for text in ("704.5j", "card:Charmed Life", "game:sf damage", ":", "trample"):
        assert parse_omnibox(text) == text


# -- board ---------------------------------------------------------------------------------
@pytest.fixture
def board():
    from judge.tui import engine_adapter as ea

    return ea.read_scenario(V01)


def test_board_numbers(board):
    from judge.tui import board_model as bm

    assert bm.get_number(board, 0, "vitae") == 18
    bm.set_number(board, 0, "vitae", 17)
    assert board["players"][0]["master"]["vitae"] == 17
    with pytest.raises(bm.BoardError):
        bm.set_number(board, 1, "corruption", -1)
    with pytest.raises(bm.BoardError):
        bm.set_number(board, 5, "wrath", 1)


def test_board_pool_units_are_summed():
    from judge.tui import board_model as bm

    data = {"players": [{"name": "Ana", "pool": [{"amount": 2, "source": "Sacred"}, 1]}]}
    assert bm.get_number(data, 0, "pool") == 3


def test_board_cards_damage_counters_drained(board):
    from judge.tui import board_model as bm

    bm.add_card(board, 1, "hand", "Sacramental Fire")
    assert board["players"][1]["hand"][-1] == "Sacramental Fire"
    bm.add_card(board, 1, "battlefield", "Gilded Haven")  # Ana has one: the copy gets an id
    assert board["players"][1]["battlefield"][-1] == {"card": "Gilded Haven", "id": "gilded-haven-2"}
    bm.add_card(board, 0, "battlefield", "Gilded Haven")
    assert board["players"][0]["battlefield"][-1]["id"] == "gilded-haven-3"
    pos = len(board["players"][1]["battlefield"]) - 1
    assert bm.change_damage(board, 1, "battlefield", pos, 2) == 2
    assert bm.change_counter(board, 1, "battlefield", pos, "growth", 2) == 2
    assert bm.change_counter(board, 1, "battlefield", pos, "growth", -2) == 0
    assert "counters" not in board["players"][1]["battlefield"][pos]
    assert bm.toggle_drained(board, 1, "battlefield", pos) is True
    with pytest.raises(bm.BoardError):
        bm.change_damage(board, 1, "battlefield", pos, -3)
    with pytest.raises(bm.BoardError):
        bm.change_damage(board, 1, "hand", 0, 1)
    with pytest.raises(bm.BoardError):
        bm.change_counter(board, 1, "battlefield", pos, "1nvalid!", 1)
    bm.remove_card(board, 1, "battlefield", pos)
    assert len(board["players"][1]["battlefield"]) == pos


def test_board_players_and_stack(board):
    from judge.tui import board_model as bm

    bm.add_player(board, "Cy")
    assert board["players"][-1]["name"] == "Cy"
    with pytest.raises(bm.BoardError):
        bm.add_player(board, "Ana")
    bm.remove_player(board, 0)  # the active player: the turn passes to the next one listed
    assert board["turn"]["active"] == "Ben"
    bm.add_to_stack(board, "Sacramental Fire", "Ben")
    assert board["stack"][-1] == {"spell": "Sacramental Fire", "controller": "Ben"}
    bm.remove_from_stack(board, 0)
    assert board["stack"] == []
    assert bm.cycle(["a", "b", "c"], "c", 1) == "a" and bm.cycle(["a", "b"], "zz", -1) == "a"


# -- engine adapter ------------------------------------------------------------------------
@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_shared_scenario_round_trips_through_the_board(path, tmp_path):
    """Opened on the board and saved, a scenario replays exactly as the original does."""
    from judge.tui import engine_adapter as ea

    original = ea.replay_file(path)
    saved = ea.write_scenario(ea.read_scenario(path), tmp_path / path.name)
    again = ea.replay_file(saved)
    assert [s.action for s in again.steps] == [s.action for s in original.steps]
    assert [[(e.text, e.rules) for e in s.events] for s in again.steps] == [
        [(e.text, e.rules) for e in s.events] for s in original.steps
    ]
    assert again.steps[-1].state == original.steps[-1].state
    assert again.expectations == original.expectations


def test_rule_numbers_stay_strings_when_saved():
    from judge.tui import engine_adapter as ea

    text = ea.dump_scenario({"expect": [{"cited": ["702.10", "704.5j"]}]})
    assert yaml.safe_load(text) == {"expect": [{"cited": ["702.10", "704.5j"]}]}


def test_a_refused_save_writes_nothing(tmp_path):
    from judge.tui import engine_adapter as ea

    data = ea.blank_scenario()  # no Masters chosen yet
    target = tmp_path / "board.yaml"
    with pytest.raises(ea.EngineProblem):
        ea.write_scenario(data, target)
    assert not target.exists()


def test_malformed_scenario_names_file_and_line(tmp_path):
    from judge.tui import engine_adapter as ea

    bad = tmp_path / "bad.yaml"
    bad.write_text("title: x\nplayers: [\n", encoding="utf-8")
    with pytest.raises(ea.EngineProblem, match=str(bad) + ":"):
        ea.read_scenario(bad)
    with pytest.raises(ea.EngineProblem, match="no such file"):
        ea.replay_file(tmp_path / "missing.yaml")


# -- library -------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def library(corpus):
    from judge.library import Library
    from judge.search.index import open_searcher

    return Library(corpus, open_searcher(corpus))


def test_find_rule_number_direct_and_alone(library, corpus):
    found = library.find("704.5j")
    assert found.direct.id == "nd:704.5j" and found.hits[0][0].id == "nd:704.5j"
    found = library.find("704.5.")
    assert found.direct.id == "nd:704.5" and found.alone
    assert library.find("nd:glossary/overrun").direct.id == "nd:glossary/overrun"
    assert library.find("").hits == []
    for rules in ("116.2b–c", "nd:116.2b-c"):  # a range opens no one entry: the list holds each
        found = library.find(rules)
        assert found.direct is None and [e.id for e, _ in found.hits] == ["nd:116.2b", "nd:116.2c"]


def test_links_put_parent_children_refs_and_backlinks_in_order(library, corpus):
    entry = corpus.get("nd:704.5")
    links = library.links(entry)
    groups = [link.group for link in links]
    assert groups[0] == "Up" and links[0].target == entry.parent
    kids = [c.id for c in corpus.children(entry) if c.kind != "example"]
    assert [l.target for l in links if l.group == "Contains"] == kids
    assert [l.target for l in links if l.group == "Cited by"] == [e.id for e in corpus.cited_by(entry.id)]
    assert not [l for l in library.links(entry, alone=True) if l.group == "Contains"]
    order = ["Up", "Contains", "Links", "Cited by"]
    assert [order.index(g) for g in groups] == sorted(order.index(g) for g in groups)


def test_card_sheet(library, corpus):
    card = corpus.get("sf:card/charmed-life")
    sheet = library.card_sheet(card)
    assert [r.id for r in sheet.rulings] == [c.id for c in corpus.children(card, "ruling")]
    assert "sf:topic/not-affected-by" in [t.id for t in sheet.topics]
    assert library.card_of(corpus.get("sf:card/charmed-life/2")).id == card.id
    assert library.card_of(corpus.get("nd:704.5j")) is None


def test_card_matches_forgive_typos_and_explain_missing_names(library):
    assert library.cards("charmd lfe").cards[0].id == "sf:card/charmed-life"
    beyond = library.cards("pocket demon")
    assert beyond.cards == [] and "after the end" in beyond.note


# -- basket --------------------------------------------------------------------------------
def test_basket_files_one_sheet_quoting_entries_and_steps(corpus):
    from judge.sheet import formats
    from judge.tui import filing
    from judge.tui.basket import Basket, StepItem

    basket = Basket()
    assert basket.add_entry("nd:704.5j") and not basket.add_entry("nd:704.5j")
    step = StepItem("v01", 2, "pass", (("Iron Column dies", ("nd:704.5j", "nd:704.3")),))
    assert basket.add_step(step) and not basket.add_step(step)
    assert basket.cited_ids() == ["nd:704.5j", "nd:704.3"]
    sheet = filing.build(corpus, basket, filing.Particulars(question="Does it die?", ruling="Yes."))
    markdown = formats.render([sheet], "markdown")
    assert "No Dawn CR 704.5j" in markdown and "No Dawn CR 704.3" in markdown
    assert corpus.get("nd:704.3").text.split("\n")[0] in markdown
    assert "Iron Column dies" in markdown
    assert "Does it die?" in markdown and "Yes\\." in markdown  # typed text escaped for Markdown
    basket.remove(step.key)
    basket.remove("nd:704.5j")
    assert len(basket) == 0


def test_board_actions_and_expectations_are_typed_as_yaml(board):
    from judge.tui import board_model as bm

    bm.add_line(board, "actions", "pass")
    bm.add_line(board, "actions", "{player: Ben, pass: true}")
    assert board["actions"][-2:] == ["pass", {"player": "Ben", "pass": True}]
    bm.add_line(board, "expect", '{cited: ["704.5j"]}')
    assert board["expect"][-1] == {"cited": ["704.5j"]}
    before = repr(board)
    for section, text in (
        ("actions", "{player: Ana, cast: [unclosed"),
        ("actions", "42"),
        ("expect", "pass"),
        ("stack", "pass"),
    ):
        with pytest.raises(bm.BoardError):
            bm.add_line(board, section, text)
    assert repr(board) == before
    bm.remove_line(board, "actions", len(board["actions"]) - 1)
    assert board["actions"][-1] == "pass"


def test_board_object_ids(board):
    from judge.tui import board_model as bm

    bm.set_object_id(board, 0, "battlefield", 0, "haven")
    assert board["players"][0]["battlefield"][0]["id"] == "haven"
    with pytest.raises(bm.BoardError):
        bm.set_object_id(board, 1, "battlefield", 1, "haven")  # taken
    with pytest.raises(bm.BoardError):
        bm.set_object_id(board, 1, "battlefield", 1, "two words")
    bm.set_object_id(board, 0, "hand", 0, "fire")  # a card in hand becomes a mapping with an id
    assert board["players"][0]["hand"][0] == {"card": "Sacramental Fire", "id": "fire"}


def test_board_moves_cards_between_zones(board):
    from judge.tui import board_model as bm

    bm.move_card(board, 0, "hand", 0, "battlefield")
    assert board["players"][0]["hand"] == []
    assert board["players"][0]["battlefield"][-1] == {"card": "Sacramental Fire"}
    column = next(j for j, o in enumerate(board["players"][1]["battlefield"]) if o.get("id") == "column")
    bm.move_card(board, 1, "battlefield", column, "spoils")  # damage is left behind, the id kept
    assert board["players"][1]["spoils"][-1] == {"card": "Iron Column", "id": "column"}
    with pytest.raises(bm.BoardError):
        bm.move_card(board, 1, "spoils", 0, "spoils")


def test_card_sheet_lists_every_mention(library, corpus):
    """Whichever way a document records it — a backlink to the card, or a mention on the card —
    the card screen lists what mentions the card."""
    cards = corpus.of_kind("card")
    assert cards
    for card in cards:
        sheet = library.card_sheet(card)
        shown = {m.id for m in sheet.mentions}
        family = {card.id, *(r.id for r in sheet.rulings), *(e.id for e in sheet.errata)}
        for ref in card.refs:
            if ref.kind == "mention" and ref.target in corpus.entries and ref.target not in family:
                assert ref.target in shown, (card.id, ref.target)
        for source in corpus.cited_by(card.id):
            if source.id not in family:
                assert source.id in shown, (card.id, source.id)


def test_a_broken_session_is_set_aside_never_over_an_older_one(tmp_path):
    """issue 29: the docstring's promise — NAME.broken is never overwritten."""
    from judge.tui.session import load

    path = tmp_path / "tui-session.json"
    older = path.with_name("tui-session.json.broken")
    older.write_text("the first broken session", encoding="utf-8")
    path.write_text("not json", encoding="utf-8")
    _, said = load(path)
    assert "set aside as tui-session.json.broken.2" in said
    assert older.read_text(encoding="utf-8") == "the first broken session"
    assert path.with_name("tui-session.json.broken.2").read_text(encoding="utf-8") == "not json"
    assert not path.exists()
