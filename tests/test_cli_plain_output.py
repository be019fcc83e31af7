"""What the CLI says without a terminal (issue 31 item 12): piped into `head` it ends as Unix tools
do (0 or killed by SIGPIPE, never 1); into a pipe or file its lines are not wrapped at 80 columns
nor its table headers cut; no Python word (True, False, None, a dict) reaches a judge; policies
are listed in number order."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from judge import cli

pytestmark = pytest.mark.usefixtures("session_context")

SCENARIOS = Path(__file__).parent / "scenarios"
V01 = SCENARIOS / "shared" / "v01-simultaneous-sba-sweep.yaml"
PYTHON_WORDS = re.compile(r"\b(True|False|None)\b|\{'|': ")


def _env() -> dict:
    env = dict(os.environ)
    env.pop("COLUMNS", None)  # as a pipe gets it: no width told
    return env


@pytest.mark.slow
@pytest.mark.parametrize(
    "argv", [["search", "damage"], ["show", "704"], ["conflicts"], ["card"], ["replay", str(V01)], ["doctor"]]
)
def test_piped_into_head_a_command_ends_as_unix_tools_do(argv):
    proc = subprocess.Popen(
        [sys.executable, "-m", "judge", *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_env()
    )
    assert proc.stdout.readline()  # `head -1`: one line read, then the pipe is closed
    proc.stdout.close()
    err = proc.stderr.read().decode()
    proc.wait(timeout=120)
    assert proc.returncode in (0, -signal.SIGPIPE), (proc.returncode, err)
    assert "Traceback" not in err and "nothing found" not in err.lower()


@pytest.mark.slow
def test_without_a_terminal_lines_are_not_wrapped_nor_headers_cut():
    done = subprocess.run(
        [sys.executable, "-m", "judge", "replay", str(V01)], capture_output=True, text=True, env=_env(), timeout=120
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    header = next(line for line in lines if "player" in line and "Vitae" in line)
    assert re.findall(r"\w+", header) == [
        "player",
        "Vitae",
        "Corruption",
        "Wrath",
        "pool",
        "hand",
        "Spoils",
        "sheltered",
        "result",
    ]
    assert not [line for line in lines if "…" in line and ("┃" in line or "│" in line)]  # no cell cut
    sweep = next(line for line in lines if "State-based check" in line)
    assert sweep.strip() == (
        "State-based check (one simultaneous event): Ana has 10 Corruption and is liquidated; "
        "Iron Column has 6 damage counters against Vigor 6: it is destroyed"
    )
    assert max(len(line) for line in lines) > 80


def test_with_columns_set_the_output_fits_them(monkeypatch, capsys):
    monkeypatch.setenv("COLUMNS", "60")
    assert cli.main(["replay", str(V01)]) == 0
    assert max(len(line) for line in capsys.readouterr().out.splitlines()) <= 60


@pytest.mark.slow
@pytest.mark.parametrize("path", sorted(SCENARIOS.rglob("*.yaml")), ids=lambda p: p.stem)
def test_no_python_word_reaches_a_judge_in_a_replay(capsys, path):
    cli.main(["replay", str(path)])
    out = capsys.readouterr().out
    said = [line for line in out.splitlines() if PYTHON_WORDS.search(line)]
    assert said == []


def test_flags_and_nobody_are_said_in_words(capsys):
    assert cli.main(["replay", str(V01)]) == 0
    out = capsys.readouterr().out
    assert "; priority: none; game over: Ben" in out
    assert "PASS Ana: lost\n" in out and "PASS Ben: won\n" in out
    assert cli.main(["replay", str(SCENARIOS / "e18-tribute-surcharge.yaml")]) == 0
    assert "1. Ana: cast Scriptorium Drudge tribute\n" in capsys.readouterr().out


def test_conflicts_are_listed_in_number_order(capsys):
    assert cli.main(["conflicts", "--kind", "conflict"]) == 0
    listed = re.findall(r"^⚑ Conflict C(\d+):", capsys.readouterr().out, re.M)
    assert len(listed) == 30 and [int(n) for n in listed] == sorted(int(n) for n in listed)
    assert cli.main(["conflicts", "--json"]) == 0
    ids = [c["id"] for c in json.loads(capsys.readouterr().out)["conflicts"]]
    assert ids == [f"C{n}" for n in listed]


def test_a_sheet_without_a_terminal_is_the_plain_text_sheet(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("JUDGE_DATA_HOME", str(tmp_path))
    assert cli.main(["sheet", "704.5j"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("RULING SHEET\n") and "─" * 20 not in out
