"""Exit codes a script can trust (issue 20, deliver 6): 0 found, 1 nothing found, 2 bad input,
3 an internal error — whose traceback goes to a log file in the cache folder, never to the screen.
One case per code per command family, all through the one entry point, `judge.cli.main`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judge import cli

V01 = Path(__file__).resolve().parent / "scenarios" / "shared" / "v01-simultaneous-sba-sweep.yaml"

pytestmark = pytest.mark.usefixtures("session_context")


@pytest.fixture
def rulings_db(tmp_path, monkeypatch):
    path = tmp_path / "rulings.sqlite3"
    monkeypatch.setenv("JUDGE_RULINGS_DB", str(path))
    return path


@pytest.fixture
def failing_scenario(tmp_path):
    """V01 with one expectation that does not hold (Ana ends at Corruption 10, not 3)."""
    text = V01.read_text(encoding="utf-8").replace(
        "{player: Ana, corruption: 10, pool: 0}", "{player: Ana, corruption: 3, pool: 0}"
    )
    path = tmp_path / "failing.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def run(argv) -> int:
    """main's exit status; argparse's own usage errors leave through SystemExit."""
    try:
        return cli.main(argv)
    except SystemExit as exc:
        return exc.code


def _saved(rulings_db):
    assert cli.main(["ruling", "save", "-a", "Yes, it can.", "-c", "704.5j"]) == 0


FOUND = [
    ["show", "704.5j"],
    ["search", "drained", "block"],
    ["card", "charmed life"],
    ["replay", str(V01)],
    ["sheet", "704.5j"],
    ["ruling", "show", "1"],
    ["doctor"],
]
NOTHING_FOUND = [
    ["show", "704.5l"],
    ["search", "zzqqxxvv"],
    ["card", "qqqzzzxxx"],
    ["sheet", "--saved", "7"],
    ["ruling", "show", "7"],
    ["ruling", "list", "--table", "99"],
]
BAD_INPUT = [
    ["show", "704.5j", "--game", "chess"],
    ["search", "--game", "chess", "block"],
    ["search", "--limit", "ten", "block"],
    ["card", "charmed life", "--game", "chess"],
    ["replay", "no-such-scenario.yaml"],
    ["sheet"],
    ["ruling", "show", "three"],
    ["ruling", "save", "-a", "Yes.", "--table", "12\n#2 forged line"],
    ["doctor", "--verbose"],
    ["no-such-command"],
]


@pytest.mark.slow
@pytest.mark.parametrize("argv", FOUND, ids=" ".join)
def test_found_is_0(argv, rulings_db, capsys):
    _saved(rulings_db)
    assert run(argv) == 0
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize("argv", NOTHING_FOUND, ids=" ".join)
def test_nothing_found_is_1(argv, rulings_db, capsys):
    _saved(rulings_db)
    capsys.readouterr()
    assert run(argv) == 1
    assert "Traceback" not in capsys.readouterr().err


def test_a_replay_whose_expectation_fails_is_1(failing_scenario, capsys):
    assert run(["replay", str(failing_scenario)]) == 1
    assert "FAIL" in capsys.readouterr().out


def test_an_empty_rulings_log_is_nothing_found(rulings_db, capsys):
    assert run(["ruling", "list"]) == 1
    assert capsys.readouterr().out == f"No saved rulings in {rulings_db}.\n"


@pytest.mark.parametrize("argv", BAD_INPUT, ids=" ".join)
def test_bad_input_is_2(argv, rulings_db, capsys):
    _saved(rulings_db)
    capsys.readouterr()
    assert run(argv) == 2
    err = capsys.readouterr().err
    assert err and "Traceback" not in err


def _defect(*args, **kwargs):
    raise ZeroDivisionError("injected defect")


# Where each command family first reaches code below the CLI: a fault injected there is a defect.
DEFECTS = [
    (["show", "704.5j"], "judge.lookup.resolve"),
    (["search", "block"], "judge.search.query.parse"),
    (["card", "charmed life"], "judge.search.cardnames.lookup"),
    (["replay", str(V01)], "judge.engine.scenarios.replay.run_file"),
    (["sheet", "704.5j"], "judge.sheet.build.build_sheet"),
    (["ruling", "list"], "judge.rulings.store.RulingStore.all"),
    (["doctor"], "judge.editions.loader.cache_path"),
    (["tui"], "judge.tui.app.run"),
]


@pytest.mark.slow
@pytest.mark.parametrize("argv,target", DEFECTS, ids=[" ".join(a) for a, _ in DEFECTS])
def test_an_internal_error_is_3_with_the_traceback_logged_not_printed(
    argv, target, rulings_db, tmp_path, monkeypatch, capsys
):
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(target, _defect)
    assert run(argv) == 3
    out = capsys.readouterr()
    assert "Traceback" not in out.err + out.out
    [line] = out.err.splitlines()
    m = re.fullmatch(
        r"judge: internal error, a defect in judge \(ZeroDivisionError: injected defect\); "
        r"the traceback is in (.+)",
        line,
    )
    assert m, line
    log = Path(m.group(1))
    assert log.parent == tmp_path / "cache" / "errors"
    assert log.stat().st_mode & 0o777 == 0o600
    report = log.read_text(encoding="utf-8")
    assert f"command line: {argv!r}" in report
    assert "Traceback (most recent call last)" in report and "_defect" in report
    assert report.rstrip().endswith("ZeroDivisionError: injected defect")


def test_each_internal_error_gets_its_own_log(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr("judge.lookup.resolve", _defect)
    assert run(["show", "1"]) == 3
    assert run(["show", "2"]) == 3
    assert len(list((tmp_path / "cache" / "errors").iterdir())) == 2


def test_an_unwritable_cache_folder_logs_to_the_temporary_folder(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "cache-is-a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(blocker))
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    monkeypatch.setattr("judge.lookup.resolve", _defect)
    assert run(["show", "704.5j"]) == 3
    [log] = tmp_path.glob("judge-error-*.log")
    assert f"the traceback is in {log}" in capsys.readouterr().err
    assert "injected defect" in log.read_text(encoding="utf-8")


def test_no_log_at_all_is_said_in_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path / "no" / "cache"))
    monkeypatch.setattr("judge.lookup.resolve", _defect)

    def unwritable(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("judge.crash_log._new_file", unwritable)
    assert run(["show", "704.5j"]) == 3
    assert capsys.readouterr().err == (
        "judge: internal error, a defect in judge (ZeroDivisionError: injected "
        "defect); the traceback could not be written down ([Errno 13] Permission "
        "denied)\n"
    )


def test_interrupted_is_130(monkeypatch, capsys):
    def interrupt(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("judge.lookup.resolve", interrupt)
    assert run(["show", "704.5j"]) == 130


def test_the_help_lists_the_exit_codes(capsys):
    assert run(["--help"]) == 0
    out = capsys.readouterr().out
    assert "exit status:" in out
    for line in (
        "  0    found / done",
        "  2    bad input: a usage error or a refusal, explained on stderr",
        "  3    internal error: a defect in judge; its traceback is written to a log file",
    ):
        assert line in out


def test_a_filter_that_matches_nothing_says_so(rulings_db, capsys):
    _saved(rulings_db)
    capsys.readouterr()
    assert run(["ruling", "list", "--table", "99"]) == 1
    assert capsys.readouterr().out == f"No saved rulings in {rulings_db} match the --event/--table given.\n"


@pytest.mark.slow
@pytest.mark.parametrize(
    "argv",
    [
        ["search", "drained", "block"],
        ["card"],
        ["show", "704.5"],
        ["conflicts"],
        ["search", "drained", "block", "--json"],
    ],
)
def test_a_reader_that_goes_away_is_never_nothing_found(argv, tmp_path):
    """issue 31: piped into `head`, every command exited 1 ("nothing found") when the pipe
    closed — rich's console exits 1 on a broken pipe. Now: killed by SIGPIPE, as Unix tools are
    (0 when the output fitted in the pipe before it closed)."""
    import os
    import signal
    import subprocess
    import sys
    from pathlib import Path

    judge = str(Path(sys.executable).with_name("judge"))
    proc = subprocess.Popen(
        [judge, *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=dict(os.environ, COLUMNS="80")
    )
    proc.stdout.readline()
    proc.stdout.close()  # as `head -1` does
    _, err = proc.communicate(timeout=120)
    assert proc.returncode in (0, -signal.SIGPIPE), (proc.returncode, err)
    assert b"Traceback" not in err
