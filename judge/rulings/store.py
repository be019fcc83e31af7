"""Saved rulings: what a judge ruled, at which table, citing what — in one SQLite file.

The file is data_dir()/rulings.sqlite3 unless JUDGE_RULINGS_DB or an explicit path points
elsewhere, so a judge team can share one file. Writes take SQLite's write lock up front
(BEGIN IMMEDIATE) and wait for each other; reads open the file read-only. A file that is not
a rulings database, is damaged or stays locked raises RulingsError with a clear message; it
is never rewritten or replaced.

Every write connection puts the file in WAL mode (readers never wait for a writer, which
`judge serve` needs with many phones reading the log while floor judges log rulings) with
synchronous=FULL: a commit returns only once the WAL is on disk, so a ruling acknowledged is
kept through a killed process AND a power cut (NORMAL would keep it through a killed process
only). A ruling is a few hundred bytes a minute: the fsync per commit costs nothing that matters.
The file stays an ordinary SQLite 3 file; WAL needs SQLite 3.7 or later to read it, and the
file on a local disk (WAL's index is shared memory: it does not work on a network share).
"""

from __future__ import annotations

import datetime as dt
import json
import os
import sqlite3
import stat
import time
import uuid as uuid_module
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from judge.rulings.fields import check as check_fields
from judge.rulings.location import ENV_VAR, FILE_NAME, default_db_path  # noqa: F401 — the store's names too
from judge.rulings.revisions import GIVEN, STATUSES, Revision, mark_of
from judge.rulings.schema import LATEST, MIGRATIONS, UUID4_SQL, VERSION_TABLE

LOCK_TIMEOUT = 10.0  # seconds a save waits for another judge's save to finish
_TEXT_COLUMNS = ("question", "answer", "event", "table_no", "judge", "given_at", "uuid")  # as _select reads them
_SEARCHED_COLUMNS = ("question", "answer", "event", "table_no", "judge")


class RulingsError(Exception):
    """The rulings database cannot be used; the message says why and names the file."""


class NotWritable(RulingsError):
    """The database cannot be opened for writing (a read-only file or folder)."""


class RevisionRefused(RulingsError):
    """A revision that cannot be made (no such ruling, no reason…); the message names the ruling."""


@dataclass(frozen=True)
class SavedRuling:
    number: int
    answer: str
    question: str = ""
    cites: tuple[str, ...] = ()
    event: str = ""
    table: str = ""
    judge: str = ""
    given_at: str = ""  # ISO 8601 with the judge's UTC offset
    uuid: str = ""  # its global identity, given when first saved (the number is this log's name for it)
    # Every revision, the first (as given) included; question, answer and cites above are the
    # latest's: the ruling as it now stands.
    revisions: tuple[Revision, ...] = ()

    @property
    def status(self) -> str:
        """given, amended, overturned or withdrawn: its latest revision's kind."""
        return self.revisions[-1].kind if self.revisions else GIVEN

    @property
    def latest(self) -> Revision | None:
        return self.revisions[-1] if len(self.revisions) > 1 else None

    @property
    def mark(self) -> str:
        """How it is marked where it is shown ("overturned on appeal"); "" for a ruling as given."""
        return mark_of(self.revisions)

    @property
    def standing_note(self) -> str:
        """One line saying how it came to stand as it does, or "" for a ruling as given."""
        latest = self.latest
        if latest is None:
            return ""
        who = f" by {latest.judge}" if latest.judge else ""
        return f"{latest.mark[0].upper()}{latest.mark[1:]} {latest.at}{who}: {latest.reason}"

    def answer_as_it_stands(self) -> str:
        """The ruling's text with its mark leading (for a sheet)."""
        return f"[{self.standing_note}]\n\n{self.answer}" if self.latest else self.answer

    @property
    def id(self) -> str:
        return f"saved:{self.number}"

    @property
    def date(self) -> dt.date | None:
        """The day it was given; None when the stored time is not one (another program's row)."""
        try:
            return dt.datetime.fromisoformat(self.given_at).date()
        except ValueError:
            return None

    @property
    def citation(self) -> str:
        where = ", ".join(
            p for p in (f"table {self.table}" if self.table else "", f"event {self.event}" if self.event else "") if p
        )
        mark = f" ({self.mark})" if self.mark else ""
        return f"Saved ruling #{self.number}{mark}" + (f" — {where}" if where else "")

    def to_dict(self) -> dict:
        return {
            "number": self.number,
            "uuid": self.uuid,
            "status": self.status,
            "question": self.question,
            "answer": self.answer,
            "cites": list(self.cites),
            "event": self.event,
            "table": self.table,
            "judge": self.judge,
            "given_at": self.given_at,
            "history": [
                {
                    "revision": r.revision,
                    "kind": r.kind,
                    "question": r.question,
                    "answer": r.answer,
                    "cites": list(r.cites),
                    "judge": r.judge,
                    "at": r.at,
                    "reason": r.reason,
                }
                for r in self.revisions[1:]
            ],
        }


@dataclass
class RulingStore:
    path: Path = field(default_factory=default_db_path)
    timeout: float | None = None  # None: LOCK_TIMEOUT, read when a lock is waited for
    # Why rows of the last read were left out (written by another program: no answer, binary
    # data where text belongs…), one message per row, naming the row and the file.
    skipped: list[str] = field(default_factory=list, compare=False)

    @property
    def wait(self) -> float:
        """Seconds a write waits for another program's lock."""
        return LOCK_TIMEOUT if self.timeout is None else self.timeout

    def __post_init__(self) -> None:
        self.path = Path(self.path).expanduser()
        if self.timeout is None:
            self.timeout = LOCK_TIMEOUT

    # -- writing ----------------------------------------------------------------------------
    def save(
        self,
        answer: str,
        question: str = "",
        cites: list[str] | tuple[str, ...] = (),
        event: str = "",
        table: str = "",
        judge: str = "",
        given_at: dt.datetime | None = None,
        key: str | None = None,
    ) -> SavedRuling:
        """Save a ruling; with a `key` (the writer's UUID for it), a ruling already saved under
        that key is returned as it stands and nothing is written a second time."""
        answer = (answer or "").strip()
        if not answer:
            raise RulingsError("a ruling needs an answer")
        when = stored_time(given_at)
        fields = dict(
            question=(question or "").strip(),
            event=(event or "").strip(),
            table=(table or "").strip(),
            judge=(judge or "").strip(),
        )
        refusal = check_fields({}, dict(fields, answer=answer))
        if refusal:
            raise RulingsError(refusal)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise RulingsError(f"cannot create the folder for {str(self.path)[:200]}: {exc.strerror or exc}") from exc
        identity = key or str(uuid_module.uuid4())
        with self.transaction() as conn:
            # A writer's key (a phone's UUID for the ruling) is the ruling's UUID: the same ruling
            # sent twice is stored once. A key already naming other words is refused, never
            # answered with another ruling.
            before = (
                conn.execute("SELECT number, answer, question FROM rulings WHERE uuid = ?", (key,)).fetchone()
                if key
                else None
            )
            if before is None:
                number = insert_ruling(
                    conn,
                    identity,
                    fields["question"],
                    answer,
                    tuple(cites),
                    fields["event"],
                    fields["table"],
                    fields["judge"],
                    when,
                )
        if before is not None:
            if (before[1], before[2]) != (answer, fields["question"]):
                raise RulingsError(
                    f"the key {key} already names ruling #{before[0]}, with other words; nothing was saved"
                )
            saved = self.get(before[0])
            if not isinstance(saved, SavedRuling):
                raise RulingsError(f"ruling {before[0]} of key {key} cannot be read back from {self.path}")
            return saved
        first = Revision(1, GIVEN, fields["question"], answer, tuple(cites), fields["judge"], when)
        return SavedRuling(
            number,
            answer,
            fields["question"],
            tuple(cites),
            fields["event"],
            fields["table"],
            fields["judge"],
            when,
            identity,
            (first,),
        )

    # -- reading ----------------------------------------------------------------------------
    def all(self) -> list[SavedRuling]:
        return self._select("")

    def newest(self, limit: int | None = None) -> list[SavedRuling]:
        """The rulings newest first (the most recent `limit` of them)."""
        return self._select("", order="DESC", limit=limit)

    def search(self, query: str, limit: int | None = None, oldest_first: bool = False) -> list[SavedRuling]:
        """Rulings newest first (or oldest first, as `judge ruling list` lists them) in which every
        word of `query` occurs (ASCII letters in any case) in the question, the ruling, the event,
        the table, the judge's name or a cited id. Matched by SQLite, so a long log is not read
        whole to find three rulings."""
        order = "ASC" if oldest_first else "DESC"
        words = query.split()
        if not words:
            return self._select("", order=order, limit=limit)
        clauses, params = [], []
        for word in words:
            pattern = "%" + word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
            columns = " OR ".join(f"{c} LIKE ? ESCAPE '\\'" for c in _SEARCHED_COLUMNS)
            clauses.append(
                f"({columns} OR number IN (SELECT ruling FROM ruling_citations "
                f"WHERE entry_id LIKE ? ESCAPE '\\') OR number IN (SELECT ruling FROM ruling_revisions "
                f"WHERE answer LIKE ? ESCAPE '\\' OR question LIKE ? ESCAPE '\\' "
                f"OR reason LIKE ? ESCAPE '\\' OR judge LIKE ? ESCAPE '\\' OR cites LIKE ? ESCAPE '\\'))"
            )
            params += [pattern] * (len(_SEARCHED_COLUMNS) + 6)
        return self._select("WHERE " + " AND ".join(clauses), tuple(params), order=order, limit=limit)

    def get(self, number: int) -> SavedRuling | None:
        """The ruling; None if there is none; RulingsError if its row cannot be read as one."""
        found = self._select("WHERE number = ?", (number,))
        if self.skipped:
            raise RulingsError(self.skipped[0])
        return found[0] if found else None

    def _select(
        self, where: str, params: tuple = (), order: str = "ASC", limit: int | None = None
    ) -> list[SavedRuling]:
        """Rulings matching `where`, by number in `order`; at most `limit` rows are read (rows
        skipped as unreadable count towards it, and are named in self.skipped)."""
        self.skipped = []
        if not self.exists():
            return []
        with self._read() as conn:
            if conn is None:
                return []
            rulings, self.skipped = self.load(conn, where, params, order, limit)
        return rulings

    def load(
        self, conn: sqlite3.Connection, where: str, params: tuple = (), order: str = "ASC", limit: int | None = None
    ) -> tuple[list[SavedRuling], list[str]]:
        """_select's work on an open connection (a write transaction reads through it too)."""
        assert order in ("ASC", "DESC")
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        revisions, identity = "ruling_revisions", "uuid"
        if "ruling_revisions" not in tables:  # schema 1, read where it cannot be upgraded: no UUIDs, no revisions
            revisions = f"(SELECT {', '.join('NULL AS ' + c for c in _REVISION_COLUMNS.split(', '))} WHERE 0)"
            identity = "NULL"
            where = where.replace("uuid = ?", "NULL = ?").replace("FROM ruling_revisions ", f"FROM {revisions} ")
        rows = conn.execute(
            f"SELECT number, question, answer, event, table_no, judge, given_at, {identity} FROM rulings {where} "
            f"ORDER BY number {order}" + (" LIMIT ?" if limit is not None else ""),
            params + ((limit,) if limit is not None else ()),
        ).fetchall()
        cites: dict[int, list[str]] = {}
        revised: dict[int, list[tuple]] = {}
        if where or limit is not None:  # only the citations and revisions of the rulings read
            numbers = (json.dumps([row[0] for row in rows]),)
            found = conn.execute(
                "SELECT ruling, entry_id FROM ruling_citations WHERE ruling IN "
                "(SELECT value FROM json_each(?)) ORDER BY ruling, position",
                numbers,
            )
            later = conn.execute(
                f"SELECT {_REVISION_COLUMNS} FROM {revisions} WHERE ruling IN "
                "(SELECT value FROM json_each(?)) ORDER BY ruling, revision",
                numbers,
            )
        else:
            found = conn.execute("SELECT ruling, entry_id FROM ruling_citations ORDER BY ruling, position")
            later = conn.execute(f"SELECT {_REVISION_COLUMNS} FROM {revisions} ORDER BY ruling, revision")
        for ruling, entry_id in found:
            cites.setdefault(ruling, []).append(entry_id)
        for revision in later:
            revised.setdefault(revision[0], []).append(revision[1:])
        rulings, skipped = [], []
        for row in rows:
            read = self._ruling(row, cites.get(row[0], []), revised.get(row[0], []))
            if isinstance(read, str):
                skipped.append(read)
            else:
                rulings.append(read)
        return rulings, skipped

    def _ruling(self, row: tuple, cites: list, later: list | None = None) -> SavedRuling | str:
        """A row as a SavedRuling, or why it is skipped. Rows judge writes always read; another
        program may have written a NULL, a number or binary data (SQLite keeps what it is given)."""
        number, *values = row
        texts = {}
        for name, value in zip(_TEXT_COLUMNS, values):
            if value is None:
                value = ""
            elif isinstance(value, (int, float)):
                value = str(value)  # a table number stored as a number is still the table's name
            elif not isinstance(value, str):
                return (
                    f"saved ruling #{number} in {self.path} is skipped: its {name} is binary data "
                    f"({type(value).__name__}), not text"
                )
            texts[name] = value
        bad_cite = next((c for c in cites if not isinstance(c, str)), None)
        if bad_cite is not None:
            return (
                f"saved ruling #{number} in {self.path} is skipped: a citation is "
                f"{type(bad_cite).__name__}, not an entry id"
            )
        if not texts["answer"].strip():
            return f"saved ruling #{number} in {self.path} is skipped: its answer is empty"
        revisions = [
            Revision(1, GIVEN, texts["question"], texts["answer"], tuple(cites), texts["judge"], texts["given_at"])
        ]
        for revision, kind, question, answer, cited, reason, judge, at in later or []:
            try:
                cited = tuple(json.loads(cited))
                assert all(isinstance(c, str) for c in cited) and kind in STATUSES - {GIVEN}
                assert all(isinstance(v, str) for v in (question, answer, reason, judge, at))
                assert revision == len(revisions) + 1
            except (ValueError, TypeError, AssertionError):
                return (
                    f"saved ruling #{number} in {self.path} is skipped: its revision {revision!r} "
                    "is not one judge wrote"
                )
            revisions.append(Revision(revision, kind, question, answer, cited, judge, at, reason))
        now = revisions[-1]
        return SavedRuling(
            number=number,
            question=now.question,
            answer=now.answer,
            cites=now.cites,
            event=texts["event"],
            table=texts["table_no"],
            judge=texts["judge"],
            given_at=texts["given_at"],
            uuid=texts["uuid"],
            revisions=tuple(revisions),
        )

    # -- connections ------------------------------------------------------------------------
    def exists(self) -> bool:
        """Whether the file exists; a path the system refuses (too long, a file where a folder
        should be) is said, naming it."""
        try:
            os.stat(self.path)
            return True
        except FileNotFoundError:
            return False
        except OSError as exc:
            raise RulingsError(
                f"cannot use {str(self.path)[:200]} as the rulings database: {exc.strerror or exc}"
            ) from exc

    def _check_file(self) -> None:
        """Refuse what cannot be a rulings database before SQLite opens it: a folder, a FIFO
        (opening one waits for a writer forever), a device or a socket. Only os.stat looks: the
        file is never opened outside SQLite, since closing any descriptor of a file drops every
        POSIX lock this process holds on it — SQLite's locks included, while another thread's
        connection is mid-transaction ("How To Corrupt An SQLite Database File", 2.2; issue 29).
        What is not SQLite inside is refused by SQLite itself ("file is not a database")."""
        try:
            info = self.path.stat()
        except FileNotFoundError:
            return
        except OSError as exc:
            raise RulingsError(
                f"cannot read the rulings database {str(self.path)[:200]}: {exc.strerror or exc}"
            ) from exc
        if stat.S_ISDIR(info.st_mode):
            raise RulingsError(f"{self.path} is a folder, not a rulings database")
        if not stat.S_ISREG(info.st_mode):
            raise RulingsError(
                f"{self.path} is {_file_kind(info.st_mode)}, not a rulings database; "
                "it was left untouched — point --db or JUDGE_RULINGS_DB at a file"
            )

    @contextmanager
    def _errors(self) -> Iterator[None]:
        try:
            yield
        except sqlite3.OperationalError as exc:
            text = str(exc).lower()
            if "disk is full" in text or "database or disk is full" in text:
                raise RulingsError(
                    f"the disk holding the rulings database {self.path} is full: nothing was "
                    "saved, and every ruling saved before is kept"
                ) from exc
            if "locked" in text or "busy" in text:
                raise RulingsError(
                    f"the rulings database {self.path} is locked by another program "
                    f"(waited {self.timeout:g} s); try again"
                ) from exc
            if "unable to open" in text or "readonly" in text or "read-only" in text:
                raise NotWritable(f"cannot open the rulings database {self.path} for writing: {exc}") from exc
            raise RulingsError(f"the rulings database {self.path} is damaged: {exc}; it was left untouched") from exc
        except sqlite3.DatabaseError as exc:
            if "file is not a database" in str(exc).lower():
                raise RulingsError(
                    f"{self.path} is not a rulings database (damaged, or another kind of file); "
                    "it was left untouched — point --db or JUDGE_RULINGS_DB at another file"
                ) from exc
            raise RulingsError(f"the rulings database {self.path} is damaged ({exc}); it was left untouched") from exc

    def _connect(self, read_only: bool) -> sqlite3.Connection:
        if read_only:
            uri = self.path.resolve().as_uri() + "?mode=ro"
            conn = sqlite3.connect(uri, uri=True, timeout=self.wait, isolation_level=None)
        else:
            conn = sqlite3.connect(str(self.path), timeout=self.wait, isolation_level=None)
        # Per connection: a commit returns once the WAL is on disk (see the module's docstring).
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
        return conn

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction holding SQLite's write lock from the start; all or nothing."""
        self._check_file()
        with self._errors():
            conn = self._connect(read_only=False)
            try:
                self._version(conn)  # someone else's database is refused before anything changes
                self._write_ahead_log(conn)
                conn.execute("BEGIN IMMEDIATE")
                try:
                    self._migrate(conn)
                    # A row another program added without one gets its UUID (an indexed look-up).
                    conn.execute(f"UPDATE rulings SET uuid = {UUID4_SQL} WHERE uuid IS NULL")
                    yield conn
                    conn.execute("COMMIT")
                except BaseException:
                    if conn.in_transaction:
                        conn.execute("ROLLBACK")
                    raise
            finally:
                conn.close()

    def _write_ahead_log(self, conn: sqlite3.Connection) -> None:
        """WAL mode (see the module's docstring): set outside any transaction (journal_mode
        cannot change inside one); a no-op once the file is in it.

        Two programs switching a new file at once: the switch needs the exclusive lock, and
        SQLite refuses the second at once, without waiting its busy timeout (waiting could
        deadlock, each holding the shared lock the other needs gone). So the switch is asked
        again, for up to the store's timeout, as a busy lock is waited for everywhere else."""
        deadline = time.monotonic() + self.wait
        pause = 0.005
        while True:
            try:
                mode = conn.execute("PRAGMA journal_mode").fetchone()[0]
                if mode != "wal":
                    mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
                break
            except sqlite3.OperationalError as exc:
                text = str(exc).lower()
                if not ("locked" in text or "busy" in text) or time.monotonic() >= deadline:
                    raise
                time.sleep(pause)
                pause = min(pause * 2, 0.1)
        if mode != "wal":
            raise RulingsError(
                f"the rulings database {self.path} cannot be put in WAL mode (it stays in {mode!r} mode)"
            )

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection | None]:
        """A read-only connection on an up-to-date schema; None for a still-empty file."""
        self._check_file()
        with self._errors():
            conn = self._connect(read_only=True)
            try:
                try:
                    version = self._version(conn)
                except sqlite3.OperationalError as exc:
                    if "unable to open" not in str(exc).lower():
                        raise
                    conn.close()  # a WAL file in a folder this user cannot write: see _read_only_copy
                    conn = self._read_only_copy()
                    version = self._version(conn)
                if version is None:
                    yield None
                    return
                if version < LATEST:
                    conn.close()
                    try:
                        with self.transaction():  # brings the schema up to date
                            pass
                    except NotWritable:
                        pass  # a log handed over read-only: read as its schema has it (load)
                    conn = self._connect(read_only=True)
                yield conn
            finally:
                conn.close()

    def _read_only_copy(self) -> sqlite3.Connection:
        """A WAL database needs its -shm file, which a reader creates beside it: in a folder this
        user cannot write (a log handed over read-only, a write-protected share) the plain
        read-only open fails. With no write-ahead log to replay (no -wal file, or an empty
        one), the file alone holds every ruling and is opened as immutable; otherwise rulings
        would be missing, and that is said instead."""
        wal = Path(str(self.path) + "-wal")
        try:
            pending = os.stat(wal).st_size
        except FileNotFoundError:
            pending = 0
        if pending:
            raise RulingsError(
                f"cannot read the rulings database {self.path}: its write-ahead log holds rulings "
                f"not yet in the file, and reading them needs write access to {self.path.parent} "
                "(copy the folder somewhere writable, or ask its owner)"
            )
        uri = self.path.resolve().as_uri() + "?mode=ro&immutable=1"
        return sqlite3.connect(uri, uri=True, timeout=self.wait, isolation_level=None)

    def _version(self, conn: sqlite3.Connection) -> int | None:
        """The schema version; None for an empty file; an error for someone else's database."""
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "schema_version" not in tables:
            if tables - {"sqlite_sequence"}:
                raise RulingsError(
                    f"{self.path} is an SQLite database but not a rulings database; it was left untouched"
                )
            return None
        row = conn.execute("SELECT max(version) FROM schema_version").fetchone()
        version = row[0] if row and row[0] is not None else 0
        if not isinstance(version, int):  # another program wrote it
            raise RulingsError(
                f"{self.path} is damaged: its schema_version is {str(version)[:40]!r}, not a "
                "number; it was left untouched"
            )
        if version > LATEST:
            raise RulingsError(
                f"{self.path} was written by a newer judge (schema {version}; "
                f"this one knows {LATEST}); upgrade judge to use it"
            )
        return version

    def _migrate(self, conn: sqlite3.Connection) -> None:
        version = self._version(conn) or 0
        if version >= LATEST:
            return
        conn.execute(VERSION_TABLE)
        for number, script in MIGRATIONS:
            if number > version:
                for statement in script.split(";"):
                    if statement.strip():
                        conn.execute(statement)
        conn.execute("DELETE FROM schema_version")
        conn.execute("INSERT INTO schema_version (version) VALUES (?)", (LATEST,))


_REVISION_COLUMNS = "ruling, revision, kind, question, answer, cites, reason, judge, made_at"


def stored_time(moment: dt.datetime | None) -> str:
    """A time as stored: ISO 8601 to the second, with the judge's UTC offset (a naive time is local)."""
    moment = moment or dt.datetime.now()
    if moment.tzinfo is None:
        moment = moment.astimezone()
    return moment.isoformat(timespec="seconds")


def insert_ruling(
    conn: sqlite3.Connection,
    identity: str,
    question: str,
    answer: str,
    cites: tuple[str, ...],
    event: str,
    table: str,
    judge: str,
    when: str,
) -> int:
    cursor = conn.execute(
        "INSERT INTO rulings (question, answer, event, table_no, judge, given_at, uuid) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (question, answer, event, table, judge, when, identity),
    )
    number = cursor.lastrowid
    assert number is not None
    conn.executemany(
        "INSERT INTO ruling_citations (ruling, position, entry_id) VALUES (?, ?, ?)",
        [(number, i, cite) for i, cite in enumerate(cites)],
    )
    return number


def insert_revision(conn: sqlite3.Connection, number: int, r: Revision) -> None:
    conn.execute(
        f"INSERT INTO ruling_revisions ({_REVISION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (number, r.revision, r.kind, r.question, r.answer, json.dumps(list(r.cites)), r.reason, r.judge, r.at),
    )


def _file_kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"
