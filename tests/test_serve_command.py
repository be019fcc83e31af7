"""`judge serve` as the head judge starts it: what it prints, what it refuses."""
from __future__ import annotations

import socket
import urllib.request

import pytest

from judge import cli
from judge.commands import serve as serve_command
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


@pytest.mark.parametrize("argv, message", [
    (["--port", "0"], "--port 0 is not a port number (1–65535)"),
    (["--port", "70000"], "--port 70000 is not a port number (1–65535)"),
    (["--code", "  "], "--code is empty"),
    (["--host", "no-such-host.invalid"], "--host 'no-such-host.invalid': not an address of this machine"),
])
def test_bad_options_are_refused(capsys, argv, message):
    assert cli.main(["serve", *argv]) == cli.EXIT_BAD_INPUT
    assert message in capsys.readouterr().err


def test_the_announcement_names_the_url_and_the_code(capsys):
    serve_command._announce(ServeSettings.for_host("127.0.0.1", 8800), show_qr=True)
    out = capsys.readouterr().out
    assert out.splitlines()[:2] == ["judge serve: http://127.0.0.1:8800/",
                                    "this machine only (use --host 0.0.0.0 for the venue's network)"]
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
    with live_server.running(create_app(ServeSettings())) as base:
        with urllib.request.urlopen(base + "/") as response:
            assert response.status == 200
            assert "Judge station" in response.read().decode()
