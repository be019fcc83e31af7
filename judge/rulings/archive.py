"""A judge program's archive: the rulings of many events in one PostgreSQL database (psycopg 3,
the optional extra judge[archive]). Each station keeps logging to its own SQLite file; `judge
ruling sync --to URL` pushes that log here, and `judge search --archive URL` finds precedents.

A ruling is known by its UUID and a revision by (UUID, number): a sync inserts what the archive
lacks and nothing else (INSERT … ON CONFLICT DO NOTHING), so running it again, from many stations
at once, or after a connection dropped mid-way adds each revision once. Each batch is one
transaction: a sync cut short keeps the batches it committed, and the next run adds the rest.
A revision the archive holds with other content is a conflicting history: the sync is refused
naming the ruling before any batch is written (a first pass compares the whole log, writing
nothing); one pushed by another station between that pass and a batch refuses that batch.

The archive's schema has migrations of its own (ARCHIVE_MIGRATIONS), applied under an advisory
lock so that two stations meeting an empty archive at once do not both create it.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass

from judge.rulings.revisions import Revision
from judge.safe_text import one_line

ARCHIVE_MIGRATIONS: tuple[tuple[int, str], ...] = (
    (
        1,
        """
        CREATE TABLE archive_rulings (
            uuid      uuid PRIMARY KEY,
            event     text NOT NULL,
            table_no  text NOT NULL,
            number    bigint NOT NULL,
            station   text NOT NULL,
            synced_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE TABLE archive_revisions (
            uuid      uuid NOT NULL REFERENCES archive_rulings(uuid),
            revision  integer NOT NULL,
            kind      text NOT NULL,
            question  text NOT NULL,
            answer    text NOT NULL,
            cites     text[] NOT NULL,
            judge     text NOT NULL,
            at        text NOT NULL,
            reason    text NOT NULL,
            words     text NOT NULL,  -- what a precedent search matches, case-folded (see _words)
            PRIMARY KEY (uuid, revision)
        );
        CREATE INDEX archive_revisions_cites ON archive_revisions USING gin (cites);
    """,
    ),
)
ARCHIVE_LATEST = ARCHIVE_MIGRATIONS[-1][0]
_MIGRATION_LOCK = 0x6A75646765  # "judge": the advisory lock the migrations are applied under
BATCH = 1000  # rulings a transaction pushes
CONNECT_TIMEOUT = 10  # seconds
_RETRIES = 5  # a deadlock between two syncs' batches is retried, not reported


class ArchiveError(Exception):
    """The archive cannot be used or refused a sync; the message says why in one line."""


@dataclass(frozen=True)
class SyncReport:
    rulings: int  # rulings read from the log
    revisions: int  # their revisions
    new_rulings: int  # of them, new to the archive
    new_revisions: int


@dataclass(frozen=True)
class Precedent:
    """A ruling from the archive as it now stands, with the event it was given at."""

    uuid: str
    event: str
    table: str
    number: int  # its number in its event's log
    status: str
    question: str
    answer: str
    cites: tuple[str, ...]
    given_at: str

    @property
    def citation(self) -> str:
        mark = "" if self.status == "given" else f" ({self.status})"
        return f"Precedent — {self.event or 'an unnamed event'}, ruling #{self.number}{mark}"


def where(url: str) -> str:
    """host:port/dbname of a URL, never its password (for messages)."""
    from psycopg import ProgrammingError
    from psycopg.conninfo import conninfo_to_dict

    try:
        info = conninfo_to_dict(url)
    except ProgrammingError:  # what psycopg raises for a URL it cannot parse
        return "an archive URL that cannot be read"
    return f"{info.get('host') or 'localhost'}:{info.get('port') or 5432}/{info.get('dbname') or ''}"


def connect(url: str, timeout: int = CONNECT_TIMEOUT):
    """A connection to the archive with its schema up to date; ArchiveError in one line
    (host, port, the driver's reason) when it cannot be had."""
    try:
        import psycopg
    except ImportError:
        raise ArchiveError("the archive needs psycopg 3: pip install 'judge[archive]'") from None
    from psycopg.conninfo import conninfo_to_dict

    try:
        conninfo_to_dict(url)
    except psycopg.ProgrammingError as exc:
        raise ArchiveError(
            f"the archive's URL cannot be read ({one_line(str(exc).strip())[:200]}); "
            "write it as postgresql://user@host:port/database"
        ) from None
    try:
        conn = psycopg.connect(url, connect_timeout=timeout, autocommit=True)
    except (psycopg.Error, ValueError) as exc:
        reason = one_line(str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__)
        raise ArchiveError(f"cannot reach the archive at {where(url)}: {reason[:300]}") from None
    try:
        _migrate(conn)
    except ArchiveError:
        conn.close()
        raise
    except psycopg.Error as exc:
        conn.close()
        raise ArchiveError(f"the archive at {where(url)} cannot be used: {one_line(str(exc))[:300]}") from None
    return conn


def _migrate(conn) -> None:
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
        conn.execute("CREATE TABLE IF NOT EXISTS archive_schema_version (version integer NOT NULL)")
        row = conn.execute("SELECT max(version) FROM archive_schema_version").fetchone()
        version = row[0] or 0
        if version > ARCHIVE_LATEST:
            raise ArchiveError(
                f"the archive was written by a newer judge (schema {version}; this one knows "
                f"{ARCHIVE_LATEST}); upgrade judge to use it"
            )
        for number, script in ARCHIVE_MIGRATIONS:
            if number > version:
                conn.execute(script)
        if version < ARCHIVE_LATEST:
            conn.execute("DELETE FROM archive_schema_version")
            conn.execute("INSERT INTO archive_schema_version (version) VALUES (%s)", (ARCHIVE_LATEST,))


_BATCH_SQL = """
    CREATE TEMP TABLE incoming (
        uuid uuid, event text, table_no text, number bigint, revision integer, kind text, question text,
        answer text, cites text[], judge text, at text, reason text, words text) ON COMMIT DROP
"""
# A revision held with other content, or a ruling at another event or table: a conflicting history.
_CONFLICT_SQL = """
    SELECT i.uuid, i.revision, i.number FROM incoming i
    JOIN archive_revisions a USING (uuid, revision)
    JOIN archive_rulings r USING (uuid)
    WHERE (a.kind, a.question, a.answer, a.cites, a.judge, a.at, a.reason)
          IS DISTINCT FROM (i.kind, i.question, i.answer, i.cites, i.judge, i.at, i.reason)
       OR (r.event, r.table_no) IS DISTINCT FROM (i.event, i.table_no)
    ORDER BY i.uuid, i.revision LIMIT 1
"""


def sync(rulings: Iterable, url: str, station: str, batch: int = BATCH, conn=None) -> SyncReport:
    """Push every revision of `rulings` (SavedRuling) to the archive at `url`; see the module."""
    import psycopg

    rulings = list(rulings)
    own = conn is None
    conn = conn or connect(url)
    new_rulings = new_revisions = 0
    try:
        for start in range(0, len(rulings), batch):  # the first pass: a conflict refuses it all
            _push(conn, rulings[start : start + batch], station, check_only=True)
        for start in range(0, len(rulings), batch):
            part = rulings[start : start + batch]
            for attempt in range(_RETRIES):
                try:
                    added = _push(conn, part, station)
                    break
                except (psycopg.errors.DeadlockDetected, psycopg.errors.SerializationFailure):
                    if attempt == _RETRIES - 1:
                        raise
                    time.sleep(0.05 * (attempt + 1))
            new_rulings += added[0]
            new_revisions += added[1]
    except psycopg.OperationalError as exc:
        raise ArchiveError(
            f"the connection to the archive at {where(url)} was lost ({one_line(str(exc))[:200]}): "
            f"{new_rulings} new rulings were pushed before; run the sync again for the rest"
        ) from None
    finally:
        if own:
            conn.close()
    return SyncReport(len(rulings), sum(len(r.revisions) for r in rulings), new_rulings, new_revisions)


def _push(conn, rulings: list, station: str, check_only: bool = False) -> tuple[int, int]:
    """One batch in one transaction: (rulings, revisions) the archive did not have. With
    `check_only`, only whether it conflicts with the archive, nothing written."""
    with conn.transaction(force_rollback=check_only):
        conn.execute(_BATCH_SQL)
        with conn.cursor().copy("COPY incoming FROM STDIN") as copy:
            for r in rulings:
                for v in r.revisions:
                    copy.write_row(
                        (
                            r.uuid,
                            r.event,
                            r.table,
                            r.number,
                            v.revision,
                            v.kind,
                            v.question,
                            v.answer,
                            list(v.cites),
                            v.judge,
                            v.at,
                            v.reason,
                            _words(r.event, v),
                        )
                    )
        if check_only:
            _refuse_conflict(conn, "nothing was pushed")
            return 0, 0
        # In one order everywhere (by UUID), so two syncs of overlapping logs wait, never deadlock.
        added_rulings = conn.execute(
            "INSERT INTO archive_rulings (uuid, event, table_no, number, station) "
            "SELECT DISTINCT ON (uuid) uuid, event, table_no, number, %s FROM incoming ORDER BY uuid "
            "ON CONFLICT (uuid) DO NOTHING",
            (station,),
        ).rowcount
        added_revisions = conn.execute(
            "INSERT INTO archive_revisions (uuid, revision, kind, question, answer, cites, judge, at, reason, words) "
            "SELECT uuid, revision, kind, question, answer, cites, judge, at, reason, words FROM incoming "
            "ORDER BY uuid, revision ON CONFLICT (uuid, revision) DO NOTHING"
        ).rowcount
        _refuse_conflict(conn, "this batch was not written")
        gap = conn.execute(
            "SELECT uuid, revision FROM archive_revisions a WHERE revision > 1 AND uuid IN (SELECT uuid FROM incoming) "
            "AND NOT EXISTS (SELECT 1 FROM archive_revisions b WHERE b.uuid = a.uuid AND b.revision = a.revision - 1) "
            "LIMIT 1"
        ).fetchone()
        if gap is not None:
            raise ArchiveError(
                f"ruling {gap[0]}: revision {gap[1]} follows no revision {gap[1] - 1} in the archive; "
                "this batch was not written"
            )
    return added_rulings, added_revisions


def _refuse_conflict(conn, outcome: str) -> None:
    conflict = conn.execute(_CONFLICT_SQL).fetchone()
    if conflict is not None:
        identity, revision, number = conflict
        raise ArchiveError(
            f"ruling #{number} ({identity}): its revision {revision} differs from the one the "
            f"archive holds (or its event or table does); the histories conflict, {outcome}"
        )


def _words(event: str, revision: Revision) -> str:
    """What a precedent search looks in, case-folded once on the way in: matching it with LIKE
    is several times cheaper than ILIKE over each column on every search."""
    return "\n".join((event, revision.question, revision.answer, " ".join(revision.cites))).casefold()


def precedents(url: str, query: str, limit: int = 10, conn=None) -> list[Precedent]:
    """Archived rulings as they now stand in which every word of `query` occurs (in any case) in
    the question, the ruling, the event or a cited id, newest first."""
    words = query.split()
    own = conn is None
    conn = conn or connect(url)
    try:
        patterns = [
            "%" + w.casefold().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%" for w in words
        ]
        # The revision that stands (no later one), matching every word; newest first by when given.
        rows = conn.execute(
            "SELECT s.uuid::text, r.event, r.table_no, r.number, s.kind, s.question, s.answer, s.cites, f.at "
            "FROM archive_revisions s JOIN archive_rulings r USING (uuid) "
            "JOIN archive_revisions f ON f.uuid = s.uuid AND f.revision = 1 "
            "WHERE s.words LIKE ALL (%s) AND NOT EXISTS "
            "(SELECT 1 FROM archive_revisions n WHERE n.uuid = s.uuid AND n.revision > s.revision) "
            "ORDER BY f.at DESC, s.uuid LIMIT %s",
            (patterns, limit),
        ).fetchall()
    finally:
        if own:
            conn.close()
    return [Precedent(u, e, t, n, k, q, a, tuple(c), g) for u, e, t, n, k, q, a, c, g in rows]


def revisions_of(conn) -> dict[tuple[str, int], Revision]:
    """Every revision the archive holds, by (UUID, revision) (for tests and checks)."""
    rows = conn.execute(
        "SELECT uuid::text, revision, kind, question, answer, cites, judge, at, reason FROM archive_revisions"
    ).fetchall()
    return {(u, n): Revision(n, k, q, a, tuple(c), j, at, why) for u, n, k, q, a, c, j, at, why in rows}
