#!/usr/bin/env python3
"""Does `judge search` say exactly the same before and after a change? Runs ~35 varied
invocations (words, rule numbers, ranges, filters, --json, no match with did-you-mean, a game
filter that hides the answer, refusals, a saved ruling, an imported edition) with two `judge`
executables, each in its own fresh cache, data and config folders, and compares stdout, stderr
and the exit status byte for byte. A start-up change (lazy imports, cached data read later) must
leave all of them alone.

usage: python bench/tools/same_search_output.py BEFORE_JUDGE AFTER_JUDGE
       (e.g. /tmp/base/.venv/bin/judge .venv/bin/judge); exit 1 when any differs
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ND_SOURCE = ROOT / "rules" / "nodawn" / "nodawn-comprehensive-rules.txt"

# (extra environment, arguments after `judge`)
INVOCATIONS: list[tuple[dict[str, str], list[str]]] = [
    ({}, ["search", "drained entity block"]),
    ({}, ["search", "can a bowed personality attack"]),
    ({}, ["search", "province", "broken", "honor"]),
    ({}, ["search", "my guy got smoked what happens to his stuff"]),
    ({}, ["search", "tapped creature blocking flying"]),
    ({}, ["search", "302.5"]),
    ({}, ["search", "302.5."]),
    ({}, ["search", "302"]),
    ({}, ["search", "116.2b–c"]),
    ({}, ["search", "302.1-302.4"]),
    ({}, ["search", "--json", "302.5"]),
    ({}, ["search", "--json", "drained entity block"]),
    ({}, ["search", "--json", "--limit", "3", "what does fate do"]),
    ({}, ["search", "--game", "l5r-lcg", "province broken"]),
    ({}, ["search", "--game", "lcg", "--json", "province broken"]),
    ({}, ["search", "game:nodawn", "block"]),
    ({}, ["search", "kind:glossary", "drained"]),
    ({}, ["search", "kind:rule,subrule", "combat damage"]),
    ({}, ["search", "doc:ce", "honor"]),
    ({}, ["search", 'card:"charmed life"', "smoke"]),
    ({}, ["search", "--json", 'card:"charmed life"']),
    ({}, ["search", '"declare blockers"']),
    ({}, ["search", "drained AND block"]),
    ({}, ["search", "drain OR tap", "--limit", "4"]),
    ({}, ["search", "block NOT flying"]),
    ({}, ["search", "drianed entiti blokc"]),
    ({}, ["search", "honnor"]),
    ({}, ["search", "--json", "honnor"]),
    ({}, ["search", "game:nd", "provinse"]),
    ({}, ["search", "xqzzyv"]),
    ({}, ["search", "--game", "shadowfist", "drained entity block"]),
    ({}, ["search", "--json", "--game", "shadowfist", "drained entity block"]),
    ({"JUDGE_GAME": "lcg"}, ["search", "drained entity block"]),
    ({"JUDGE_GAME": "nodawn"}, ["search", "--json", "honor"]),
    ({"JUDGE_GAME": "chess"}, ["search", "honor"]),
    ({}, ["search", "game:chess", "honor"]),
    ({}, ["search", "--kind", "nonsense", "honor"]),
    ({}, ["search", "   "]),
    ({}, ["search", "x " * 600]),
    ({}, ["search", "--help"]),
    ({}, ["search"]),
    ({}, ["serach", "honor"]),
    ({}, ["--help"]),
]
SAVED_RULING = [
    "ruling",
    "save",
    "--question",
    "can a drained entity block twice",
    "--answer",
    "No: blocking drains it, and a drained Entity cannot block again",
    "--cite",
    "302.5",
]
AFTER_SAVING = [({}, ["search", "drained entity block twice"]), ({}, ["search", "--json", "kind:ruling", "block"])]
AFTER_IMPORT = [
    ({}, ["search", "drained entity block"]),
    ({}, ["search", "--json", "drained entity block"]),
    ({}, ["search", "302.5"]),
]


def run(judge: str, home: Path, env: dict[str, str], args: list[str]) -> tuple[int, bytes, bytes]:
    full = (
        os.environ
        | {
            "JUDGE_CACHE_DIR": str(home / "cache"),
            "JUDGE_DATA_HOME": str(home / "data"),
            "JUDGE_CONFIG_DIR": str(home / "config"),
            "COLUMNS": "80",
        }
        | env
    )
    for name in ("JUDGE_GAME", "JUDGE_EVENT_DATE", "JUDGE_RULINGS_DB"):
        if name not in env:
            full.pop(name, None)
    done = subprocess.run([judge, *args], env=full, capture_output=True, cwd=home)
    return done.returncode, done.stdout, done.stderr


def session(judge: str, home: Path, edited: Path) -> list[tuple[str, tuple[int, bytes, bytes]]]:
    """Every invocation's outcome, in order: plain, then after saving a ruling, then after
    importing an edition."""
    out = [(" ".join(a), run(judge, home, e, a)) for e, a in INVOCATIONS]
    out.append(("(save a ruling)", run(judge, home, {}, SAVED_RULING)[:1] + (b"", b"")))
    out += [(" ".join(a), run(judge, home, e, a)) for e, a in AFTER_SAVING]
    out.append(
        (
            "(import an edition)",
            run(judge, home, {}, ["import", str(edited), "--doc", "nd", "--edition", "next", "--date", "2027-01-01"]),
        )
    )
    out += [(" ".join(a), run(judge, home, e, a)) for e, a in AFTER_IMPORT]
    return out


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    before, after = (str(Path(p).absolute()) for p in sys.argv[1:])
    with tempfile.TemporaryDirectory() as tmp:
        edited = Path(tmp) / "nodawn-next.txt"
        text = ND_SOURCE.read_text(encoding="utf-8")
        assert text.count("Only Entities block. A drained Entity may still block") == 1, "the edit no longer applies"
        edited.write_text(
            text.replace(
                "Only Entities block. A drained Entity may still block",
                "Only Entities block. A drained Entity may not block",
            ),
            encoding="utf-8",
        )
        results = []
        home = Path(tmp) / "home"  # the same folder for both (messages may name it), made afresh
        for judge in (before, after):
            home.mkdir()
            results.append(session(judge, home, edited))
            shutil.rmtree(home)
    differ = 0
    for (name, a), (_, b) in zip(*results):
        same = a == b
        differ += not same
        print(f"{'same  ' if same else 'DIFFER'} exit {a[0]}/{b[0]}  {name[:90]!r}")
        if not same:
            for label, x, y in (("stdout", a[1], b[1]), ("stderr", a[2], b[2])):
                if x != y:
                    print(f"    {label} before: {x[:400]!r}\n    {label} after:  {y[:400]!r}")
    print(f"{len(results[0]) - differ} of {len(results[0])} invocations the same")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
