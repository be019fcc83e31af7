"""Importing a newer edition of a bundled document: read, parsed and checked whole, then added
in one step — or refused, with the reasons, and nothing written.

The edition is written into a temporary folder beside its final place (the source file as
imported and edition.json, each through judge.files) and renamed into place: another judge
never sees half an edition, and a refusal or a failure leaves the existing editions as they were.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import importlib
import json
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from judge import files
from judge.corpus.documents import spec as document_spec
from judge.corpus.model import ParsedDocument
from judge.editions import signature, store, text
from judge.editions.errors import EditionError

_SUFFIX_RE = re.compile(r"^\.[A-Za-z0-9]{1,8}$")


class EditionRefused(EditionError):
    """The file is not an edition judge can read; nothing was imported."""


@dataclass
class Outcome:
    edition: store.Edition
    added: bool  # False: the same text is already an edition (a no-op)
    entries: int = 0
    notes: list[str] = field(default_factory=list)  # what the user should know (new dangling references)


def _text_sha256(value: str) -> str:
    return hashlib.sha256(value.encode("utf-8")).hexdigest()


def _parse(doc: str, value: str) -> ParsedDocument:
    module = importlib.import_module(f"judge.corpus.{document_spec(doc).parser}")
    return module.parse(value)


def _edition_text(edition: store.Edition) -> str:
    raw = edition.path.read_bytes()
    return raw.decode("utf-8") if edition.bundled else text.decode(raw, edition.encoding)


def import_file(
    source: Path, doc: str, name: str | None = None, date: str | None = None, today: dt.date | None = None
) -> Outcome:
    """Import `source` as an edition of `doc`. EditionRefused (with every reason) when it is not
    one; EditionError for a name or date that cannot be used."""
    store.check_doc(doc)
    raw = _read_source(Path(source))
    try:
        value, codec = text.read(raw)
    except EditionError as exc:
        raise EditionRefused(f"{source} refused: {exc}; nothing was imported") from None
    existing = store.list_editions(doc)
    digest = _text_sha256(value)
    for edition in existing:
        if edition.sha256 == hashlib.sha256(raw).hexdigest() or _text_sha256(_edition_text(edition)) == digest:
            return Outcome(edition, added=False)
    first = existing[0]
    try:
        parsed = _parse(doc, value)
    except Exception as exc:  # the parser's own failure on this text is a refusal, named
        raise EditionRefused(
            f"{source} refused: the parser failed on it ({exc.__class__.__name__}: {exc}); nothing was imported"
        ) from None
    first_parsed = _parse(doc, _edition_text(first))
    first_shape, shape = signature.shape_of(first_parsed), signature.shape_of(parsed)
    reasons = signature.refusals(first_shape, shape)
    if reasons:
        listed = "".join(f"\n  - {r}" for r in reasons)
        raise EditionRefused(
            f"{source} refused: it does not read as an edition of "
            f"{document_spec(doc).title} (read as {text.ENCODING_NAMES[codec]}):{listed}\n"
            "nothing was imported"
        )
    date = store.check_date(date, "--date") if date else (today or dt.datetime.now(dt.UTC).date()).isoformat()
    name = name or date
    _check_new(doc, name, date, existing)
    with _import_lock(doc):  # two imports at once: the second sees the first's edition
        existing = store.list_editions(doc)
        for edition in existing:
            if _text_sha256(_edition_text(edition)) == digest:
                return Outcome(edition, added=False)
        _check_new(doc, name, date, existing)
        edition = _write(Path(source), raw, doc, name, date, codec)
    return Outcome(edition, added=True, entries=shape.entries, notes=_reference_notes(first_parsed, parsed))


def _read_source(source: Path) -> bytes:
    """The file to import, refused before reading when it is not a regular file (a FIFO waits
    for a writer forever, /dev/zero never ends) or is past MAX_EDITION_BYTES."""
    import os
    import stat

    from judge.input_limits import MAX_EDITION_BYTES  # deferred: start-up

    try:
        fd = os.open(source, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise EditionError(f"cannot read {source}: {exc.strerror or exc}") from None
    info = os.fstat(fd)  # of what was opened (a folder opens too, and os.fdopen refuses it)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        raise EditionRefused(
            f"{source} refused: it is not a regular file (a folder, a FIFO, a device or a socket); nothing was imported"
        )
    with os.fdopen(fd, "rb") as handle:
        if info.st_size > MAX_EDITION_BYTES:
            raise EditionRefused(
                f"{source} refused: {info.st_size:,} bytes, and an edition is at most "
                f"{MAX_EDITION_BYTES:,} (the largest bundled document is under 0.5 MiB); "
                "nothing was imported"
            )
        try:
            raw = handle.read(MAX_EDITION_BYTES + 1)
        except OSError as exc:
            raise EditionError(f"cannot read {source}: {exc.strerror or exc}") from None
    if len(raw) > MAX_EDITION_BYTES:
        raise EditionRefused(f"{source} refused: more than {MAX_EDITION_BYTES:,} bytes; nothing was imported")
    return raw


class _import_lock:
    """An exclusive lock on the document's editions folder for the check and the write: two
    imports at once cannot both take one date, or the same text under two names. Drafts left by
    an import that was killed (their process gone) are removed under it."""

    def __init__(self, doc: str) -> None:
        self.folder = store.editions_root() / doc

    def __enter__(self) -> _import_lock:
        import fcntl

        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            self.handle = open(self.folder / ".import.lock", "a+b")
        except OSError as exc:
            raise EditionError(
                f"cannot write into {self.folder}: {exc.strerror or exc}; nothing was imported"
            ) from None
        fcntl.flock(self.handle, fcntl.LOCK_EX)
        for leftover in self.folder.iterdir():
            if leftover.is_dir() and files.leftover_temporary(leftover.name):
                shutil.rmtree(leftover, ignore_errors=True)
        return self

    def __exit__(self, *exc) -> None:
        self.handle.close()  # and the lock with it


def _check_new(doc: str, name: str, date: str, existing: list[store.Edition]) -> None:
    if not store.NAME_RE.fullmatch(name):
        raise EditionError(
            f"--edition {name!r}: a name is 1–40 letters, digits, '.', '_' or '-', starting with a letter or digit"
        )
    for edition in existing:
        if edition.name == name or (edition.date == name and name != date):
            raise EditionError(
                f"{doc!r} has an edition named or dated {name!r} already ({edition.label}); choose another --edition"
            )
        if edition.date == date:
            raise EditionError(
                f"{doc!r} has an edition dated {date} already ({edition.label}); give this one its own --date"
            )
    first = existing[0]
    if first.date and date <= first.date:
        raise EditionError(
            f"--date {date} is not after the bundled edition of {doc!r} ({first.label}): "
            "an imported edition is a newer one"
        )


def _disk_full(exc: BaseException) -> bool:
    import errno

    return getattr(exc, "errno", None) in (errno.ENOSPC, errno.EDQUOT) or "No space left" in str(exc)


def _reference_notes(first: ParsedDocument, parsed: ParsedDocument) -> list[str]:
    before = {p.message for p in first.problems if p.kind in signature.REFERENCE_PROBLEMS}
    return [
        f"{p.kind}: {p.message}"
        for p in parsed.problems
        if p.kind in signature.REFERENCE_PROBLEMS and p.message not in before
    ]


def _write(source: Path, raw: bytes, doc: str, name: str, date: str, codec: str) -> store.Edition:
    folder = store.editions_root() / doc
    folder.mkdir(parents=True, exist_ok=True)
    final = folder / name
    draft = files.temporary_name(final)
    suffix = source.suffix if _SUFFIX_RE.match(source.suffix) else ""
    source_file = f"source{suffix}"
    manifest = {
        "format": store.MANIFEST_FORMAT,
        "doc": doc,
        "name": name,
        "date": date,
        "sha256": hashlib.sha256(raw).hexdigest(),
        "encoding": codec,
        "imported_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "source_name": source.name,
        "source_file": source_file,
    }
    draft.mkdir()
    try:
        files.write_atomically(draft / source_file, raw)
        files.write_atomically(draft / store.MANIFEST, json.dumps(manifest, ensure_ascii=False, indent=2) + "\n")
        if final.exists():
            raise EditionError(f"{final} exists already; nothing was imported")
        draft.rename(final)
    except (OSError, files.WriteError) as exc:
        why = "the disk is full" if _disk_full(exc) else (getattr(exc, "strerror", None) or str(exc))
        raise EditionError(f"cannot write the edition into {folder}: {why}; nothing was imported") from None
    finally:
        if draft.exists():
            shutil.rmtree(draft)
    return store.read_manifest(doc, final)
