"""A filter that names nothing searched is refused (exit 2, the known values listed), never
ignored: `game:lcgg` used to search every game with a small note, `kind:rules` and `doc:zz`
silently matched nothing — each hides the answer without saying so."""

import pytest

from judge import cli
from judge.search.query import UnknownFilter

pytestmark = pytest.mark.usefixtures("session_context")


def run(argv) -> int:
    try:
        return cli.main(argv)
    except SystemExit as exc:
        return exc.code


@pytest.mark.parametrize(
    "query, message",
    [
        ("game:lcgg province", "unknown game 'lcgg'; choose one of nodawn, l5r-lcg, l5r-ccg, shadowfist"),
        ("kind:rules block", "unknown kind 'rules'; choose from "),
        ("doc:zz block", "unknown doc 'zz'; choose from ccg, ce, lcg, nd, saved, sf"),
        ("kind:glossary,nonsense block", "unknown kind 'nonsense'"),
    ],
)
def test_an_unknown_filter_in_the_query_is_refused_naming_what_exists(capsys, query, message):
    assert run(["search", query]) == 2
    captured = capsys.readouterr()
    assert message in captured.err and captured.out == ""


def test_an_unknown_kind_option_is_refused_too(capsys):
    assert run(["search", "--kind", "rulez", "block"]) == 2
    assert "unknown kind 'rulez'" in capsys.readouterr().err


def test_known_filters_still_filter(capsys):
    assert run(["search", "--json", "kind:glossary doc:nd block"]) == 0
    import json

    hits = json.loads(capsys.readouterr().out)
    assert hits and all(h["kind"] == "glossary" and h["doc"] == "nd" for h in hits)


def test_the_searcher_raises_for_every_reader(session_searcher):
    # the TUI shows the same message where its results would be (judge/library.py)
    with pytest.raises(UnknownFilter, match="unknown doc 'zz'"):
        session_searcher.search("doc:zz block")


def test_the_tui_says_it_where_the_results_would_be(session_searcher, corpus):
    from judge.library import Library

    found = Library(corpus, session_searcher).find("kind:rulez block")
    assert (
        found.hits == [] and len(found.notes) == 1 and found.notes[0].startswith("unknown kind 'rulez'; choose from ")
    )
