"""The speed benchmarks' tables in docs/development/benchmarks.md, written by the scripts that measure them.

Each script in bench/speed/ takes `--write-doc`: at its start it notes the run (`Run.start`: the
date, the commit, the machine and its load average), and at its end it replaces the section
between `<!-- bench:NAME -->` and `<!-- /bench:NAME -->` (NAME: the script's file name without
`bench_`) with one line naming the run and a table of what it measured (what, figure, budget).
A section's markers missing, doubled or out of order is an error: nothing is written then.
"""

from __future__ import annotations

import datetime as dt
import os
import shlex
import subprocess
import sys
from argparse import ArgumentParser
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DOC = REPO / "docs" / "development" / "benchmarks.md"
TABLE_HEAD = "| what | figure | budget |\n|---|---|---|"
NO_BUDGET = "—"


class MarkerError(ValueError):
    """The page's markers for a section are missing, doubled or out of order."""


@dataclass(frozen=True)
class Row:
    what: str
    figure: str
    budget: str = NO_BUDGET


@dataclass(frozen=True)
class Run:
    """What a figure means little without: when, which code, on what, under what load."""

    script: str  # the path of the script, as bench/speed/bench_NAME.py
    argv: tuple[str, ...]
    date: str
    commit: str
    uncommitted: bool  # judge/ or bench/ differ from the commit
    cores: int
    cpu: str
    load: tuple[float, float, float]

    @classmethod
    def start(cls, script: str, argv: list[str] | None = None) -> Run:
        """Called first thing in a script's main(): the load average is the one the run began under."""
        load = os.getloadavg()
        path = Path(script).resolve().relative_to(REPO).as_posix()
        return cls(
            script=path,
            argv=tuple(sys.argv[1:] if argv is None else argv),
            date=dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
            commit=_git("rev-parse", "--short", "HEAD").strip(),
            uncommitted=bool(_git("status", "--porcelain", "--", "judge", "bench").strip()),
            cores=os.cpu_count() or 0,
            cpu=_cpu_model(),
            load=(round(load[0], 2), round(load[1], 2), round(load[2], 2)),
        )

    @property
    def name(self) -> str:
        return section_name(self.script)

    def line(self) -> str:
        command = " ".join(["python", self.script, *(shlex.quote(a) for a in self.argv)])
        load = ", ".join(f"{x:.2f}" for x in self.load)
        changes = " (with changes not committed in judge/ or bench/)" if self.uncommitted else ""
        return (
            f"Measured {self.date} at commit `{self.commit}`{changes} on {self.cores} cores ({self.cpu}), "
            f"load average {load} at the start: `{command}`."
        )


def section_name(script: str | Path) -> str:
    """bench/speed/bench_core.py → core."""
    stem = Path(script).stem
    if not stem.startswith("bench_"):
        raise ValueError(f"{script}: a speed benchmark's file name starts with bench_")
    return stem.removeprefix("bench_")


def markers(name: str) -> tuple[str, str]:
    return f"<!-- bench:{name} -->", f"<!-- /bench:{name} -->"


def render(run: Run, rows: list[Row]) -> str:
    """The section's body: the run's line, a blank line, the table."""
    if not rows:
        raise ValueError(f"{run.script}: no figures to write")
    cells = [f"| {_cell(r.what)} | {_cell(r.figure)} | {_cell(r.budget)} |" for r in rows]
    return "\n".join([run.line(), "", TABLE_HEAD, *cells])


def section(text: str, name: str) -> str:
    """The body between a section's markers (without the newlines around it)."""
    begin, end = _bounds(text, name)
    return text[begin:end].strip("\n")


def replace_section(text: str, name: str, body: str) -> str:
    begin, end = _bounds(text, name)
    return text[:begin] + "\n" + body + "\n" + text[end:]


def write(run: Run, rows: list[Row], doc: Path = DOC) -> None:
    text = doc.read_text(encoding="utf-8")
    doc.write_text(replace_section(text, run.name, render(run, rows)), encoding="utf-8")
    print(f"written: the {run.name} section of {doc.relative_to(REPO) if doc.is_relative_to(REPO) else doc}")


def add_option(parser: ArgumentParser) -> None:
    parser.add_argument(
        "--write-doc",
        action="store_true",
        help=f"also write this run's figures into their section of {DOC.relative_to(REPO)}",
    )


def _bounds(text: str, name: str) -> tuple[int, int]:
    """Where a section's body begins (after its opening marker) and ends (at its closing one)."""
    opening, closing = markers(name)
    counts = (text.count(opening), text.count(closing))
    if counts != (1, 1):
        raise MarkerError(f"{opening} and {closing} stand {counts[0]} and {counts[1]} times in the page; once each")
    begin, end = text.index(opening) + len(opening), text.index(closing)
    if end < begin:
        raise MarkerError(f"{closing} stands before {opening}")
    return begin, end


def _cell(text: str) -> str:
    if "\n" in text:
        raise ValueError(f"a table cell is one line: {text!r}")
    return text.replace("|", "\\|")


def _git(*args: str) -> str:
    return subprocess.run(["git", "-C", str(REPO), *args], capture_output=True, text=True, check=True).stdout


def _cpu_model() -> str:
    info = Path("/proc/cpuinfo")
    if info.exists():
        for line in info.read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    import platform

    return platform.processor() or platform.machine()
