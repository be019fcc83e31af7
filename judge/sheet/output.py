"""Getting a rendered sheet out: written to a file in one step, or sent to `lp`."""
from __future__ import annotations

import datetime as dt
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from judge import paths

PRINT_TIMEOUT = 30  # seconds: lp only queues the job, it should answer at once


def write_file(path: Path, content: str) -> Path:
    """Write the whole file or nothing: a temporary file beside it, renamed over it."""
    path = path.expanduser()
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(content)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def default_path(extension: str, now: dt.datetime | None = None) -> Path:
    """Where a printed sheet is kept when no -o was given: data_dir()/sheets/."""
    now = now or dt.datetime.now()
    return paths.data_dir() / "sheets" / f"ruling-sheet-{now:%Y%m%d-%H%M%S}{extension}"


@dataclass(frozen=True)
class PrintResult:
    sent: bool
    message: str


def send_to_printer(text: str, title: str, printer: str | None = None, lp: str | None = None) -> PrintResult:
    """Queue plain text with `lp` on `printer` (default: the system's default printer);
    say why not when it cannot."""
    lp = lp or shutil.which("lp")
    if not lp:
        return PrintResult(False, "no printer command (lp) on this system")
    command = [lp, "-t", title] + (["-d", printer] if printer else [])
    try:
        done = subprocess.run(command, input=text.encode("utf-8"), capture_output=True,
                              timeout=PRINT_TIMEOUT, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return PrintResult(False, f"lp failed: {exc}")
    if done.returncode != 0:
        reason = done.stderr.decode("utf-8", "replace").strip() or f"exit status {done.returncode}"
        return PrintResult(False, f"lp failed: {reason}")
    queued = done.stdout.decode("utf-8", "replace").strip()
    return PrintResult(True, queued or "sent to the printer")
