"""Getting a rendered sheet out: written to a file in one step, or sent to `lp`."""

from __future__ import annotations

import datetime as dt
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from judge import files, paths

PRINT_TIMEOUT = 30  # seconds: lp only queues the job, it should answer at once


def write_file(path: Path, content: str | bytes) -> Path:
    """Write the whole sheet or nothing, to a regular file only (see judge.files); the sheet
    folder of data_dir() is created when it is the default place."""
    path = Path(path).expanduser()
    if path.parent == default_folder():
        path.parent.mkdir(parents=True, exist_ok=True)
    return files.write_atomically(path, content)


def default_folder() -> Path:
    return paths.data_dir() / "sheets"


def default_path(extension: str, now: dt.datetime | None = None) -> Path:
    """Where a printed sheet is kept when no -o was given: data_dir()/sheets/."""
    now = now or dt.datetime.now()
    return default_folder() / f"ruling-sheet-{now:%Y%m%d-%H%M%S}{extension}"


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
        done = subprocess.run(
            command, input=text.encode("utf-8"), capture_output=True, timeout=PRINT_TIMEOUT, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return PrintResult(False, f"lp failed: {exc}")
    if done.returncode != 0:
        reason = done.stderr.decode("utf-8", "replace").strip() or f"exit status {done.returncode}"
        return PrintResult(False, f"lp failed: {reason}")
    queued = done.stdout.decode("utf-8", "replace").strip()
    return PrintResult(True, queued or "sent to the printer")
