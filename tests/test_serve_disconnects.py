"""issue 29: a client that drops mid-request (a phone leaving the venue's Wi-Fi) wrote a
traceback file and an "internal error" line on the head judge's terminal. Generated requests —
page reads and ruling posts, with a valid form or not — are cut at any byte and the connection
closed: the station keeps serving, writes no traceback and prints nothing, and a cut post saves
nothing (a ruling is saved only from a whole body)."""

from __future__ import annotations

import re
import socket
import urllib.request
from urllib.parse import urlencode

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge import crash_log
from judge.rulings.store import RulingStore
from judge.serve.app import create_app
from judge.serve.settings import ServeSettings
from tests.live_server import running

pytestmark = pytest.mark.usefixtures("session_context")
_TOKEN = re.compile(r'name="csrf" value="([0-9a-f]{64})"')


@pytest.fixture(scope="module")
def station(tmp_path_factory):
    db = tmp_path_factory.mktemp("cut") / "rulings.sqlite3"
    with running(create_app(ServeSettings(rulings_db=db))) as base:
        with urllib.request.urlopen(base + "/log/new") as page:
            cookie = page.headers["set-cookie"].split(";")[0]
            token = _TOKEN.search(page.read().decode()).group(1)
        host, port = base.removeprefix("http://").split(":")
        yield (host, int(port)), cookie, token, db, base


def _request(kind: str, cookie: str, token: str, answer: str) -> bytes:
    if kind == "read":
        return b"GET /search?q=" + answer.encode("utf-8").hex().encode() + b" HTTP/1.1\r\nHost: station\r\n\r\n"
    body = urlencode({"csrf": token, "answer": answer, "question": "cut?", "cites": "nd:704.5j"}).encode()
    return (
        b"POST /log HTTP/1.1\r\nHost: station\r\nContent-Type: application/x-www-form-urlencoded\r\n"
        + f"Cookie: {cookie}\r\nContent-Length: {len(body)}\r\n\r\n".encode()
        + body
    )


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    kind=st.sampled_from(["read", "post"]),
    answer=st.text(min_size=1, max_size=60),
    cut=st.floats(min_value=0, max_value=0.999),
    linger=st.booleans(),
)
def test_a_request_cut_at_any_byte_leaves_nothing_behind(station, monkeypatch, capfd, kind, answer, cut, linger):
    address, cookie, token, db, base = station
    written = []
    monkeypatch.setattr(crash_log, "write", lambda *a, **k: written.append(a))
    before = len(RulingStore(db).all()) if db.exists() else 0
    raw = _request(kind, cookie, token, answer)
    with socket.create_connection(address, timeout=10) as conn:
        conn.sendall(raw[: int(len(raw) * cut)])
        if linger:  # the reset arrives while the server is already reading the body
            conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
    with urllib.request.urlopen(base + "/", timeout=10) as page:  # still serving
        assert page.status == 200
    assert written == [] and "internal error" not in capfd.readouterr().err
    assert (len(RulingStore(db).all()) if db.exists() else 0) == before
