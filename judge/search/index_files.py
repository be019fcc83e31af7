"""The index folder's files: built in a locked private folder, listed in a signed manifest,
read only when they match it.

A build writes into `index.building-XXXX` beside the index, holding an exclusive lock
(flock) on the `.judge-build` file inside for as long as it runs; the finished folder is
renamed into place. A kill -9 releases the lock, so a build folder whose lock can be taken is a
dead build's leftover and is removed — one whose lock is held belongs to a live build and is
left alone, and a folder without the lock file was not made by a build and is never touched.
The manifest (cache_files-sealed JSON: the format, and each file's SHA-256) covers every file,
whoosh's own too (its TOC holds a pickle), so nothing unchecked is read.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
from pathlib import Path

from judge import cache_files, paths

MANIFEST = "MANIFEST"
BUILD_LOCK = ".judge-build"
_LEFTOVER_PREFIXES = (".building-", ".stale-")


def _label(key: str) -> str:
    return f"{key}/index"


class Build:
    """A private folder to build an index in, locked while the build runs (a context manager)."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        # A key folder of the cache must be judge's own (made now if the corpus was not cached);
        # an index built elsewhere (a test's folder) goes where it was asked.
        if directory.parent.parent == paths.cache_dir() or not directory.parent.is_dir():
            cache_files.make_folder(directory.parent)
        remove_dead_builds(directory.parent)
        import tempfile  # here: only a build needs it (with shutil, random… ~7 ms of every start-up)

        self.folder = Path(tempfile.mkdtemp(prefix=directory.name + ".building-", dir=directory.parent))
        self._lock = open(self.folder / BUILD_LOCK, "wb")  # noqa: SIM115 - held, locked, for the whole build
        fcntl.flock(self._lock, fcntl.LOCK_EX)  # a fresh file: nobody else can hold it

    def __enter__(self) -> Build:
        return self

    def __exit__(self, *exc) -> None:
        self._lock.close()
        if self.folder.exists():
            cache_files.remove_tree(self.folder)

    def finish(self, key: str, format_: str) -> None:
        """Sign the manifest of what was built, then move the folder into place."""
        listing = {name: _sha256((self.folder / name).read_bytes()) for name in _files(self.folder)}
        data = json.dumps({"format": format_, "files": listing}, sort_keys=True).encode()
        cache_files.write_sealed(self.folder / MANIFEST, data, _label(key))
        if self.directory.exists():
            stale = self.directory.with_name(f"{self.directory.name}.stale-{os.getpid()}")
            try:
                self.directory.rename(stale)
            except FileNotFoundError:
                pass  # another process moved it first
            else:
                cache_files.remove_tree(stale)
        try:
            self.folder.rename(self.directory)
        except OSError:
            pass  # another process put its index in place first: that one is used


def remove_dead_builds(parent: Path) -> None:
    """Remove the build folders of killed builds (see the module's docstring)."""
    for child in parent.iterdir():
        name = child.name
        if not any(p in name for p in _LEFTOVER_PREFIXES) or child.is_symlink() or not child.is_dir():
            continue
        lock_path = child / BUILD_LOCK
        if lock_path.is_symlink() or not lock_path.is_file():
            continue
        try:
            lock = open(lock_path, "rb")  # noqa: SIM115 - opened here to tell "gone" apart; closed by the `with` below
        except FileNotFoundError:
            continue  # finished and moved away meanwhile
        with lock:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                continue  # a live build
            cache_files.remove_tree(child)


def _files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name not in (MANIFEST, BUILD_LOCK))


def _sha256(data: bytes | memoryview) -> str:
    return hashlib.sha256(data).hexdigest()


def read_manifest(directory: Path, key: str, format_: str) -> dict[str, str] | None:
    """The file listing of a complete index of this format; None when there is none (or an
    older format). CacheRejected when it fails its signature (reported once)."""
    try:
        data = json.loads(bytes(cache_files.read_sealed(directory / MANIFEST, _label(key))))
    except (FileNotFoundError, NotADirectoryError):
        return None
    if data.get("format") != format_:
        return None
    return data["files"]


def read_part(directory: Path, listing: dict[str, str], name: str) -> bytes:
    """A file of the index whose bytes are those the manifest lists; CacheRejected otherwise."""
    path = directory / name
    raw = path.read_bytes()
    if listing.get(name) != _sha256(raw):
        cache_files.report_once(
            f"the cache file {path} does not match its index's manifest (damaged, "
            "or changed by another program); the index is rebuilt"
        )
        raise cache_files.CacheRejected(f"{path} does not match the manifest")
    return raw


def verify_all(directory: Path, listing: dict[str, str]) -> None:
    """Every file in the folder is listed, with the listed content (before whoosh reads any)."""
    present = _files(directory)
    if present != sorted(listing):
        extra = sorted(set(present) - set(listing)) or sorted(set(listing) - set(present))
        cache_files.report_once(
            f"the index in {directory} has files its manifest does not list, or lacks "
            f"some ({', '.join(extra[:3])}); it is rebuilt"
        )
        raise cache_files.CacheRejected(f"{directory}: files differ from the manifest")
    for name in present:
        read_part(directory, listing, name)
