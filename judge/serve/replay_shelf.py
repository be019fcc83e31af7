"""The scenario files judge serve replays, each known by a key made from its content.

- An upload is read only by the engine's safe loader (judge.yamlio through the scenario
  loader, within judge.input_limits); only one that loads is kept, in data_dir()/replays/ under
  `<key>.yaml`, the key being the SHA-256 of its bytes. The name the browser gave is only shown.
  The newest MAX_KEPT_UPLOADS are kept (by modification time; sending a kept file again makes it
  the newest): each new upload removes the oldest beyond that. Only files named `<key>.yaml` in
  that folder are ever removed — the judge's saved boards live in another folder.
- The boards the judge saved from the TUI (paths.boards_dir()) are listed, `*.yaml` regular
  files only; a board is opened by a name matched against that listing, never joined to a path.
- A key from a URL is looked up in those two listings (and in memory), never joined to a path.
- A folder that does not exist lists nothing; one that exists but cannot be read raises
  `FolderUnreadable` (naming the folder and the OS error), never an empty listing.

Replays run once and are kept in memory (the most recent MEMORY of them): stepping back and
forth through one costs no engine run.
"""

from __future__ import annotations

import hashlib
import os
import re
import sys
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

from judge import files, paths
from judge.engine.scenarios.replay import Replay, run
from judge.engine.scenarios.scenario import load_string
from judge.yamlio import ScenarioError, decode, read_text

UPLOADS_FOLDER = "replays"
KEY_LENGTH = 32  # hex digits of the SHA-256 kept in a key: 128 bits, unguessable and unique enough
MEMORY = 32
MAX_KEPT_UPLOADS = 200  # uploads kept on disk; the oldest beyond this are removed as new ones come
_UPLOAD_NAME = re.compile(rf"[0-9a-f]{{{KEY_LENGTH}}}\.yaml")
_writing_uploads = threading.Lock()  # one upload at a time writes and prunes the folder


class NotFound(LookupError):
    """No replay or board by that key or name; the message says which."""


class FolderUnreadable(Exception):
    """A folder of scenario files exists but cannot be listed; the message names it and why."""

    def __init__(self, what: str, folder: Path, error: OSError) -> None:
        super().__init__(f"The {what} folder {folder} cannot be read: {error.strerror or error}.")
        self.folder = folder


@dataclass(frozen=True)
class Opened:
    key: str
    label: str  # what the page calls the file: a board's name, or the name an upload came with
    replay: Replay


def key_of(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:KEY_LENGTH]


def uploads_dir() -> Path:
    return paths.data_dir() / UPLOADS_FOLDER


def _listing(folder: Path, what: str) -> dict[str, Path]:
    """The folder's `*.yaml` regular files (not links) by name; {} when there is no folder.
    Raises FolderUnreadable when it exists but cannot be listed (Path.glob would say nothing)."""
    try:
        with os.scandir(folder) as found:
            names = sorted(e.name for e in found if e.name.endswith(".yaml") and e.is_file(follow_symlinks=False))
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise FolderUnreadable(what, folder, exc) from exc
    return {name: folder / name for name in names}


BOARDS = "saved boards"
UPLOADS = "kept uploads"


def boards() -> dict[str, Path]:
    """Raises FolderUnreadable."""
    return _listing(paths.boards_dir(), BOARDS)


def _uploads() -> dict[str, Path]:
    return _listing(uploads_dir(), UPLOADS)


def _prune_uploads(keep: int) -> None:
    """Remove the oldest kept uploads beyond the newest `keep`. A file that cannot be removed is
    said on stderr (the upload that triggered this still succeeds) and tried again next time."""
    kept = [path for name, path in _uploads().items() if _UPLOAD_NAME.fullmatch(name)]
    if len(kept) <= keep:
        return
    kept.sort(key=lambda path: (path.stat().st_mtime_ns, path.name), reverse=True)
    for path in kept[keep:]:
        try:
            path.unlink(missing_ok=True)
        except OSError as exc:
            print(f"judge serve: could not remove the old upload {path}: {exc.strerror or exc}", file=sys.stderr)


def unreadable_folders() -> list[str]:
    """What cannot be read of the folders replays come from, one sentence each (said at start)."""
    problems = []
    for listing in (boards, _uploads):
        try:
            listing()
        except FolderUnreadable as exc:
            problems.append(str(exc))
    return problems


class Shelf:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._open: OrderedDict[str, Opened] = OrderedDict()
        self._board_keys: dict[tuple, str] = {}  # (name, size, mtime) -> key, so a board is hashed once

    def _keep(self, opened: Opened) -> Opened:
        with self._lock:
            self._open[opened.key] = opened
            self._open.move_to_end(opened.key)
            while len(self._open) > MEMORY:
                self._open.popitem(last=False)
        return opened

    @staticmethod
    def _load(data: bytes, label: str) -> Replay:
        """Raises ScenarioError naming `label` and the line."""
        return run(load_string(decode(data, label), label))

    def upload(self, data: bytes, label: str) -> Opened:
        """Replay an uploaded file; keep it (by its key) only if it loads. Raises ScenarioError,
        FolderUnreadable."""
        replay = self._load(data, label)
        key = key_of(data)
        folder = uploads_dir()
        with _writing_uploads:
            if f"{key}.yaml" in _uploads():
                os.utime(folder / f"{key}.yaml")  # sent again: the newest, the last to be pruned
            else:
                folder.mkdir(parents=True, exist_ok=True)
                files.write_atomically(folder / f"{key}.yaml", data)
            _prune_uploads(MAX_KEPT_UPLOADS)
        return self._keep(Opened(key, label, replay))

    def board(self, name: str) -> Opened:
        """Replay the saved board `name` (as listed). Raises NotFound, ScenarioError, FolderUnreadable."""
        path = boards().get(name)
        if path is None:
            raise NotFound(f"There is no saved board named {name!r}.")
        data = read_text(path).encode("utf-8")
        return self._keep(Opened(key_of(data), name, self._load(data, name)))

    def get(self, key: str) -> Opened:
        """The replay with this key: in memory, else an upload kept, else a saved board.
        Raises NotFound, ScenarioError, FolderUnreadable."""
        with self._lock:
            found = self._open.get(key)
            if found is not None:
                self._open.move_to_end(key)
                return found
        upload = _uploads().get(f"{key}.yaml")
        if upload is not None:
            data = read_text(upload).encode("utf-8")
            return self._keep(Opened(key, "an uploaded file", self._load(data, upload.name)))
        for name, path in boards().items():
            try:
                info = path.stat()
                stamp = (name, info.st_size, info.st_mtime_ns)
                if stamp not in self._board_keys:
                    self._board_keys[stamp] = key_of(read_text(path).encode("utf-8"))
            except (OSError, ScenarioError):
                # a board that cannot be read has no key, so it is not the one asked for; it is
                # named where it is listed (/replay) and when it is opened, never here
                continue
            if self._board_keys[stamp] == key:
                return self.board(name)
        raise NotFound(
            "There is no replay with this key: the file was changed or removed since. "
            "Open it again from the replay page."
        )


__all__ = ["FolderUnreadable", "NotFound", "Opened", "ScenarioError", "Shelf", "boards", "key_of", "unreadable_folders"]
