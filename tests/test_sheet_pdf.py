"""`judge sheet -o FILE.pdf` (issue 31 item 4): a real PDF printed by the system's Chromium and read
back with pdftotext; a suffix naming no format refused; no PDF engine, a refusal naming what to
install, and nothing written. The sheet handed to players carries the conflict notes `judge show`
prints, without the engine's words."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from judge.cli import main
from judge.conflicts.cached import load_index
from judge.conflicts.present import body_lines, sheet_lines
from judge.sheet import build_sheet, render
from tests import printed_sheet as printed

SCENARIO = Path(__file__).parent / "scenarios" / "shared" / "v01-simultaneous-sba-sweep.yaml"
# What a replay's scenario file or the engine's register says that players have no use for.
ENGINE_WORDS = ("scenario", "register", "policies:", "engine", "`")


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("JUDGE_RULINGS_DB", str(tmp_path / "data" / "rulings.sqlite3"))
    return tmp_path


def _needs_printing():
    lacks = printed.missing()
    if lacks:
        with printed.system_chromium(lacks, "print a PDF sheet"):
            pass


@pytest.mark.slow
def test_a_pdf_is_a_pdf_that_reads_back(home, capsys, corpus):
    _needs_printing()
    target = home / "ruling.pdf"
    assert main(["sheet", "--replay", str(SCENARIO), "-o", str(target), "--ruling", "Both at once."]) == 0
    assert f"Sheet written to {target}" in capsys.readouterr().err
    assert target.read_bytes().startswith(b"%PDF-")
    text = subprocess.run(["pdftotext", str(target), "-"], capture_output=True, text=True, check=True).stdout
    flat = printed.compact(text)
    assert printed.compact(corpus.get("nd:704.3").text) in flat
    assert printed.compact("Both at once.") in flat
    assert flat.index(printed.compact("rules that decided it")) < flat.index(printed.compact("No Dawn CR 704.3"))


@pytest.mark.parametrize("name", ["ruling.docx", "ruling.PDFX", "ruling.odt"])
def test_a_suffix_naming_no_format_is_refused(home, capsys, name):
    target = home / name
    target.write_text("yesterday's sheet")
    assert main(["sheet", "704.5j", "-o", str(target)]) == 2
    err = capsys.readouterr().err
    assert f"cannot tell the format from the suffix {target.suffix!r}" in err and "nothing was written" in err
    assert target.read_text() == "yesterday's sheet"


def test_without_a_pdf_engine_nothing_is_written(home, capsys, monkeypatch):
    monkeypatch.setenv("JUDGE_CHROMIUM", str(home / "no-such-chromium"))
    target = home / "ruling.pdf"
    assert main(["sheet", "704.5j", "-o", str(target)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("judge: cannot write a PDF: missing Chromium")
    assert "JUDGE_CHROMIUM" in err and "nothing was written" in err and "Traceback" not in err
    assert not target.exists()
    assert not any(home.rglob("*.pdf")) and not any(home.rglob("*.tmp*"))


def test_without_chromium_on_the_path_the_refusal_says_how_to_install_it(home, capsys, monkeypatch):
    monkeypatch.delenv("JUDGE_CHROMIUM", raising=False)
    monkeypatch.setenv("PATH", str(home / "bin"))  # a system without a chromium binary
    target = home / "ruling.pdf"
    assert main(["sheet", "704.5j", "-o", str(target)]) == 2
    err = capsys.readouterr().err
    assert "cannot write a PDF: missing Chromium (the system's: apt install chromium, or set $JUDGE_CHROMIUM" in err
    assert "nothing was written" in err and not target.exists()


def test_a_pdf_goes_to_a_file(home, capsys):
    assert main(["sheet", "704.5j", "--format", "pdf"]) == 2
    assert "give -o FILE.pdf" in capsys.readouterr().err


def test_every_conflict_note_reads_for_players(corpus):
    """Each policy's note, as a sheet prints it: what `judge show` prints of it, less the scenario
    key for choosing another reading, and no word of the engine's."""
    index = load_index(corpus)
    assert len(index.conflicts) == 30  # the register's conflicts; C47 (sheltered rites) the newest
    for note in index.conflicts:
        lines = sheet_lines(note)
        shown = body_lines(note)
        assert [line for line in shown if line != note.choose and "(engine default)" not in line] == [
            line for line in lines if "(default reading)" not in line
        ]
        for line in lines:
            for word in ENGINE_WORDS:
                assert word not in line.casefold(), f"{note.id}: {word!r} in {line!r}"
        out = " ".join(render([build_sheet(corpus, [note.entries[0]])], "text").split())
        for line in [note.title] + lines:
            assert " ".join(line.split()) in out
        assert " ".join(note.choose.split()) not in out


def test_a_sheet_carries_the_notes_of_the_parts_as_show_does(home, capsys):
    assert main(["show", "704.5"]) == 0
    shown = capsys.readouterr().out
    assert "704.5f: ⚑ C27" in shown
    assert main(["sheet", "704.5", "--format", "text"]) == 0
    sheet = capsys.readouterr().out
    assert "In its parts:" in sheet
    assert '704.5f: ⚑ C27 The "same sweep" of a sunlight death; ⚑ C26' in " ".join(sheet.split())
    assert "704.5q: ⚑ C3 Which Eminent duplicate stays" in " ".join(sheet.split())
