"""`judge sheet` end to end (in-process): formats, files, printing, saved rulings, replays, bad input."""

from __future__ import annotations

import datetime as dt
import html
import os
import stat
from pathlib import Path

import pytest

from judge.cli import main
from judge.rulings.store import RulingStore
from judge.sheet import build_sheet, render

SCENARIO = Path(__file__).parent / "scenarios" / "shared" / "v01-simultaneous-sba-sweep.yaml"


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("JUDGE_RULINGS_DB", str(tmp_path / "data" / "rulings.sqlite3"))
    return tmp_path


def _fake_lp(bin_dir: Path, body: str) -> Path:
    bin_dir.mkdir(exist_ok=True)
    lp = bin_dir / "lp"
    lp.write_text("#!/bin/sh\n" + body)
    lp.chmod(lp.stat().st_mode | stat.S_IEXEC)
    return lp


def test_the_command_offers_every_format():
    from judge.cli.commands.sheet import FORMATS
    from judge.sheet.formats import RENDERERS

    assert tuple(RENDERERS) + ("pdf",) == FORMATS  # pdf: the html sheet printed (judge.sheet.pdf)


def test_markdown_to_stdout(home, capsys):
    rc = main(
        [
            "sheet",
            "704.5j",
            "118.6",
            "--format",
            "markdown",
            "--date",
            "2026-11-30",
            "--question",
            "Does it die?",
            "--ruling",
            "Yes.",
            "--table",
            "12",
        ]
    )
    out = capsys.readouterr().out
    assert rc == 0
    assert out.startswith("# Ruling sheet\n")
    assert "- **Table:** 12" in out and "- **Date:** 2026-11-30" in out
    assert "### No Dawn CR 704.5j" in out and "### No Dawn CR 118.6 — The Master-Blood tax." in out


def test_a_range_quotes_each_of_its_rules(home, capsys):
    rc = main(["sheet", "116.2b–c", "116.2c", "--format", "markdown", "--date", "2026-11-30", "--ruling", "Yes."])
    out = capsys.readouterr().out
    assert rc == 0
    quoted = [line for line in out.splitlines() if line.startswith("### ")]
    assert quoted == ["### No Dawn CR 116.2b — Setting a Trap.", "### No Dawn CR 116.2c — Setting a Power."]


def test_terminal_is_the_default_on_screen(home, capsys):
    assert main(["sheet", "nd:glossary/overrun"]) == 0
    out = capsys.readouterr().out
    assert "No Dawn CR Glossary — Overrun" in out and "reskin of trample" in out


def test_output_file_format_follows_its_suffix(home, capsys, corpus):
    target = home / "out" / "sheet.html"
    target.parent.mkdir()
    assert main(["sheet", "704.5j", "-o", str(target), "--date", "2026-11-30"]) == 0
    assert f"Sheet written to {target}" in capsys.readouterr().err
    page = target.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and corpus.get("nd:704.5j").text in html.unescape(page)
    text_target = home / "sheet.txt"
    assert main(["sheet", "704.5j", "-o", str(text_target)]) == 0
    assert text_target.read_text(encoding="utf-8").startswith("RULING SHEET\n")


def test_unknown_id_names_the_nearest_and_writes_nothing(home, capsys):
    target = home / "sheet.md"
    target.write_text("yesterday's sheet")
    rc = main(["sheet", "704.5j", "704.5l", "-o", str(target)])
    err = capsys.readouterr().err
    assert rc == 2
    assert "no entry '704.5l' (nearest: nd:704.5k, nd:704.5m); no sheet was written" in err
    assert target.read_text() == "yesterday's sheet"
    assert "Traceback" not in err


def test_nothing_to_cite_is_an_error(home, capsys):
    assert main(["sheet", "--question", "Q?"]) == 2
    assert "nothing to cite" in capsys.readouterr().err


def test_a_bad_date_is_refused(home, capsys):
    with pytest.raises(SystemExit) as caught:
        main(["sheet", "704.5j", "--date", "30/11/2026"])
    assert caught.value.code == 2
    assert "is not a date (YYYY-MM-DD)" in capsys.readouterr().err


def test_print_sends_plain_text_to_lp_and_keeps_the_file(home, capsys, monkeypatch, corpus):
    received = home / "lp-received.txt"
    _fake_lp(
        home / "bin", f'echo "$@" > "{received}.args"\ncat > "{received}"\necho "request id is desk-7 (1 file(s))"\n'
    )
    monkeypatch.setenv("PATH", f"{home / 'bin'}{os.pathsep}{os.environ['PATH']}")
    rc = main(["sheet", "704.5j", "--print", "--format", "html", "--date", "2026-11-30"])
    err = capsys.readouterr().err
    assert rc == 0
    assert "Printing: request id is desk-7 (1 file(s))" in err
    expected = render([build_sheet(corpus, ["704.5j"], date=dt.date(2026, 11, 30))], "text")
    assert received.read_text(encoding="utf-8") == expected
    assert Path(f"{received}.args").read_text().strip() == "-t Ruling sheet"
    kept = list((home / "data" / "sheets").iterdir())
    assert len(kept) == 1 and kept[0].suffix == ".html"


def test_print_to_a_named_printer(home, capsys, monkeypatch):
    args = home / "lp-args"
    _fake_lp(home / "bin", f'cat > /dev/null\necho "$@" > "{args}"\n')
    monkeypatch.setenv("PATH", f"{home / 'bin'}{os.pathsep}{os.environ['PATH']}")
    assert main(["sheet", "704.5j", "--print", "--printer", "judges-desk"]) == 0
    assert args.read_text().strip() == "-t Ruling sheet -d judges-desk"
    assert "Printing: sent to the printer" in capsys.readouterr().err
    assert main(["sheet", "704.5j", "--printer", "judges-desk"]) == 2
    assert "--printer goes with --print" in capsys.readouterr().err


def test_print_without_lp_says_where_the_file_is(home, capsys, monkeypatch):
    (home / "empty-bin").mkdir()
    monkeypatch.setenv("PATH", str(home / "empty-bin"))
    target = home / "for-the-printer.txt"
    rc = main(["sheet", "704.5j", "--print", "-o", str(target)])
    err = capsys.readouterr().err
    assert rc == 1
    assert f"not printed — no printer command (lp) on this system; the sheet is in {target}" in err
    assert target.read_text(encoding="utf-8").startswith("RULING SHEET")


def test_a_failing_lp_is_reported(home, capsys, monkeypatch):
    _fake_lp(home / "bin", 'cat > /dev/null\necho "lp: Error - No default destination." >&2\nexit 1\n')
    monkeypatch.setenv("PATH", f"{home / 'bin'}{os.pathsep}{os.environ['PATH']}")
    assert main(["sheet", "704.5j", "--print"]) == 1
    assert "lp failed: lp: Error - No default destination." in capsys.readouterr().err


def test_saved_ruling_sheet(home, capsys):
    RulingStore().save(
        "It dies to the next state-based check.",
        question="Does the Column survive?",
        cites=["nd:704.5j"],
        event="Regional",
        table="12",
        judge="Kim",
        given_at=dt.datetime(2026, 11, 28, 16, 0, tzinfo=dt.UTC),
    )
    assert main(["sheet", "--saved", "#1", "--format", "text"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("RULING SHEET — SAVED RULING #1\n")
    assert "Event: Regional" in out and "Table: 12" in out and "Judge: Kim" in out
    assert "Date:  2026-11-28" in out  # the day it was given
    assert "QUESTION\n  Does the Column survive?" in out
    assert "RULING\n  It dies to the next state-based check." in out
    assert "No Dawn CR 704.5j" in out


def test_saved_ruling_errors(home, capsys, tmp_path):
    assert main(["sheet", "--saved", "4"]) == 1  # nothing found
    assert "no saved ruling #4" in capsys.readouterr().err
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"\x01\x02garbage" * 100)
    assert main(["sheet", "--saved", "1", "--db", str(garbage)]) == 2
    assert "is not a rulings database" in capsys.readouterr().err
    assert garbage.read_bytes() == b"\x01\x02garbage" * 100
    assert main(["sheet", "--saved", "x1"]) == 2
    assert "'x1' is not a ruling number" in capsys.readouterr().err


def test_replay_sheet(home, capsys):
    rc = main(["sheet", "--replay", str(SCENARIO), "--format", "markdown", "--ruling", "Both die at once."])
    out = capsys.readouterr().out
    assert rc == 0
    # the scenario's words are user text: escaped for Markdown (issue 20 item 12)
    assert "## Replay — 704\\.7 example \\- an Entity's death and a liquidation are one state\\-based event" in out
    assert "Scenario file: v01\\-simultaneous\\-sba\\-sweep\\.yaml" in out
    assert "1. **Ana\\: cast Sacramental Fire targets\\=column**" in out
    assert "### No Dawn CR 704.5j" in out and "(704.3, 117.5, 704.5c, 704.5j, 704.7, 700.6)" in out


def test_replay_errors(home, capsys, tmp_path):
    assert main(["sheet", "--replay", str(tmp_path / "nope.yaml")]) == 2
    assert "no scenario file" in capsys.readouterr().err
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: broken\nplayers: [\n")
    assert main(["sheet", "--replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert str(bad) in err and "Traceback" not in err
