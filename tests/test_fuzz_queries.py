"""Fuzzing what a judge types (issue 20, deliver 7): generated queries, ids, rule numbers and
card names through the CLI entry point in process and through search and lookup directly.
Never a traceback, an exit outside {0, 1, 2} or a raw escape on the screen.

A modest count here (FUZZ_EXAMPLES each); bench/fuzz/fuzz_queries.py runs the same at a high count
and times it.
"""

from __future__ import annotations

import pytest
from fuzz_cli import check_layers, problems
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from query_strategies import card_names, entry_ids, queries, rule_numbers

FUZZ_EXAMPLES = 40
FUZZ = settings(
    max_examples=FUZZ_EXAMPLES,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.fixture(scope="module", autouse=True)
def shared_context(corpus, session_searcher):
    """Every command serves the session's corpus and searcher (module-wide: hypothesis runs many
    examples inside one test call)."""
    from judge import context

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(context, "corpus", lambda: corpus)
        patch.setattr(context, "searcher", lambda: session_searcher)
        yield


@pytest.mark.slow
@FUZZ
@given(query=queries(), as_options=st.booleans())
def test_search_takes_any_query(query, as_options):
    # With "--" the query is all words; without, one that looks like an option is argparse's.
    argv = ["search", query] if as_options else ["search", "--", query]
    assert problems(argv) == [], (argv, problems(argv))


@pytest.mark.slow
@FUZZ
@given(query=queries())
def test_search_json_takes_any_query(query):
    assert problems(["search", "--json", "--", query]) == []


@pytest.mark.slow
@FUZZ
@given(target=entry_ids() | rule_numbers() | queries())
def test_show_takes_any_id_or_number(target):
    assert problems(["show", "--", target]) == []


@pytest.mark.slow
@FUZZ
@given(name=card_names())
def test_card_takes_any_name(name):
    assert problems(["card", "--", name]) == []


@pytest.mark.slow
@FUZZ
@given(query=queries(), name=card_names())
def test_search_and_lookup_take_any_text(corpus, session_searcher, query, name):
    check_layers(corpus, session_searcher, query, name)


def test_the_harness_catches_what_it_is_for(monkeypatch):
    """A defect, a traceback and a raw escape are each reported (so a green run means something)."""
    from judge.cli.commands import search

    def broken(args):
        raise ZeroDivisionError("injected")

    monkeypatch.setattr(search, "run", broken)
    monkeypatch.setattr("judge.cli.build_parser", _parser_with(search))
    [found] = problems(["search", "x"])
    assert found.startswith("exit 3: judge: internal error, a defect in judge (ZeroDivisionError: injected)")

    def noisy(args):
        print("\x1b[2Jcleared")
        return 0

    monkeypatch.setattr(search, "run", noisy)
    assert problems(["search", "x"]) == ["a raw control character '\\x1b' was printed"]


def _parser_with(module):
    """build_parser, with `module.run` looked up at call time (set_defaults captured the old one)."""
    from judge.cli import build_parser as original

    def build(only=None):
        parser = original(only)
        for action in parser._subparsers._group_actions:
            action.choices["search"].set_defaults(func=lambda args: module.run(args))
        return parser

    return build
