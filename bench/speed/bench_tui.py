"""Time from launching the TUI to its first screen (budget: under 0.5 s), and where it goes.

Each run is a fresh process that goes the way `judge` with no arguments goes (judge.cli.main:
the parser, then judge.tui.app.run), with the app run headless (Textual's test driver) at 80×24
instead of on a terminal. Marks, timed from the parent:
  cli        — judge.cli imported, about to parse the command line
  app        — the TUI's modules imported, the app about to start (parser and imports done)
  drawn      — the first frame is drawn: the lookup screen with its omnibox (the budget)
  ready      — the omnibox has focus and takes keys
  loaded     — the rules are loaded in the background
  answered   — "704.5j" typed at once is answered
The cache is warmed first, as on a judge's laptop after the first start.

With --terminal (needs tmux), also the time until the first screen shows in a real 80×24
terminal (tmux capture-pane polled every 5 ms), the figure a judge sees.

    python bench/speed/bench_tui.py [--runs N] [--terminal] [--write-doc]
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import doc_table
from doc_table import NO_BUDGET, Row

BUDGET_SECONDS = 0.5
MARKS = ("CLI", "APP", "DRAWN", "READY", "LOADED", "ANSWERED")

CHILD = r"""
import asyncio
print("CLI", flush=True)
import judge.cli
import judge.tui.app as tui_app


async def headless(app):
    async with app.run_test(size=(80, 24)) as pilot:
        while True:
            focused = app.focused
            if focused is not None and focused.id == "omnibox":
                break
            await asyncio.sleep(0.002)
        print("READY", flush=True)
        while app.library is None:
            await asyncio.sleep(0.002)
        print("LOADED", flush=True)
        await pilot.press(*"704.5j")
        while True:
            entry = getattr(app.screen, "current_entry", None)
            if entry is not None and entry.id == "nd:704.5j":
                break
            await asyncio.sleep(0.005)
        print("ANSWERED", flush=True)


class Timed(tui_app.JudgeApp):
    def on_mount(self):  # Textual runs every class's on_mount along the MRO: the app's runs too
        self.call_after_refresh(lambda: print("DRAWN", flush=True))


def run(scenario=None, mode="lookup", archive_url=None):  # judge.tui.app.run's signature, headless
    print("APP", flush=True)
    asyncio.run(headless(Timed(scenario=scenario, mode=mode, archive_url=archive_url)))
    return 0


tui_app.run = run
raise SystemExit(judge.cli.main([]))
"""


def one_run() -> dict[str, float]:
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-c", CHILD], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=os.environ.copy()
    )
    marks: dict[str, float] = {}
    assert proc.stdout is not None
    for line in proc.stdout:
        marks[line.strip()] = time.perf_counter() - start
    proc.wait(timeout=120)
    if proc.returncode != 0 or "DRAWN" not in marks:
        raise SystemExit(f"the TUI did not start:\n{proc.stderr.read() if proc.stderr else ''}")
    return marks


def terminal_run(placeholder: str = "704.5j · words") -> float:
    """Seconds from starting `judge` in a fresh 80×24 tmux session to its omnibox being shown."""
    session = f"bench-tui-{os.getpid()}"
    with tempfile.TemporaryDirectory() as data:
        # this process's settings (the cache, PYTHONPATH), and no basket or history of the judge's
        env = {k: v for k, v in os.environ.items() if k.startswith("JUDGE_") or k == "PYTHONPATH"}
        env["JUDGE_DATA_HOME"] = data
        launch = " ".join(
            [
                "env",
                *(shlex.quote(f"{k}={v}") for k, v in env.items()),
                shlex.quote(sys.executable),
                "-c",
                shlex.quote("from judge.cli import main; main()"),
            ]
        )
        subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "80", "-y", "24", "sh"], check=True)
        try:
            time.sleep(0.3)  # the shell is up
            start = time.perf_counter()
            subprocess.run(["tmux", "send-keys", "-t", session, launch, "Enter"], check=True)
            while (
                placeholder
                not in subprocess.run(
                    ["tmux", "capture-pane", "-p", "-t", session], capture_output=True, text=True
                ).stdout
            ):
                if time.perf_counter() - start > 30:
                    raise SystemExit("the TUI did not show its omnibox in tmux within 30 s")
                time.sleep(0.005)
            return time.perf_counter() - start
        finally:
            subprocess.run(["tmux", "kill-session", "-t", session], check=False)


def summary(name: str, values: list[float]) -> str:
    return (
        f"{name:>9}: median {statistics.median(values):.3f} s · min {min(values):.3f} s · "
        f"max {max(values):.3f} s  ({len(values)} runs)"
    )


def figure(values: list[float]) -> str:
    """What summary() prints, for the page's table."""
    return f"median {statistics.median(values):.3f} s, min {min(values):.3f} s, max {max(values):.3f} s"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--terminal", action="store_true", help="also time the first screen in tmux")
    doc_table.add_option(parser)
    args = parser.parse_args()
    run = doc_table.Run.start(__file__)
    from judge import context

    t = time.perf_counter()
    context.corpus(), context.searcher()  # warm the corpus pickle and the index
    print(f"cache warm-up: {time.perf_counter() - t:.2f} s")
    runs = [one_run() for _ in range(max(1, args.runs))]
    rows = []
    for key in MARKS:
        values = [r[key] for r in runs if key in r]
        if values:
            print(summary(key.lower(), values))
            rows.append(
                Row(
                    f"launch → {key.lower()} (headless, {len(values)} runs)",
                    figure(values),
                    f"median < {BUDGET_SECONDS} s" if key == "DRAWN" else NO_BUDGET,
                )
            )
    drawn = statistics.median(r["DRAWN"] for r in runs)
    verdict = "within" if drawn < BUDGET_SECONDS else "OVER"
    print(f"launch → first screen drawn (headless): {drawn:.3f} s, {verdict} the {BUDGET_SECONDS} s budget")
    if args.terminal:
        if shutil.which("tmux") is None:
            print("--terminal: tmux is not installed; the terminal figure is not measured")
        else:
            shown = [terminal_run() for _ in range(max(1, args.runs))]
            print(summary("terminal", shown))
            rows.append(
                Row(
                    f"launch → first screen shown in an 80×24 tmux ({len(shown)} runs)",
                    figure(shown),
                    f"median < {BUDGET_SECONDS} s",
                )
            )
            drawn = max(drawn, statistics.median(shown))
    if args.write_doc:
        doc_table.write(run, rows)
    return 0 if drawn < BUDGET_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
