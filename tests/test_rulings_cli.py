"""`judge ruling save|list|show|export` end to end (in-process)."""

from __future__ import annotations

import sqlite3

import pytest
import yaml

from judge.cli import main
from judge.rulings import store as store_module


@pytest.fixture
def db(tmp_path, monkeypatch):
    path = tmp_path / "team" / "rulings.sqlite3"
    monkeypatch.setenv("JUDGE_RULINGS_DB", str(path))
    return path


def _save(*extra: str) -> int:
    return main(
        [
            "ruling",
            "save",
            "--question",
            "Does the Column survive?",
            "--answer",
            "No: 704.5j destroys it.",
            "--cite",
            "704.5j",
            "nd:120.4",
            "--event",
            "Regional",
            "--table",
            "12",
            "--judge",
            "Kim",
            *extra,
        ]
    )


def test_save_list_show(db, capsys):
    assert _save() == 0
    assert capsys.readouterr().out == f"Saved ruling #1 ({db})\n"
    assert main(["ruling", "save", "-a", "A warning for slow play.", "--table", "4"]) == 0
    capsys.readouterr()
    assert main(["ruling", "list"]) == 0
    listing = capsys.readouterr().out
    assert "Does the Column survive?" in listing and "A warning for slow play." in listing
    assert main(["ruling", "list", "--table", "4"]) == 0
    listing = capsys.readouterr().out
    assert "A warning" in listing and "Column" not in listing
    assert main(["ruling", "show", "saved:1"]) == 0
    shown = capsys.readouterr().out
    assert "Saved ruling #1 — table 12, event Regional" in shown
    assert "nd:704.5j  No Dawn CR 704.5j" in shown and "nd:120.4  No Dawn CR 120.4" in shown


def test_numbers_are_stored_as_canonical_ids(db, capsys):
    _save()
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT entry_id FROM ruling_citations ORDER BY position").fetchall() == [
            ("nd:704.5j",),
            ("nd:120.4",),
        ]


def test_a_cited_range_cites_each_of_its_rules(db, capsys):
    assert main(["ruling", "save", "-a", "Both may be set.", "-c", "116.2b–c", "116.2c"]) == 0
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT entry_id FROM ruling_citations ORDER BY position").fetchall() == [
            ("nd:116.2b",),
            ("nd:116.2c",),
        ]


def test_an_unknown_cite_saves_nothing(db, capsys):
    rc = main(["ruling", "save", "-a", "Yes.", "--cite", "704.5l"])
    assert rc == 2
    assert "no entry '704.5l' (nearest: nd:704.5k, nd:704.5m); nothing was saved" in capsys.readouterr().err
    assert not db.exists()


def test_db_option_beats_the_environment(db, tmp_path, capsys):
    other = tmp_path / "mine.sqlite3"
    assert _save("--db", str(other)) == 0
    assert other.exists() and not db.exists()
    assert main(["ruling", "show", "1", "--db", str(other)]) == 0


def test_empty_list_and_missing_ruling(db, capsys):
    assert main(["ruling", "list"]) == 1  # nothing found
    assert f"No saved rulings in {db}." in capsys.readouterr().out
    assert main(["ruling", "show", "3"]) == 1
    assert f"no saved ruling #3 in {db}" in capsys.readouterr().err
    assert main(["ruling", "show", "three"]) == 2
    assert not db.exists()


def test_export_yaml_round_trips(db, capsys):
    _save()
    capsys.readouterr()
    assert main(["ruling", "export"]) == 0
    data = yaml.safe_load(capsys.readouterr().out)
    (ruling,) = data["rulings"]
    assert ruling["number"] == 1 and ruling["cites"] == ["nd:704.5j", "nd:120.4"]
    assert ruling["question"] == "Does the Column survive?" and ruling["answer"] == "No: 704.5j destroys it."
    assert (ruling["event"], ruling["table"], ruling["judge"]) == ("Regional", "12", "Kim")


def test_export_markdown_to_a_file(db, tmp_path, capsys):
    _save()
    target = tmp_path / "report.md"
    assert main(["ruling", "export", "--format", "markdown", "-o", str(target)]) == 0
    assert "1 rulings written to" in capsys.readouterr().err
    text = target.read_text(encoding="utf-8")
    assert "## Saved ruling \\#1 — table 12, event Regional" in text
    assert "**Question.** Does the Column survive?" in text
    assert "- No Dawn CR 704\\.5j (`nd:704.5j`)" in text


def test_damaged_database_is_reported_and_untouched(db, capsys):
    db.parent.mkdir(parents=True)
    db.write_bytes(b"PK\x03\x04 a zip file, not rulings" * 50)
    before = db.read_bytes()
    for argv in (["ruling", "list"], ["ruling", "show", "1"], ["ruling", "export"]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert "is not a rulings database" in err and "Traceback" not in err
    assert _save() == 2
    assert "it was left untouched" in capsys.readouterr().err
    assert db.read_bytes() == before


def test_locked_database_is_reported(db, capsys, monkeypatch):
    _save()
    monkeypatch.setattr(store_module, "LOCK_TIMEOUT", 0.1)
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        assert _save() == 2
        assert "is locked by another program (waited 0.1 s); try again; nothing was saved" in capsys.readouterr().err
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert main(["ruling", "list"]) == 0


def test_ruling_without_action_shows_help(db, capsys):
    assert main(["ruling"]) == 2
    assert "save" in capsys.readouterr().out


def test_a_ruling_citing_nothing_is_searched_with_no_game_likelihood(db, capsys):
    """A saved ruling with no citation belongs to no game: a search that inferred a game from
    the question's words lists it with game_likelihood null (it raised KeyError: '')."""
    import json

    assert (
        main(["ruling", "save", "-q", "Can a drained entity block?", "-a", "No: a drained Entity cannot block."]) == 0
    )
    capsys.readouterr()
    assert main(["search", "--json", "a drained Entity cannot block"]) == 0
    results = json.loads(capsys.readouterr().out)
    saved = next(r for r in results if r["id"] == "saved:1")
    assert (saved["game"], saved["game_likelihood"], saved["inferred_game"]) == ("", None, "nodawn")
    assert all(r["game_likelihood"] is not None for r in results if r["game"])


@pytest.mark.parametrize(
    "number, said",
    [
        ("9" * 5000, "judge: ruling numbers have at most 18 digits; 5,000 were given\n"),
        ("9" * 19, "judge: ruling numbers have at most 18 digits; 19 were given\n"),
        ("x\x1b[31m", "judge: 'x\\x1b[31m' is not a ruling number (3, #3 or saved:3)\n"),
    ],
)
def test_a_number_past_any_ruling_is_refused_saying_why(db, capsys, number, said):
    assert _save() == 0
    capsys.readouterr()
    assert main(["ruling", "show", number]) == 2
    assert capsys.readouterr().err == said


def test_a_fifo_as_the_log_is_refused_at_once(tmp_path, monkeypatch, capsys):
    import os

    fifo = tmp_path / "rulings.sqlite3"
    os.mkfifo(fifo)
    monkeypatch.setenv("JUDGE_RULINGS_DB", str(fifo))
    for argv in (
        ["ruling", "list"],
        ["ruling", "show", "1"],
        ["ruling", "export"],
        ["ruling", "save", "-a", "x"],
        ["sheet", "--saved", "1"],
    ):
        assert main(argv) == 2, argv
        assert "is a FIFO (named pipe), not a rulings database" in capsys.readouterr().err
