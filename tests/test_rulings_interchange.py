"""Rulings carried between events (issue 33): `judge ruling export --format jsonl|csv` with
revisions and UUIDs, `judge ruling import FILE` an idempotent merge; a malformed file or a
conflicting history is refused whole, naming the line and the ruling, with nothing written."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import sqlite3
from pathlib import Path

import pytest

from judge.cli import main
from judge.rulings.revise import revise
from judge.rulings.store import RulingStore

TZ = dt.timezone(dt.timedelta(hours=1))
WHEN = dt.datetime(2026, 11, 30, 14, 5, tzinfo=TZ)


@pytest.fixture
def events(tmp_path):
    """Two events' logs: the Regional's with an overturned ruling, the Open's with one of its own."""
    regional, harbor = tmp_path / "regional.sqlite3", tmp_path / "harbor.sqlite3"
    store = RulingStore(regional)
    store.save(
        "No: the Column dies to 704.5j.",
        question="Does the Column survive?",
        cites=["nd:704.5j"],
        event="Regional",
        table="12",
        judge="Kim",
        given_at=WHEN,
    )
    store.save('=HYPERLINK("x") is what the player wrote', event="Regional", table="3", given_at=WHEN)
    revise(
        store,
        1,
        "overturn",
        "704.5j needs lethal damage",
        judge="Ana",
        answer="Yes: it survives.",
        at=WHEN + dt.timedelta(hours=1),
    )
    RulingStore(harbor).save("A warning for slow play.", event="Harbor Open", table="4", given_at=WHEN)
    return regional, harbor


def _export(db: Path, fmt: str, target: Path) -> str:
    assert main(["ruling", "export", "--db", str(db), "--format", fmt, "-o", str(target)]) == 0
    return target.read_text(encoding="utf-8")


def _everything(db: Path) -> tuple:
    with sqlite3.connect(db) as conn:
        return tuple(
            conn.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall()
            for t in ("rulings", "ruling_citations", "ruling_revisions")
        )


def test_jsonl_export_has_every_revision_with_its_rulings_uuid(events, tmp_path, capsys):
    regional, _ = events
    lines = [json.loads(line) for line in _export(regional, "jsonl", tmp_path / "r.jsonl").splitlines()]
    first = RulingStore(regional).get(1)
    assert [(line["uuid"], line["number"], line["revision"], line["kind"]) for line in lines] == [
        (first.uuid, 1, 1, "given"),
        (first.uuid, 1, 2, "overturned"),
        (RulingStore(regional).get(2).uuid, 2, 1, "given"),
    ]
    assert lines[1] == {
        "uuid": first.uuid,
        "number": 1,
        "revision": 2,
        "kind": "overturned",
        "event": "Regional",
        "table": "12",
        "question": "Does the Column survive?",
        "answer": "Yes: it survives.",
        "cites": ["nd:704.5j"],
        "judge": "Ana",
        "at": "2026-11-30T15:05:00+01:00",
        "reason": "704.5j needs lethal damage",
    }
    assert "2 rulings written to" in capsys.readouterr().err  # two rulings, three revisions


def test_csv_export_is_one_row_a_revision_and_never_a_formula(events, tmp_path):
    regional, _ = events
    rows = list(csv.DictReader(io.StringIO(_export(regional, "csv", tmp_path / "r.csv"))))
    assert [(r["number"], r["revision"], r["kind"], r["cites"]) for r in rows] == [
        ("1", "1", "given", "nd:704.5j"),
        ("1", "2", "overturned", "nd:704.5j"),
        ("2", "1", "given", ""),
    ]
    assert rows[2]["answer"] == '\'=HYPERLINK("x") is what the player wrote'


def test_import_merges_another_events_log_and_the_same_file_twice_adds_nothing(events, tmp_path, capsys):
    regional, harbor = events
    carried = tmp_path / "regional.jsonl"
    _export(regional, "jsonl", carried)
    capsys.readouterr()
    assert main(["ruling", "import", str(carried), "--db", str(harbor)]) == 0
    assert capsys.readouterr().out == (
        f"Imported 2 new rulings and 3 new revisions in all from {carried} into "
        f"{harbor} (3 revisions read, 0 already in the log)\n"
    )
    merged = RulingStore(harbor).all()
    assert [(r.number, r.event, r.status, r.answer) for r in merged] == [
        (1, "Harbor Open", "given", "A warning for slow play."),
        (2, "Regional", "overturned", "Yes: it survives."),
        (3, "Regional", "given", '=HYPERLINK("x") is what the player wrote'),
    ]
    original = RulingStore(regional).get(1)
    assert merged[1].uuid == original.uuid and merged[1].revisions == original.revisions
    before = _everything(harbor)
    assert main(["ruling", "import", str(carried), "--db", str(harbor)]) == 0
    assert "Imported 0 new rulings and 0 new revisions in all" in capsys.readouterr().out
    assert _everything(harbor) == before


def test_a_newer_revision_of_a_known_ruling_is_added_as_a_revision(events, tmp_path, capsys):
    regional, harbor = events
    first = tmp_path / "first.jsonl"
    _export(regional, "jsonl", first)
    assert main(["ruling", "import", str(first), "--db", str(harbor)]) == 0
    revise(RulingStore(regional), 1, "amend", "clearer wording", answer="Yes: the Column survives.")
    later = tmp_path / "later.jsonl"
    _export(regional, "jsonl", later)
    capsys.readouterr()
    assert main(["ruling", "import", str(later), "--db", str(harbor)]) == 0
    assert "Imported 0 new rulings and 1 new revisions in all" in capsys.readouterr().out
    assert RulingStore(harbor).get(2).revisions == RulingStore(regional).get(1).revisions


def test_a_conflicting_revision_history_is_refused_naming_the_ruling_and_line(events, tmp_path, capsys):
    regional, harbor = events
    carried = tmp_path / "r.jsonl"
    _export(regional, "jsonl", carried)
    assert main(["ruling", "import", str(carried), "--db", str(harbor)]) == 0
    lines = carried.read_text().splitlines()
    changed = json.loads(lines[1]) | {"answer": "No: it dies after all."}
    forked = tmp_path / "forked.jsonl"
    forked.write_text("\n".join([lines[0], json.dumps(changed), lines[2]]) + "\n")
    before = _everything(harbor)
    capsys.readouterr()
    assert main(["ruling", "import", str(forked), "--db", str(harbor)]) == 2
    uuid = changed["uuid"]
    assert capsys.readouterr().err == (
        f"judge: {forked} line 2: ruling {uuid}: its revision 2 differs from the one "
        "this log holds (ruling #2 here); the histories conflict, nothing was imported\n"
    )
    assert _everything(harbor) == before
    twice = tmp_path / "twice.jsonl"  # two different revision 2s in one file
    twice.write_text("\n".join([lines[0], lines[1], json.dumps(changed)]) + "\n")
    assert main(["ruling", "import", str(twice), "--db", str(tmp_path / "new.sqlite3")]) == 2
    assert capsys.readouterr().err == (
        f"judge: {twice} line 3: ruling {uuid} has two different revision 2s (lines 2 and 3); nothing was imported\n"
    )
    assert not (tmp_path / "new.sqlite3").exists()


GOOD = {
    "uuid": "0b5c7c1e-4a3e-4d7b-9c2f-5d9e8f7a6b5c",
    "number": 1,
    "revision": 1,
    "kind": "given",
    "event": "E",
    "table": "1",
    "question": "",
    "answer": "Yes.",
    "cites": ["nd:704.5j"],
    "judge": "",
    "at": "2026-11-30T14:05:00+01:00",
    "reason": "",
}


@pytest.mark.parametrize(
    "line, said",
    [
        ("{not json", "line 2: not JSON"),
        ("[1, 2]", "line 2: a JSON list, not an object holding one revision"),
        (json.dumps({k: v for k, v in GOOD.items() if k != "at"}), "line 2: no at"),
        (json.dumps(GOOD | {"extra": 1}), "line 2: no field may be called 'extra'"),
        (json.dumps(GOOD | {"uuid": "not-a-uuid"}), "line 2: uuid 'not-a-uuid' is not a UUID as judge writes one"),
        (
            json.dumps(GOOD | {"revision": 0}),
            "line 2: ruling 0b5c7c1e-4a3e-4d7b-9c2f-5d9e8f7a6b5c: revision 0 is not a whole number",
        ),
        (json.dumps(GOOD | {"revision": True}), "revision True is not a whole number"),
        (json.dumps(GOOD | {"kind": "amended"}), "revision 1's kind is 'amended', not 'given'"),
        (
            json.dumps(GOOD | {"revision": 2, "reason": "x", "kind": "edited"}),
            "revision 2's kind is 'edited', not amended or overturned or withdrawn",
        ),
        (json.dumps(GOOD | {"revision": 2, "kind": "amended"}), "revision 2 has no reason"),
        (json.dumps(GOOD | {"answer": " "}), "revision 1 has an empty answer"),
        (json.dumps(GOOD | {"table": "1\n2"}), "table cannot hold a line break"),
        (json.dumps(GOOD | {"answer": "\x1b[2J"}), "answer cannot hold an escape or control character"),
        (json.dumps(GOOD | {"at": "yesterday"}), "at 'yesterday' is not an ISO 8601 time"),
        (json.dumps(GOOD | {"cites": "nd:704.5j"}), "cites is not a list of entry ids"),
        (json.dumps(GOOD | {"event": "Other"}), "is at event/table 'Other'/'1' here but 'E'/'1' on line 1"),
        (json.dumps(GOOD | {"revision": 3, "kind": "amended", "reason": "x"}), "revision 3 follows no revision 2"),
    ],
)
def test_a_malformed_file_is_refused_whole_naming_the_line(tmp_path, capsys, line, said):
    db = tmp_path / "log.sqlite3"
    RulingStore(db).save("kept", given_at=WHEN)
    before = _everything(db)
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(GOOD) + "\n" + line + "\n")
    assert main(["ruling", "import", str(bad), "--db", str(db)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"judge: {bad} line ") and said in err and err.rstrip().endswith("nothing was imported")
    assert _everything(db) == before


@pytest.mark.parametrize(
    "content, said",
    [
        (b"", "holds no rulings"),
        (b"\xff\xfe{}\n", "line 1: not UTF-8 text (byte 1)"),
    ],
)
def test_an_empty_or_undecodable_file_is_refused(tmp_path, capsys, content, said):
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(content)
    assert main(["ruling", "import", str(bad), "--db", str(tmp_path / "log.sqlite3")]) == 2
    assert said in capsys.readouterr().err
    assert not (tmp_path / "log.sqlite3").exists()


def test_the_log_itself_is_neither_imported_nor_exported_over(events, capsys):
    regional, _ = events
    before = _everything(regional)
    assert main(["ruling", "import", str(regional), "--db", str(regional)]) == 2
    assert main(["ruling", "export", "--format", "jsonl", "-o", str(regional), "--db", str(regional)]) == 2
    assert capsys.readouterr().err.count("is the rulings log itself; nothing was done") == 2
    assert _everything(regional) == before


def test_a_folder_or_missing_file_is_refused(tmp_path, capsys):
    assert main(["ruling", "import", str(tmp_path), "--db", str(tmp_path / "l.sqlite3")]) == 2
    assert main(["ruling", "import", str(tmp_path / "none.jsonl"), "--db", str(tmp_path / "l.sqlite3")]) == 2
    err = capsys.readouterr().err
    assert f"{tmp_path} is not a regular file" in err and f"no file {tmp_path / 'none.jsonl'}" in err
