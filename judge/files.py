"""Writing a file judge was asked to write: whole or not at all, and only a regular file.

Every file judge writes (sheets, exports, boards, the cache) goes through `write_atomically`:
the content goes to a temporary file beside the target, is flushed to disk, and is renamed over
the target in one step, so a failure (a full disk, a kill) leaves the old file or none, never
half of one. What the target may be:

- absent: created with the user's umask (mode 0666 minus the umask, as any editor would);
- a regular file: replaced, keeping its permission bits;
- a symbolic link: followed — the file it points to is written (with the rules above) and the
  link stays a link; a link to something other than a regular file is refused like that thing;
- a folder, a FIFO, a device, a socket: refused, nothing is written.

(A file with other hard links is replaced under this name only: the other names keep the old
content, as with any editor that saves by renaming.)

The folder the file goes in must exist: a typo in a path is reported, not created.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

TMP_MARK = ".tmp-"
_NEW_FILE_MODE = 0o666  # the kernel takes the umask off, as for any file a program creates
_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


class WriteError(Exception):
    """A file could not be written; the message names it and says why. Nothing was left behind."""


def _kind(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def target_of(path: Path) -> tuple[Path, int | None]:
    """The file that will really be written (a symlink's target) and its current permission
    bits (None when it does not exist yet). Refuses what is not a regular file."""
    path = Path(path).expanduser()
    real = Path(os.path.realpath(path))
    try:
        info = os.stat(real)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise WriteError(f"cannot write {path}: {exc.strerror or exc}") from None
    if info is not None and not stat.S_ISREG(info.st_mode):
        shown = f"{path} (a link to {real})" if real != path.absolute() else str(path)
        raise WriteError(f"cannot write {shown}: it is {_kind(info.st_mode)}, not a regular file; nothing was written")
    if not real.parent.is_dir():
        raise WriteError(f"cannot write {path}: the folder {real.parent} does not exist")
    return real, (stat.S_IMODE(info.st_mode) if info is not None else None)


def write_atomically(path: Path, data: bytes | str, mode: int | None = None) -> Path:
    """Write `data` (str as UTF-8) to `path` whole or not at all; return the path written.
    `mode`, when given, is the new file's permission bits whatever the umask (the cache key's
    0600); otherwise an existing file keeps its bits and a new one gets the umask's."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    real, existing = target_of(path)
    tmp = _create_temporary(real, _NEW_FILE_MODE if mode is None else mode)
    try:
        fd = os.open(tmp, os.O_WRONLY)
        try:
            if mode is not None:
                os.fchmod(fd, mode)
            elif existing is not None:
                os.fchmod(fd, existing)
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, real)
    except OSError as exc:
        _remove(tmp)
        raise WriteError(f"cannot write {path}: {exc.strerror or exc}; nothing was written") from None
    except BaseException:
        _remove(tmp)
        raise
    return Path(path).expanduser()


def temporary_name(target: Path, attempt: int = 0) -> Path:
    """`.<name>.tmp-<pid>-<n>` beside the target: the pid says whose it is (see leftover_temporary)."""
    return target.with_name(f".{target.name}{TMP_MARK}{os.getpid()}-{attempt}")


def _create_temporary(target: Path, mode: int) -> Path:
    for attempt in range(100):
        tmp = temporary_name(target, attempt)
        try:
            os.close(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode))
            return tmp
        except FileExistsError:
            continue
        except OSError as exc:
            raise WriteError(f"cannot write {target}: {exc.strerror or exc}; nothing was written") from None
    raise WriteError(f"cannot write {target}: 100 temporary files of this process are in the way")


def _remove(path: Path) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


def leftover_temporary(name: str) -> bool:
    """Whether `name` is one of our temporary files (see temporary_name) whose process has
    gone: a kill -9 between creating it and renaming it leaves one behind."""
    if not name.startswith(".") or TMP_MARK not in name:
        return False
    pid, _, attempt = name.rsplit(TMP_MARK, 1)[1].partition("-")
    if not (pid.isdigit() and attempt.isdigit()):
        return False
    return not _alive(int(pid))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process
    except OSError as exc:
        return exc.errno != errno.ESRCH
    return True
