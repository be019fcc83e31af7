"""Reading on (issue 31 item 13): every entry offers the previous and next entry of its document,
in the document's order, computed once per corpus (judge.neighbours); `judge show` says them."""

from __future__ import annotations

import json

import pytest

from judge import cli
from judge.neighbours import READ_WITH_PARENT, around, neighbours

pytestmark = pytest.mark.usefixtures("session_context")


def test_reading_on_walks_every_document_in_its_order(corpus):
    assert corpus.documents
    for doc in corpus.documents:
        order = [e for e in corpus.in_doc(doc) if e.kind not in READ_WITH_PARENT]
        assert order, doc
        walked = [order[0]]
        while (following := around(corpus, walked[-1]).next) is not None:
            walked.append(following)
        assert walked == order, doc
        back = [order[-1]]
        while (before := around(corpus, back[-1]).previous) is not None:
            back.append(before)
        assert back == order[::-1], doc


def test_an_example_is_read_with_its_rule_and_has_its_surroundings(corpus):
    example = corpus.get("nd:704.7/example-1")
    assert example.kind in READ_WITH_PARENT
    assert around(corpus, corpus.get("nd:704.7")).next.id == "nd:705"
    near = around(corpus, example)
    assert (near.previous.id, near.next.id) == ("nd:704.7", "nd:705")


def test_computed_once_per_corpus(corpus):
    assert neighbours(corpus) is neighbours(corpus)


def test_show_offers_the_previous_and_next_rule(capsys):
    assert cli.main(["show", "704.5J"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1] == "← previous: 704.5i (nd:704.5i)   next: 704.5k (nd:704.5k) →"
    assert cli.main(["show", "sf:card/charmed-life/2"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        "← previous: Charmed Life: “The subject may be removed from…” (sf:card/charmed-life/1)   "
        "next: Charmed Life: “If an effect that would smoke…” (sf:card/charmed-life/3) →"
    )


def test_show_json_names_them(capsys):
    assert cli.main(["show", "nd:704.7", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["reading_on"] == {"previous": "nd:704.6", "next": "nd:705"}
    assert cli.main(["show", "116.2b-c", "--json"]) == 0
    entries = json.loads(capsys.readouterr().out)["entries"]
    assert [d["reading_on"] for d in entries] == [
        {"previous": "nd:116.2a", "next": "nd:116.2c"},
        {"previous": "nd:116.2b", "next": "nd:116.2d"},
    ]


@pytest.fixture
def client():
    from starlette.testclient import TestClient

    from judge.serve.app import create_app
    from judge.serve.settings import ServeSettings

    return TestClient(create_app(ServeSettings()), raise_server_exceptions=False)


@pytest.mark.parametrize(
    "path, links",
    [
        ("/nd/704.5j", [("/nd/704.5i", "‹ 704.5i"), ("/nd/704.5k", "704.5k ›")]),
        (
            "/sf/card/charmed-life/2",
            [
                ("/sf/card/charmed-life/1", "‹ Charmed Life: “The subject may be removed from…”"),
                ("/sf/card/charmed-life/3", "Charmed Life: “If an effect that would smoke…” ›"),
            ],
        ),
    ],
)
def test_the_station_entry_page_reads_on(client, path, links):
    from page_parts import part

    assert part(client.get(path).text, ".reading-on").links == links


@pytest.mark.slow
def test_the_tui_reads_on_with_alt_up_and_down(corpus):
    from test_tui import lookup_screen, make_app, run, type_text
    from tui_pilot import settle

    from judge.library import Library
    from judge.search.index import open_searcher

    app = make_app(Library(corpus, open_searcher(corpus)))

    async def script(pilot):
        await type_text(pilot, "704.5j")
        screen = lookup_screen(app)
        assert screen.current_entry.id == "nd:704.5j"
        await pilot.press("alt+down")
        await settle(pilot)
        assert screen.current_entry.id == "nd:704.5k"
        await pilot.press("alt+up", "alt+up")
        await settle(pilot)
        assert screen.current_entry.id == "nd:704.5i"
        await pilot.press("alt+left")  # Back retraces what reading on opened
        await settle(pilot)
        assert screen.current_entry.id == "nd:704.5j"

    run(app, script)
