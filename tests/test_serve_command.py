"""`judge serve` as the head judge starts it: what it prints, what it refuses."""

from __future__ import annotations

import socket
import urllib.error
import urllib.request

import pytest

from judge import cli
from judge.cli.commands import serve as serve_command
from judge.serve.app import create_app
from judge.serve.settings import ServeSettings
from tests import live_server


def test_a_port_in_use_is_said_plainly(capsys):
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    try:
        status = cli.main(["serve", "--port", str(taken.getsockname()[1]), "--no-qr"])
    finally:
        taken.close()
    assert status == cli.EXIT_BAD_INPUT
    assert "cannot listen on 127.0.0.1:" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--port", "0"], "--port 0 is not a port number (1–65535)"),
        (["--port", "70000"], "--port 70000 is not a port number (1–65535)"),
        (["--code", "  "], "--code is empty"),
        (["--host", "no-such-host.invalid"], "--host 'no-such-host.invalid': not an address of this machine"),
    ],
)
def test_bad_options_are_refused(capsys, argv, message):
    assert cli.main(["serve", *argv]) == cli.EXIT_BAD_INPUT
    assert message in capsys.readouterr().err


def test_the_announcement_names_the_url_and_the_code(capsys):
    serve_command._announce(ServeSettings.for_host("127.0.0.1", 8800), show_qr=True)
    out = capsys.readouterr().out
    assert out.splitlines()[:2] == [
        "judge serve: http://127.0.0.1:8800/",
        "this machine only (use --host 0.0.0.0 for the venue's network)",
    ]
    serve_command._announce(ServeSettings.for_host("0.0.0.0", 8800, access_code="k7m2p9"), show_qr=False)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("judge serve: http://") and lines[0].endswith(":8800/")
    assert "0.0.0.0" not in lines[0]  # the address a phone can reach, not the wildcard
    assert lines[1] == "access code for logging rulings: k7m2p9"


def test_the_qr_code_encodes_the_url(capsys, monkeypatch):
    import segno

    monkeypatch.setattr("sys.stdout.isatty", lambda: True, raising=False)
    drawn = []
    monkeypatch.setattr(segno.QRCode, "terminal", lambda self, **kw: drawn.append(self))
    serve_command._announce(ServeSettings.for_host("127.0.0.1", 8800), show_qr=True)
    assert len(drawn) == 1 and drawn[0].designator.endswith("-M")
    assert segno.make("http://127.0.0.1:8800/", error="m").matrix == drawn[0].matrix


def test_a_real_socket_serves_the_pages():
    with live_server.running(create_app(ServeSettings())) as base, urllib.request.urlopen(base + "/") as response:
        assert response.status == 200
        assert "Judge station" in response.read().decode()


def _get_500(base: str, path: str) -> str:
    import urllib.error

    with pytest.raises(urllib.error.HTTPError) as failed:
        urllib.request.urlopen(base + path)
    assert failed.value.code == 500
    return failed.value.read().decode()


def test_a_defect_s_traceback_is_written_once_not_printed_again_by_the_server(tmp_path, monkeypatch, capfd):
    """uvicorn, with judge serve's log settings, would print the traceback a second time after our
    handler wrote it to its log file (Starlette raises it again for the server to log)."""
    from judge.serve import app as app_module

    async def broken(request):
        raise RuntimeError("injected defect")

    monkeypatch.setattr(app_module, "home", broken)
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    with live_server.running(create_app(ServeSettings())) as base:
        page = _get_500(base, "/")
    assert "judge failed on this request" in page and "injected defect" not in page
    logs = sorted((tmp_path / "cache" / "errors").iterdir())
    assert len(logs) == 1
    err = capfd.readouterr().err
    assert err == f"judge serve: internal error on GET /: its traceback is in {logs[0]}\n"
    written = logs[0].read_text(encoding="utf-8")
    assert written.count("Traceback (most recent call last)") == 1
    assert written.count("RuntimeError: injected defect") == 1 and "command line: ['GET', '/']" in written


def test_a_defect_whose_log_cannot_be_written_is_left_to_the_server_to_print(monkeypatch, capfd):
    from judge import crash_log
    from judge.serve import app as app_module

    async def broken(request):
        raise RuntimeError("injected defect")

    def unwritable(exc, argv):
        raise OSError("disk full")

    monkeypatch.setattr(app_module, "home", broken)
    monkeypatch.setattr(crash_log, "write", unwritable)
    with live_server.running(create_app(ServeSettings())) as base:
        _get_500(base, "/")
    err = capfd.readouterr().err
    assert err.startswith("judge serve: internal error on GET /: its traceback could not be written (disk full)\n")
    assert err.count("Exception in ASGI application") == 1  # the traceback, once, by the server
    assert err.count("RuntimeError: injected defect") == 1


@pytest.fixture
def started(monkeypatch, session_context):
    """`judge serve` run through the CLI up to the point where uvicorn would serve: the apps it
    would have served, in order."""
    import uvicorn

    apps = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: apps.append(self.config.app))
    return apps


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_db_chooses_the_rulings_log_the_station_writes(tmp_path, monkeypatch, started, capsys):
    import re

    from starlette.testclient import TestClient

    from judge.rulings.store import RulingStore

    monkeypatch.setenv("JUDGE_RULINGS_DB", str(tmp_path / "from-the-variable.sqlite3"))
    chosen = tmp_path / "event.sqlite3"
    assert cli.main(["serve", "--port", str(_free_port()), "--no-qr", "--db", str(chosen)]) == 0
    assert f"rulings log: {chosen}\n" in capsys.readouterr().out
    client = TestClient(started[0])
    token = re.search(r'name="csrf" value="([0-9a-f]{64})"', client.get("/log/new").text).group(1)
    response = client.post("/log", data={"csrf": token, "answer": "Yes.", "cites": "704.5j"}, follow_redirects=False)
    assert response.status_code == 303
    assert [r.answer for r in RulingStore(chosen).all()] == ["Yes."]
    assert not (tmp_path / "from-the-variable.sqlite3").exists()


def test_without_db_the_station_uses_the_variable_as_judge_ruling_does(tmp_path, monkeypatch, started, capsys):
    monkeypatch.setenv("JUDGE_RULINGS_DB", str(tmp_path / "shared.sqlite3"))
    assert cli.main(["serve", "--port", str(_free_port()), "--no-qr"]) == 0
    assert f"rulings log: {tmp_path / 'shared.sqlite3'}\n" in capsys.readouterr().out


def test_a_db_that_is_not_a_rulings_log_is_refused_before_listening(tmp_path, started, capsys):
    other = tmp_path / "notes.sqlite3"
    other.write_text("not a database")
    assert cli.main(["serve", "--port", str(_free_port()), "--no-qr", "--db", str(other)]) == cli.EXIT_BAD_INPUT
    assert capsys.readouterr().err == (
        f"judge: the rulings log cannot be used: {other} is not a rulings database "
        "(damaged, or another kind of file); it was left untouched — point --db or "
        "JUDGE_RULINGS_DB at another file\n"
    )
    assert started == [] and other.read_text() == "not a database"


def test_requests_at_once_are_bounded(monkeypatch, session_context, tmp_path):
    """issue 29: 150 half-sent requests stayed open with nothing bounding them; uvicorn answers
    past MAX_CONNECTIONS with 503 at once, and headers have a deadline (test_serve_slow_clients)."""
    import uvicorn

    from judge.serve.header_deadline import HeaderDeadlineProtocol
    from judge.serve.server import MAX_CONNECTIONS

    configs = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: configs.append(self.config))
    monkeypatch.setenv("JUDGE_RULINGS_DB", str(tmp_path / "r.sqlite3"))
    assert cli.main(["serve", "--port", str(_free_port()), "--no-qr"]) == 0
    assert configs[0].limit_concurrency == MAX_CONNECTIONS == 200
    assert configs[0].http is HeaderDeadlineProtocol


def test_a_defect_on_a_long_hostile_path_prints_one_short_harmless_line(tmp_path, monkeypatch, capfd):
    """The path is the client's text, percent-decoded: an escape sequence in it reached the head
    judge's terminal raw, and a 5,000-character path was printed whole."""
    from urllib.parse import quote

    from judge.serve import app as app_module
    from judge.serve import entry_page

    async def broken(request):
        raise RuntimeError("injected defect")

    monkeypatch.setattr(entry_page, "entry_page", broken)
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    tail = "\x1b]0;pwned\x07\x1b[31m" + "9" * 5000
    with live_server.running(create_app(ServeSettings())) as base:
        page = _get_500(base, "/nd/" + quote(tail))
    assert "judge failed on this request" in page
    err = capfd.readouterr().err
    shown = "/nd/" + "9" * (app_module.SHOWN_PATH_CHARS - 4) + "… (5,004 characters)"
    assert err.startswith(f"judge serve: internal error on GET {shown}: its traceback is in ")
    assert "\x1b" not in err and err.count("\n") == 1


@pytest.mark.usefixtures("session_context")
def test_a_forwarded_for_header_does_not_change_who_is_guessing(tmp_path, monkeypatch, capfd):
    """uvicorn trusts X-Forwarded-For/-Proto from 127.0.0.1 unless told not to: a client on the
    laptop could then name itself anyone to the guess guard. The station has no proxy in front."""
    import http.cookiejar
    import re

    monkeypatch.setenv("JUDGE_RULINGS_DB", str(tmp_path / "rulings.sqlite3"))
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    with live_server.running(create_app(ServeSettings.for_host("127.0.0.1", access_code="k7m2p9q4"))) as base:
        token = re.search(r'name="csrf" value="([0-9a-f]{64})"', opener.open(base + "/unlock").read().decode()).group(1)
        forged = urllib.request.Request(
            base + "/unlock",
            data=f"csrf={token}&code=wrong-code".encode(),
            headers={"X-Forwarded-For": "10.9.9.9", "X-Forwarded-Proto": "https"},
        )
        with pytest.raises(urllib.error.HTTPError) as refused:
            opener.open(forged)
        assert refused.value.code == 403
    assert "judge serve: wrong access code from 127.0.0.1 (1 in a row)\n" in capfd.readouterr().err
