"""The fuzzing harness: run `judge` in process on one generated input and say what went wrong.

Shared by tests/test_fuzz_queries.py and bench/fuzz/fuzz_queries.py. Whatever the input, a command
must end with 0, 1 or 2 (never 3, an internal error), print no traceback, and write no escape
or bell character: text typed or stored is data, so none of it may reach the terminal raw.
"""

from __future__ import annotations

import contextlib
import io
import re

from judge import cli

ALLOWED_EXITS = (0, 1, 2)
RAW_CONTROL = re.compile("[\x07\x1b\x9b\x9d]")
_SURROGATES = re.compile("[\ud800-\udfff]")


def run(argv: list[str]) -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of `judge ARGV`, in this process."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(argv)
        except SystemExit as exc:  # argparse's usage errors
            code = exc.code
    return code, out.getvalue(), err.getvalue()


def problems(argv: list[str]) -> list[str]:
    """What is wrong with how `judge ARGV` ended (empty if nothing)."""
    code, out, err = run(argv)
    found = []
    if code not in ALLOWED_EXITS:
        found.append(f"exit {code}: {err.strip()[:500]}")
    if "Traceback" in out + err:
        found.append("a traceback was printed")
    control = RAW_CONTROL.search(out + err)
    if control:
        found.append(f"a raw control character {control.group()!r} was printed")
    return found


def text_only(text: str) -> str:
    """`text` without lone surrogates: what the layers below the CLI are given (the CLI refuses
    undecodable arguments before they get there)."""
    return _SURROGATES.sub("", text)


def check_layers(corpus, searcher, query: str, name: str) -> None:
    """Search, lookup and card lookup called directly: they raise nothing on any text but the
    documented refusal of a query past its bounds."""
    from judge.lookup import resolve
    from judge.search.cardnames import lookup
    from judge.search.query import MAX_QUERY_CHARS, MAX_QUERY_TERMS, QueryTooLarge, UnknownFilter, parse

    query, name = text_only(query), text_only(name)
    parse(query)
    try:
        searcher.search(query, limit=5)
    except QueryTooLarge:  # a refusal search makes (docs/reference/limits.md), only past the bounds
        assert len(query) > MAX_QUERY_CHARS or len(query.split()) > MAX_QUERY_TERMS
    except UnknownFilter:  # the other: a game:, kind: or doc: that names nothing searched
        parsed = parse(query)
        assert parsed.unknown_games or parsed.kinds or parsed.docs
    resolve(corpus, query)
    lookup(corpus, name, None)
