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
import threading
import time
import uuid as uuid_module
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judge.corpus.model import Entry, Ref
from judge.editions.ids import plain as plain_id
from judge.notices import report_once
from judge.rulings.fields import check as check_fields
from judge.rulings.fields import problem as field_problem
from judge.rulings.location import ENV_VAR, FILE_NAME, default_db_path  # noqa: F401 — the store's names too
from judge.rulings.revisions import CLI_OPTIONS, GIVEN, KINDS, STATUSES, Revision, mark_of
from judge.rulings.revisions import refusal as revision_refusal
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
        when = _stamp(given_at)
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
        with self._write() as conn:
            # A writer's key (a phone's UUID for the ruling) is the ruling's UUID: the same ruling
            # sent twice is stored once. A key already naming other words is refused, never
            # answered with another ruling.
            before = (
                conn.execute("SELECT number, answer, question FROM rulings WHERE uuid = ?", (key,)).fetchone()
                if key
                else None
            )
            if before is None:
                number = _insert_ruling(
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

    def revise(
        self,
        number: int,
        command: str,
        reason: str,
        judge: str = "",
        answer: str | None = None,
        question: str | None = None,
        cites: list[str] | tuple[str, ...] | None = None,
        at: dt.datetime | None = None,
        options: dict[str, str] = CLI_OPTIONS,
    ) -> SavedRuling:
        """Append a revision (amend, overturn or withdraw: judge.rulings.revisions.KINDS) to
        ruling #`number`; refused (RulingsError naming the ruling) with nothing written."""
        kind = KINDS[command]
        reason, judge = (reason or "").strip(), (judge or "").strip()
        for label, text, one_line in (
            ("the reason", reason, False),
            ("the judge", judge, True),
            ("the new ruling", answer or "", False),
            ("the question", question or "", False),
        ):
            why = field_problem(label, text, one_line)
            if why:
                raise RevisionRefused(f"ruling #{number} was not revised: {why}; nothing was written")
        cites = tuple(cites) if cites is not None else None
        if not self._present():
            raise RevisionRefused(
                f"there is no saved ruling #{number} to {kind.command} in {self.path} "
                "(there is no log yet); nothing was written"
            )
        when = _stamp(at)
        with self._write() as conn:
            found, skipped = self._load(conn, "WHERE number = ?", (number,))
            if skipped:
                raise RulingsError(f"{skipped[0]}; nothing was written")
            current = found[0].revisions[-1] if found else None
            why = revision_refusal(number, kind, reason, judge, answer, question, cites, current, options)
            if why:
                raise RevisionRefused(f"{why} (in {self.path}); nothing was written")
            assert current is not None
            new = Revision(
                current.revision + 1,
                kind.status,
                current.question if question is None or not kind.new_text else question.strip(),
                current.answer if answer is None or not kind.new_text else answer.strip(),
                current.cites if cites is None or not kind.new_text else cites,
                judge,
                when,
                reason,
            )
            _insert_revision(conn, number, new)
        revised = self.get(number)
        assert revised is not None
        return revised

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

    def merge(self, lines: list, source: str) -> tuple[int, int]:
        """Merge revisions read from another log (judge.rulings.interchange.Line), in one
        transaction: a ruling not known here is added under the next number, a known one (by
        UUID) gains the revisions it lacks. The same revision twice adds nothing; a revision
        that differs from the one known under its number, or one that would leave a gap, refuses
        the whole merge (RevisionRefused naming the ruling and the line). Returns (rulings added,
        revisions added, first ones included)."""
        grouped: dict[str, dict[int, Any]] = {}
        for line in lines:
            grouped.setdefault(line.uuid, {})[line.revision.revision] = line
        added_rulings = added_revisions = 0
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise RulingsError(f"cannot create the folder for {str(self.path)[:200]}: {exc.strerror or exc}") from exc
        with self._write() as conn:
            for identity, revisions in grouped.items():
                found, skipped = self._load(conn, "WHERE uuid = ?", (identity,))
                if skipped:
                    raise RulingsError(f"{skipped[0]}; nothing was imported")
                known = {r.revision: r for r in found[0].revisions} if found else {}
                here = f"ruling #{found[0].number} here" if found else ""
                expected = max(known, default=0) + 1
                number = found[0].number if found else None
                for revision in sorted(revisions):
                    line = revisions[revision]
                    at = f"{source} line {line.line}: ruling {identity}"
                    if revision in known:
                        same_place = revision > 1 or (found[0].event, found[0].table) == (line.event, line.table)
                        if known[revision] != line.revision or not same_place:
                            raise RevisionRefused(
                                f"{at}: its revision {revision} differs from the one this log "
                                f"holds ({here}); the histories conflict, nothing was imported"
                            )
                        continue
                    if revision != expected:
                        raise RevisionRefused(
                            f"{at}: revision {revision} follows no revision {expected} "
                            f"(neither in the file nor in this log); nothing was imported"
                        )
                    if number is None:
                        r = line.revision
                        number = _insert_ruling(
                            conn, identity, r.question, r.answer, r.cites, line.event, line.table, r.judge, r.at
                        )
                        added_rulings += 1
                    else:
                        _insert_revision(conn, number, line.revision)
                    added_revisions += 1
                    expected += 1
        return added_rulings, added_revisions

    def by_uuid(self, identity: str) -> SavedRuling | None:
        found = self._select("WHERE uuid = ?", (identity,))
        return found[0] if found else None

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
        if not self._present():
            return []
        with self._read() as conn:
            if conn is None:
                return []
            rulings, self.skipped = self._load(conn, where, params, order, limit)
        return rulings

    def _load(
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
    def _present(self) -> bool:
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
    def _write(self) -> Iterator[sqlite3.Connection]:
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
                        with self._write():  # brings the schema up to date
                            pass
                    except NotWritable:
                        pass  # a log handed over read-only: read as its schema has it (_load)
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


def _stamp(moment: dt.datetime | None) -> str:
    """A time as stored: ISO 8601 to the second, with the judge's UTC offset (a naive time is local)."""
    moment = moment or dt.datetime.now()
    if moment.tzinfo is None:
        moment = moment.astimezone()
    return moment.isoformat(timespec="seconds")


def _insert_ruling(
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


def _insert_revision(conn: sqlite3.Connection, number: int, r: Revision) -> None:
    conn.execute(
        f"INSERT INTO ruling_revisions ({_REVISION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (number, r.revision, r.kind, r.question, r.answer, json.dumps(list(r.cites)), r.reason, r.judge, r.at),
    )


# -- for the search layer -------------------------------------------------------------------
def _game_of(entry_id: str) -> str:
    from judge.corpus.documents import DOCUMENTS  # deferred: start-up

    doc = entry_id.split(":", 1)[0].split("@", 1)[0]  # nd@2026-11:704.5j is No Dawn's too
    return next((d.game for d in DOCUMENTS if d.key == doc), "")


def ruling_entry(ruling: SavedRuling) -> Entry:
    """A saved ruling as a searchable Entry (kind "ruling", doc "saved", id "saved:<n>")."""
    games = [g for g in (_game_of(c) for c in ruling.cites) if g]
    text = f"{ruling.question}\n\n{ruling.answer}" if ruling.question else ruling.answer
    return Entry(
        id=ruling.id,
        doc="saved",
        game=games[0] if games else "",
        kind="ruling",
        text=text,
        title=ruling.question or ruling.answer.strip().splitlines()[0][:80],
        citation=ruling.citation,
        refs=[Ref(surface=c, target=plain_id(c), kind="cite") for c in ruling.cites],
        tags=[f"saved:{ruling.date.isoformat()}" if ruling.date else "saved:undated"],
        extra={
            "event": ruling.event,
            "table": ruling.table,
            "judge": ruling.judge,
            "given_at": ruling.given_at,
            "answer": ruling.answer,
            "question": ruling.question,
        },
    )


# The last answer of saved_ruling_entries, keyed by what identifies the file's content: the
# search layer asks on every query, and the file changes only when a judge saves a ruling.
_entries_cache: dict[Path, tuple[tuple, list[Entry]]] = {}


class _ChangeWatch:
    """A read-only connection kept open on one rulings file, to ask SQLite whether another
    connection has committed since it last asked (PRAGMA data_version). The file's bytes are
    never read outside SQLite (see RulingStore._check_file): a stamp of size and mtime would miss
    two commits within one mtime tick, and reading the header with open() drops SQLite's locks."""

    def __init__(self, path: Path, identity: tuple[int, int]) -> None:
        self.identity = identity
        uri = path.resolve().as_uri() + "?mode=ro"
        self.conn = sqlite3.connect(uri, uri=True, timeout=0.25, isolation_level=None, check_same_thread=False)

    def version(self) -> int:
        return self.conn.execute("PRAGMA data_version").fetchone()[0]


_watches: dict[Path, _ChangeWatch] = {}
_watches_lock = threading.Lock()


def _content_stamp(path: Path) -> tuple | None:
    """What identifies the file's content now: its identity (device, inode), size and mtime
    (a file rewritten outside SQLite) and SQLite's data_version on a connection kept open on it
    (a commit, which in WAL mode leaves the main file as it was until a checkpoint). None when there is no file; a stamp equal to
    no other when it cannot be had (an empty or unreadable file: it is read, and fails loudly)."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError:
        return (object(),)
    if not stat.S_ISREG(info.st_mode) or info.st_size == 0:
        return (object(),)
    identity = (info.st_dev, info.st_ino)
    with _watches_lock:
        watch = _watches.get(path)
        try:
            if watch is None or watch.identity != identity:
                if watch is not None:
                    watch.conn.close()
                watch = _watches[path] = _ChangeWatch(path, identity)
            return (identity, info.st_size, info.st_mtime_ns, watch.version())
        except sqlite3.Error:
            _watches.pop(path, None)
            return (object(),)


def saved_ruling_entries(db_path: str | Path | None = None) -> list[Entry]:
    """Every saved ruling as an Entry; [] when there is no database. A database that cannot be
    read, and rows that are skipped, are reported once on stderr (by path): search goes on
    without them, but never silently.

    Fast on repeat calls: an unchanged file is not read again. Treat the entries as read-only.
    """
    path = Path(db_path).expanduser() if db_path else default_db_path()
    stamp = _content_stamp(path)
    if stamp is None:
        return []
    cached = _entries_cache.get(path)
    if cached and cached[0] == stamp:
        return list(cached[1])
    store = RulingStore(path, timeout=0.25)
    try:
        entries = [ruling_entry(r) for r in store.all()]
    except RulingsError as exc:
        report_once(f"saved rulings are left out of this search: {exc}")
        return []
    for reason in store.skipped:
        report_once(reason)
    _entries_cache[path] = (stamp, entries)
    return list(entries)


def _file_kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"
