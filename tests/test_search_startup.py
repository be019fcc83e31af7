"""`judge search` starts with only what it uses (issue 14 item 5): a plain question or a rule
number loads no network module, no whoosh index, no parser, no other command and no SQLite when
no ruling was saved; `--json` loads no rich. Checked by what a child process imported, never by
timing it (bench/speed/bench_search.py measures the time)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
# Modules a plain search must not load: each cost start-up time for nothing.
NEVER = (
    "urllib.request",
    "http.client",
    "socket",
    "ssl",
    "email",
    "asyncio",
    "tempfile",
    "difflib",
    "yaml",
    "sqlite3",
    "whoosh.index",
    "whoosh.searching",
    "whoosh.compat",
    "judge.editions.importer",
    "judge.rulings.store",
    "judge.corpus.nodawn.rules",
    "judge.corpus.crosslinks",
    "judge.cli.commands.show",
    "judge.cli.commands.serve",
    "judge.cli.commands.tui",
    "judge.engine",
    "starlette",
    "textual",
)
RICH = ("rich", "rich.console", "rich.markup")
PROBE = """
import contextlib, io, json, sys
from judge.cli import main
with contextlib.redirect_stdout(io.StringIO()) as out:
    status = main(json.loads(sys.argv[1]))
print(json.dumps({"status": status, "printed": out.getvalue(), "modules": sorted(sys.modules)}))
"""


@pytest.fixture(scope="module")
def warm_cache(corpus, session_searcher):
    """The session's cache holds the corpus, the index and the notes, as after a first search."""
    from judge import context

    context.conflicts()


def _imported(argv: list[str]) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(argv)], cwd=REPO, capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout)


@pytest.mark.parametrize("query", ["can a drained entity block twice in one turn", "302.5", "116.2b–c"])
def test_a_json_search_loads_neither_rich_nor_anything_heavy(warm_cache, query):
    found = _imported(["search", "--json", query])
    assert found["status"] == 0 and found["printed"]
    assert [m for m in NEVER + RICH if m in found["modules"]] == []


def test_a_printed_search_loads_rich_and_nothing_heavy(warm_cache):
    found = _imported(["search", "can a drained entity block twice in one turn"])
    assert found["status"] == 0 and found["printed"]
    assert [m for m in NEVER if m in found["modules"]] == []
    assert "rich.console" in found["modules"]


def test_a_saved_ruling_loads_the_store_and_is_searched(warm_cache, tmp_path, monkeypatch):
    """The store is skipped only when there is no log: one saved ruling is found as before."""
    monkeypatch.setenv("JUDGE_RULINGS_DB", str(tmp_path / "team.sqlite3"))
    from judge.cli import main

    assert (
        main(["ruling", "save", "-q", "drained entity blocks twice?", "-a", "Never twice in a turn", "-c", "nd:302.5"])
        == 0
    )
    found = _imported(["search", "--json", "doc:saved", "drained entity blocks twice"])
    assert found["status"] == 0
    assert [(r["id"], r["text"]) for r in json.loads(found["printed"])] == [
        ("saved:1", "drained entity blocks twice?\n\nNever twice in a turn")
    ]
    assert "judge.rulings.store" in found["modules"]
