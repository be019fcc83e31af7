"""Rulings corrected with history (issue 33): amend, overturn and withdraw append revisions; the
ruling reads as it now stands, marked; refusals name the ruling and write nothing; a file of the
previous schema is upgraded in place with nothing lost, and every ruling gets a UUID."""

from __future__ import annotations

import datetime as dt
import sqlite3
import uuid
from pathlib import Path

import pytest

from judge.rulings.revise import revise
from judge.rulings.revisions import KINDS
from judge.rulings.searchable import saved_ruling_entries
from judge.rulings.store import RulingsError, RulingStore

HERE = Path(__file__).parent
TZ = dt.timezone(dt.timedelta(hours=1))
WHEN = dt.datetime(2026, 11, 30, 14, 5, tzinfo=TZ)
LATER = dt.datetime(2026, 11, 30, 16, 0, tzinfo=TZ)


@pytest.fixture
def db(tmp_path) -> Path:
    return tmp_path / "rulings.sqlite3"


def _given(db: Path):
    return RulingStore(db).save(
        "No: the Column dies to 704.5j.",
        question="Does the Column survive?",
        cites=["nd:704.5j"],
        event="Regional",
        table="12",
        judge="Kim",
        given_at=WHEN,
    )


def _file_bytes_and_rows(db: Path) -> tuple:
    with sqlite3.connect(db) as conn:
        return (
            conn.execute("SELECT * FROM rulings").fetchall(),
            conn.execute("SELECT * FROM ruling_revisions").fetchall(),
        )


def test_an_amendment_is_a_new_revision_and_the_first_is_kept(db):
    first = _given(db)
    amended = revise(
        RulingStore(db),
        1,
        "amend",
        "typo: the rule is 704.5k",
        judge="Kim",
        answer="No: the Column dies to 704.5k.",
        cites=["nd:704.5k"],
        at=LATER,
    )
    assert (amended.answer, amended.cites, amended.question) == (
        "No: the Column dies to 704.5k.",
        ("nd:704.5k",),
        "Does the Column survive?",
    )
    assert amended.status == "amended" and amended.mark == "amended"
    assert amended.citation == "Saved ruling #1 (amended) — table 12, event Regional"
    assert amended.standing_note == "Amended 2026-11-30T16:00:00+01:00 by Kim: typo: the rule is 704.5k"
    assert [r.summary() for r in amended.revisions] == [
        "revision 1, given 2026-11-30T14:05:00+01:00 by Kim",
        "revision 2, amended 2026-11-30T16:00:00+01:00 by Kim: typo: the rule is 704.5k",
    ]
    assert amended.revisions[0] == first.revisions[0]
    assert amended.uuid == first.uuid and uuid.UUID(amended.uuid).version == 4
    assert RulingStore(db).get(1) == amended
    with sqlite3.connect(db) as conn:  # the ruling as first given is never written over
        assert conn.execute("SELECT answer FROM rulings").fetchall() == [("No: the Column dies to 704.5j.",)]


def test_an_overturn_names_who_decided_and_the_ruling_reads_as_it_stands_everywhere(db):
    _given(db)
    RulingStore(db).save("A warning for slow play.", table="4", given_at=WHEN)
    overturned = revise(
        RulingStore(db),
        1,
        "overturn",
        "704.5j needs lethal damage",
        judge="Head judge Ana",
        answer="Yes: the Column survives.",
        at=LATER,
    )
    assert overturned.status == "overturned"
    assert overturned.citation == "Saved ruling #1 (overturned on appeal) — table 12, event Regional"
    assert overturned.answer_as_it_stands() == (
        "[Overturned on appeal 2026-11-30T16:00:00+01:00 by Head judge Ana: 704.5j needs lethal damage]\n\n"
        "Yes: the Column survives."
    )
    assert [r.number for r in RulingStore(db).search("survives")] == [1]
    assert [r.number for r in RulingStore(db).search("lethal")] == [1]  # its history is found too
    entry = next(e for e in saved_ruling_entries(db) if e.id == "saved:1")
    assert entry.citation == "Saved ruling #1 (overturned on appeal) — table 12, event Regional"
    assert "Yes: the Column survives." in entry.text and "dies" not in entry.text


def test_a_withdrawn_ruling_is_marked_and_takes_no_further_revision(db):
    _given(db)
    withdrawn = revise(RulingStore(db), 1, "withdraw", "entered at the wrong table", at=LATER)
    assert withdrawn.status == "withdrawn" and withdrawn.answer == "No: the Column dies to 704.5j."
    assert withdrawn.citation.startswith("Saved ruling #1 (WITHDRAWN)")
    before = _file_bytes_and_rows(db)
    with pytest.raises(RulingsError, match=r"ruling #1 was withdrawn .*nothing was written"):
        revise(RulingStore(db), 1, "amend", "again", answer="other")
    assert _file_bytes_and_rows(db) == before


@pytest.mark.parametrize("command", sorted(KINDS))
def test_a_revision_of_a_ruling_that_does_not_exist_is_refused_naming_it(db, command):
    _given(db)
    before = _file_bytes_and_rows(db)
    with pytest.raises(RulingsError, match=rf"^there is no saved ruling #7 to {command} .*nothing was written$"):
        revise(RulingStore(db), 7, command, "a reason", judge="Ana", answer="new")
    assert _file_bytes_and_rows(db) == before


@pytest.mark.parametrize("command", sorted(KINDS))
def test_a_revision_without_a_reason_is_refused_naming_the_ruling(db, command):
    _given(db)
    before = _file_bytes_and_rows(db)
    with pytest.raises(RulingsError, match=rf"^to {command} ruling #1 needs a reason \(--reason\)"):
        revise(RulingStore(db), 1, command, "  ", judge="Ana", answer=None if command == "withdraw" else "new")
    assert _file_bytes_and_rows(db) == before


def test_refusals_read_from_the_kinds_table(db):
    _given(db)
    with pytest.raises(RulingsError, match=r"to overturn ruling #1 needs who decided \(--judge\)"):
        revise(RulingStore(db), 1, "overturn", "appeal", answer="Yes.")
    with pytest.raises(RulingsError, match=r"to overturn ruling #1 needs the new ruling \(--answer\)"):
        revise(RulingStore(db), 1, "overturn", "appeal", judge="Ana")
    with pytest.raises(RulingsError, match=r"to amend ruling #1 needs new text or citations"):
        revise(RulingStore(db), 1, "amend", "nothing changes", answer="No: the Column dies to 704.5j.")
    with pytest.raises(RulingsError, match=r"to withdraw ruling #1 takes a reason only"):
        revise(RulingStore(db), 1, "withdraw", "error", answer="new")
    with pytest.raises(RulingsError, match=r"ruling #1 was not revised: the reason cannot hold an escape"):
        revise(RulingStore(db), 1, "amend", "bad \x1b[31m", answer="new")
    assert RulingStore(db).get(1).status == "given"


def test_a_revision_on_a_missing_log_creates_nothing(db):
    with pytest.raises(RulingsError, match=r"no saved ruling #1 to amend .*no log yet"):
        revise(RulingStore(db), 1, "amend", "why", answer="x")
    assert not db.exists()


def _old_file(db: Path) -> None:
    """A log written by judge before issue 33 (schema 1), from its dump."""
    with sqlite3.connect(db) as conn:
        conn.executescript((HERE / "data" / "rulings_schema_1.sql").read_text(encoding="utf-8"))


def test_a_file_of_the_previous_schema_is_upgraded_in_place_and_nothing_is_lost(db):
    _old_file(db)
    with sqlite3.connect(db) as conn:
        before = conn.execute(
            "SELECT number, question, answer, event, table_no, judge, given_at FROM rulings"
        ).fetchall()
    rulings = RulingStore(db).all()  # reading upgrades it
    assert [(r.number, r.question, r.answer, r.event, r.table, r.judge, r.given_at) for r in rulings] == before
    assert [r.cites for r in rulings] == [("nd:704.5j", "nd:120.4"), (), ("nd:509.1c",)]
    assert all(r.status == "given" and len(r.revisions) == 1 for r in rulings)
    identities = [r.uuid for r in rulings]
    assert len(set(identities)) == 3 and all(uuid.UUID(i).version == 4 for i in identities)
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT version FROM schema_version").fetchall() == [(2,)]
    assert [r.uuid for r in RulingStore(db).all()] == identities  # given once, kept
    assert RulingStore(db).save("after the upgrade").number == 4
    assert (
        revise(RulingStore(db), 3, "amend", "clearer", answer="Yes: it blocks.").revisions[0].answer
        == "Yes, for a damage counter."
    )


# -- the CLI: judge ruling amend|overturn|withdraw, list, show, sheet --saved -------------------
@pytest.fixture
def cli_db(tmp_path, monkeypatch):
    path = tmp_path / "team" / "rulings.sqlite3"
    monkeypatch.setenv("JUDGE_RULINGS_DB", str(path))
    return path


def test_an_appeal_recorded_in_the_cli_is_seen_in_list_show_and_sheet(cli_db, capsys):
    from judge.cli import main

    _given(cli_db)
    assert (
        main(
            [
                "ruling",
                "overturn",
                "1",
                "--reason",
                "704.5j needs lethal damage",
                "--judge",
                "Ana",
                "--answer",
                "Yes: the Column survives.",
                "--cite",
                "704.5j",
                "120.4",
            ]
        )
        == 0
    )
    assert capsys.readouterr().out == (
        f"Ruling #1 overturned on appeal: revision 2 ({cli_db}); its history: judge ruling show 1 --history\n"
    )
    assert main(["ruling", "list"]) == 0
    assert capsys.readouterr().out == (
        "#1    2026-11-30 14:05  Regional · table 12 · Kim  [overturned on appeal] "
        "Does the Column survive?  [nd:704.5j, nd:120.4]\n"
    )
    assert main(["ruling", "show", "1"]) == 0
    shown = " ".join(capsys.readouterr().out.split())  # as read, whatever rich's wrapping
    assert "Saved ruling #1 (overturned on appeal) — table 12, event Regional" in shown
    assert "by Ana: 704.5j needs lethal damage" in shown and "Yes: the Column survives." in shown
    assert "dies to 704.5j" not in shown and "Its 2 revisions: judge ruling show 1 --history" in shown
    assert main(["ruling", "show", "1", "--history"]) == 0
    history = " ".join(capsys.readouterr().out.split())
    assert (
        history.index("revision 1, given 2026-11-30T14:05:00+01:00 by Kim")
        < history.index("Ruling: No: the Column dies to 704.5j.")
        < history.index("revision 2, overturned")
        < history.index("Ruling: Yes: the Column survives.")
    )
    assert main(["sheet", "--saved", "1", "--format", "text"]) == 0
    sheet = " ".join(capsys.readouterr().out.split())
    assert "[Overturned on appeal" in sheet and "Yes: the Column survives." in sheet


@pytest.mark.parametrize(
    "argv, said",
    [
        (["ruling", "amend", "5", "-r", "typo", "-a", "x"], "there is no saved ruling #5 to amend"),
        (["ruling", "withdraw", "5", "-r", "error"], "there is no saved ruling #5 to withdraw"),
        (["ruling", "overturn", "1", "-r", " ", "--judge", "Ana", "-a", "x"], "to overturn ruling #1 needs a reason"),
        (["ruling", "overturn", "1", "-r", "appeal", "-a", "x"], "to overturn ruling #1 needs who decided"),
        (["ruling", "amend", "1", "-r", "typo", "-c", "999.9z"], "ruling #1 was not revised; nothing was written"),
    ],
)
def test_a_refused_revision_exits_2_naming_the_ruling_and_writes_nothing(cli_db, capsys, argv, said):
    from judge.cli import main

    _given(cli_db)
    before = _file_bytes_and_rows(cli_db)
    assert main(argv) == 2
    assert said in capsys.readouterr().err
    assert _file_bytes_and_rows(cli_db) == before


def test_an_overturned_ruling_amended_later_is_still_marked_overturned(db):
    _given(db)
    store = RulingStore(db)
    assert revise(store, 1, "amend", "typo", answer="No: it dies to 704.5j.").mark == "amended"
    assert (
        revise(store, 1, "overturn", "appeal", judge="Ana", answer="Yes: it survives.").mark == "overturned on appeal"
    )
    amended = revise(store, 1, "amend", "typo", answer="Yes: the Column survives.")
    assert amended.mark == "overturned on appeal, amended" and amended.status == "amended"
    assert amended.citation == "Saved ruling #1 (overturned on appeal, amended) — table 12, event Regional"
    assert revise(store, 1, "withdraw", "wrong table").mark == "WITHDRAWN"


def test_a_row_another_program_added_without_a_uuid_gets_one_at_the_next_write(db):
    _given(db)
    with sqlite3.connect(db) as conn:
        conn.execute("INSERT INTO rulings (answer, given_at) VALUES ('foreign', '2026-11-30T15:00:00+01:00')")
    assert RulingStore(db).get(2).uuid == ""
    RulingStore(db).save("next")
    assert uuid.UUID(RulingStore(db).get(2).uuid).version == 4


def test_search_finds_a_revised_ruling_as_it_now_stands_marked(cli_db, capsys, session_context):
    import json

    from judge.cli import main

    _given(cli_db)
    revise(
        RulingStore(cli_db),
        1,
        "overturn",
        "704.5j needs lethal damage",
        judge="Ana",
        answer="Yes: the Column survives a single damage counter.",
    )
    assert main(["search", "--json", "kind:ruling", "Column survives damage counter"]) == 0
    saved = next(r for r in json.loads(capsys.readouterr().out) if r["id"] == "saved:1")
    assert saved["citation"] == "Saved ruling #1 (overturned on appeal) — table 12, event Regional"
    assert saved["text"] == "Does the Column survive?\n\nYes: the Column survives a single damage counter."
    assert main(["search", "kind:ruling", "Column survives damage counter"]) == 0
    assert "Saved ruling #1 (overturned on appeal)" in " ".join(capsys.readouterr().out.split())


def test_a_previous_schema_log_that_cannot_be_written_is_read_as_it_is(db, monkeypatch):
    """A log handed over read-only (root writes anywhere, so the refusal is what SQLite says)."""
    from judge.rulings import store as store_module

    _old_file(db)
    store = RulingStore(db)

    def read_only(read_only):
        if not read_only:
            raise sqlite3.OperationalError("attempt to write a readonly database")
        return real(read_only)

    real = store._connect
    monkeypatch.setattr(store, "_connect", read_only)
    assert [(r.number, r.answer, r.uuid, r.status) for r in store.all()] == [
        (1, "No: the Column dies to 704.5j.", "", "given"),
        (2, "A warning for slow play.", "", "given"),
        (3, "Yes, for a damage counter.", "", "given"),
    ]
    assert [r.number for r in store.search("damage")] == [3] and store.get(2).table == "4"
    with pytest.raises(store_module.NotWritable):
        store.save("x")
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT version FROM schema_version").fetchall() == [(1,)]  # untouched
