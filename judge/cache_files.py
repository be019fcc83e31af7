"""The cache folder: files only this user's judge can have written, and folders it can prove
it made.

The cache holds pickles, and unpickling runs code, so nothing in it is read before its
signature is checked: every file is sealed with HMAC-SHA256 under a per-user key (32 random
bytes in config_dir()/cache.key, created 0600) over a label naming the source checksum (the
content key) and the file's role, then the bytes. A same-length edit, a crafted pickle, a file
copied from another folder or another user's cache all fail the check, are reported once and
rebuilt. A key folder is marked with a signed `.judge-cache` file when judge creates it, and
only folders whose mark verifies are ever removed: a folder judge did not create is never
touched, whatever its name.
"""

from __future__ import annotations

import gc
import hashlib
import hmac
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from judge import files, paths
from judge.notices import report_once

KEY_FILE = "cache.key"
KEY_BYTES = 32
MARKER = ".judge-cache"
_MAGIC = b"judge-cache 1\n"
_DIGEST = hashlib.sha256
_MAC_BYTES = _DIGEST().digest_size
_KEY_ID_BYTES = 8


@contextmanager
def long_lived() -> Iterator[None]:
    """Reading back a cache file whose objects live until the process ends (the corpus: ~80,000
    objects): Python's cyclic collector is off while they are made, and they are then frozen
    (gc.freeze) so that no later collection walks them again. Both find nothing to free and
    cost every `judge search` tens of milliseconds otherwise (docs/development/benchmarks.md). Frozen
    objects are still freed when nothing refers to them; only a reference cycle among them
    would outlive its use. Nesting is safe."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was_enabled:
            gc.enable()


class CacheRejected(Exception):
    """A cache file failed its check (damaged, or written by something other than this judge)."""


class _Key:
    value: bytes | None = None
    made_now = False  # created by this process: files signed by an earlier key are expected
    refused: str | None = None


def key_path() -> Path:
    return paths.config_dir() / KEY_FILE


def user_key() -> bytes | None:
    """The per-user signing key, created on first use; None (reported once) when it cannot be
    read or created safely — the cache is then not used."""
    if _Key.value is not None or _Key.refused is not None:
        return _Key.value
    path = key_path()
    try:
        _Key.value = _read_key(path)
    except FileNotFoundError:
        try:
            _Key.value, _Key.made_now = _create_key(path)
        except (OSError, files.WriteError, CacheRejected) as exc:
            _Key.refused = f"cannot create the cache key {path} ({exc}); working without the cache"
    except (OSError, CacheRejected) as exc:
        _Key.refused = f"the cache key {path} is not used ({exc}); working without the cache"
    if _Key.refused:
        report_once(_Key.refused)
    return _Key.value


def _read_key(path: Path) -> bytes:
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise CacheRejected("not a regular file")
        if info.st_uid != os.geteuid():
            raise CacheRejected("owned by another user")
        if stat.S_IMODE(info.st_mode) & 0o077:
            raise CacheRejected(f"others may read or write it (mode {stat.S_IMODE(info.st_mode):04o}; make it 0600)")
        value = os.read(fd, KEY_BYTES + 1)
    finally:
        os.close(fd)
    if len(value) != KEY_BYTES:
        raise CacheRejected(f"it holds {len(value)} bytes, not {KEY_BYTES}")
    return value


def _create_key(path: Path) -> tuple[bytes, bool]:
    """A new key, written 0600 beside its final name and linked into place: of two processes
    creating it at once, one link wins and both use the winner's key."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    draft = files.temporary_name(path)
    files.write_atomically(draft, os.urandom(KEY_BYTES), mode=0o600)
    try:
        os.link(draft, path)
        made = True
    except FileExistsError:
        made = False
    finally:
        os.unlink(draft)
    return _read_key(path), made


def _mac(key: bytes, label: str, data: bytes | memoryview) -> bytes:
    mac = hmac.new(key, label.encode("utf-8") + b"\0", _DIGEST)
    mac.update(data)
    return mac.digest()


def _key_id(key: bytes) -> bytes:
    """Which key signed a file (not secret: a digest of the key), so that files signed by a key
    that is gone are told from files that were changed."""
    return hashlib.sha256(b"judge cache key id\0" + key).digest()[:_KEY_ID_BYTES]


def seal(data: bytes, label: str) -> bytes:
    """`data` signed for `label` (the content key and the file's role); the key must exist."""
    key = user_key()
    if key is None:
        raise CacheRejected("no cache key")
    return _MAGIC + _key_id(key) + _mac(key, label, data) + data


def unseal(blob: bytes, label: str, where: Path) -> memoryview:
    """The data of a sealed file, once its signature checks out; else CacheRejected, reported
    once — unless the file was signed by an earlier key and this process has just made a new
    one (the key was deleted: everything is rebuilt, nothing was tampered with)."""
    key = user_key()
    if key is None:
        raise CacheRejected("no cache key")
    start = len(_MAGIC) + _KEY_ID_BYTES
    head = start + _MAC_BYTES
    view = memoryview(blob)
    if blob[: len(_MAGIC)] == _MAGIC and len(blob) >= head:
        if hmac.compare_digest(view[start:head], _mac(key, label, view[head:])):
            return view[head:]
        if _Key.made_now and view[len(_MAGIC) : start] != _key_id(key):
            raise CacheRejected(f"{where} was signed by an earlier key")
    report_once(
        f"the cache file {where} fails its integrity check (damaged, or changed by "
        "another program); it is not used and is rebuilt"
    )
    raise CacheRejected(f"{where} fails its integrity check")


def read_sealed(path: Path, label: str) -> memoryview:
    """Read and unseal; FileNotFoundError when there is none."""
    return unseal(path.read_bytes(), label, path)


def write_sealed(path: Path, data: bytes, label: str) -> None:
    files.write_atomically(path, seal(data, label))


# -- folders judge made -------------------------------------------------------------------------
def _mark_text(folder: Path) -> bytes:
    key = user_key()
    if key is None:
        raise CacheRejected("no cache key")
    return _mac(key, "folder", folder.name.encode("utf-8")).hex().encode()


def make_folder(folder: Path) -> None:
    """Create `folder` (and the cache root) marked as judge's. It appears whole — made under a
    temporary name with its mark inside, then renamed — so another process never sees it
    unmarked. A folder of that name that judge did not make is refused (CacheRejected), never
    written into; one marked under an earlier key (the key file was deleted) is marked again."""
    if not folder.exists():
        folder.parent.mkdir(parents=True, exist_ok=True)
        draft = files.temporary_name(folder)
        draft.mkdir()
        try:
            files.write_atomically(draft / MARKER, _mark_text(folder))
            draft.rename(folder)
            return
        except OSError:
            if not folder.is_dir():
                raise
            # another process's folder got there first: judged below like any existing one
        finally:
            if draft.exists():
                remove_tree(draft)
    if is_ours(folder):
        return
    if folder.is_symlink() or not folder.is_dir() or not (folder / MARKER).is_file():
        raise CacheRejected(f"{folder} is in the way and was not made by judge")
    files.write_atomically(folder / MARKER, _mark_text(folder))


def is_ours(folder: Path) -> bool:
    """Whether `folder` carries a mark this user's judge wrote for it (a real folder, not a link)."""
    marker = folder / MARKER
    try:
        if folder.is_symlink() or not folder.is_dir() or marker.is_symlink():
            return False
        return hmac.compare_digest(marker.read_bytes(), _mark_text(folder))
    except (OSError, CacheRejected):
        return False


def remove_tree(folder: Path) -> None:
    """Remove a folder judge made; another process removing it too is not an error."""
    import shutil

    def gone_already(function, path, info):  # onerror's form: Python 3.11 has no onexc
        if not isinstance(info[1], FileNotFoundError):
            raise info[1]

    shutil.rmtree(folder, onerror=gone_already)


def remove_leftover_temporaries(folder: Path) -> None:
    """The temporary files of killed judge processes in one of judge's folders."""
    for child in folder.iterdir():
        if files.leftover_temporary(child.name) and child.is_file() and not child.is_symlink():
            try:
                child.unlink()
            except FileNotFoundError:
                pass
