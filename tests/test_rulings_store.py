"""The saved-rulings store: round trips, migrations, concurrent saves, damaged and locked files."""

from __future__ import annotations

import datetime as dt
import sqlite3
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from judge.rulings import store as store_module
from judge.rulings.revise import revise
from judge.rulings.searchable import saved_ruling_entries
from judge.rulings.store import RulingsError, RulingStore

WHEN = dt.datetime(2026, 11, 30, 14, 5, tzinfo=dt.timezone(dt.timedelta(hours=1)))


@pytest.fixture
def db(tmp_path) -> Path:
    return tmp_path / "shared" / "rulings.sqlite3"


def test_a_ruling_round_trips(db):
    store = RulingStore(db)
    saved = store.save(
        "No: the Column dies to 704.5j.",
        question="Does the Column survive?",
        cites=["nd:704.5j", "nd:120.4"],
        event="Regional",
        table="12",
        judge="Kim",
        given_at=WHEN,
    )
    assert saved.number == 1
    again = RulingStore(db).get(1)
    assert again == saved
    assert again.cites == ("nd:704.5j", "nd:120.4")
    assert again.given_at == "2026-11-30T14:05:00+01:00"
    assert again.date == dt.date(2026, 11, 30)
    assert again.citation == "Saved ruling #1 — table 12, event Regional"
    assert RulingStore(db).all() == [saved]
    assert RulingStore(db).get(2) is None


def test_numbers_follow_each_other_and_citations_keep_their_order(db):
    store = RulingStore(db)
    for n in range(1, 4):
        store.save(f"answer {n}", cites=[f"nd:70{n}.1", "nd:100.1"])
    rulings = store.all()
    assert [r.number for r in rulings] == [1, 2, 3]
    assert [r.cites for r in rulings] == [("nd:701.1", "nd:100.1"), ("nd:702.1", "nd:100.1"), ("nd:703.1", "nd:100.1")]


def test_an_empty_answer_is_refused_and_nothing_is_created(db):
    with pytest.raises(RulingsError, match="needs an answer"):
        RulingStore(db).save("   ")
    assert not db.exists()


def test_a_missing_database_reads_as_empty_and_is_not_created(db):
    assert RulingStore(db).all() == []
    assert RulingStore(db).get(1) is None
    assert saved_ruling_entries(db) == []
    assert not db.exists()


def test_default_path_is_in_the_data_dir_and_the_environment_overrides_it(monkeypatch, tmp_path):
    monkeypatch.delenv("JUDGE_RULINGS_DB", raising=False)
    monkeypatch.setenv("JUDGE_DATA_HOME", str(tmp_path / "data"))
    assert store_module.default_db_path() == tmp_path / "data" / "rulings.sqlite3"
    monkeypatch.setenv("JUDGE_RULINGS_DB", str(tmp_path / "team.sqlite3"))
    assert store_module.default_db_path() == tmp_path / "team.sqlite3"
    RulingStore().save("shared answer")
    assert saved_ruling_entries()[0].text == "shared answer"


def test_schema_version_is_recorded(db):
    RulingStore(db).save("x")
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT version FROM schema_version").fetchall() == [(store_module.LATEST,)]


def test_a_later_migration_is_applied_once_and_keeps_the_rulings(db, monkeypatch):
    RulingStore(db).save("before the upgrade", cites=["nd:704.5j"])
    upgrade = store_module.LATEST + 1
    later = store_module.MIGRATIONS + ((upgrade, "ALTER TABLE rulings ADD COLUMN appeal TEXT NOT NULL DEFAULT ''"),)
    monkeypatch.setattr(store_module, "MIGRATIONS", later)
    monkeypatch.setattr(store_module, "LATEST", upgrade)
    store = RulingStore(db)
    assert [r.answer for r in store.all()] == ["before the upgrade"]  # reading migrates
    store.save("after the upgrade")
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT version FROM schema_version").fetchall() == [(upgrade,)]
        assert conn.execute("SELECT appeal FROM rulings").fetchall() == [("",), ("",)]


def test_a_newer_schema_is_refused_untouched(db):
    RulingStore(db).save("x")
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE schema_version SET version = 99")
    before = db.read_bytes()
    with pytest.raises(RulingsError, match="newer judge"):
        RulingStore(db).save("y")
    with pytest.raises(RulingsError, match="newer judge"):
        RulingStore(db).all()
    assert db.read_bytes() == before


@pytest.mark.parametrize(
    "garbage",
    [
        b"\x00\xffnot a database at all" * 200,
        b"SQLite format 3\x00" + bytes(range(256)) * 20,  # a real header over damaged pages
        b"these are my notes, not rulings\n",
    ],
)
def test_a_damaged_database_is_reported_and_never_overwritten(db, garbage):
    db.parent.mkdir(parents=True)
    db.write_bytes(garbage)
    store = RulingStore(db, timeout=0.5)
    with pytest.raises(RulingsError) as caught:
        store.save("a ruling")
    assert str(db) in str(caught.value) and "untouched" in str(caught.value)
    with pytest.raises(RulingsError):
        store.all()
    assert saved_ruling_entries(db) == []
    assert db.read_bytes() == garbage
    assert sorted(p.name for p in db.parent.iterdir()) == [db.name]  # no journal left behind


def test_another_programs_sqlite_file_is_not_taken_over(db):
    db.parent.mkdir(parents=True)
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE decks (name TEXT)")
    before = db.read_bytes()
    with pytest.raises(RulingsError, match="not a rulings database"):
        RulingStore(db).save("x")
    assert db.read_bytes() == before


def test_a_folder_in_the_way_is_reported(db):
    db.mkdir(parents=True)
    with pytest.raises(RulingsError, match="is a folder"):
        RulingStore(db).save("x")


def test_a_locked_database_is_reported_then_usable_once_released(db):
    store = RulingStore(db, timeout=0.2)
    store.save("first")
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(RulingsError, match="locked by another program"):
            store.save("second")
        # WAL mode: reading never waits for a writer, and sees what was committed before it.
        assert [r.answer for r in store.all()] == ["first"]
        assert [e.extra["answer"] for e in saved_ruling_entries(db)] == ["first"]
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert [r.answer for r in store.all()] == ["first"]  # nothing half-saved
    store.save("second")
    assert [r.answer for r in store.all()] == ["first", "second"]


def test_a_save_waits_for_a_short_lock(db):
    store = RulingStore(db, timeout=5)
    store.save("first")
    holder = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")
    release = threading.Timer(0.3, lambda: holder.execute("COMMIT"))
    release.start()
    try:
        assert store.save("second").number == 2
    finally:
        release.join()
        holder.close()


def test_two_threads_saving_at_once_both_keep_their_rulings(db):
    RulingStore(db).save("seed")  # the file exists; both threads race on the inserts

    def save_many(who: str) -> list[int]:
        store = RulingStore(db)
        return [store.save(f"{who} {i}", cites=[f"nd:{i + 100}.1"], table=who).number for i in range(25)]

    with ThreadPoolExecutor(2) as pool:
        a, b = pool.map(save_many, ["A", "B"])
    rulings = RulingStore(db).all()
    assert len(rulings) == 51
    assert sorted(a + b + [1]) == [r.number for r in rulings] == list(range(1, 52))
    for r in rulings[1:]:
        assert r.cites == (f"nd:{int(r.answer.split()[1]) + 100}.1",)
        assert r.table == r.answer.split()[0]


_SAVER = """
import sys
from judge.rulings.store import RulingStore
store = RulingStore(sys.argv[1])
for i in range(20):
    store.save(f"{sys.argv[2]} {i}", cites=["nd:704.5j"], judge=sys.argv[2])
"""


def test_two_processes_creating_and_saving_at_once_both_keep_their_rulings(db):
    db.parent.mkdir(parents=True)
    procs = [
        subprocess.Popen([sys.executable, "-c", _SAVER, str(db), who], stderr=subprocess.PIPE)
        for who in ("north", "south")
    ]
    for proc in procs:
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err.decode()
    rulings = RulingStore(db).all()
    assert len(rulings) == 40
    assert {r.answer for r in rulings} == {f"{w} {i}" for w in ("north", "south") for i in range(20)}
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*) FROM schema_version").fetchone() == (1,)


class _Contended:
    """A connection on a new file another program is switching to WAL at the same moment: SQLite
    refuses the switch at once (no busy wait, which could deadlock) until the other is done."""

    def __init__(self, refusals: int) -> None:
        self.refusals, self.mode = refusals, "delete"

    def execute(self, sql: str):
        if sql == "PRAGMA journal_mode = WAL":
            if self.refusals:
                self.refusals -= 1
                raise sqlite3.OperationalError("database is locked")
            self.mode = "wal"
        return self

    def fetchone(self):
        return (self.mode,)


def test_a_switch_to_wal_refused_at_once_is_asked_again_within_the_timeout(db):
    conn = _Contended(refusals=3)
    RulingStore(db, timeout=5)._write_ahead_log(conn)
    assert conn.mode == "wal" and conn.refusals == 0
    with pytest.raises(sqlite3.OperationalError, match="locked"):  # past the timeout: said (as "locked")
        RulingStore(db, timeout=0)._write_ahead_log(_Contended(refusals=1))


def test_saved_rulings_as_search_entries(db):
    store = RulingStore(db)
    store.save(
        "It dies.",
        question="Does the Column survive?",
        cites=["nd:704.5j", "sf:card/charmed-life/2"],
        event="Regional",
        table="12",
        judge="Kim",
        given_at=WHEN,
    )
    store.save("Procedural: a warning.", given_at=WHEN)
    first, second = saved_ruling_entries(db)
    assert (first.id, first.doc, first.kind, first.game) == ("saved:1", "saved", "ruling", "nodawn")
    assert first.title == "Does the Column survive?"
    assert first.text == "Does the Column survive?\n\nIt dies."
    assert first.citation == "Saved ruling #1 — table 12, event Regional"
    assert [(r.target, r.status) for r in first.refs] == [
        ("nd:704.5j", "resolved"),
        ("sf:card/charmed-life/2", "resolved"),
    ]
    assert first.extra["judge"] == "Kim" and first.extra["given_at"] == "2026-11-30T14:05:00+01:00"
    assert (second.game, second.title, second.citation) == ("", "Procedural: a warning.", "Saved ruling #2")


def test_search_entries_follow_every_save_without_rereading_an_unchanged_file(db, monkeypatch):
    store = RulingStore(db)
    store.save("first")
    assert [e.id for e in saved_ruling_entries(db)] == ["saved:1"]
    reads = []
    real_all = RulingStore.all
    monkeypatch.setattr(RulingStore, "all", lambda self: reads.append(1) or real_all(self))
    assert [e.id for e in saved_ruling_entries(db)] == ["saved:1"]
    assert reads == []  # unchanged file: answered from memory
    store.save("second")  # within the same second: the change counter still tells
    assert [e.id for e in saved_ruling_entries(db)] == ["saved:1", "saved:2"]
    assert reads == [1]
    db.write_bytes(b"garbage" * 100)  # replaced behind our back
    assert saved_ruling_entries(db) == []


# -- never opened outside SQLite (issue 29) ----------------------------------------------------
def test_no_store_path_opens_the_database_outside_sqlite(db, monkeypatch):
    """Closing any descriptor of a file drops every POSIX lock the process holds on it, SQLite's
    included: the store and the search layer's change check must leave the file (and its -wal and
    -shm) to SQLite. Every Python-level way to open it is made to fail while they work."""
    import builtins
    import io
    import os as os_module

    RulingStore(db).save("first", cites=["nd:704.5j"])
    guarded = {str(db), str(db) + "-wal", str(db) + "-shm", str(db) + "-journal"}
    opened = []

    def refuse(real):
        def wrapper(file, *args, **kwargs):
            if str(file) in guarded:
                opened.append(str(file))
                raise AssertionError(f"{file} opened outside SQLite")
            return real(file, *args, **kwargs)

        return wrapper

    monkeypatch.setattr(builtins, "open", refuse(builtins.open))
    monkeypatch.setattr(io, "open", refuse(io.open))
    monkeypatch.setattr(os_module, "open", refuse(os_module.open))
    store = RulingStore(db)
    store.save("second")
    assert [r.answer for r in store.all()] == ["first", "second"]
    assert store.get(2).answer == "second" and store.search("first")[0].number == 1
    assert [e.id for e in saved_ruling_entries(db)] == ["saved:1", "saved:2"]
    store.save("third")
    assert [e.id for e in saved_ruling_entries(db)][-1] == "saved:3"
    revise(store, 3, "amend", "clearer", answer="third, amended")  # issue 33's writers too
    assert saved_ruling_entries(db)[-1].citation == "Saved ruling #3 (amended)"
    from judge.rulings.interchange import merge, parse, to_jsonl

    other = RulingStore(db.parent / "other.sqlite3")
    other.save("from another event")
    assert merge(store, parse(to_jsonl(other.all()).encode(), "other.jsonl"), "other.jsonl") == (1, 1)
    assert store.get(4).answer == "from another event"
    assert opened == []


def test_two_commits_in_one_mtime_tick_are_both_seen_by_search(db, monkeypatch):
    """The change check asks SQLite (data_version), not the file's size and mtime: a second
    commit that leaves both as they were is still seen."""
    store = RulingStore(db)
    store.save("first")
    assert [e.id for e in saved_ruling_entries(db)] == ["saved:1"]
    real_stat = store_module.os.stat
    frozen = real_stat(db)

    def same_stat(path, *args, **kwargs):
        info = real_stat(path, *args, **kwargs)
        return frozen if str(path) == str(db) else info

    monkeypatch.setattr(store_module.os, "stat", same_stat)
    store.save("second")
    assert [e.id for e in saved_ruling_entries(db)] == ["saved:1", "saved:2"]


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_a_fifo_or_device_as_the_database_is_refused_at_once(tmp_path, kind):
    import os as os_module

    if kind == "fifo":
        path = tmp_path / "rulings.sqlite3"
        os_module.mkfifo(path)
        said = "a FIFO"
    else:
        path = Path("/dev/null")
        said = "a device"
    store = RulingStore(path, timeout=0.5)
    for call in (store.all, lambda: store.save("x"), lambda: store.get(1), lambda: store.search("x")):
        with pytest.raises(RulingsError, match=f"{said}.*not a rulings database"):
            call()
    assert saved_ruling_entries(path) == []


# -- hostile and unlucky files (issue 29) ------------------------------------------------------
class _CannotOpen:
    """What SQLite says reading a WAL file in a folder the user cannot write (no -shm can be
    made): the first statement fails. Root reads any folder, so the suite shows it this way."""

    def execute(self, sql, *args):
        raise sqlite3.OperationalError("unable to open database file")

    def close(self):
        pass


def _unwritable_folder(store, monkeypatch):
    real = store._connect
    monkeypatch.setattr(store, "_connect", lambda read_only: _CannotOpen() if read_only else real(read_only))


def test_a_wal_log_in_a_read_only_folder_is_listed_from_the_file_alone(db, monkeypatch):
    RulingStore(db).save("kept in the file")  # the last connection's close checkpoints the WAL away
    store = RulingStore(db)
    _unwritable_folder(store, monkeypatch)
    assert [r.answer for r in store.all()] == ["kept in the file"]


def test_a_wal_log_with_pending_rulings_in_a_read_only_folder_says_why(db, monkeypatch):
    RulingStore(db).save("first")
    holder = sqlite3.connect(db)  # an open connection keeps the WAL from being checkpointed away
    holder.execute("PRAGMA journal_mode").fetchone()
    try:
        RulingStore(db).save("second, still in the WAL")
        store = RulingStore(db)
        _unwritable_folder(store, monkeypatch)
        with pytest.raises(RulingsError, match="write-ahead log holds rulings not yet in the file"):
            store.all()
    finally:
        holder.close()


def test_text_in_schema_version_is_damage_said_not_a_crash(db):
    RulingStore(db).save("x")
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE schema_version SET version = 'abc'")
    before = db.read_bytes()
    for call in (RulingStore(db).all, lambda: RulingStore(db).save("y")):
        with pytest.raises(RulingsError, match="schema_version is 'abc', not a number"):
            call()
    assert db.read_bytes() == before


def test_a_path_the_system_refuses_is_said(tmp_path):
    long_path = tmp_path / ("a" * 5000)
    for call in (RulingStore(long_path).all, lambda: RulingStore(long_path).save("x")):
        with pytest.raises(RulingsError, match="File name too long"):
            call()


def test_a_full_disk_is_said_as_such_and_what_was_saved_stays(db, monkeypatch):
    store = RulingStore(db)
    store.save("before")
    real = store._connect

    class Full:
        def __init__(self, conn):
            self.conn = conn

        def execute(self, sql, *args):
            if sql.startswith("INSERT INTO rulings"):
                raise sqlite3.OperationalError("database or disk is full")
            return self.conn.execute(sql, *args)

        def __getattr__(self, name):
            return getattr(self.conn, name)

    monkeypatch.setattr(store, "_connect", lambda read_only: real(read_only) if read_only else Full(real(read_only)))
    with pytest.raises(RulingsError, match="is full: nothing was saved, and every ruling saved before is kept"):
        store.save("after")
    assert [r.answer for r in RulingStore(db).all()] == ["before"]


def test_a_ruling_sent_twice_under_one_key_is_stored_once(db):
    """A phone's UUID for a ruling (issue 35): the second save returns the first, writes nothing."""
    store = RulingStore(db)
    key = "6f1c2a3e-8b4d-4f5a-9c7e-0d1e2f3a4b5c"
    first = store.save("Excess damage goes to the Master.", cites=["nd:704.5j"], table="12", key=key)
    again = store.save("Excess damage goes to the Master.", cites=["nd:704.5j"], table="12", key=key)
    other = store.save(
        "Excess damage goes to the Master.", cites=["nd:704.5j"], table="12", key="0a9b8c7d-6e5f-4a3b-8c1d-2e3f4a5b6c7d"
    )
    assert again.number == first.number and again.answer == first.answer and again.cites == ("nd:704.5j",)
    assert other.number == first.number + 1
    assert [r.number for r in store.all()] == [first.number, other.number]
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT uuid, number FROM rulings ORDER BY number").fetchall() == [
            (key, first.number),
            ("0a9b8c7d-6e5f-4a3b-8c1d-2e3f4a5b6c7d", other.number),
        ]


def test_a_key_that_names_a_ruling_with_other_words_is_refused(db):
    """A key is the ruling's UUID: a post reusing one (a bug, a copied export) with other words
    is refused, never answered with the ruling the key names, and nothing is written."""
    store = RulingStore(db)
    key = "6f1c2a3e-8b4d-4f5a-9c7e-0d1e2f3a4b5c"
    first = store.save("Excess damage goes to the Master.", key=key)
    with pytest.raises(
        RulingsError, match=f"the key {key} already names ruling #{first.number}, with other words; nothing was saved"
    ):
        store.save("Something else entirely.", key=key)
    assert [r.answer for r in store.all()] == ["Excess damage goes to the Master."]


def test_two_threads_saving_one_key_at_once_store_it_once(db):
    import threading

    store = RulingStore(db)
    key = "11111111-2222-4333-8444-555555555555"
    numbers = []
    threads = [
        threading.Thread(target=lambda: numbers.append(store.save("same ruling", key=key).number)) for _ in range(6)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(numbers)) == 1 and len(numbers) == 6
    assert len(store.all()) == 1
