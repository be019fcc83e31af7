"""The TUI's Lookup with a judge program's archive (`judge tui --archive URL`): precedents from
other events are listed after the rules' results, marked with their event, and open as a
precedent's text — against a real throw-away PostgreSQL (tests/postgres_cluster.py). An archive
that cannot be reached is one line in the results, and the rules' results stand."""

from __future__ import annotations

import asyncio

import pytest
from tui_pilot import settle

from judge.rulings import archive
from judge.rulings.interchange import merge, parse
from judge.rulings.revise import revise
from judge.rulings.store import RulingStore
from tests.postgres_cluster import cluster, new_database

UNREACHABLE = "postgresql://judge@127.0.0.1:1/x"  # nothing listens on port 1


@pytest.fixture(autouse=True)
def private_session(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("JUDGE_RULINGS_DB", raising=False)


@pytest.fixture(scope="module")
def library(corpus):
    from judge.library import Library
    from judge.search.index import open_searcher

    return Library(corpus, open_searcher(corpus))


@pytest.fixture(scope="module")
def url(tmp_path_factory):
    """An archive holding one event's two rulings, the second overturned on appeal."""
    with cluster() as server:
        url = new_database(server, "tui_archive")
        archive.sync(_regional(tmp_path_factory.mktemp("regional") / "regional.sqlite3").all(), url, "desk")
        yield url


def _regional(path) -> RulingStore:
    store = RulingStore(path)
    lines = [
        f'{{"uuid": "6f1c{k:04d}-0000-4000-8000-000000000000", "number": {k}, "revision": 1, "kind": "given", '
        f'"event": "Regional", "table": "{k + 10}", "question": "Can a drained Entity block? ({k})", '
        f'"answer": "Yes, for a damage counter (Regional {k}).", "cites": ["nd:509.1c"], "judge": "Kim", '
        f'"at": "2026-11-28T10:0{k}:00+01:00", "reason": ""}}'
        for k in (1, 2)
    ]
    merge(store, parse("\n".join(lines).encode(), "Regional"), "Regional")
    revise(store, 2, "overturn", "appeal", judge="Ana", answer="No: a drained Entity <b>cannot</b> block.")
    return store


def _run(app, script, size=(120, 40)) -> None:
    async def main():
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await script(pilot)

    asyncio.run(main())


async def _search(pilot, text: str) -> None:
    await pilot.press(*[{" ": "space"}.get(ch, ch) for ch in text])
    await settle(pilot)


def _results(app) -> list[str]:
    from textual.widgets import OptionList

    options = app.screen.query_one("#results", OptionList)
    return [" ".join(str(options.get_option_at_index(i).prompt).split()) for i in range(options.option_count)]


def _entry_text(app) -> str:
    from judge.tui.widgets.entry_view import EntryView

    return " ".join(str(app.screen.query_one(EntryView).body.render()).split())


@pytest.mark.slow
def test_precedents_follow_the_rules_marked_with_their_event_and_open_as_precedents(url, library):
    from textual.widgets import OptionList

    from judge.tui.app import JudgeApp
    from judge.tui.widgets.entry_view import EntryView

    app = JudgeApp(library=library, archive_url=url)

    async def script(pilot):
        await _search(pilot, "drained block")
        shown = _results(app)
        heading = shown.index(f"Precedents from the archive ({archive.where(url)}), newest first")
        assert heading >= 1 and not any(s.startswith("Precedent —") for s in shown[:heading])  # the rules first
        assert shown[heading + 1 :] == [
            "Precedent — Regional, ruling #2 (overturned) No: a drained Entity <b>cannot</b> block.",
            "Precedent — Regional, ruling #1 Yes, for a damage counter (Regional 1).",
        ]
        results = app.screen.query_one("#results", OptionList)
        results.focus()
        results.highlighted = heading + 1
        await pilot.press("enter")
        await settle(pilot)
        view = app.screen.query_one(EntryView)
        assert view.entry is None  # a precedent, never a rule
        assert _entry_text(app) == (
            "Precedent — Regional, ruling #2 (overturned) Event: Regional · given 2026-11-28, table 12 "
            "State: overturned (as it now stands) Q: Can a drained Entity block? (2) "
            "Ruling: No: a drained Entity <b>cannot</b> block. Cites nd:509.1c"
        )
        assert view.links.has_focus and view.links.highlighted_target == "nd:509.1c"  # its cited rule, followable
        await pilot.press("enter")
        await settle(pilot)
        assert view.entry is not None and view.entry.id == "nd:509.1c"

    _run(app, script)


@pytest.mark.slow
def test_an_unreachable_archive_is_one_line_and_the_rules_still_answer(library):
    from judge.tui.app import JudgeApp

    app = JudgeApp(library=library, archive_url=UNREACHABLE)

    async def script(pilot):
        await _search(pilot, "drained block")
        shown = _results(app)
        assert len(shown) >= 2 and not shown[0].startswith("Precedent")  # the rules' results stand
        assert shown[-1].startswith("Precedents left out: cannot reach the archive at 127.0.0.1:1/x: ")
        assert "refused" in shown[-1].lower()  # the driver's reason
        assert sum(s.startswith("Precedent") for s in shown) == 1  # said once, in one line
        from textual.widgets import OptionList

        results = app.screen.query_one("#results", OptionList)
        results.focus()
        results.highlighted = len(shown) - 1  # the results pane cuts it at 80 columns: the preview says it whole
        await settle(pilot)
        assert _entry_text(app) == shown[-1]

    _run(app, script, size=(80, 24))


@pytest.mark.slow
def test_no_archive_lists_no_precedents(library):
    from judge.tui.app import JudgeApp

    app = JudgeApp(library=library)

    async def script(pilot):
        await _search(pilot, "drained block")
        assert _results(app) and not any(s.startswith("Precedent") for s in _results(app))

    _run(app, script)


@pytest.mark.slow
def test_a_rule_number_finds_how_it_was_ruled_before(url, library):
    """The issue's question, "how was 509.1c ruled before?": the rule shows, its precedents follow."""
    from judge.tui.app import JudgeApp
    from judge.tui.widgets.entry_view import EntryView

    app = JudgeApp(library=library, archive_url=url)

    async def script(pilot):
        await _search(pilot, "509.1c")
        shown = _results(app)
        assert app.screen.query_one(EntryView).entry.id == "nd:509.1c"  # the rule itself first
        assert [s.split(" No:")[0].split(" Yes,")[0] for s in shown if s.startswith("Precedent —")] == [
            "Precedent — Regional, ruling #2 (overturned)",
            "Precedent — Regional, ruling #1",
        ]

    _run(app, script)
