"""Rows another program wrote into a shared rulings database (issue 20 item 8): an empty answer,
binary data, NULLs, numbers where text belongs, a damaged file. Never a traceback: bad rows are
skipped with the reason said, a damaged file is reported by path, never silently left out."""

from __future__ import annotations

import sqlite3

import pytest

from judge import notices
from judge.cli import main
from judge.rulings.searchable import saved_ruling_entries
from judge.rulings.store import RulingsError, RulingStore


@pytest.fixture
def db(tmp_path, monkeypatch):
    path = tmp_path / "team" / "rulings.sqlite3"
    monkeypatch.setenv("JUDGE_RULINGS_DB", str(path))
    monkeypatch.setenv("JUDGE_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr(notices, "_said", set())
    RulingStore(path).save(
        "Yes, for a damage counter.", question="Can a drained Entity block?", cites=["nd:509.1c"], table="12"
    )
    return path


def _insert(db, answer, question="from another program", table_no="3", cite=None):
    with sqlite3.connect(db) as conn:
        number = conn.execute(
            "INSERT INTO rulings (question, answer, event, table_no, judge, given_at) "
            "VALUES (?, ?, '', ?, '', '2026-11-30T10:00:00+00:00')",
            (question, answer, table_no),
        ).lastrowid
        if cite is not None:
            conn.execute("INSERT INTO ruling_citations (ruling, position, entry_id) VALUES (?, 0, ?)", (number, cite))
    return number


def test_an_empty_answer_no_longer_breaks_every_word_search(db, session_searcher, capsys):
    """It made every word search raise IndexError."""
    _insert(db, "")
    result = session_searcher.search("drained entity block")
    assert "saved:1" in [h.id for h in result.hits]
    assert capsys.readouterr().err == f"judge: saved ruling #2 in {db} is skipped: its answer is empty\n"
    session_searcher.search("drained entity block")
    assert capsys.readouterr().err == ""  # said once


def test_a_blob_answer_is_skipped_in_the_list_and_refused_by_show_and_sheet(db, session_context, capsys):
    """It crashed `ruling show` and `sheet --saved`."""
    number = _insert(db, b"\x00\x01binary")
    reason = f"saved ruling #{number} in {db} is skipped: its answer is binary data (bytes), not text"
    assert main(["ruling", "list"]) == 0
    captured = capsys.readouterr()
    assert "Can a drained Entity block?" in captured.out and "#2" not in captured.out
    assert captured.err == f"judge: {reason}\n"
    assert main(["ruling", "show", str(number)]) == 2
    assert capsys.readouterr().err == f"judge: {reason}\n"
    assert main(["sheet", "--saved", str(number)]) == 2
    assert capsys.readouterr().err == f"judge: {reason}\n"
    assert main(["ruling", "show", "1"]) == 0  # the good row still reads


def test_a_blob_citation_is_skipped_with_its_reason(db):
    number = _insert(db, "An answer.", cite=b"\xff")
    store = RulingStore(db)
    assert [r.number for r in store.all()] == [1]
    assert store.skipped == [f"saved ruling #{number} in {db} is skipped: a citation is bytes, not an entry id"]


def test_numbers_where_text_belongs_are_read_as_text(db):
    with sqlite3.connect(db) as conn:
        conn.execute(
            "INSERT INTO rulings (question, answer, event, table_no, judge, given_at) "
            "VALUES (7, 42, '', 12.5, '', 'not a time')"
        )
    rulings = RulingStore(db).all()
    assert [(r.question, r.answer, r.table) for r in rulings][1] == ("7", "42", "12.5")
    entry = saved_ruling_entries(db)[1]
    assert entry.tags == ["saved:undated"]


def test_nulls_in_another_programs_table_read_as_empty(tmp_path):
    """A database made by another program, with the same tables but no NOT NULL constraints."""
    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.executescript("""
            CREATE TABLE schema_version (version INTEGER NOT NULL);
            INSERT INTO schema_version VALUES (1);
            CREATE TABLE rulings (number INTEGER PRIMARY KEY, question, answer, event, table_no, judge, given_at);
            CREATE TABLE ruling_citations (ruling INTEGER, position INTEGER, entry_id);
            INSERT INTO rulings VALUES (1, NULL, 'It dies.', NULL, NULL, NULL, NULL);
            INSERT INTO rulings VALUES (2, 'Who wins?', NULL, NULL, NULL, NULL, NULL);
            INSERT INTO rulings VALUES (3, NULL, 42, NULL, 12, NULL, NULL);  -- no affinity: numbers stay numbers
        """)
    store = RulingStore(path)
    rulings = store.all()
    assert [(r.number, r.question, r.answer, r.table, r.given_at) for r in rulings] == [
        (1, "", "It dies.", "", ""),
        (3, "", "42", "12", ""),
    ]
    assert store.skipped == [f"saved ruling #2 in {path} is skipped: its answer is empty"]
    assert [e.title for e in saved_ruling_entries(path)] == ["It dies.", "42"]


def test_a_damaged_database_is_reported_not_silently_left_out_of_search(db, session_searcher, capsys):
    data = bytearray(db.read_bytes())
    data[100:] = b"\xa5" * (len(data) - 100)  # the header kept, every page after it destroyed
    db.write_bytes(bytes(data))
    session_searcher.search("drained entity block")
    err = capsys.readouterr().err
    assert err.startswith(f"judge: saved rulings are left out of this search: the rulings database {db} is damaged")
    with pytest.raises(RulingsError):
        RulingStore(db).all()
