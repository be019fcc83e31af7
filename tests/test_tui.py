"""Pilot-driven tests of the TUI: keys pressed, then what the screen shows is checked.

Each test runs the app headless at 80×24 on the session corpus (no network, no real cache).
The tests are plain functions that run the Pilot under asyncio.run, so no async plugin is needed.
"""

from __future__ import annotations

import asyncio

import pytest
from bundled import SCENARIOS, V01
from tui_pilot import settle


@pytest.fixture(autouse=True)
def private_session(tmp_path, monkeypatch):
    """Each test's own user data folder: no basket or history kept from another test."""
    monkeypatch.setenv("JUDGE_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("JUDGE_RULINGS_DB", raising=False)


@pytest.fixture(scope="module")
def library(corpus):
    from judge.library import Library
    from judge.search.index import open_searcher

    return Library(corpus, open_searcher(corpus))


def make_app(library, **kwargs):
    from judge.tui.app import JudgeApp

    class RecordingApp(JudgeApp):
        """The app, with every notification kept for the test to read."""

        def __init__(self, *a, **k):
            super().__init__(*a, **k)
            self.notes: list[tuple[str, str]] = []

        def notify(self, message, *, severity="information", **kw):
            self.notes.append((str(message), severity))
            return super().notify(message, severity=severity, **kw)

    return RecordingApp(library=library, **kwargs)


def run(app, script, size=(80, 24), settle_first: bool = True):
    """Run `script(pilot)` against the app; any exception inside the app fails the test."""

    async def main():
        async with app.run_test(size=size) as pilot:
            if settle_first:
                await settle(pilot)
            await script(pilot)

    asyncio.run(main())
    # The safety net (judge.tui.guard) turns a defect into a notification; in a test it is a failure.
    defects = [m for m, _ in getattr(app, "notes", []) if m.startswith("Something went wrong")]
    assert not defects, defects


async def type_text(pilot, text: str):
    await pilot.press(*[{" ": "space"}.get(ch, ch) for ch in text])
    await settle(pilot)


def shown(app) -> str:
    from judge.tui.screenshot import screen_text

    return screen_text(app)


def lookup_screen(app):
    from judge.tui.screens.lookup import LookupScreen

    assert isinstance(app.screen, LookupScreen)
    return app.screen


# -- lookup --------------------------------------------------------------------------------
@pytest.mark.slow
def test_rule_number_shows_the_rule_with_its_breadcrumb_and_parent(library, corpus):
    app = make_app(library)
    rule = corpus.get("nd:704.5j")

    async def script(pilot):
        await type_text(pilot, "704.5j")
        screen = lookup_screen(app)
        assert screen.current_entry.id == "nd:704.5j"
        text = shown(app)
        assert "No Dawn CR 704.5j" in text
        assert "State-Based Actions" in text  # the breadcrumb: 704's title
        first_words = " ".join(rule.text.split()[:5])
        assert first_words in " ".join(text.split())
        links = screen.query_one("EntryView").links
        assert links.targets[0] == rule.parent  # "Up" comes first
        for ref in rule.refs:
            if ref.status == "resolved":
                assert ref.target in links.targets

    run(app, script)


@pytest.mark.slow
def test_rule_alone_leaves_out_sub_rules(library, corpus):
    app = make_app(library)

    async def script(pilot):
        await type_text(pilot, "704.5")
        links = lookup_screen(app).query_one("EntryView").links
        subrules = [c.id for c in corpus.children(corpus.get("nd:704.5")) if c.kind != "example"]
        assert subrules and all(s in links.targets for s in subrules)
        await pilot.press("ctrl+a", "ctrl+k")
        await type_text(pilot, "704.5.")
        links = lookup_screen(app).query_one("EntryView").links
        assert lookup_screen(app).current_entry.id == "nd:704.5"
        assert not any(s in links.targets for s in subrules)

    run(app, script)


@pytest.mark.slow
def test_words_find_the_glossary_entry_and_highlight_the_hit(library):
    app = make_app(library)

    async def script(pilot):
        await type_text(pilot, "trample")
        screen = lookup_screen(app)
        ids = [entry.id for entry, _ in screen._found.hits]
        assert "nd:glossary/overrun" in ids
        # Move down the results to the glossary entry: the detail pane follows the highlight.
        await pilot.press("down")
        for _ in range(ids.index("nd:glossary/overrun")):
            await pilot.press("down")
        await pilot.pause()
        assert screen.current_entry.id == "nd:glossary/overrun"
        assert "No Dawn CR Glossary — Overrun" in shown(app)

    run(app, script)


@pytest.mark.slow
def test_follow_a_link_then_back_and_forward(library, corpus):
    app = make_app(library)

    async def script(pilot):
        await type_text(pilot, "704.5j")
        await pilot.press("enter")  # open the first result; focus moves to the results
        await pilot.press("enter")  # open it for good; focus moves to its links
        screen = lookup_screen(app)
        assert screen.query_one("EntryView").links.has_focus
        await pilot.press("enter")  # follow the first link: up to 704.5
        await pilot.pause()
        assert screen.current_entry.id == "nd:704.5"
        assert "No Dawn CR 704.5" in shown(app)
        await pilot.press("alt+left")
        await pilot.pause()
        assert screen.current_entry.id == "nd:704.5j"
        await pilot.press("alt+right")
        await pilot.pause()
        assert screen.current_entry.id == "nd:704.5"
        await pilot.press("alt+right")  # nothing further: a notice, no change
        await pilot.pause()
        assert screen.current_entry.id == "nd:704.5"
        assert ("Nothing further forward", "information") in app.notes

    run(app, script)


@pytest.mark.slow
def test_click_on_a_link_follows_it(library, corpus):
    app = make_app(library)

    async def script(pilot):
        await type_text(pilot, "704.5j")
        screen = lookup_screen(app)
        links = screen.query_one("EntryView").links
        # The first line is the "Up (1)" heading; the link itself is on the next row.
        await pilot.click(links, offset=(4, 2))
        await pilot.pause()
        assert screen.current_entry.id == "nd:704.5"

    run(app, script)


@pytest.mark.slow
def test_game_filter_from_the_switcher_and_the_query(library):
    app = make_app(library)

    async def script(pilot):
        await pilot.press("ctrl+g")  # All games -> No Dawn
        await pilot.pause()
        assert app.game == "nodawn"
        assert "[No Dawn]" in shown(app)
        await type_text(pilot, "damage")
        screen = lookup_screen(app)
        assert screen._found.hits and all(e.game == "nodawn" for e, _ in screen._found.hits)
        await pilot.press("ctrl+a", "ctrl+k")
        await type_text(pilot, "game:sf damage")
        assert (
            screen._found.hits == []
            or all(e.game == "nodawn" for e, _ in screen._found.hits)
            or all(e.game == "shadowfist" for e, _ in screen._found.hits)
        )

    run(app, script)


@pytest.mark.slow
def test_the_event_game_from_the_environment(library, monkeypatch):
    monkeypatch.setenv("JUDGE_GAME", "lcg")
    app = make_app(library)

    async def script(pilot):
        assert app.game == "l5r-lcg" and "[L5R LCG]" in shown(app)
        await type_text(pilot, "bowed")
        hits = lookup_screen(app)._found.hits
        assert hits and all(e.game == "l5r-lcg" for e, _ in hits)

    run(app, script)

    monkeypatch.setenv("JUDGE_GAME", "chess")
    app = make_app(library)

    async def warned(pilot):
        assert app.game is None
        assert any("chess" in m and "JUDGE_GAME" in m and s == "warning" for m, s in app.notes)

    run(app, warned)


def test_unknown_number_offers_the_nearest(library):
    app = make_app(library)

    async def script(pilot):
        await type_text(pilot, "704.5z")
        screen = lookup_screen(app)
        assert screen._found.hits == []
        assert "No matches" in shown(app)

    run(app, script)


@pytest.mark.slow
def test_omnibox_commands(library):
    app = make_app(library)

    async def script(pilot):
        await type_text(pilot, ":game shadowfist")
        await pilot.press("enter")
        await pilot.pause()
        assert app.game == "shadowfist"
        await pilot.press("ctrl+a", "ctrl+k")
        await type_text(pilot, ":frobnicate")
        await pilot.press("enter")
        await pilot.pause()
        assert any("Unknown command :frobnicate" in m for m, _ in app.notes)
        await pilot.press("ctrl+a", "ctrl+k")
        await type_text(pilot, ":help")
        await pilot.press("enter")
        await pilot.pause()
        assert "judge — keys" in shown(app)
        await pilot.press("escape")
        await pilot.pause()
        lookup_screen(app)

    run(app, script)


# -- card ----------------------------------------------------------------------------------
@pytest.mark.slow
def test_card_screen_shows_text_rulings_and_topics(library, corpus):
    app = make_app(library)
    card = corpus.get("sf:card/charmed-life")
    rulings = corpus.children(card, "ruling")

    async def script(pilot):
        await pilot.press("f3")
        await settle(pilot)
        await type_text(pilot, "charmd lfe")  # typos are forgiven
        screen = app.screen
        assert screen.sheet.card.id == card.id
        assert [r.id for r in screen.sheet.rulings] == [r.id for r in rulings]
        text = " ".join(shown(app).split())
        assert f"Rulings ({len(rulings)})" in text
        assert " ".join(rulings[0].text.split()[:6]) in text
        links = screen.query_one("LinkList")
        assert "sf:topic/not-affected-by" in links.targets

    run(app, script)


@pytest.mark.slow
def test_card_beyond_the_truncated_faq_says_so(library):
    app = make_app(library)

    async def script(pilot):
        await pilot.press("f3")
        await settle(pilot)
        await type_text(pilot, "pocket demon")
        assert "after the end of this (truncated)" in " ".join(shown(app).split())

    run(app, script)


def fill_form(app, **values):
    """Type the ruling form's fields (question, ruling, event, table, judge, path) as a judge would."""
    from textual.widgets import Input

    for name, value in values.items():
        app.screen.query_one(f"#form-{name}", Input).value = value


@pytest.mark.slow
def test_cite_entries_and_write_the_ruling_sheet(library, corpus, tmp_path):
    app = make_app(library)
    target = tmp_path / "column.md"

    async def script(pilot):
        await type_text(pilot, "704.5j")
        await pilot.press("ctrl+b")
        await pilot.press("ctrl+b")  # twice: still one item
        await pilot.pause()
        assert app.basket.entries == ["nd:704.5j"]
        await pilot.press("f6")
        await pilot.pause()
        assert "No Dawn CR 704.5j" in shown(app)
        assert "Ctrl+E ruling sheet · Ctrl+S ruling log · Ctrl+O print" in shown(app)
        await pilot.press("ctrl+e")
        await pilot.pause()
        screen = shown(app)
        for label in ("Question", "Ruling", "Event", "Table", "Judge", "Sheet", "Write sheet", "Save ruling", "Print"):
            assert label in screen, label
        await pilot.press(*"Does the Column die?")  # the question field has the focus
        fill_form(app, ruling="Yes.", path=str(target))
        await pilot.press("enter")
        await pilot.pause()
        markdown = target.read_text(encoding="utf-8")
        assert "Does the Column die?" in markdown and "## Ruling\n\nYes\\." in markdown  # typed text, escaped
        assert "No Dawn CR 704.5j" in markdown
        assert corpus.get("nd:704.5j").text.splitlines()[0] in markdown
        assert ("Sheet written to " + str(target), "information") in app.notes
        await pilot.press("delete")
        await pilot.pause()
        assert len(app.basket) == 0

    run(app, script)


@pytest.mark.slow
def test_the_ruling_form_writes_every_format_and_remembers_its_values(library, corpus, tmp_path):
    from textual.widgets import Select

    app = make_app(library)

    async def script(pilot):
        await type_text(pilot, "704.5j")
        await pilot.press("ctrl+b", "f6", "ctrl+e")
        await pilot.pause()
        fill_form(app, question="Q?", ruling="It dies.", event="Regional", table="12", judge="Kim")
        for fmt, suffix in (("html", ".html"), ("text", ".txt"), ("markdown", ".md")):
            app.screen.query_one("#form-format", Select).value = fmt
            await pilot.pause()
            path = app.screen.query_one("#form-path").value
            assert path.endswith(suffix), (fmt, path)  # the extension follows the format
            fill_form(app, path=str(tmp_path / f"sheet{suffix}"))
            await pilot.press("enter")
            await pilot.pause()
            assert (tmp_path / f"sheet{suffix}").is_file(), fmt
            await pilot.press("ctrl+e")  # again: the values typed are still there
            await pilot.pause()
            assert app.screen.query_one("#form-table").value == "12"
            assert app.screen.query_one("#form-judge").value == "Kim"
        await pilot.press("escape")
        await pilot.pause()
        html = (tmp_path / "sheet.html").read_text(encoding="utf-8")
        assert html.lstrip().lower().startswith("<!doctype html") and "It dies." in html
        text = (tmp_path / "sheet.txt").read_text(encoding="utf-8")
        assert "It dies." in text and "<" not in text.split("It dies.")[0][-5:]

    run(app, script)


@pytest.mark.slow
def test_the_ruling_form_saves_to_the_ruling_log(library, tmp_path):
    from judge.rulings.store import RulingStore

    app = make_app(library)

    async def script(pilot):
        await type_text(pilot, "704.5j")
        await pilot.press("ctrl+b", "f6", "ctrl+s")
        await pilot.pause()
        fill_form(app, question="Does the Column die?", event="Regional", table="12", judge="Kim")
        await pilot.press("enter")  # no ruling yet: the form says so and stays
        await pilot.pause()
        assert "Write the ruling: the ruling log keeps what you ruled." in shown(app)
        fill_form(app, ruling="Yes, state-based.")
        await pilot.press("enter")
        await pilot.pause()

    run(app, script)
    [saved] = RulingStore().all()
    assert (saved.question, saved.answer, saved.event, saved.table, saved.judge, saved.cites) == (
        "Does the Column die?",
        "Yes, state-based.",
        "Regional",
        "12",
        "Kim",
        ("nd:704.5j",),
    )
    assert ("Saved as ruling #1 (1 cited)", "information") in app.notes


@pytest.mark.slow
def test_a_sheet_that_cannot_be_written_is_said_and_leaves_no_file(library, tmp_path):
    app = make_app(library)
    missing = tmp_path / "no-such-folder" / "r.md"

    async def script(pilot):
        await type_text(pilot, "704.5j")
        await pilot.press("ctrl+b", "f6")
        for path in (tmp_path, missing):  # a folder, then a folder that does not exist
            await pilot.press("ctrl+e")
            await pilot.pause()
            fill_form(app, path=str(path))
            await pilot.press("enter")
            await pilot.pause()

    run(app, script)
    assert (f"cannot write {tmp_path}: it is a folder; no sheet was written", "error") in app.notes
    assert (
        f"cannot write {missing}: the folder {missing.parent} does not exist; no sheet was written",
        "error",
    ) in app.notes
    assert sorted(tmp_path.iterdir()) == [tmp_path / "data"]


@pytest.mark.slow
def test_the_palette_offers_sheet_ruling_and_print(library):
    app = make_app(library)

    async def script(pilot):
        for word, title in (
            ("sheet", "Ruling sheet of the basket"),
            ("ruling", "Save the ruling to the ruling log"),
            ("print", "Print the ruling sheet"),
        ):
            await pilot.press("ctrl+p")
            await pilot.pause()
            await type_text(pilot, word)
            await pilot.pause(0.3)
            assert title in shown(app), word
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("ctrl+p")
        await type_text(pilot, "sheet")
        await pilot.pause(0.3)
        await pilot.press("enter")  # an empty basket: nothing to file, and it is said
        await pilot.pause()

    run(app, script)
    assert ("The basket is empty: Ctrl+B cites the entry or step you are looking at", "warning") in app.notes


@pytest.mark.slow
def test_the_basket_and_history_survive_a_restart(library):
    first = make_app(library)

    async def cite(pilot):
        await type_text(pilot, "704.5j")
        await pilot.press("enter", "ctrl+b")
        await pilot.pause()

    run(first, cite)
    second = make_app(library)

    async def look(pilot):
        assert second.basket.entries == ["nd:704.5j"]
        assert second.history.current == "nd:704.5j"
        await pilot.press("f6")
        await pilot.pause()
        assert "No Dawn CR 704.5j" in shown(second)

    run(second, look)


def test_an_unreadable_session_file_is_said_and_set_aside(library, tmp_path):
    from judge.tui.session import session_path

    path = session_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"version": 1,\n "basket": {"entries": [\n', encoding="utf-8")
    app = make_app(library)

    async def script(pilot):
        assert len(app.basket) == 0

    run(app, script)
    assert (
        f"{path} line 3: not JSON (Expecting value); set aside as tui-session.json.broken, "
        "starting with an empty basket",
        "warning",
    ) in app.notes
    assert path.with_name("tui-session.json.broken").is_file()


# -- board ---------------------------------------------------------------------------------
def board_key(app, key):
    """Move the board tree's cursor to the line whose data is `key`."""
    from textual.widgets import Tree

    tree = app.screen.query_one(Tree)
    app.screen._select(key)
    assert tree.cursor_node.data == key


def _tree_labels(app) -> str:
    """Every label of the board's tree, folded nodes and those below the fold too."""
    from textual.widgets import Tree

    def walk(node):
        yield str(node.label)
        for child in node.children:
            yield from walk(child)

    return "\n".join(walk(app.screen.query_one(Tree).root))


@pytest.mark.slow
def test_board_loads_a_scenario_adds_a_card_and_saves_a_replayable_file(library, tmp_path):
    from judge.tui import engine_adapter as ea

    app = make_app(library, scenario=str(V01), mode="board")
    saved = tmp_path / "board.yaml"

    async def script(pilot):
        await settle(pilot)
        screen = app.screen
        assert screen.data["title"].startswith("704.7 example")
        assert "Iron Column" in _tree_labels(app)  # in the board's tree, drawn or below the fold
        board_key(app, ("zone", 1, "battlefield"))
        before = len(screen.data["players"][1]["battlefield"])
        await pilot.press("a")
        await pilot.pause()
        await type_text(pilot, "gldhav")  # fuzzy: Gilded Haven
        await pilot.press("enter")
        await pilot.pause()
        field = screen.data["players"][1]["battlefield"]
        # Ana has a Gilded Haven already: the copy gets its own id.
        assert len(field) == before + 1 and field[-1] == {"card": "Gilded Haven", "id": "gilded-haven-2"}
        board_key(app, ("object", 1, "battlefield", before))
        await pilot.press("d", "d", "x")
        await pilot.pause()
        assert field[-1] == {"card": "Gilded Haven", "id": "gilded-haven-2", "damage": 2, "drained": True}
        board_key(app, ("player", 1, "corruption"))
        await pilot.press("plus", "plus")
        await pilot.pause()
        assert screen.data["players"][1]["corruption"] == 2
        screen.save_to(str(saved))
        await pilot.pause()
        assert saved.is_file() and not screen.dirty, app.notes[-1]

    run(app, script)
    view = ea.replay_file(saved)  # what `judge replay` reads
    added = [line for line in view.steps[0].state.battlefield if "[gilded-haven-2]" in line]
    assert len(added) == 1 and "damage 2" in added[0] and "drained" in added[0]


@pytest.mark.slow
def test_board_refuses_a_bad_edit_and_keeps_the_board(library):
    app = make_app(library, scenario=str(V01), mode="board")

    async def script(pilot):
        await settle(pilot)
        screen = app.screen
        board_key(app, ("player", 1, "wrath"))
        before = repr(screen.data)
        await pilot.press("minus")  # Wrath 0 cannot go below 0
        await pilot.pause()
        assert repr(screen.data) == before
        assert ("wrath cannot go below 0", "warning") in app.notes
        board_key(app, ("object", 0, "hand", 0))
        await pilot.press("d")  # a card in hand carries no damage
        await pilot.pause()
        assert repr(screen.data) == before

    run(app, script)


def test_board_load_reports_a_bad_file_with_its_line(library, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: x\nplayers:\n  - name: Ana\n    mana: 3\n", encoding="utf-8")
    app = make_app(library, mode="board")

    async def script(pilot):
        await settle(pilot)
        before = repr(app.screen.data)
        app.screen.load_path(str(bad))
        await pilot.pause()
        assert repr(app.screen.data) == before
        message, severity = app.notes[-1]
        assert severity == "error" and f"{bad}:" in message

    run(app, script)


# -- replay --------------------------------------------------------------------------------
@pytest.mark.slow
def test_replay_steps_forward_back_and_to_a_step(library, corpus):
    from judge.tui import engine_adapter as ea

    view = ea.replay_file(V01)
    app = make_app(library, scenario=str(V01), mode="replay")

    async def script(pilot):
        await settle(pilot)
        screen = app.screen
        assert screen.current == 0
        await pilot.press("right")
        await pilot.pause()
        assert screen.current == 1
        text = " ".join(shown(app).split())
        assert view.steps[1].events[0].text[:30] in text
        await pilot.press("left")
        await pilot.pause()
        assert screen.current == 0
        await pilot.press("end")
        await pilot.pause()
        assert screen.current == len(view.steps) - 1
        await pilot.press("home")
        await pilot.pause()
        assert screen.current == 0
        await pilot.press("g")
        await pilot.pause()
        await pilot.press(*str(len(view.steps) - 1), "enter")
        await pilot.pause()
        assert screen.current == len(view.steps) - 1
        # The final state: Ana was liquidated, the Column is in Ben's Spoils.
        text = " ".join(shown(app).split())
        assert "Ana (lost)" in text
        n = len(view.expectations)
        assert n and all(ok for ok, _ in view.expectations)
        assert f"expectations {n}/{n}" in text  # the engine's own checks, shown in the header

    run(app, script)


@pytest.mark.slow
def test_replay_opens_a_cited_rule_and_comes_back(library, corpus):
    app = make_app(library, scenario=str(V01), mode="replay")

    async def script(pilot):
        await settle(pilot)
        replay = app.screen
        await pilot.press("right", "enter")  # step 1, then into its events
        await pilot.pause()
        events = replay.query_one("#replay-events")
        assert events.has_focus
        rule = events.highlighted_target
        assert rule and corpus.get(rule) is not None
        await pilot.press("enter")
        await pilot.pause()
        lookup = lookup_screen(app)
        assert lookup.current_entry.id == rule
        await pilot.press("escape")  # the omnibox is empty: back to the replay
        await pilot.pause()
        assert app.screen is replay and replay.current == 1

    run(app, script)


@pytest.mark.slow
def test_replay_shows_the_rule_that_forbids_an_illegal_action(library, corpus, tmp_path):
    from judge.tui import engine_adapter as ea

    bad = tmp_path / "bad-target.yaml"
    bad.write_text(
        V01.read_text(encoding="utf-8").replace("targets: [column]", "targets: [gilded-haven]"), encoding="utf-8"
    )
    view = ea.replay_file(bad)
    refusal = view.steps[1].events[0]
    assert refusal.error and refusal.rules
    app = make_app(library, scenario=str(bad), mode="replay")

    async def script(pilot):
        await settle(pilot)
        await pilot.press("right")
        await pilot.pause()
        text = " ".join(shown(app).split())
        assert "Refused" in text
        # a refusal is a ruling: marked ✗, never as an engine error, and nothing in the notice
        assert step_rows(app)[1].startswith("1 ✗ Ana: cast") and notice(app) == ""
        assert "ENGINE ERROR" not in text and "Engine error" not in text
        first = corpus.get(refusal.rules[0])
        assert first.citation in text
        await pilot.press("ctrl+b")
        await pilot.pause()
        assert app.basket.steps and app.basket.steps[0].rules == list(refusal.rules)

    run(app, script)


# -- what the replay does not rule on ----------------------------------------------------------
E53 = SCENARIOS / "e53-the-player-orders-the-replacements.yaml"  # a note at step 4, a choice, a refusal
E63 = SCENARIOS / "e63-delayed-doom-misses-the-new-object.yaml"  # a delayed trigger, a recast object
E51 = SCENARIOS / "e51-the-refuge-is-chosen-at-dawn.yaml"  # play stops for Ana's refuge

NOT_MODELLED_HEAD = "Not modelled here (1): the engine does not play these, so the replay does not rule on them"
SHUFFLE = (
    "the shuffle (701.20a): Homing Revenant is shuffled into Ben's Domain; the engine does not randomize "
    "the Domain's order but puts the card at the bottom, so the replay does not rule on where it lies"
)


def words(text: str) -> str:
    return " ".join(text.split())


def notice(app) -> str:
    """The panel between the header and the panes, as one line of words ("" when it is not shown)."""
    rows = shown(app).split("\n")
    end = next(i for i, row in enumerate(rows) if row.startswith("╭"))
    return words(" ".join(rows[1:end]))


def step_rows(app) -> list[str]:
    """The Steps list as the screen shows it, one entry a row (the list's left column)."""
    rows = shown(app).split("\n")
    start = next(i for i, row in enumerate(rows) if row.startswith("╭─ Steps"))
    found = []
    for row in rows[start + 1 :]:
        cell = row[1 : row.index("│", 1)].rstrip("▁▂▃▄▅▆▇█ ").strip() if row.startswith("│") else ""
        if not cell:
            break
        found.append(cell)
    return found


def event_lines(app) -> list[tuple[str, str]]:
    """The events pane's lines with their styles (the pane scrolls at 80×24; its lines are all here)."""
    events = app.screen.query_one("#replay-events")
    return [
        (str(events.get_option_at_index(i).prompt.plain), str(events.get_option_at_index(i).prompt.style))
        for i in range(events.option_count)
    ]


def cli_lines(path, monkeypatch, capsys) -> list[str]:
    """`judge replay`'s own output, one line per line (wide enough not to wrap)."""
    from judge import cli

    monkeypatch.setenv("COLUMNS", "400")
    cli.main(["replay", str(path)])
    return [line.strip() for line in capsys.readouterr().out.splitlines()]


@pytest.mark.slow
def test_replay_says_up_front_and_at_its_step_what_the_engine_does_not_model(library, monkeypatch, capsys):
    told = cli_lines(E53, monkeypatch, capsys)
    assert told[1:3] == [NOT_MODELLED_HEAD, f"step 4: {SHUFFLE}"]  # judge replay's words, which the TUI uses
    app = make_app(library, scenario=str(E53), mode="replay")

    async def script(pilot):
        await settle(pilot)
        assert notice(app) == words(f"{NOT_MODELLED_HEAD} step 4: {SHUFFLE}")
        # at 80x24 the steps stand above the events, full width, up to two fifths of the screen: the
        # fifth step is a scroll away under the notice
        assert step_rows(app) == [
            "0 the board as set up",
            "1 Ana: cast Ember Bolt targets=revenant",
            "2 ? all players pass",
            "3 ✗ Ben: choose Ember Bolt",
        ]
        assert str(app.screen.query_one("#replay-steps").get_option_at_index(4).prompt) == " 4 ~ Ben: choose revenant"
        await pilot.press("right", "right", "right", "right")
        await pilot.pause()
        assert app.screen.current == 4
        assert notice(app) == words(f"{NOT_MODELLED_HEAD} step 4: {SHUFFLE}")  # the same at every step
        notes = [(text, style) for text, style in event_lines(app) if "not modelled" in text]
        assert notes == [(f"• not modelled here — {SHUFFLE}", "yellow")]
        await pilot.press("left", "left")  # step 2: play asks Ben which replacement applies first
        await pilot.pause()
        asked = [(text, style) for text, style in event_lines(app) if style == "bold blue"]
        assert len(asked) == 1 and asked[0][0].startswith("• waiting for Ben: ")
        assert not [text for text, _ in event_lines(app) if "not modelled" in text]

    run(app, script)


def _e63_with_an_unwritten_trigger(tmp_path, warden="Grey Warden"):
    """E63 with Grey Warden's text printing a trigger its fixture does not write (a note on the
    scenario's cards), the Warden optionally renamed."""
    lines = E63.read_text(encoding="utf-8").splitlines(keepends=True)
    text = "".join(
        line
        if line.startswith("#")
        else line.replace("Ambush. A 3/3 (fixture).", "Ambush. When this dies, draw a card.").replace(
            "Grey Warden", warden
        )
        for line in lines
    )
    assert "When this dies" in text
    path = tmp_path / "e63-unwritten.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_note_on_the_scenarios_cards_belongs_to_the_board_as_set_up(library, tmp_path):
    app = make_app(library, scenario=str(_e63_with_an_unwritten_trigger(tmp_path)), mode="replay")
    note = (
        'Grey Warden\'s text prints the triggered ability "When this dies, draw a card.", which its card file '
        "does not write — the engine plays the card without it"
    )

    async def script(pilot):
        await settle(pilot)
        assert app.screen.current == 0
        assert notice(app) == words(f"{NOT_MODELLED_HEAD} the scenario's cards: {note}")
        assert step_rows(app)[0] == "0 ~ the board as set up"
        assert (f"• not modelled here — {note}", "yellow") in event_lines(app)

    run(app, script)


@pytest.mark.slow
def test_the_notes_are_shown_as_written_never_read_as_markup(library, tmp_path):
    # a card named with markup brackets: the notice, the events and the steps show them as typed
    marked = _e63_with_an_unwritten_trigger(tmp_path, warden='"Grey [b]Warden[/b]"')
    app = make_app(library, scenario=str(marked), mode="replay")

    async def script(pilot):
        await settle(pilot)
        assert "the scenario's cards: Grey [b]Warden[/b]'s text prints the triggered ability" in notice(app)
        await pilot.press("right")
        await pilot.pause()
        assert "• Ana casts Marked for Dusk targeting Grey [b]Warden[/b]" in [t for t, _ in event_lines(app)]

    run(app, script)


def test_replay_that_rules_on_everything_has_no_notice(library):
    app = make_app(library, scenario=str(V01), mode="replay")

    async def script(pilot):
        await settle(pilot)
        assert not app.screen.query_one("#replay-notice-scroll").display
        assert notice(app) == ""
        assert shown(app).split("\n")[1].startswith("╭─ Steps")

    run(app, script)


@pytest.mark.slow
def test_replay_that_stops_at_a_choice_shows_the_question_and_how_to_answer(library, tmp_path, monkeypatch, capsys):
    from judge.replay_words import rule_heading

    stops = tmp_path / "stops.yaml"  # e51 without Ana's answer: the next action does not answer her choice
    text = E51.read_text(encoding="utf-8")
    assert text.count("  - {player: Ana, choose: chapel}\n") == 1
    stops.write_text(text.replace("  - {player: Ana, choose: chapel}\n", "  - pass\n"), encoding="utf-8")
    stop = (
        "The replay stops before action 2: it does not answer the choice play waits for. Answer it there, give "
        "it in advance (`answers:`), or let the engine take its stated default (`defaults: engine`)."
    )
    question = (
        "Waiting for Ana: the Haven Ana's Master takes refuge in for the Day; choose 1 of: haven (Gilded "
        "Haven), chapel (Bricked-Up Chapel); answer with {player: Ana, choose: ..}"
    )
    told = cli_lines(stops, monkeypatch, capsys)
    assert stop in told and question in told  # judge replay's words, which the TUI uses
    app = make_app(library, scenario=str(stops), mode="replay")
    rule = library.get("nd:514.4a")  # cited as judge replay cites it: number, then title or first words
    heading = rule_heading(rule.title, rule.text, rule.number)

    async def script(pilot):
        await settle(pilot)
        assert notice(app) == words(f"{stop} {question}")
        assert step_rows(app) == [
            "0 the board as set up",
            "1 ? pass until beginning / upkeep",
            "2 not taken: all players pass",
        ]
        await pilot.press("end", "right")  # the action not taken is not a step to go to
        await pilot.pause()
        assert app.screen.current == 1
        assert event_lines(app)[-2:] == [
            ("• " + question[0].lower() + question[1:], "bold blue"),
            (f"    → 514.4a {heading}", ""),
        ]

    run(app, script)


@pytest.mark.slow
def test_replay_that_ends_at_a_choice_shows_the_question_alone(library, tmp_path):
    ends = tmp_path / "ends.yaml"  # e51 with its last action, Ana's answer, cut: no action is left untaken
    text = E51.read_text(encoding="utf-8")
    ends.write_text(text.replace("  - {player: Ana, choose: chapel}\n", ""), encoding="utf-8")
    app = make_app(library, scenario=str(ends), mode="replay")

    async def script(pilot):
        await settle(pilot)
        assert notice(app) == (
            "Waiting for Ana: the Haven Ana's Master takes refuge in for the Day; choose 1 of: "
            "haven (Gilded Haven), chapel (Bricked-Up Chapel); answer with {player: Ana, "
            "choose: ..}"
        )
        assert step_rows(app) == ["0 the board as set up", "1 ? pass until beginning / upkeep"]

    run(app, script)


def test_replay_shows_an_engine_error_as_a_defect_not_a_refusal(library, monkeypatch):
    from dataclasses import replace

    from judge.engine.play.action_kinds import ACTIONS

    def broken(*args, **kwargs):
        raise ZeroDivisionError("injected fault")

    # no bundled scenario makes the engine fail: Ana's cast at step 1 is made to raise, as a defect would
    monkeypatch.setitem(ACTIONS, "cast", replace(ACTIONS["cast"], handler=broken))
    defect = "ZeroDivisionError: injected fault — a defect in the engine, not a ruling; the state is unchanged"
    app = make_app(library, scenario=str(V01), mode="replay")

    async def script(pilot):
        await settle(pilot)
        assert notice(app) == f"Engine error at step 1: {defect}"
        assert step_rows(app)[1].startswith("1 ! Ana: cast")
        await pilot.press("right")
        await pilot.pause()
        state = region_words(app, "#replay-state-scroll")
        assert state.startswith(f"ENGINE ERROR — {defect} ")
        assert "Refused" not in words(shown(app)) and "✗" not in shown(app)
        assert event_lines(app)[1] == (f"• engine error: {defect}", "bold magenta reverse")

    run(app, script)


# -- polish --------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("mode", ["lookup", "card", "board", "replay"])
def test_every_screen_fits_80x24_with_a_footer(library, mode):
    app = make_app(library, scenario=str(V01) if mode in ("board", "replay") else None, mode=mode)

    async def script(pilot):
        await settle(pilot)
        lines = shown(app).rstrip("\n").split("\n")
        assert len(lines) == 24 and all(len(line) <= 80 for line in lines)
        assert "^p" in lines[-1] and "Help" in lines[-1]
        for widget in app.screen.query("OptionList, Tree, Input"):
            if widget.display:
                assert widget.region.width > 0 and widget.region.height > 0
                assert widget.region.right <= 80 and widget.region.bottom <= 24
        await pilot.press("f1")
        await pilot.pause()
        assert "judge — keys" in shown(app)

    run(app, script)


def test_theme_toggles_between_light_and_dark(library, monkeypatch):
    monkeypatch.delenv("JUDGE_THEME", raising=False)
    monkeypatch.setenv("COLORFGBG", "15;0")  # light text on a dark background
    app = make_app(library)

    async def script(pilot):
        assert app.theme == "textual-dark"
        await pilot.press("ctrl+t")
        assert app.theme == "textual-light"

    run(app, script)


def test_broken_rules_data_is_a_notification_not_a_traceback(monkeypatch):
    from judge import library as library_module

    def broken(cls):
        raise OSError("rules/nodawn unreadable")

    monkeypatch.setattr(library_module.Library, "load", classmethod(broken))
    app = make_app(None)

    async def script(pilot):
        await settle(pilot)
        assert any("Could not load the rules" in m and s == "error" for m, s in app.notes)
        await type_text(pilot, "704.5j")  # typing still works; nothing crashes
        assert "Loading the rules" in shown(app)

    run(app, script)


@pytest.mark.slow
def test_card_query_in_the_omnibox_opens_the_card_screen(library):
    app = make_app(library)

    async def script(pilot):
        await type_text(pilot, "card:charmed life")
        await pilot.press("enter")
        await settle(pilot)
        from judge.tui.screens.card import CardScreen

        assert isinstance(app.screen, CardScreen)
        assert app.screen.sheet.card.id == "sf:card/charmed-life"

    run(app, script)


@pytest.mark.slow
def test_command_palette_reaches_the_other_screens(library):
    app = make_app(library)

    async def script(pilot):
        await pilot.press("ctrl+p")
        await pilot.pause()
        await type_text(pilot, "Board screen")
        await pilot.press("enter")
        await settle(pilot)
        from judge.tui.screens.board import BoardScreen

        assert isinstance(app.screen, BoardScreen)

    run(app, script)


def test_board_replays_itself(library):
    from judge.tui import engine_adapter as ea

    expected = ea.replay_file(V01)
    app = make_app(library, scenario=str(V01), mode="board")

    async def script(pilot):
        await settle(pilot)
        await pilot.press("ctrl+r")
        await settle(pilot)
        from judge.tui.screens.replay import ReplayScreen

        assert isinstance(app.screen, ReplayScreen)
        assert [s.action for s in app.screen.view.steps] == [s.action for s in expected.steps]

    run(app, script)


def test_a_defect_in_a_layer_is_a_notification_and_the_app_goes_on(library, monkeypatch):
    from judge.tui import engine_adapter as ea

    def broken(data):
        raise RuntimeError("engine defect")

    monkeypatch.setattr(ea, "replay_data", broken)
    app = make_app(library, scenario=str(V01), mode="board")

    async def script(pilot):
        await settle(pilot)
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert any("engine defect" in m and s == "error" for m, s in app.notes)
        app.notes.clear()  # expected here: not a defect of the test
        await pilot.press("ctrl+n")  # the board still answers keys
        await pilot.pause()
        assert app.screen.data["title"] == "New board"

    run(app, script)


def test_back_returns_to_a_previewed_result(library):
    app = make_app(library)

    async def script(pilot):
        await type_text(pilot, "704.5j")  # previewed, never opened with Enter
        screen = lookup_screen(app)
        screen.query_one("EntryView").links.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert screen.current_entry.id == "nd:704.5"
        await pilot.press("alt+left")
        await pilot.pause()
        assert screen.current_entry.id == "nd:704.5j"

    run(app, script)


@pytest.mark.slow
def test_board_takes_an_action_and_replays_it(library):
    app = make_app(library, scenario=str(V01), mode="board")

    async def script(pilot):
        await settle(pilot)
        screen = app.screen
        n = len(screen.data["actions"])
        board_key(app, ("actions",))
        await pilot.press("a")
        await settle(pilot)
        await pilot.press(*"yaml", "enter")  # the picker's last choice: the action written as YAML
        await settle(pilot)
        await pilot.press(*"{player: Ben, concede: true}")
        await pilot.press("enter")
        await pilot.pause()
        assert screen.data["actions"][-1] == {"player": "Ben", "concede": True}
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert len(app.screen.view.steps) == n + 2  # the set-up board, then every action

    run(app, script)


def test_clicking_the_game_label_switches_game(library):
    app = make_app(library)

    async def script(pilot):
        await pilot.click("#game-label")
        await pilot.pause()
        assert app.game == "nodawn"

    run(app, script)


def test_default_theme_follows_the_terminal(monkeypatch):
    from judge.tui.app import default_theme

    monkeypatch.delenv("JUDGE_THEME", raising=False)
    monkeypatch.setenv("COLORFGBG", "0;15")
    assert default_theme() == "textual-light"
    monkeypatch.setenv("COLORFGBG", "15;0")
    assert default_theme() == "textual-dark"
    monkeypatch.setenv("JUDGE_THEME", "light")
    assert default_theme() == "textual-light"


def test_tui_command_line(capsys, monkeypatch):
    from judge import cli
    from judge.tui import app as app_module

    opened = []
    monkeypatch.setattr(
        app_module,
        "run",
        lambda scenario=None, mode="lookup", archive_url=None: opened.append((scenario, mode, archive_url)) or 0,
    )
    monkeypatch.delenv("JUDGE_ARCHIVE", raising=False)
    assert cli.main(["tui", "no-such-board.yaml"]) == 2
    assert "no scenario file 'no-such-board.yaml'" in capsys.readouterr().err
    assert cli.main(["tui", str(V01), "--replay"]) == 0
    assert cli.main([]) == 0  # plain `judge` opens the TUI
    # a program's archive (tests/test_tui_archive.py): the flag, else $JUDGE_ARCHIVE, plain `judge` too
    monkeypatch.setenv("JUDGE_ARCHIVE", "postgresql://judge@program/archive")
    assert cli.main([]) == 0
    assert cli.main(["tui", "--archive", "postgresql://judge@other/archive"]) == 0
    assert opened == [
        (str(V01), "replay", None),
        (None, "lookup", None),
        (None, "lookup", "postgresql://judge@program/archive"),
        (None, "lookup", "postgresql://judge@other/archive"),
    ]


def test_typing_before_the_rules_are_loaded_is_answered_once_they_are(library, monkeypatch):
    import threading

    from judge import library as library_module

    release = threading.Event()

    def slow(cls):
        release.wait(30)  # a cold cache: the corpus and index arrive when the test says so
        return library

    monkeypatch.setattr(library_module.Library, "load", classmethod(slow))
    app = make_app(None)

    async def script(pilot):
        await pilot.press(*"704.5j")  # the omnibox takes keys at once
        await pilot.pause(0.3)
        assert app.query_one("#omnibox").value == "704.5j"
        assert app.library is None and "Loading the rules" in shown(app)
        release.set()
        await settle(pilot)
        await settle(pilot)
        assert lookup_screen(app).current_entry.id == "nd:704.5j"

    run(app, script, settle_first=False)


@pytest.mark.slow
def test_omnibox_replay_command_opens_the_file(library):
    app = make_app(library)

    async def script(pilot):
        app.query_one("#omnibox").value = f":replay {V01}"
        await pilot.press("enter")
        await settle(pilot)
        from judge.tui.screens.replay import ReplayScreen

        assert isinstance(app.screen, ReplayScreen) and app.screen.view.path == str(V01)

    run(app, script)


@pytest.mark.slow
def test_board_moves_a_card_with_the_picker(library):
    app = make_app(library, scenario=str(V01), mode="board")

    async def script(pilot):
        await settle(pilot)
        screen = app.screen
        board_key(app, ("object", 0, "hand", 0))
        await pilot.press("m")
        await pilot.pause()
        await type_text(pilot, "batt")
        await pilot.press("enter")
        await pilot.pause()
        assert screen.data["players"][0]["hand"] == []
        assert screen.data["players"][0]["battlefield"][-1] == {"card": "Sacramental Fire"}

    run(app, script)


@pytest.mark.slow
def test_palette_loads_a_scenario_on_the_board(library):
    app = make_app(library)

    async def script(pilot):
        await pilot.press("ctrl+p")
        await pilot.pause()
        await type_text(pilot, "Load a scenario on the board")
        await pilot.press("enter")
        await settle(pilot)
        app.screen.query_one("Input").value = str(V01)  # the prompt for a path
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen.data["title"].startswith("704.7 example")

    run(app, script)


@pytest.mark.slow
def test_a_new_board_built_from_the_card_database_saves(library, tmp_path):
    from judge.tui import engine_adapter as ea

    names = ea.card_names()
    masters = [n for n in names if "Master" in ea.card_text(n).split("\n", 1)[0]]
    assert masters, "the card database has no Master to build a board with"
    app = make_app(library, mode="board")
    target = tmp_path / "new.yaml"

    async def script(pilot):
        await settle(pilot)
        screen = app.screen
        for i in (0, 1):
            board_key(app, ("player", i, "master"))
            await pilot.press("a")
            await pilot.pause()
            app.screen.query_one("Input").value = masters[0]
            await settle(pilot)
            await pilot.press("enter")
            await pilot.pause()
            assert screen.data["players"][i]["master"]["card"] == masters[0]
        assert screen.data["players"][0]["master"]["vitae"] == ea.initial_vitae(masters[0])
        screen.save_to(str(target))
        await pilot.pause()
        assert target.is_file(), app.notes

    run(app, script)


# -- leaving, pickers, files (issue 17 item 4) -------------------------------------------------
def test_ctrl_q_quits_at_once_when_nothing_would_be_lost(library):
    app = make_app(library)

    async def script(pilot):
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.return_code == 0

    run(app, script)


@pytest.mark.slow
def test_ctrl_q_with_an_unsaved_board_asks_first(library):
    app = make_app(library, scenario=str(V01), mode="board")

    async def script(pilot):
        await settle(pilot)
        board_key(app, ("player", 0, "vitae"))
        await pilot.press("plus")
        await pilot.pause()
        await pilot.press("ctrl+q")
        await settle(pilot)
        assert app.return_code is None
        assert "Quit? the board “v01-simultaneous-sba-sweep.yaml” is not saved." in shown(app)
        assert "y: quit · n or Esc: stay" in shown(app)
        await pilot.press("enter")  # no slip of the finger quits
        await pilot.press("n")
        await pilot.pause()
        assert app.return_code is None and app.screen.dirty
        await pilot.press("ctrl+q")
        await settle(pilot)
        await pilot.press("y")
        await pilot.pause()
        assert app.return_code == 0

    run(app, script)


@pytest.mark.slow
def test_ctrl_q_with_an_unfiled_basket_asks_and_a_filed_one_does_not(library, tmp_path):
    app = make_app(library)

    async def script(pilot):
        await type_text(pilot, "704.5j")
        await pilot.press("ctrl+b", "ctrl+q")
        await settle(pilot)
        assert app.return_code is None
        assert "Quit? the basket's 1 citation(s) are not filed as a ruling" in shown(app)
        await pilot.press("escape")
        await pilot.press("f6", "ctrl+e")
        await pilot.pause()
        fill_form(app, path=str(tmp_path / "r.md"))
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.return_code == 0

    run(app, script)


@pytest.mark.slow
def test_pickers_offer_only_the_cards_legal_for_the_slot(library):
    from judge.cards.reader import database
    from judge.tui.screens.dialogs import CardPicker

    app = make_app(library, scenario=str(V01), mode="board")

    async def script(pilot):
        await settle(pilot)
        # the card files' types, then this board's own cards (v01 defines its Masters)
        types = {name: card.type for name, card in database().items()}
        types.update({c["name"]: c["type"] for c in app.screen.data.get("cards") or []})
        board_key(app, ("player", 0, "master"))
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, CardPicker)
        assert app.screen.names == sorted(n for n, t in types.items() if t == "Master")
        assert "Pick a Master" in shown(app)
        await pilot.press("escape")
        board_key(app, ("zone", 0, "battlefield"))
        await pilot.press("a")
        await pilot.pause()
        offered = {types[n] for n in app.screen.names if n in types}
        assert offered and not offered & {"Master", "Caprice", "Power", "Trap"}
        assert "Entity" in offered and "Haven" in offered
        await pilot.press("escape")
        board_key(app, ("stack",))
        await pilot.press("a")
        await pilot.pause()
        offered = {types[n] for n in app.screen.names if n in types}
        assert "Caprice" in offered and not offered & {"Master", "Haven", "Trap"}

    run(app, script)


def test_the_file_picker_opens_a_scenario_from_its_tree(library):
    from bundled import SHARED_SCENARIOS
    from textual.widgets import DirectoryTree

    app = make_app(library, scenario=str(V01), mode="board")
    target = sorted(SHARED_SCENARIOS.glob("*.yaml"))[1]

    async def script(pilot):
        await settle(pilot)
        await pilot.press("ctrl+l")
        await settle(pilot)
        assert "Load a board or scenario file" in shown(app)
        await pilot.press("down")  # from the path box into the tree
        await settle(pilot)
        tree = app.screen.query_one(DirectoryTree)
        assert tree.has_focus
        names = [node.data.path.name for node in tree.root.children]
        assert names == sorted(
            p.name
            for p in SHARED_SCENARIOS.iterdir()
            if not p.name.startswith(".") and (p.is_dir() or p.suffix == ".yaml")
        )
        for _ in names:  # down the tree to the file, as a judge would
            if tree.cursor_node.data.path == target:
                break
            await pilot.press("down")
        assert tree.cursor_node.data.path == target
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen.path == target and not app.screen.dirty
        assert ("Loaded " + target.name, "information") in app.notes

    run(app, script)


@pytest.mark.parametrize(
    "text, problem",
    [
        ("title: x\nplayers: [\n  {name: a\n", ":4: malformed YAML: did not find expected ',' or '}'"),
        ("- name: Foo\n  type: Entity\n", ":1: a scenario is a mapping"),
    ],
)
def test_a_bad_board_file_is_named_with_its_line_and_the_board_is_untouched(library, tmp_path, text, problem):
    from judge.tui import board_model as bm

    bad = tmp_path / "bad.yaml"
    bad.write_text(text, encoding="utf-8")
    app = make_app(library, scenario=str(V01), mode="board")

    async def script(pilot):
        await settle(pilot)
        before, path = bm.snapshot(app.screen.data), app.screen.path
        await pilot.press("ctrl+l")
        await settle(pilot)
        app.screen.query_one("#files-path").value = str(bad)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen.data == before and app.screen.path == path
        assert "v01-simultaneous-sba-sweep.yaml" in shown(app)

    run(app, script)
    [(message, severity)] = [(m, s) for m, s in app.notes if m.startswith("Not loaded")]
    assert severity == "error" and message.startswith(f"Not loaded: {bad}{problem}"), message


# -- 80x24 without loss (issue 17 item 5) ------------------------------------------------------
def region_words(app, selector: str) -> str:
    """The words the user sees inside one widget's box, its lines joined (borders left out)."""
    widget = app.screen.query_one(selector)
    region = widget.region
    rows = shown(app).splitlines()[region.y : region.y + region.height]
    inside = [row[region.x : region.x + region.width].strip("│╭╮╰╯─ ") for row in rows]
    return " ".join(" ".join(inside).split())


def test_a_long_replay_event_wraps_instead_of_losing_its_last_word(library):
    app = make_app(library, scenario=str(V01), mode="replay")

    async def script(pilot):
        await settle(pilot)
        await pilot.press("right")
        await settle(pilot)
        events = app.screen.query_one("#replay-events")
        # "Iron Column" used to lose "Column" under the scrollbar at 80 columns
        assert "• Ana casts Sacramental Fire targeting Iron Column → 601.2 A player casts a spell" in region_words(
            app, "#replay-events"
        )
        # the pane grows with its lines up to its cap (no six-line window beside empty space): under
        # the steps, the full 80 columns wide, step 1's 11 lines overflow the 11-line cap by 2
        assert events.region.height == 11 and events.max_scroll_y == 2

    run(app, script)


@pytest.mark.slow
@pytest.mark.parametrize("size", [(80, 24), (50, 30), (120, 40)])
def test_the_help_wraps_at_any_width(library, size):
    app = make_app(library)

    async def script(pilot):
        await pilot.press("f1")
        await settle(pilot)
        await pilot.press("end")
        await settle(pilot)
        words = region_words(app, "#help-box")
        assert 'nothing after it (game: is the word "game").' in words
        assert "plain words, ranked" in words

    run(app, script, size=size)
