"""Which editions of a document judge has: the bundled one, and those imported into the user
data folder (data_dir()/editions/<doc>/<name>/ holding the source file as imported and
edition.json, its manifest).

Editions are ordered by date, the bundled (first) one first; no two share a name or a date, so
either names one edition. An undated bundled edition counts as older than any date.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from judge import paths
from judge.corpus.documents import DOCUMENTS, spec
from judge.editions.errors import EditionError, UnknownEdition

BUNDLED_FILE = "rules/bundled-editions.json"
EDITIONS_FOLDER = "editions"
MANIFEST = "edition.json"
MANIFEST_FORMAT = 1
EVENT_DATE_VARIABLE = "JUDGE_EVENT_DATE"
# An edition's name goes into folder names and into ids (nd@NAME:704.5j).
NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$")
DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


@dataclass(frozen=True)
class Edition:
    doc: str
    name: str
    date: str | None  # ISO YYYY-MM-DD; None: the bundled document states none
    path: Path = field(compare=False)  # the source file, as imported (a checkout may move)
    sha256: str  # of the source file's bytes
    bundled: bool
    encoding: str = "utf-8"  # how the source file is read (see judge.editions.text)
    imported_at: str = ""  # ISO 8601, UTC; "" for the bundled edition
    source_name: str = ""  # the file name it was imported from

    @property
    def label(self) -> str:
        """'2026-11 (2026-11-01)', 'bundled (2026-10-07)', 'bundled'."""
        if self.date and self.date != self.name:
            return f"{self.name} ({self.date})"
        return self.name

    def sort_key(self) -> tuple:
        return (not self.bundled, self.date or "", self.imported_at)

    def to_dict(self) -> dict:
        return {
            "doc": self.doc,
            "name": self.name,
            "date": self.date,
            "bundled": self.bundled,
            "sha256": self.sha256,
            "path": str(self.path),
            "encoding": self.encoding,
            "imported_at": self.imported_at,
            "source_name": self.source_name,
        }


def check_date(value: str, what: str) -> str:
    """`value` when it is a real YYYY-MM-DD date; else EditionError naming `what`."""
    value = value.strip()
    try:
        if not DATE_RE.fullmatch(value):
            raise ValueError
        dt.date.fromisoformat(value)
    except ValueError:
        raise EditionError(f"{what}: {value!r} is not a date (YYYY-MM-DD)") from None
    return value


def event_date() -> str | None:
    """$JUDGE_EVENT_DATE (the day of the event being judged), or None when unset or empty."""
    value = os.environ.get(EVENT_DATE_VARIABLE, "").strip()
    return check_date(value, f"${EVENT_DATE_VARIABLE}") if value else None


def editions_root() -> Path:
    return paths.data_dir() / EDITIONS_FOLDER


# The first edition of a document in a data folder without BUNDLED_FILE (JUDGE_DATA_DIR pointing
# at a tree of documents alone): named so, with no date.
UNNAMED: dict[str, Any] = {"name": "bundled", "date": None}


@lru_cache(maxsize=1)
def _bundled_table(root: str) -> dict | None:
    """The table of first editions; None when the data folder has none."""
    path = Path(root) / BUNDLED_FILE
    try:
        return json.loads(path.read_text(encoding="utf-8"))["editions"]
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError) as exc:
        raise EditionError(f"cannot read {path}: {exc}") from None


def bundled(doc: str) -> Edition:
    """The edition that ships with judge: the first of its document."""
    document = check_doc(doc)
    table = _bundled_table(str(paths.data_root()))
    row = UNNAMED if table is None else table.get(doc)
    if row is None:
        raise EditionError(f"{paths.data_root() / BUNDLED_FILE} has no edition for {doc!r}")
    path = paths.data_root() / document.relpath
    return Edition(doc, row["name"], row["date"], path, _file_sha256(path), True)


def _file_sha256(path: Path) -> str:
    try:
        info = path.stat()
    except OSError:
        return ""  # a missing bundled source: the loader reports it
    return _sha256_of(str(path), info.st_size, info.st_mtime_ns)


@lru_cache(maxsize=16)
def _sha256_of(path: str, size: int, mtime_ns: int) -> str:
    """Keyed by size and time too: a file changed under a running TUI is hashed again."""
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return ""


def check_doc(doc: str):
    """The document `doc` names; EditionError listing the documents when it names none."""
    try:
        return spec(doc)
    except KeyError:
        known = ", ".join(d.key for d in DOCUMENTS)
        raise EditionError(f"no document {doc!r} (the documents: {known})") from None


def imported(doc: str) -> list[Edition]:
    """The editions imported for `doc`, in no particular order. A folder judge cannot read as an
    edition (no or a damaged manifest) is an error naming it, never skipped."""
    check_doc(doc)
    folder = editions_root() / doc
    if not folder.is_dir():
        return []
    found = []
    for child in sorted(folder.iterdir()):
        if child.name.startswith("."):
            continue  # an import under way (or killed): see judge.editions.importer
        found.append(read_manifest(doc, child))
    return found


def read_manifest(doc: str, folder: Path) -> Edition:
    path = folder / MANIFEST
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("format") != MANIFEST_FORMAT or data.get("doc") != doc or data.get("name") != folder.name:
            raise ValueError("it is not the manifest of this folder's edition")
        source = folder / data["source_file"]
        return Edition(
            doc,
            data["name"],
            data["date"],
            source,
            data["sha256"],
            False,
            data["encoding"],
            data["imported_at"],
            data["source_name"],
        )
    except FileNotFoundError:
        raise EditionError(f"{folder} is not an edition (no {MANIFEST}); remove it, or import the file again") from None
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise EditionError(f"cannot read the edition manifest {path}: {exc}") from None


def list_editions(doc: str) -> list[Edition]:
    """Every edition of `doc`, oldest first (the bundled one first)."""
    return sorted([bundled(doc), *imported(doc)], key=Edition.sort_key)


def newest(doc: str) -> Edition:
    return list_editions(doc)[-1]


def in_force(doc: str, date: str) -> Edition:
    """The newest edition dated on or before `date`; the first edition when all are later (it
    is the earliest text judge has; what it adopted after `date` is marked, see judge.editions.status)."""
    editions = list_editions(doc)
    chosen = editions[0]
    for edition in editions:
        if edition.bundled or (edition.date and edition.date <= date):
            chosen = edition
    return chosen


def selected(doc: str) -> Edition:
    """The edition the main corpus reads: the one in force on $JUDGE_EVENT_DATE, else the newest."""
    date = event_date()
    return in_force(doc, date) if date else newest(doc)


def find(doc: str, wanted: str) -> Edition:
    """The edition named `wanted` (its name, else its date); UnknownEdition naming those that exist."""
    editions = list_editions(doc)
    for edition in editions:
        if edition.name == wanted:
            return edition
    for edition in editions:
        if edition.date == wanted:
            return edition
    raise UnknownEdition(doc, wanted, editions)


def has_imported() -> bool:
    """Whether any document has an imported edition (else everything reads the bundled files)."""
    root = editions_root()
    return root.is_dir() and any(imported(d.key) for d in DOCUMENTS)
