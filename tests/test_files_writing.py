"""judge/files.py: what `-o PATH` and every other file judge writes may replace (issue 20 item 2,
issue 17's modes): regular files only, symlinks followed, modes kept, the umask for new files,
nothing partial on failure."""

from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from judge import files
from judge.cli import main

SCENARIO = Path(__file__).parent / "scenarios" / "shared" / "v01-simultaneous-sba-sweep.yaml"


@pytest.fixture
def umask_022():
    old = os.umask(0o022)
    yield
    os.umask(old)


def _mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def _leftovers(folder) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if files.TMP_MARK in p.name)


def test_a_new_file_gets_the_umask(tmp_path, umask_022):
    target = files.write_atomically(tmp_path / "sheet.html", "<p>x</p>")
    assert target.read_text() == "<p>x</p>" and _mode(target) == 0o644
    os.umask(0o077)
    assert _mode(files.write_atomically(tmp_path / "private.txt", "x")) == 0o600


def test_an_existing_file_keeps_its_mode(tmp_path, umask_022):
    """It came back 0600 whatever it was."""
    for mode in (0o644, 0o640, 0o664):
        target = tmp_path / f"sheet-{mode:o}.md"
        target.write_text("old")
        target.chmod(mode)
        files.write_atomically(target, "new")
        assert target.read_text() == "new" and _mode(target) == mode


def test_an_explicit_mode_wins_over_the_umask(tmp_path, umask_022):
    assert _mode(files.write_atomically(tmp_path / "key", b"k" * 32, mode=0o600)) == 0o600


def test_a_symlink_is_followed_and_stays_a_link(tmp_path, umask_022):
    real = tmp_path / "real.md"
    real.write_text("old")
    real.chmod(0o640)
    link = tmp_path / "link.md"
    link.symlink_to(real)
    files.write_atomically(link, "new")
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text() == "new" and _mode(real) == 0o640


@pytest.mark.parametrize(
    "make, kind",
    [
        (lambda p: os.mkfifo(p), "a FIFO (named pipe)"),
        (lambda p: p.mkdir(), "a folder"),
    ],
)
def test_what_is_not_a_regular_file_is_refused(tmp_path, make, kind):
    target = tmp_path / "out"
    make(target)
    with pytest.raises(files.WriteError) as refused:
        files.write_atomically(target, "x")
    assert str(refused.value) == f"cannot write {target}: it is {kind}, not a regular file; nothing was written"
    assert _leftovers(tmp_path) == []
    assert (stat.S_ISFIFO if "FIFO" in kind else stat.S_ISDIR)(os.lstat(target).st_mode)


def test_a_device_is_refused_and_left_alone():
    """As root, /dev/null used to be replaced by a regular file."""
    before = os.stat("/dev/null")
    with pytest.raises(files.WriteError) as refused:
        files.write_atomically("/dev/null", "x")
    assert str(refused.value) == (
        "cannot write /dev/null: it is a character device, not a regular file; nothing was written"
    )
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and after.st_ino == before.st_ino


def test_a_link_to_a_fifo_is_refused_naming_both(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    link = tmp_path / "sheet.txt"
    link.symlink_to(fifo)
    with pytest.raises(files.WriteError) as refused:
        files.write_atomically(link, "x")
    assert str(refused.value) == (
        f"cannot write {link} (a link to {fifo}): it is a FIFO (named pipe), not a regular file; nothing was written"
    )
    assert link.is_symlink()


def test_a_missing_folder_is_named(tmp_path):
    target = tmp_path / "no-such-folder" / "sheet.md"
    with pytest.raises(files.WriteError) as refused:
        files.write_atomically(target, "x")
    assert str(refused.value) == f"cannot write {target}: the folder {target.parent} does not exist"
    assert not target.parent.exists()


def test_a_full_disk_leaves_the_old_file_and_no_partial_one(tmp_path, monkeypatch):
    target = tmp_path / "sheet.md"
    target.write_text("yesterday's sheet")
    written = []

    def fill_up(fd, data):  # the first block goes in, then the disk is full
        if written:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        written.append(len(data))
        return real_write(fd, bytes(data[:10]))

    real_write = os.write
    monkeypatch.setattr(files.os, "write", fill_up)
    with pytest.raises(files.WriteError) as refused:
        files.write_atomically(target, "x" * 100_000)
    assert str(refused.value) == f"cannot write {target}: No space left on device; nothing was written"
    assert target.read_text() == "yesterday's sheet"
    assert _leftovers(tmp_path) == []


def test_the_sheet_command_refuses_a_fifo_and_keeps_a_files_mode(tmp_path, monkeypatch, capsys, umask_022):
    monkeypatch.setenv("JUDGE_DATA_HOME", str(tmp_path / "data"))
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    assert main(["sheet", "704.5j", "-o", str(fifo)]) == 2
    assert capsys.readouterr().err == (
        f"judge: cannot write {fifo}: it is a FIFO (named pipe), not a regular file; nothing was written\n"
    )
    shared = tmp_path / "sheet.html"
    shared.write_text("old")
    shared.chmod(0o644)
    assert main(["sheet", "704.5j", "-o", str(shared)]) == 0
    assert _mode(shared) == 0o644 and shared.read_text().startswith("<!DOCTYPE html>")


def test_html_sheets_and_boards_follow_one_rule(tmp_path, monkeypatch, umask_022):
    """Issue 17: HTML sheets were written 0600, board files 0644."""
    from judge.tui import engine_adapter as ea

    monkeypatch.setenv("JUDGE_DATA_HOME", str(tmp_path / "data"))
    assert main(["sheet", "704.5j", "-o", str(tmp_path / "s.html")]) == 0
    board = ea.write_scenario(ea.read_scenario(SCENARIO), tmp_path / "board.yaml")
    assert _mode(tmp_path / "s.html") == _mode(board) == 0o644


def test_a_board_to_a_missing_folder_is_refused_but_judges_own_folder_is_made(tmp_path):
    from judge.tui import engine_adapter as ea

    data = ea.read_scenario(SCENARIO)
    typo = tmp_path / "scenarois" / "board.yaml"
    with pytest.raises(ea.EngineProblem) as refused:
        ea.write_scenario(data, typo)
    assert str(refused.value) == f"cannot write {typo}: the folder {typo.parent} does not exist"
    own = tmp_path / "data" / "scenarios"
    assert ea.write_scenario(data, own / "board.yaml", own_folder=own).is_file()


def test_a_dead_processs_temporary_file_is_recognised(tmp_path):
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True, check=True
    ).stdout.strip()
    time.sleep(0.05)
    assert files.leftover_temporary(f".corpus.pickle{files.TMP_MARK}{dead}-0")
    assert not files.leftover_temporary(files.temporary_name(tmp_path / "corpus.pickle").name)  # ours, alive
    assert not files.leftover_temporary("corpus.pickle")
    assert not files.leftover_temporary(f".x{files.TMP_MARK}notapid-0")
