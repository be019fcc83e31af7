"""The station against a guesser and a liar (issue 29): the access code's guesses are bounded per
client and for the station, said on the head judge's terminal; codes too short are refused; a
trailing slash never sends a browser to a host the request named."""

from __future__ import annotations

import re

import pytest
from starlette.testclient import TestClient

from judge.serve import guesses
from judge.serve.app import create_app
from judge.serve.guesses import GuessGuard
from judge.serve.settings import MIN_CODE_LENGTH, ServeSettings, check_code

CODE = "k7m2p9xq"


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_client_gets_free_tries_then_lockouts_that_double():
    clock, said = Clock(), []
    guard = GuessGuard(clock, said.append)
    for _ in range(guesses.FREE_TRIES):
        assert guard.wait("a") == 0
        guard.wrong("a")
    assert guard.wait("a") == 0  # the free tries are used, not exceeded
    guard.wrong("a")
    assert guard.wait("a") == guesses.LOCKOUT_START
    clock.now += guesses.LOCKOUT_START
    guard.wrong("a")
    assert guard.wait("a") == 2 * guesses.LOCKOUT_START
    assert guard.wait("b") == 0  # another client is not locked out by this one
    assert said[0] == "wrong access code from a (1 in a row)"
    assert said[-1] == f"wrong access code from a (7 in a row); it is locked out for {2 * guesses.LOCKOUT_START:.0f} s"
    guard.right("a")
    assert guard.wait("a") == 0


def test_lockouts_stop_growing_at_their_cap():
    clock = Clock()
    guard = GuessGuard(clock, lambda line: None)
    for _ in range(40):
        clock.now += guesses.LOCKOUT_MAX  # one guess per lockout, the guesser waiting each time out
        guard.wrong("a")
    assert guard.wait("a") == guesses.LOCKOUT_MAX


def test_many_addresses_share_the_station_s_bound():
    clock, said = Clock(), []
    guard = GuessGuard(clock, said.append)
    for n in range(guesses.STATION_PER_WINDOW):
        guard.wrong(f"10.0.0.{n}")
    assert guard.wait("10.0.9.9") == pytest.approx(guesses.WINDOW)
    assert "every code waits for the window to clear" in said[-1]
    clock.now += guesses.WINDOW
    assert guard.wait("10.0.9.9") == 0


def test_the_client_table_is_bounded(monkeypatch):
    monkeypatch.setattr(guesses, "MAX_CLIENTS", 3)
    guard = GuessGuard(Clock(), lambda line: None)
    for n in range(10):
        guard.wrong(f"c{n}")
    assert len(guard._clients) == 3


def _client(**settings) -> TestClient:
    return TestClient(create_app(ServeSettings(**settings)), raise_server_exceptions=False)


def _token(page: str) -> str:
    return re.search(r'name="csrf" value="([0-9a-f]{64})"', page).group(1)


def test_wrong_codes_at_the_station_are_refused_then_locked_out_and_the_form_is_kept(capsys):
    client = _client(access_code=CODE)
    token = _token(client.get("/log/new").text)
    statuses = []
    for n in range(guesses.FREE_TRIES + 1):
        answer = client.post("/log", data={"csrf": token, "answer": f"my ruling {n}", "code": f"wrong{n}"})
        statuses.append(answer.status_code)
    assert statuses == [403] * guesses.FREE_TRIES + [403]
    locked = client.post("/log", data={"csrf": token, "answer": "kept ruling", "code": CODE})
    assert locked.status_code == 429 and "Too many wrong access codes" in locked.text
    assert "kept ruling" in locked.text  # the judge's typed ruling is on the page to send again
    unlock = client.post("/unlock", data={"csrf": token, "code": CODE})
    assert unlock.status_code == 429 and unlock.headers["retry-after"] == "30"
    err = capsys.readouterr().err
    assert err.count("judge serve: wrong access code from testclient") == guesses.FREE_TRIES + 1
    assert "locked out for 30 s" in err


def test_an_empty_code_is_not_counted_as_a_guess(capsys):
    client = _client(access_code=CODE)
    token = _token(client.get("/log/new").text)
    for _ in range(guesses.FREE_TRIES + 3):
        assert client.post("/log", data={"csrf": token, "answer": "x", "code": ""}).status_code == 403
    assert capsys.readouterr().err == ""
    assert (
        client.post("/log", data={"csrf": token, "answer": "x", "code": CODE}, follow_redirects=False).status_code
        == 303
    )


@pytest.mark.parametrize(
    "code, said",
    [
        ("a", f"at least {MIN_CODE_LENGTH} characters"),
        ("table9", f"at least {MIN_CODE_LENGTH} characters"),
        ("aaaaaaaaaa", "repeats one or two characters"),
        ("abababab", "repeats one or two characters"),
        ("tab le 99", "no spaces"),
        ("table\x1b[31m99", "no spaces or control characters"),
    ],
)
def test_a_code_too_weak_is_refused_saying_why(code, said):
    assert said in check_code(code)


def test_a_good_code_and_the_generated_one_pass():
    assert check_code("harbor-open-12") == ""
    generated = ServeSettings.for_host("0.0.0.0").access_code
    assert check_code(generated) == "" and len(generated) == 10


@pytest.mark.parametrize(
    "path, location",
    [
        ("/log/", "/log"),
        ("/search/?q=drained", "/search?q=drained"),
        ("/static/app.js/", "/static/app.js"),
        ("/nd@bundled", "/nd@bundled/"),
        ("/log//", "/log"),
    ],
)
def test_a_slash_redirect_is_a_path_never_the_host_header_s(path, location):
    answer = _client().get(path, headers={"host": "evil.example"}, follow_redirects=False)
    assert answer.status_code == 308 and answer.headers["location"] == location
    assert "content-security-policy" in answer.headers


def test_a_path_that_is_no_page_either_way_is_a_404():
    answer = _client().get("/nothing-here/", follow_redirects=False)
    assert answer.status_code == 404 and "location" not in answer.headers


def test_a_500_page_carries_the_security_headers(monkeypatch, capsys):
    from judge.serve import app as app_module

    async def broken(request):
        raise RuntimeError("a defect")

    monkeypatch.setattr(app_module, "home", broken)
    answer = _client().get("/")
    assert answer.status_code == 500
    for name in ("content-security-policy", "x-content-type-options", "x-frame-options", "referrer-policy"):
        assert name in answer.headers
    assert "internal error on GET /" in capsys.readouterr().err


def test_a_client_that_hangs_up_mid_body_leaves_no_log_and_no_terminal_line(capsys, tmp_path, monkeypatch):
    """The body stops arriving and the connection closes (http.disconnect): nothing written."""
    import asyncio

    from judge import crash_log

    written = []
    monkeypatch.setattr(crash_log, "write", lambda *a, **k: written.append(a) or tmp_path / "x.log")
    app = create_app(ServeSettings(rulings_db=tmp_path / "r.sqlite3"))
    client = TestClient(app)
    cookie, token = None, None
    page = client.get("/log/new")
    token = _token(page.text)
    cookie = page.cookies.get("judge_session")
    messages = [
        {"type": "http.request", "body": f"csrf={token}&answer=half".encode(), "more_body": True},
        {"type": "http.disconnect"},
    ]
    sent = []

    async def receive():
        return messages.pop(0) if messages else {"type": "http.disconnect"}

    async def send(message):
        sent.append(message)

    scope = {
        "type": "http",
        "method": "POST",
        "path": "/log",
        "raw_path": b"/log",
        "root_path": "",
        "scheme": "http",
        "query_string": b"",
        "server": ("127.0.0.1", 8765),
        "client": ("127.0.0.1", 5000),
        "http_version": "1.1",
        "headers": [
            (b"content-type", b"application/x-www-form-urlencoded"),
            (b"cookie", f"judge_session={cookie}".encode()),
        ],
    }
    asyncio.run(app(scope, receive, send))
    assert written == [] and "internal error" not in capsys.readouterr().err
    assert not (tmp_path / "r.sqlite3").exists()


def test_a_body_that_stops_arriving_is_refused_with_408(tmp_path, monkeypatch):
    import asyncio

    from judge.serve import security

    monkeypatch.setattr(security, "BODY_TIMEOUT", 0.2)
    app = create_app(ServeSettings(rulings_db=tmp_path / "r.sqlite3"))
    page = TestClient(app).get("/log/new")
    token, cookie = _token(page.text), page.cookies.get("judge_session")
    messages = [{"type": "http.request", "body": f"csrf={token}&answer=half".encode(), "more_body": True}]
    sent = []

    async def receive():
        if messages:
            return messages.pop(0)
        await asyncio.sleep(3600)  # the rest never comes

    async def send(message):
        sent.append(message)

    scope = {
        "type": "http",
        "method": "POST",
        "path": "/log",
        "raw_path": b"/log",
        "root_path": "",
        "scheme": "http",
        "query_string": b"",
        "server": ("127.0.0.1", 8765),
        "client": ("127.0.0.1", 5000),
        "http_version": "1.1",
        "headers": [
            (b"content-type", b"application/x-www-form-urlencoded"),
            (b"cookie", f"judge_session={cookie}".encode()),
        ],
    }
    asyncio.run(asyncio.wait_for(app(scope, receive, send), 10))
    assert sent[0]["status"] == 408
    assert b"stopped arriving" in b"".join(m.get("body", b"") for m in sent[1:])
    assert not (tmp_path / "r.sqlite3").exists()


def test_a_search_never_holds_the_other_pages(session_context, monkeypatch):
    """issue 29: the search ran on the event loop, so every page waited for every search. Here a
    search is held until the entry page has been answered: with the search on the loop the
    entry page could not answer and the test would time out."""
    import threading
    import urllib.request

    from live_server import running

    from judge.library import Library

    app = create_app(ServeSettings())
    release, entered = threading.Event(), threading.Event()
    real_find = Library.find

    def held_find(self, *args, **kwargs):
        entered.set()
        assert release.wait(30), "the search was never released"
        return real_find(self, *args, **kwargs)

    monkeypatch.setattr(Library, "find", held_find)
    try:
        with running(app) as base:
            searched = []
            thread = threading.Thread(
                target=lambda: searched.append(
                    urllib.request.urlopen(base + "/search?q=drained+block", timeout=60).status
                )
            )
            thread.start()
            assert entered.wait(30)
            page = urllib.request.urlopen(base + "/nd/704.5j", timeout=10)  # answered while the search is held
            assert page.status == 200
            release.set()
            thread.join(60)
            assert searched == [200]
    finally:
        release.set()
