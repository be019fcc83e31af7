"""Search results carry their entry's tags — a status (proposed, clarified:<date>) or a mark of
damage in the source (lost-word, truncated) — in --json and in the terminal list."""

from __future__ import annotations

import json

import pytest

from judge import cli, context


@pytest.fixture(autouse=True)
def fresh_context():
    context.corpus.cache_clear()
    context.searcher.cache_clear()


def search_json(capsys, *args):
    assert cli.main(["search", "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize(
    "query,entry_id,tag",
    [
        ("201.4", "nd:201.4", "proposed"),
        ("game:ccg only cards in play can bow or straighten", "ce:bowed-and-unbowed/3", "clarified:2011-07-15"),
        ('card:"abominable lab"', "sf:card/abominable-lab/1", "lost-word"),
    ],
)
def test_json_results_carry_the_entry_tags(capsys, corpus, query, entry_id, tag):
    results = {r["id"]: r for r in search_json(capsys, "--limit", "10", query)}
    assert results[entry_id]["tags"] == corpus.get(entry_id).tags
    assert tag in results[entry_id]["tags"]


def test_every_json_result_has_a_tag_list(capsys):
    results = search_json(capsys, "--limit", "10", "drained entity block")
    assert len(results) == 10 and all(isinstance(r["tags"], list) for r in results)


def test_terminal_list_shows_the_tags(capsys):
    assert cli.main(["search", "--limit", "1", "201.4"]) == 0
    out = capsys.readouterr().out
    head = next(line for line in out.splitlines() if "201.4" in line)
    assert "[proposed]" in head
