"""A rulings log carried between events: JSON Lines (to merge: `judge ruling import`) and CSV (for
a spreadsheet), one line a revision, each naming its ruling by UUID.

Reading is strict, and whole before anything is written: a line that is not one revision as
judge writes them refuses the file, naming the line. Whether the revisions fit the log they are
merged into is said by merge(), in the single write transaction that merges them.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import os
import stat
import uuid as uuid_module
from dataclasses import dataclass
from pathlib import Path

from judge.rulings.fields import problem
from judge.rulings.revisions import GIVEN, STATUSES, Revision
from judge.rulings.store import RevisionRefused, RulingsError, RulingStore, insert_revision, insert_ruling
from judge.safe_text import json_text, one_line

# One line's fields, in the order written (and the CSV's header).
COLUMNS = (
    "uuid",
    "number",
    "revision",
    "kind",
    "event",
    "table",
    "question",
    "answer",
    "cites",
    "judge",
    "at",
    "reason",
)
MAX_IMPORT_BYTES = 64 * 1024 * 1024  # ~100,000 rulings; a larger file is refused, never cut short
MAX_REVISION = 10_000  # revisions of one ruling
_ONE_LINE = ("event", "table", "judge")
_TEXT = ("question", "answer", "reason")


class ImportRefused(Exception):
    """The file is not imported; the message names the file and line (and the ruling)."""


@dataclass(frozen=True)
class Line:
    """One revision as read from a file: where it was, which ruling, and the revision."""

    line: int
    uuid: str
    event: str
    table: str
    revision: Revision


def lines_of(rulings) -> list[dict]:
    """Every revision of `rulings` (SavedRuling), as the dicts a file holds, oldest first."""
    return [
        {
            "uuid": r.uuid,
            "number": r.number,
            "revision": v.revision,
            "kind": v.kind,
            "event": r.event,
            "table": r.table,
            "question": v.question,
            "answer": v.answer,
            "cites": list(v.cites),
            "judge": v.judge,
            "at": v.at,
            "reason": v.reason,
        }
        for r in rulings
        for v in r.revisions
    ]


def to_jsonl(rulings) -> str:
    """JSON Lines; characters a terminal could act on are \\u escapes (the file may be printed)."""
    return "".join(json_text(line) + "\n" for line in lines_of(rulings))


def to_csv(rulings) -> str:
    """CSV with a header; the citations in one cell, space-separated (an id holds no space). A
    text cell a spreadsheet would take for a formula (= + - @ first) gets a leading ' so it is
    shown as written, never run (the CSV is for reading; merging reads JSON Lines)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, COLUMNS, lineterminator="\n")
    writer.writeheader()
    for line in lines_of(rulings):
        writer.writerow({key: _cell(value) for key, value in {**line, "cites": " ".join(line["cites"])}.items()})
    return out.getvalue()


def _cell(value):
    return "'" + value if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def read_file(path: Path) -> list[Line]:
    """The revisions a JSON Lines file holds; ImportRefused naming the file (and line) otherwise.
    Only a regular file is opened (a FIFO would wait for a writer for good)."""
    name = one_line(str(path))[:200]
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise ImportRefused(f"no file {name}") from None
    except OSError as exc:
        raise ImportRefused(f"cannot read {name}: {exc.strerror or exc}") from None
    if not stat.S_ISREG(info.st_mode):
        raise ImportRefused(f"{name} is not a regular file")
    if info.st_size > MAX_IMPORT_BYTES:
        raise ImportRefused(f"{name} is {info.st_size:,} bytes; an import is at most {MAX_IMPORT_BYTES:,}")
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_IMPORT_BYTES + 1)
    except OSError as exc:
        raise ImportRefused(f"cannot read {name}: {exc.strerror or exc}") from None
    if len(data) > MAX_IMPORT_BYTES:
        raise ImportRefused(f"{name} is over {MAX_IMPORT_BYTES:,} bytes; an import is at most that")
    return parse(data, name)


def parse(data: bytes, name: str) -> list[Line]:
    lines: list[Line] = []
    seen: dict[tuple[str, int], Line] = {}
    place: dict[str, tuple[str, str, int]] = {}  # uuid -> (event, table, first line)
    for number, raw in enumerate(data.split(b"\n"), start=1):
        if not raw.strip():
            continue
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ImportRefused(
                f"{name} line {number}: not UTF-8 text (byte {exc.start + 1}); nothing was imported"
            ) from None
        line = _line(text, number, name)
        key = (line.uuid, line.revision.revision)
        earlier = seen.get(key)
        if earlier is not None and earlier.revision != line.revision:
            raise ImportRefused(
                f"{name} line {number}: ruling {line.uuid} has two different revision "
                f"{key[1]}s (lines {earlier.line} and {number}); nothing was imported"
            )
        where = place.setdefault(line.uuid, (line.event, line.table, number))
        if where[:2] != (line.event, line.table):
            raise ImportRefused(
                f"{name} line {number}: ruling {line.uuid} is at event/table "
                f"{one_line(line.event)!r}/{one_line(line.table)!r} here but "
                f"{one_line(where[0])!r}/{one_line(where[1])!r} on line {where[2]}; nothing was imported"
            )
        if earlier is None:
            seen[key] = line
            lines.append(line)
    if not lines:
        raise ImportRefused(
            f"{name} holds no rulings (JSON Lines, as `judge ruling export --format jsonl` "
            "writes); nothing was imported"
        )
    return lines


def _line(text: str, number: int, name: str) -> Line:
    def refuse(why: str) -> ImportRefused:
        return ImportRefused(f"{name} line {number}: {why}; nothing was imported")

    try:
        record = json.loads(text)
    except ValueError as exc:
        raise refuse(f"not JSON ({exc})") from None
    if not isinstance(record, dict):
        raise refuse(f"a JSON {type(record).__name__}, not an object holding one revision")
    missing = [c for c in COLUMNS if c not in record]
    unknown = sorted(k for k in record if k not in COLUMNS)
    if missing or unknown:
        raise refuse(
            ("no " + ", ".join(missing) if missing else "")
            + ("; " if missing and unknown else "")
            + ("no field may be called " + ", ".join(repr(one_line(k)[:40]) for k in unknown[:5]) if unknown else "")
        )
    identity = record["uuid"]
    try:
        if not isinstance(identity, str) or str(uuid_module.UUID(identity)) != identity:
            raise ValueError
    except ValueError:
        raise refuse(
            f"uuid {one_line(repr(identity))[:60]} is not a UUID as judge writes one (8-4-4-4-12 lowercase hex digits)"
        ) from None
    for field in ("number", "revision"):
        value = record[field]
        if (
            not isinstance(value, int)
            or isinstance(value, bool)
            or not 1 <= value <= (MAX_REVISION if field == "revision" else 2**63 - 1)
        ):
            raise refuse(f"ruling {identity}: {field} {one_line(repr(value))[:40]} is not a whole number from 1")
    revision = record["revision"]
    for field in _ONE_LINE + _TEXT + ("kind", "at"):
        if not isinstance(record[field], str):
            raise refuse(f"ruling {identity}: {field} is {type(record[field]).__name__}, not text")
        why = problem(field, record[field], one_line=field in _ONE_LINE + ("kind", "at"))
        if why:
            raise refuse(f"ruling {identity}: {why}")
    kind = record["kind"]
    if (revision == 1) != (kind == GIVEN) or kind not in STATUSES:
        expected = f"'{GIVEN}'" if revision == 1 else " or ".join(sorted(STATUSES - {GIVEN}))
        raise refuse(f"ruling {identity}: revision {revision}'s kind is {one_line(repr(kind))[:40]}, not {expected}")
    if not record["answer"].strip():
        raise refuse(f"ruling {identity}: revision {revision} has an empty answer")
    if revision > 1 and not record["reason"].strip():
        raise refuse(f"ruling {identity}: revision {revision} has no reason")
    try:
        dt.datetime.fromisoformat(record["at"])
    except ValueError:
        raise refuse(f"ruling {identity}: at {one_line(repr(record['at']))[:40]} is not an ISO 8601 time") from None
    cites = record["cites"]
    if not isinstance(cites, list) or not all(
        isinstance(c, str) and c and c.isprintable() and not c.isspace() and " " not in c for c in cites
    ):
        raise refuse(f"ruling {identity}: cites is not a list of entry ids")
    return Line(
        number,
        identity,
        record["event"],
        record["table"],
        Revision(
            revision,
            kind,
            record["question"],
            record["answer"],
            tuple(cites),
            record["judge"],
            record["at"],
            record["reason"],
        ),
    )


def merge(store: RulingStore, lines: list[Line], source: str) -> tuple[int, int]:
    """Merge revisions read from another log (`Line`s, as read_file reads them) into `store`, in
    one write transaction: a ruling not known here is added under the next number, a known one (by
    UUID) gains the revisions it lacks. The same revision twice adds nothing; a revision
    that differs from the one known under its number, or one that would leave a gap, refuses
    the whole merge (RevisionRefused naming the ruling and the line). Returns (rulings added,
    revisions added, first ones included)."""
    grouped: dict[str, dict[int, Line]] = {}
    for line in lines:
        grouped.setdefault(line.uuid, {})[line.revision.revision] = line
    added_rulings = added_revisions = 0
    try:
        store.path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise RulingsError(f"cannot create the folder for {str(store.path)[:200]}: {exc.strerror or exc}") from exc
    with store.transaction() as conn:
        for identity, revisions in grouped.items():
            found, skipped = store.load(conn, "WHERE uuid = ?", (identity,))
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
                    number = insert_ruling(
                        conn, identity, r.question, r.answer, r.cites, line.event, line.table, r.judge, r.at
                    )
                    added_rulings += 1
                else:
                    insert_revision(conn, number, line.revision)
                added_revisions += 1
                expected += 1
    return added_rulings, added_revisions
