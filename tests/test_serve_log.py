"""judge serve's rulings log through the ASGI test client: logging a ruling (every refusal),
the head judge's log and its search, a ruling's page, its sheet, escaping of ruling text on
every page that shows it, WAL mode, and a server killed right after acknowledging a ruling."""

from __future__ import annotations

import base64
import hashlib
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from judge.rulings.searchable import saved_ruling_entries
from judge.rulings.store import RulingStore
from judge.serve.app import create_app
from judge.serve.local_time import readable, zone_name
from judge.serve.permalinks import entry_path as entry_href
from judge.serve.settings import MAX_BODY_BYTES, ServeSettings

REPO = Path(__file__).resolve().parents[1]
CODE = "k7m2p9"


@pytest.fixture
def db(tmp_path) -> Path:
    return tmp_path / "rulings.sqlite3"


@pytest.fixture
def client(db, session_context):
    return TestClient(create_app(ServeSettings(rulings_db=db)), raise_server_exceptions=False)


@pytest.fixture
def coded(db, session_context):
    return TestClient(create_app(ServeSettings(rulings_db=db, access_code=CODE)), raise_server_exceptions=False)


def _token(page: str) -> str:
    return re.search(r'name="csrf" value="([0-9a-f]{64})"', page).group(1)


def _form_error(page: str) -> str:
    return re.search(r'<p class="error" id="log-form-error">(.*?)</p>', page, re.S).group(1)


def _post(client, **fields):
    token = _token(client.get("/log/new").text)
    return client.post("/log", data={"csrf": token, **fields}, follow_redirects=False)


GOOD = dict(
    question="Can Ana drain the Drudge?",
    answer="No: it came under her control this turn.",
    cites="704.5j, nd:118.6",
    table="12",
    judge="Dana Ruiz",
    event="Harbor Open",
)


# -- the form --------------------------------------------------------------------------------------
def test_the_form_alone_is_pre_filled_from_the_link(client):
    page = client.get("/log/new?cite=704.5j&cite=nd:118.6&question=Who+drains%3F").text
    assert '<input name="cites" value="704.5j nd:118.6"' in page
    assert '<textarea name="question" rows="2">Who drains?</textarea>' in page
    assert 'action="/log"' in page and 'id="log-form"' in page
    assert 'name="code"' not in page  # no access code on a local station


def test_the_form_asks_for_the_code_until_it_is_entered(coded):
    assert 'name="code"' in coded.get("/log/new").text
    token = _token(coded.get("/unlock").text)
    coded.post("/unlock", data={"code": CODE, "csrf": token})
    assert 'name="code"' not in coded.get("/log/new").text


# -- logging ---------------------------------------------------------------------------------------
def test_a_logged_ruling_is_stored_then_shown_on_its_page(client, db):
    response = _post(client, **GOOD)
    assert response.status_code == 303 and response.headers["location"] == "/log/1"
    [saved] = RulingStore(db).all()
    assert (saved.number, saved.question, saved.answer, saved.cites, saved.table, saved.judge, saved.event) == (
        1,
        GOOD["question"],
        GOOD["answer"],
        ("nd:704.5j", "nd:118.6"),
        "12",
        "Dana Ruiz",
        "Harbor Open",
    )
    page = client.get("/log/1").text
    assert "<h1>Saved ruling #1 — table 12, event Harbor Open</h1>" in page
    assert (
        f'<p class="where">given <time datetime="{saved.given_at}">{readable(saved.given_at)}</time> by Dana Ruiz'
        " · table 12 · Harbor Open</p>"
    ) in page
    assert '<li><a href="/nd/704.5j">No Dawn CR 704.5j</a>' in page
    assert '<li><a href="/nd/118.6">No Dawn CR 118.6</a> The Master-Blood tax.</li>' in page
    assert '<a id="print-sheet" href="/log/1/sheet">' in page


def test_the_next_form_remembers_judge_table_and_event(client):
    _post(client, **GOOD)
    page = client.get("/log/new").text
    assert '<input name="table" value="12"' in page
    assert '<input name="judge" value="Dana Ruiz"' in page
    assert '<input name="event" value="Harbor Open"' in page
    assert '<textarea name="answer" rows="3" required></textarea>' in page  # the ruling itself is not kept


@pytest.mark.parametrize(
    "cookie", ["%%%", "e30", base64.urlsafe_b64encode(b'{"judge": 3, "table": "", "event": ""}').decode(), "x" * 5000]
)
def test_a_remembered_cookie_that_is_not_ours_is_ignored(client, cookie):
    client.get("/")
    client.cookies.set("judge_log_as", cookie)
    page = client.get("/log/new").text
    assert '<input name="judge" value=""' in page


def test_a_form_without_the_csrf_token_of_this_session_is_refused(client, db):
    for token in (None, "0" * 64, _token(TestClient(client.app).get("/log/new").text)):
        client.get("/log/new")
        data = dict(GOOD, **({"csrf": token} if token else {}))
        response = client.post("/log", data=data, follow_redirects=False)
        assert response.status_code == 403
        assert "security token does not match" in response.text
    assert not db.exists() or RulingStore(db).all() == []


def test_without_the_access_code_nothing_is_saved_and_the_form_is_kept(coded, db):
    missing = _post(coded, **GOOD)
    assert missing.status_code == 403
    assert _form_error(missing.text) == (
        "Logging a ruling needs the event&#39;s access code (the head judge has it). Nothing was saved."
    )
    assert f'<textarea name="answer" rows="3" required>{GOOD["answer"]}</textarea>' in missing.text
    wrong = _post(coded, **GOOD, code="nope")
    assert wrong.status_code == 403
    assert _form_error(wrong.text) == "That is not the event&#39;s access code. Nothing was saved."
    assert not db.exists() or RulingStore(db).all() == []
    right = _post(coded, **GOOD, code=CODE.upper())
    assert right.status_code == 303 and "judge_writer=" in right.headers["set-cookie"]
    again = _post(coded, **GOOD)  # typed once: the session may write
    assert again.status_code == 303 and again.headers["location"] == "/log/2"


def test_an_oversized_body_is_refused_and_nothing_saved(client, db):
    response = _post(client, **dict(GOOD, answer="x" * MAX_BODY_BYTES))
    assert response.status_code == 413
    assert "larger than this judge station accepts" in response.text
    assert not db.exists() or RulingStore(db).all() == []


@pytest.mark.parametrize(
    "field, value, error",
    [
        ("answer", "   ", "The ruling is empty: write what you ruled. Nothing was saved."),
        (
            "table",
            "12\t13",
            "Table cannot hold a line break, tab or control character (U+0009 tab at position 2); "
            "it is listed on one line. Nothing was saved.",
        ),
        (
            "judge",
            "Dana\nRuiz",
            "Judge cannot hold a line break, tab or control character (U+000A line feed at "
            "position 4); it is listed on one line. Nothing was saved.",
        ),
        (
            "answer",
            "No.\x1b[2J",
            "Ruling cannot hold an escape or control character (U+001B escape at position 3). Nothing was saved.",
        ),
    ],
)
def test_a_bad_field_is_refused_naming_it(client, db, field, value, error):
    response = _post(client, **dict(GOOD, **{field: value}))
    assert response.status_code == 422
    assert _form_error(response.text) == error
    assert not db.exists() or RulingStore(db).all() == []


def test_an_unknown_citation_is_refused_naming_it_and_the_nearest(client, db):
    response = _post(client, **dict(GOOD, cites="704.5j 704.5zz"))
    assert response.status_code == 422
    error = _form_error(response.text)
    assert error.startswith("Citations: no entry &#39;704.5zz&#39; (nearest: nd:704.5")
    assert error.endswith(". Nothing was saved.")
    assert '<input name="cites" value="704.5j 704.5zz"' in response.text  # kept to correct
    assert not db.exists() or RulingStore(db).all() == []


def test_a_form_with_other_fields_or_repeated_ones_is_refused(client, db):
    token = _token(client.get("/log/new").text)
    extra = client.post("/log", data={**GOOD, "csrf": token, "admin": "1"})
    assert extra.status_code == 400 and "This form has no field &#39;admin&#39;; nothing was done." in extra.text
    twice = client.post(
        "/log",
        content=urllib.parse.urlencode([("csrf", token), ("answer", "a"), ("answer", "b")]),
        headers={"content-type": "application/x-www-form-urlencoded"},
    )
    assert twice.status_code == 400 and "The field &#39;answer&#39; was sent 2 times" in twice.text
    as_file = client.post("/log", data={"csrf": token}, files={"answer": ("a.txt", b"No.", "text/plain")})
    assert as_file.status_code == 400
    json_body = client.post("/log", json={"csrf": token, "answer": "No."})
    assert json_body.status_code == 415
    assert not db.exists() or RulingStore(db).all() == []


# -- the log ---------------------------------------------------------------------------------------
@pytest.fixture
def station_clock(monkeypatch):
    """The station's clock one hour east of UTC (a POSIX zone: no time-zone database needed)."""
    monkeypatch.setenv("TZ", "XYZ-1")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_the_log_labels_each_field_and_says_times_in_the_event_s_local_time(client, db, station_clock):
    """Issue 31 item 7: a ruling given at 13:10 UTC (another machine's clock) reads 14:10 on the
    event's clock, as a person writes a time; question and ruling are labelled."""
    import datetime as dt

    store = RulingStore(db)
    store.save(
        "Both lose; a draw.",
        "Two Masters at 0 Vitae?",
        ["nd:704.3"],
        "Harbor Open",
        "12",
        "Dana Ruiz",
        given_at=dt.datetime(2026, 12, 5, 13, 10, tzinfo=dt.UTC),
    )
    store.save("No: it came under her control this turn.", "", [], given_at=dt.datetime(2026, 12, 5, 14, 3))
    page = client.get("/log").text
    assert '<p class="count">2 rulings, newest first. Times are the event\'s local time (XYZ, UTC+01:00).</p>' in page
    assert '<span class="when"><time datetime="2026-12-05T14:10:00+01:00">Sat 5 Dec 2026, 14:10</time></span>' in page
    assert '<span class="when"><time datetime="2026-12-05T14:03:00+01:00">Sat 5 Dec 2026, 14:03</time></span>' in page
    assert (
        '<dl class="ruling-fields">\n      <dt>Question</dt><dd class="question">Two Masters at 0 Vitae?</dd>'
        '\n      <dt>Ruling</dt><dd class="answer">Both lose; a draw.</dd>'
    ) in page
    assert '<dt>Ruling</dt><dd class="answer">No: it came under her control this turn.</dd>' in page
    one = client.get("/log/1").text
    assert '<time datetime="2026-12-05T14:10:00+01:00">Sat 5 Dec 2026, 14:10</time> by Dana Ruiz' in one
    assert "2026-12-05T13:10" not in page + one  # the stored UTC time is never what a judge reads


def test_a_time_another_program_stored_that_is_not_one_is_shown_as_text(client, db):
    RulingStore(db).save("A ruling.")
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE rulings SET given_at = ?", ("tea\x00time\x1b[31m <b>",))
    page = client.get("/log").text
    assert '<span class="when"><time>tea\ufffdtime &lt;b&gt;</time></span>' in page


def test_the_log_reads_oldest_first_in_the_order_of_judge_ruling_list(client, db, capsys):
    """Issue 31 item 7: the log is newest first and says so; ?order=oldest lists the rulings in
    the order `judge ruling list` prints them, and says that."""
    from judge import cli

    store = RulingStore(db)
    for n, answer in enumerate(("First.", "Second.", "Third."), 1):
        store.save(answer, table=str(n))
    assert cli.main(["ruling", "list", "--db", str(db)]) == 0
    listed = [int(n) for n in re.findall(r"^#(\d+)", capsys.readouterr().out, re.M)]
    assert listed == [1, 2, 3]
    newest = client.get("/log").text
    assert _log_numbers(newest) == [3, 2, 1]
    assert '<a id="log-order" href="/log?order=oldest">Oldest first (as judge ruling list)</a>' in newest
    oldest = client.get("/log?order=oldest").text
    assert _log_numbers(oldest) == listed
    assert "3 rulings, oldest first, as judge ruling list lists them." in oldest
    assert 'data-live="/log/live?order=oldest"' in oldest and '<a id="log-order" href="/log">Newest first</a>' in oldest
    assert _log_numbers(client.get("/log/live?order=oldest").text) == listed
    searched = client.get("/log?q=d&order=oldest").text  # "Second." and "Third."
    assert _log_numbers(searched) == [2, 3] and '<input type="hidden" name="order" value="oldest">' in searched
    assert 'href="/log?q=d&amp;order=oldest" id="log-refresh"' in searched
    assert client.get("/log?order=sideways").status_code == 400


def _log_numbers(page: str) -> list[int]:
    return [int(n) for n in re.findall(r'<li class="logged-ruling" id="ruling-(\d+)">', page)]


def test_the_log_lists_rulings_newest_first_and_searches_them(client, db):
    store = RulingStore(db)
    store.save("Drain refused.", "Can Ana drain?", ["nd:704.5j"], "Harbor Open", "12", "Dana Ruiz")
    store.save("The tax is paid.", "Master-Blood tax?", ["nd:118.6"], "Harbor Open", "3", "Lee Park")
    store.save("100% of it, as printed.", "", [], "Harbor Open", "7", "Dana Ruiz")
    page = client.get("/log").text
    assert 'id="log-search"' in page and 'data-live="/log/live"' in page and 'id="log-refresh"' in page
    assert _log_numbers(page) == [3, 2, 1]
    assert f'<p class="count">3 rulings, newest first. Times are the event\'s local time ({zone_name()}).</p>' in page
    assert _log_numbers(client.get("/log?q=dana").text) == [3, 1]  # the judge
    assert _log_numbers(client.get("/log?q=118.6").text) == [2]  # a citation
    assert _log_numbers(client.get("/log?q=tax+lee").text) == [2]  # every word
    assert _log_numbers(client.get("/log?q=7").text) == [3, 1]  # table 7; 704.5j
    assert _log_numbers(client.get("/log?q=100%25").text) == [3]  # % is a character
    assert _log_numbers(client.get("/log?q=as_printed").text) == []  # _ too
    assert _log_numbers(client.get("/log?q=%25").text) == [3]
    none = client.get("/log?q=nobody").text
    assert _log_numbers(none) == [] and "No ruling matches “nobody”." in none
    assert 'data-live="/log/live?q=tax+lee"' in client.get("/log?q=tax+lee").text
    assert client.get("/log?q=" + "x" * 201).status_code == 400


def test_the_live_fragment_is_the_list_alone(client, db):
    assert (
        client.get("/log/live").text.strip()
        == '<div id="log-list">\n<p class="empty">No ruling logged yet.</p>\n</div>'
    )
    RulingStore(db).save("Drain refused.", table="12")
    live = client.get("/log/live")
    assert live.headers["cache-control"] == "no-store"
    assert live.text.startswith('<div id="log-list">') and "<html" not in live.text
    assert _log_numbers(live.text) == [1]
    assert client.get("/static/log.js").status_code == 200


@pytest.mark.parametrize(
    "path", ["/log/1", "/log/0", "/log/99999999999999999999999", "/log/1/sheet", "/log/abc", "/log/-1"]
)
def test_an_unknown_ruling_is_a_404_page(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert "<h1>Not found</h1>" in response.text


def test_an_unreadable_log_is_a_503_page_saying_why(db, session_context):
    db.write_bytes(b"not a database at all, just bytes" * 10)
    client = TestClient(create_app(ServeSettings(rulings_db=db)), raise_server_exceptions=False)
    response = client.get("/log")
    assert response.status_code == 503
    assert "The rulings log cannot be read:" in response.text and "is not a rulings database" in response.text


# -- escaping --------------------------------------------------------------------------------------
HOSTILE_QUESTION = "<script>alert(1)</script> {{ 7*7 }} {% raw %}"
HOSTILE_ANSWER = "<img src=x onerror=alert(2)> \x1b[31mred\x1b[0m bell\x07 end"


def test_ruling_text_is_escaped_on_every_page_that_shows_it(client, db):
    # Written as another program would (the form refuses control characters): shown harmless.
    RulingStore(db).save("placeholder", judge="<b>Dana</b>", table="{{ 7*7 }}")
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE rulings SET question = ?, answer = ?", (HOSTILE_QUESTION, HOSTILE_ANSWER))
    for path in ("/log", "/log/live", "/log/1", "/log?q=alert"):
        page = client.get(path).text
        assert "<script>alert" not in page and "<img src=x" not in page and "<b>Dana" not in page, path
        assert "&lt;script&gt;alert(1)&lt;/script&gt; {{ 7*7 }} {% raw %}" in page, path
        assert "&lt;img src=x onerror=alert(2)&gt; red bell\ufffd end" in page, path
        # a random token or the clock ("21:49:32") may hold "49": neither is the template's doing
        tokens_out = re.sub(r'value="[0-9a-f]{64}"|\d{4}-\d\d-\d\dT[\d:+]+|\d\d:\d\d(:\d\d)?', "", page)
        assert "\x1b" not in page and "\x07" not in page and "49" not in tokens_out, path
    sheet = client.get("/log/1/sheet").text
    assert "<script>alert" not in sheet and "&lt;script&gt;alert(1)&lt;/script&gt;" in sheet
    assert "\x1b" not in sheet


# -- sheets ----------------------------------------------------------------------------------------
def test_a_ruling_sheet_is_the_sheet_judge_sheet_prints(client, db, corpus):
    from judge.sheet import build_sheet, render

    ruling = RulingStore(db).save(
        GOOD["answer"], GOOD["question"], ["nd:704.5j", "nd:118.6"], "Harbor Open", "12", "Dana Ruiz"
    )
    response = client.get("/log/1/sheet")
    assert response.status_code == 200
    expected = render(
        [
            build_sheet(
                corpus,
                list(ruling.cites),
                date=ruling.date,
                question=ruling.question,
                ruling=ruling.answer,
                event=ruling.event,
                table=ruling.table,
                judge=ruling.judge,
                saved_number=1,
            )
        ],
        "html",
    )
    assert response.text == expected.replace("\n<body>\n", '\n<body id="sheet">\n')
    style = re.search(r"<style>(.*?)</style>", response.text, re.S).group(1)
    digest = base64.b64encode(hashlib.sha256(style.encode()).digest()).decode()
    policy = response.headers["content-security-policy"]
    assert policy == (
        f"default-src 'none'; style-src 'sha256-{digest}'; img-src 'self' data:; "
        "form-action 'none'; frame-ancestors 'none'; base-uri 'none'"
    )
    assert len(response.headers.get_list("content-security-policy")) == 1
    assert response.headers["x-frame-options"] == "DENY"  # the other headers still come


def test_a_sheet_of_entries(client):
    response = client.get("/sheet?id=704.5j&id=nd:118.6")
    assert response.status_code == 200 and '<body id="sheet">' in response.text
    assert "704.5j" in response.text and "118.6" in response.text
    unknown = client.get("/sheet?id=704.5zz")
    assert unknown.status_code == 404 and "no entry &#39;704.5zz&#39; (nearest: nd:704.5" in unknown.text
    assert client.get("/sheet").status_code == 400


def test_entry_links_are_paths_on_this_site():
    assert entry_href("nd:704.5j") == "/nd/704.5j"
    assert entry_href("sf:card/wolf") == "/sf/card/wolf"
    assert entry_href("x:a b?c#d") == "/x/a%20b%3Fc%23d"


# -- the store under the server --------------------------------------------------------------------
def test_the_store_is_in_wal_mode_with_full_sync(client, db):
    _post(client, **dict(GOOD, cites=""))
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    store = RulingStore(db)
    with store.transaction() as conn:
        assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_a_rollback_journal_file_is_read_then_moved_to_wal(db):
    RulingStore(db).save("first")
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA journal_mode = DELETE")  # as judge before WAL left it
    assert [r.answer for r in RulingStore(db).all()] == ["first"]
    RulingStore(db).save("second")
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert [r.answer for r in RulingStore(db).newest()] == ["second", "first"]


def test_search_entries_see_a_ruling_committed_only_to_the_wal(db):
    """Regression: a WAL commit leaves the main file (size, mtime, change counter) as it was,
    so a stamp of the main file alone answered search from a stale cache."""
    RulingStore(db).save("first")
    assert len(saved_ruling_entries(db)) == 1
    reader = sqlite3.connect(db)  # an open connection: the WAL is not checkpointed away on close
    reader.execute("SELECT count(*) FROM rulings").fetchone()
    try:
        before = db.stat()
        RulingStore(db).save("second")
        assert (db.stat().st_size, db.stat().st_mtime_ns) == (before.st_size, before.st_mtime_ns)
        assert [e.extra["answer"] for e in saved_ruling_entries(db)] == ["first", "second"]
    finally:
        reader.close()


# -- durability ------------------------------------------------------------------------------------
def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


SERVER = """
import sys
from pathlib import Path
import uvicorn
from judge.serve.app import create_app
from judge.serve.settings import ServeSettings
uvicorn.run(create_app(ServeSettings(rulings_db=Path(sys.argv[1]))), host="127.0.0.1", port=int(sys.argv[2]),
            log_level="warning")
"""


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


@pytest.mark.slow
def test_a_ruling_acknowledged_survives_a_killed_server(db):
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-c", SERVER, str(db), str(port)], cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    try:
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()), _NoRedirect)
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                page = opener.open(base + "/log/new", timeout=5).read().decode()
                break
            except (urllib.error.URLError, ConnectionError):
                if time.monotonic() > deadline or server.poll() is not None:
                    raise AssertionError(f"the server did not start: {server.stderr.read().decode()}") from None
                time.sleep(0.1)
        token = _token(page)
        acknowledged = []
        for n in range(1, 6):
            body = urllib.parse.urlencode({"csrf": token, "answer": f"ruling {n}", "table": str(n)}).encode()
            try:
                opener.open(base + "/log", data=body, timeout=10)
                raise AssertionError("expected a 303")
            except urllib.error.HTTPError as answer:
                assert answer.code == 303, answer.read()
                acknowledged.append(answer.headers["location"])
        os.kill(server.pid, signal.SIGKILL)  # at once after the last 303: no shutdown, no checkpoint
        server.wait(timeout=10)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    assert acknowledged == [f"/log/{n}" for n in range(1, 6)]
    assert [(r.number, r.answer) for r in RulingStore(db).all()] == [(n, f"ruling {n}") for n in range(1, 6)]


@pytest.mark.parametrize(
    "content_type, body",
    [
        ("multipart/form-data", b"no boundary"),
        ("multipart/form-data; boundary=abc", b"not multipart at all"),
        ("application/x-www-form-urlencoded", b"%ZZ=%%&&&==="),
        ("application/x-www-form-urlencoded", b"a=\xff\xfe"),
    ],
)
@pytest.mark.parametrize("path", ["/log", "/replay"])
def test_a_malformed_body_is_a_400_page(client, db, path, content_type, body):
    client.get("/")
    response = client.post(path, content=body, headers={"content-type": content_type})
    assert response.status_code == 400
    assert not db.exists() or RulingStore(db).all() == []


@pytest.mark.parametrize("query", ["?" + "&".join(["cite=704.5j"] * 51), "?question=" + "x" * 2001])
def test_a_form_link_past_its_bounds_is_refused(client, query):
    response = client.get("/log/new" + query)
    assert response.status_code == 400


def test_the_cli_reads_what_the_station_logged(client, db, capsys):
    from judge.cli import main

    _post(client, **GOOD)
    assert main(["ruling", "list", "--db", str(db)]) == 0
    [line] = capsys.readouterr().out.splitlines()
    assert line.startswith("#1    ")
    assert line.endswith("  Harbor Open · table 12 · Dana Ruiz  Can Ana drain the Drudge?  [nd:704.5j, nd:118.6]")


# -- a citation naming an edition this judge does not have (issue 29) ------------------------------
def test_a_cite_of_an_unknown_edition_keeps_the_form_and_says_why(client, db):
    answer = _post(client, **dict(GOOD, cites="nd@2099-01:704.5j"))
    assert answer.status_code == 422
    assert "no edition &#39;2099-01&#39; of &#39;nd&#39;" in _form_error(answer.text)
    assert GOOD["answer"] in answer.text  # what the judge typed is there to correct
    assert not db.exists() or RulingStore(db).all() == []


def test_a_saved_ruling_citing_an_unknown_edition_reads_and_its_sheet_says_why(client, db, capsys):
    RulingStore(db).save("Given on an edition another judge had.", cites=["nd@2099-01:704.5j"])
    assert client.get("/log/1").status_code == 200
    sheet = client.get("/log/1/sheet")
    assert sheet.status_code == 422 and "no edition" in sheet.text
    assert "content-security-policy" in sheet.headers
    by_id = client.get("/sheet", params={"id": "nd@nope:704.5j"})
    assert by_id.status_code == 404 and "no edition &#39;nope&#39;" in by_id.text
    assert "internal error" not in capsys.readouterr().err


def test_judge_ruling_stale_names_a_cite_of_an_unknown_edition(db):
    from judge.rulings.citing import changes

    assert [c.reason for c in changes(["nd@2099-01:704.5j", "nd:704.5j"])] == [
        "given on an edition this judge does not have (no edition '2099-01' of 'nd'; "
        "its editions: bundled (2026-10-07))"
    ]
