"""User text is data (issue 20 items 5, 7, 11 and 13): markup typed or stored is shown as written,
never parsed by rich or Textual; arguments that are not UTF-8 are refused by name; escape
sequences stored in a shared rulings file never reach the terminal; a one-line field cannot hold
a line break, and one stored by another program does not break `judge ruling list`."""

from __future__ import annotations

import asyncio
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from bundled import REPO, V01

from judge import cli

pytestmark = pytest.mark.usefixtures("session_context")

HOSTILE = "\x1b[2J\x1b]0;pwned\x07"  # clears the screen, retitles the terminal


def run(argv) -> int:
    try:
        return cli.main(argv)
    except SystemExit as exc:
        return exc.code


@pytest.fixture
def rulings_db(tmp_path, monkeypatch):
    path = tmp_path / "rulings.sqlite3"
    monkeypatch.setenv("JUDGE_RULINGS_DB", str(path))
    return path


@pytest.fixture
def links_on(monkeypatch):
    """rich writes colours and hyperlinks only to a terminal: make it believe it has one."""
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.delenv("NO_COLOR", raising=False)


# -- item 5: markup from input ----------------------------------------------------------------
def test_a_closing_tag_in_a_game_filter_is_echoed_not_parsed(capsys):
    assert run(["search", "game:[/x] block"]) == 2  # an unknown game is refused, never ignored
    err = capsys.readouterr().err
    assert "unknown game '[/x]'; choose one of nodawn" in err


def test_a_suggestion_beside_markup_is_printed_as_typed(capsys):
    assert run(["search", "blokc [/] zzqqxx"]) == 1
    assert capsys.readouterr().out == "No matches.\nDid you mean: blood [/] zzqqxx\n"


def test_a_link_in_a_query_is_not_a_link(capsys, links_on):
    assert run(["search", "game:[link=https://example.com/x]x block"]) == 2
    err = capsys.readouterr().err
    assert "\x1b]8;" not in err  # no OSC 8 hyperlink
    assert "unknown game '[link=https://example.com/x]x'" in err


@pytest.mark.slow
def test_doctor_prints_a_cache_path_holding_markup(tmp_path, monkeypatch, capsys):
    cache = tmp_path / "[/x] [link=https://example.com]cache"
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(cache))
    assert run(["doctor"]) == 0
    out = capsys.readouterr().out
    assert f"cache: {cache}" in out.replace("\n", "")


@pytest.fixture
def markup_scenario(tmp_path):
    """V01 with markup in its title, a player's name and a card's name."""
    text = V01.read_text(encoding="utf-8")
    text = text.replace("Iron Column", '"Iron [/x]Column"').replace("Ben", '"[/x]Ben"')
    text = text.replace('title: "704.7 example', 'title: "[link=https://example.com]704.7 example')
    path = tmp_path / "markup.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_replay_shows_names_from_the_scenario_as_written(markup_scenario, capsys, links_on):
    assert run(["replay", str(markup_scenario)]) == 0
    out = capsys.readouterr().out
    assert "\x1b]8;" not in out
    out = re.sub(r"\x1b\[[0-9;]*m", "", out)  # the colours, to read the words
    assert "[link=https://example.com]704.7 example" in out
    assert "Ana casts Sacramental Fire targeting Iron [/x]Column" in out and "│ [/x]Ben │" in out


@pytest.mark.slow
def test_the_tui_shows_markup_typed_or_loaded_as_written(markup_scenario, corpus):
    from tui_pilot import settle

    from judge.library import Library
    from judge.search.index import open_searcher
    from judge.tui.app import JudgeApp

    library = Library(corpus, open_searcher(corpus))
    app = JudgeApp(library=library, scenario=str(markup_scenario), mode="board")

    async def main():
        from judge.tui.screenshot import screen_text

        async with app.run_test(size=(100, 40), notifications=True) as pilot:
            await settle(pilot)
            board = screen_text(app)
            assert "[/x]Ben" in board and "Iron [/x]Column" in board
            app.notify("[/x] [link=https://e.com]typed")
            await pilot.pause()
            from textual.widgets._toast import Toast

            shown = [str(toast.render()) for toast in app.screen.query(Toast)]
            assert shown[-1] == "[/x] [link=https://e.com]typed", shown
            app.screen._select(("zone", 1, "battlefield"))  # [/x]Ben's battlefield
            await pilot.press("a")  # the card picker, titled with the player's name
            await settle(pilot)
            assert "Add to [/x]Ben's battlefield · Enter picks" in screen_text(app)

    asyncio.run(main())


# -- item 7: arguments that are not UTF-8 ------------------------------------------------------
BAD = "bad \udcff"  # how Python receives the bytes b"bad \xff" on Linux (PEP 383)


@pytest.mark.parametrize(
    "argv,option,position",
    [
        (["ruling", "save", "-a", BAD], "--answer/-a", 4),
        # named as this command spells it (once the first command's --question, without -q)
        (["ruling", "save", "-a", "Yes.", "-q", BAD], "--question/-q", 4),
        (["ruling", "save", "-a", "Yes.", "--table", BAD], "--table", 4),
        (["ruling", "save", "-a", "Yes.", "--cite", "704.5j", BAD], "--cite/-c", 4),
        (["sheet", "704.5j", "--ruling", BAD], "--ruling", 4),
        (["card", BAD], "NAME", 4),
        (["search", "block", BAD], "QUERY", 4),
        (["show", BAD], "ID|NUMBER|RANGE", 4),
        (["ruling", "list", "--db", f"/tmp/{BAD}.sqlite3"], "--db", 9),
        (["serve", "--db", f"/tmp/{BAD}.sqlite3"], "--db", 9),
    ],
)
def test_an_argument_that_is_not_utf8_is_refused_by_name(argv, option, position, rulings_db, capsys):
    assert run(argv) == 2
    assert capsys.readouterr().err == (
        f"judge: {option}: not valid UTF-8 (the byte 0xff at position {position}); "
        "judge reads its arguments as UTF-8 text\n"
    )
    assert not rulings_db.exists()


def test_a_setting_that_is_not_utf8_is_refused_by_name(monkeypatch, capsys):
    monkeypatch.setenv("JUDGE_GAME", "nd\udcff")
    assert run(["search", "block"]) == 2
    assert capsys.readouterr().err == "judge: $JUDGE_GAME: not valid UTF-8 (the byte 0xff at position 2)\n"


def _judge(*argv: bytes, **env: str) -> subprocess.CompletedProcess:
    """The real command, as a shell runs it: bytes for arguments, a chosen locale."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "PYTHON"))}
    environment.update(env)
    return subprocess.run(
        [sys.executable, "-m", "judge", *argv], cwd=REPO, env=environment, capture_output=True, timeout=120
    )


def test_invalid_utf8_under_a_strict_utf8_locale(rulings_db):
    done = _judge(
        b"ruling", b"save", b"-a", b"bad \xff", LC_ALL="C.UTF-8", PYTHONUTF8="0", JUDGE_RULINGS_DB=str(rulings_db)
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr == (
        b"judge: --answer/-a: not valid UTF-8 (the byte 0xff at position 4); judge reads its arguments as UTF-8 text\n"
    )
    assert not rulings_db.exists()


def test_a_terminal_that_cannot_encode_the_output_gets_escapes_not_a_crash(corpus):
    done = _judge(b"show", b"704.5j", PYTHONIOENCODING="ascii")
    assert done.returncode == 0, done.stderr
    assert b"Traceback" not in done.stderr
    assert b"No Dawn CR 704.5j" in done.stdout and b"\\u203a" in done.stdout  # the breadcrumb's "›"


# -- items 11 and 13: saved rulings, stored text ------------------------------------------------
def _tamper(db: Path, **columns: str) -> None:
    """Rewrite ruling #1 as another program sharing the file could."""
    with sqlite3.connect(db) as conn:
        for column, value in columns.items():
            conn.execute(f"UPDATE rulings SET {column} = ? WHERE number = 1", (value,))


def test_escape_sequences_stored_in_a_ruling_never_reach_the_terminal(rulings_db, capsys):
    assert run(["ruling", "save", "-q", "Can it block?", "-a", "Yes.", "-c", "704.5j", "--table", "4"]) == 0
    _tamper(
        rulings_db,
        question=f"Can it{HOSTILE} block?",
        answer=f"Yes{HOSTILE}, it can.\nSee 509.1c.",
        event=f"GP{HOSTILE}",
        judge=f"Kim{HOSTILE}",
    )
    capsys.readouterr()
    assert run(["ruling", "list"]) == 0
    listing = capsys.readouterr().out
    assert "\x1b" not in listing and "\x07" not in listing and "pwned" not in listing
    assert listing.endswith("GP · table 4 · Kim  Can it block?  [nd:704.5j]\n")
    assert run(["ruling", "show", "1"]) == 0
    shown = capsys.readouterr().out
    assert "\x1b" not in shown and "pwned" not in shown
    assert "Question\nCan it block?\nRuling\nYes, it can.\nSee 509.1c.\n" in shown
    assert run(["search", "kind:ruling", "block"]) == 0
    found = capsys.readouterr().out
    assert "\x1b" not in found and "pwned" not in found and "Can it block?" in found


def test_the_markdown_export_escapes_stored_text(rulings_db, tmp_path, capsys):
    assert run(["ruling", "save", "-a", "Yes.", "-c", "704.5j"]) == 0
    _tamper(
        rulings_db,
        answer=f"Yes.{HOSTILE}\n# Not a heading\n\n<script>alert(1)</script> ![x](http://e/i.png)",
        table_no="[12](http://e)",
    )
    target = tmp_path / "export.md"
    assert run(["ruling", "export", "--format", "markdown", "-o", str(target)]) == 0
    text = target.read_text(encoding="utf-8")
    assert "\x1b" not in text and "pwned" not in text and "<script>" not in text
    assert "## Saved ruling \\#1 — table \\[12\\]\\(http\\://e\\)\n" in text
    assert (
        "**Ruling.** Yes\\.\\\n\\# Not a heading\\\n&lt;script&gt;alert\\(1\\)&lt;/script&gt; "
        "\\!\\[x\\]\\(http\\://e/i\\.png\\)\n"
    ) in text
    assert "- No Dawn CR 704\\.5j (`nd:704.5j`)" in text


@pytest.mark.parametrize("option", ["--event", "--table", "--judge"])
def test_a_line_break_in_a_one_line_field_is_refused_on_save(option, rulings_db, capsys):
    assert run(["ruling", "save", "-a", "Yes.", option, "GP\n#2 forged"]) == 2
    assert capsys.readouterr().err == (
        f"judge: {option} cannot hold a line break, tab or control character "
        "(U+000A line feed at position 2); it is listed on one line; "
        "nothing was saved\n"
    )
    assert not rulings_db.exists()


def test_an_escape_in_the_answer_is_refused_on_save(rulings_db, capsys):
    assert run(["ruling", "save", "-a", f"Yes{HOSTILE}"]) == 2
    assert capsys.readouterr().err == (
        "judge: --answer cannot hold an escape or control character (U+001B escape at position 3); nothing was saved\n"
    )
    assert run(["ruling", "save", "-q", "Two\nlines?", "-a", "Yes,\n\tand this one too."]) == 0


def test_the_store_refuses_the_same_for_every_caller(tmp_path):
    from judge.rulings.store import RulingsError, RulingStore

    with pytest.raises(
        RulingsError,
        match=r"^table cannot hold a line break, tab or control character "
        r"\(U\+000D carriage return at position 1\); it is listed on one line$",
    ):
        RulingStore(tmp_path / "r.sqlite3").save("Yes.", table="1\r2")


def test_a_line_break_stored_by_another_program_keeps_the_list_one_line_each(rulings_db, capsys):
    assert run(["ruling", "save", "-a", "First.", "--event", "GP"]) == 0
    assert run(["ruling", "save", "-a", "Second.", "--event", "GP"]) == 0
    _tamper(rulings_db, event="GP\n#9    2026-01-01 00:00  forged")
    capsys.readouterr()
    assert run(["ruling", "list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("#1 ") and "GP \u23ce #9    2026-01-01 00:00  forged  First." in lines[0]
    assert lines[1].startswith("#2 ")
