"""Importing an edition from hostile or unlucky input (issue 29): a FIFO, a device, a file past
the size bound, a name with a newline, a killed import's draft, two imports at once, a full
disk — each refused or handled, saying why, with exit 2 and nothing written."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from test_editions import edition_folders, home, newer_text, run  # noqa: F401 — fixtures


def test_a_fifo_is_refused_at_once(home, capsys):
    fifo = home / "nd.txt"
    os.mkfifo(fifo)
    code, out, err = run(capsys, "import", str(fifo), "--doc", "nd", "--date", "2026-11-01")
    assert code == 2 and "not a regular file" in err and edition_folders(home) == []


def test_dev_zero_is_refused_at_once(home, capsys):
    code, out, err = run(capsys, "import", "/dev/zero", "--doc", "nd", "--date", "2026-11-01")
    assert code == 2 and "not a regular file" in err and edition_folders(home) == []


def test_a_file_past_the_size_bound_is_refused_before_it_is_read(home, capsys, monkeypatch):
    from judge import input_limits

    source = home / "nd.txt"
    source.write_text(newer_text(), encoding="utf-8")
    monkeypatch.setattr(input_limits, "MAX_EDITION_BYTES", 1000)
    code, out, err = run(capsys, "import", str(source), "--doc", "nd", "--date", "2026-11-01")
    assert code == 2 and "an edition is at most 1,000" in err and edition_folders(home) == []


@pytest.mark.slow
def test_a_name_ending_in_a_newline_is_refused(home, capsys):
    source = home / "nd.txt"
    source.write_text(newer_text(), encoding="utf-8")
    code, out, err = run(capsys, "import", str(source), "--doc", "nd", "--date", "2026-11-01", "--edition", "nl\n")
    assert code == 2 and "a name is 1–40 letters" in err and edition_folders(home) == []


@pytest.mark.slow
def test_a_killed_import_s_draft_is_removed_by_the_next_import(home, capsys):
    folder = home / "data" / "editions" / "nd"
    folder.mkdir(parents=True)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    draft = folder / f".2026-10-20.tmp-{dead.stdout.strip()}-0"
    draft.mkdir()
    (draft / "source.txt").write_text("half", encoding="utf-8")
    source = home / "nd.txt"
    source.write_text(newer_text(), encoding="utf-8")
    assert run(capsys, "import", str(source), "--doc", "nd", "--date", "2026-11-01")[0] == 0
    assert not draft.exists() and edition_folders(home) == ["2026-11-01"]


@pytest.mark.slow
def test_a_full_disk_is_said_as_such_and_nothing_is_written(home, capsys, monkeypatch):
    import errno

    from judge import files

    def full(path, data, mode=None):
        raise files.WriteError(f"cannot write {path}: {os.strerror(errno.ENOSPC)}; nothing was written")

    monkeypatch.setattr(files, "write_atomically", full)
    source = home / "nd.txt"
    source.write_text(newer_text(), encoding="utf-8")
    code, out, err = run(capsys, "import", str(source), "--doc", "nd", "--date", "2026-11-01")
    assert code == 2 and "the disk is full; nothing was imported" in err
    assert [n for n in edition_folders(home) if not n.startswith(".")] == []


IMPORT = """
import sys
from judge.cli import main
sys.exit(main(["import", sys.argv[1], "--doc", "nd", "--edition", sys.argv[2], "--date", sys.argv[3]]))
"""


@pytest.mark.slow
def test_two_imports_at_once_cannot_both_take_one_date_or_one_text(home, tmp_path):
    source = home / "nd.txt"
    source.write_text(newer_text(), encoding="utf-8")
    env = dict(os.environ)
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", IMPORT, str(source), name, "2026-11-01"],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in ("north", "south")
    ]
    results = [p.communicate(timeout=120) + (p.returncode,) for p in procs]
    names = [n for n in edition_folders(home) if not n.startswith(".")]
    assert len(names) == 1, results  # one edition: the other import found it (the same text) or was refused
    assert sorted(r[2] for r in results) == [0, 0] or sorted(r[2] for r in results) == [0, 2], results
