"""issue 29: a client that never finishes its request's headers held its connection for good
(uvicorn has no header deadline; 150 half-sent requests sat open). judge/serve/header_deadline.py
closes such a connection after HEADER_TIMEOUT; these tests speak raw HTTP to a real uvicorn
configured as `judge serve` configures it (judge/serve/server.py), with the deadline shortened."""

from __future__ import annotations

import socket
import time

import pytest

from judge.serve.header_deadline import HeaderDeadlineProtocol
from tests.live_server import running

DEADLINE = 0.6


async def echo_app(scope, receive, send):
    """Answers once the whole body is in, with its length: enough to see a request served."""
    if scope["type"] != "http":
        return
    size, more = 0, True
    while more:
        message = await receive()
        size += len(message.get("body", b""))
        more = message.get("more_body", False)
    body = f"got {size}".encode()
    await send(
        {
            "type": "http.response.start",
            "status": 200,
            "headers": [(b"content-type", b"text/plain"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})


@pytest.fixture()
def station(monkeypatch):
    monkeypatch.setattr(HeaderDeadlineProtocol, "header_timeout", DEADLINE)
    with running(echo_app) as base:
        host, port = base.removeprefix("http://").split(":")
        yield host, int(port)


def connect(station) -> socket.socket:
    conn = socket.create_connection(station, timeout=10)
    return conn


def closed_by_server(conn: socket.socket, within: float) -> bool:
    """True when the server closes the connection (recv gives b'') before `within` seconds."""
    conn.settimeout(within)
    try:
        while True:
            if conn.recv(4096) == b"":
                return True
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def read_response(conn: socket.socket) -> bytes:
    conn.settimeout(10)
    data = b""
    while b"\r\n\r\n" not in data or not data.split(b"\r\n\r\n", 1)[1]:
        chunk = conn.recv(4096)
        if not chunk:
            break
        data += chunk
    return data


def test_headers_that_never_end_are_cut_off(station):
    conn = connect(station)
    conn.sendall(b"GET / HTTP/1.1\r\nHost: station\r\n")  # no blank line: the headers go on
    assert closed_by_server(conn, within=DEADLINE + 5)


def test_a_connection_that_sends_nothing_is_cut_off(station):
    assert closed_by_server(connect(station), within=DEADLINE + 5)


def test_headers_sent_slowly_but_in_time_are_served(station):
    conn = connect(station)
    for piece in (b"GET / HTTP/1.1\r\n", b"Host: station\r\n", b"\r\n"):
        conn.sendall(piece)
        time.sleep(DEADLINE / 5)
    assert read_response(conn).startswith(b"HTTP/1.1 200 ")


def test_a_slow_body_is_not_the_headers_deadline(station):
    """Once the headers are in, the deadline is off: a body may pause (up to
    security.BODY_TIMEOUT, the station's own limit) without the connection being cut."""
    conn = connect(station)
    conn.sendall(b"POST / HTTP/1.1\r\nHost: station\r\nContent-Length: 4\r\n\r\nab")
    time.sleep(DEADLINE * 2)
    conn.sendall(b"cd")
    assert read_response(conn).endswith(b"got 4")


def test_the_next_request_on_a_kept_alive_connection_has_the_deadline_too(station):
    conn = connect(station)
    conn.sendall(b"GET / HTTP/1.1\r\nHost: station\r\n\r\n")
    assert read_response(conn).startswith(b"HTTP/1.1 200 ")
    conn.sendall(b"GET / HTTP/1.1\r\nHost: sta")  # starts a second request, never ends it
    assert closed_by_server(conn, within=DEADLINE + 3)  # before uvicorn's 5 s keep-alive could


def test_many_half_sent_requests_are_all_closed_and_the_station_still_serves(station):
    stuck = [connect(station) for _ in range(150)]
    for conn in stuck:
        conn.sendall(b"GET /search?q=priority HTTP/1.1\r\nHost: st")
    assert all(closed_by_server(conn, within=DEADLINE + 10) for conn in stuck)
    conn = connect(station)
    conn.sendall(b"GET / HTTP/1.1\r\nHost: station\r\n\r\n")
    assert read_response(conn).startswith(b"HTTP/1.1 200 ")
