"""An internal error written down, not shown: the traceback goes to a log file in the cache folder.

A judge at a table needs one line saying that judge itself failed and where the details are; the
traceback is for whoever fixes it. Each failure gets its own file (never overwritten, created
0600: the command line may hold a ruling's text).
"""

from __future__ import annotations

import datetime as dt
import os
import platform
import sys
import tempfile
import traceback
from pathlib import Path

LOG_FOLDER = "errors"  # inside the cache folder


def write(exc: BaseException, argv: list[str]) -> Path:
    """Write `exc`'s traceback and the command line to a new log file; return its path.

    The cache folder first, the system's temporary folder if that cannot be written; raises
    OSError if neither can.
    """
    from judge import __version__  # deferred: start-up
    from judge.paths import cache_dir  # deferred: start-up

    stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%dT%H%M%SZ")
    report = "".join(
        [
            f"judge {__version__} on Python {platform.python_version()} ({sys.platform}), {stamp}\n",
            f"command line: {argv!r}\n\n",
            *traceback.format_exception(type(exc), exc, exc.__traceback__),
        ]
    )
    try:
        folder = cache_dir() / LOG_FOLDER
        folder.mkdir(parents=True, exist_ok=True)
        return _new_file(folder, f"judge-{stamp}-{os.getpid()}", report)
    except OSError:
        return _new_file(Path(tempfile.gettempdir()), f"judge-error-{stamp}-{os.getpid()}", report)


def _new_file(folder: Path, stem: str, report: str) -> Path:
    for n in range(100):
        path = folder / (f"{stem}.log" if n == 0 else f"{stem}-{n}.log")
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            continue
        with os.fdopen(fd, "w", encoding="utf-8", errors="backslashreplace") as out:
            out.write(report)
        return path
    raise FileExistsError(f"{folder}: no free name for {stem}.log")
