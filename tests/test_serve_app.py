"""judge serve's frame: sessions, CSRF, the access code, size limits, headers and error pages,
through the ASGI test client (no network)."""

from __future__ import annotations

import re

import pytest
from starlette.testclient import TestClient

from judge.serve.app import create_app
from judge.serve.settings import MAX_BODY_BYTES, ServeSettings, is_loopback


def _client(**settings) -> TestClient:
    return TestClient(create_app(ServeSettings(**settings)), raise_server_exceptions=False)


def _token(page: str) -> str:
    return re.search(r'name="csrf" value="([0-9a-f]{64})"', page).group(1)


@pytest.mark.parametrize(
    "host, local",
    [
        ("127.0.0.1", True),
        ("127.8.0.1", True),
        ("::1", True),
        ("localhost", True),
        ("0.0.0.0", False),
        ("192.168.1.20", False),
        ("judge.example", False),
    ],
)
def test_loopback_hosts(host, local):
    assert is_loopback(host) is local


def test_a_non_local_host_always_gets_an_access_code():
    assert ServeSettings.for_host("127.0.0.1").access_code is None
    code = ServeSettings.for_host("0.0.0.0").access_code
    assert re.fullmatch(r"[2-9a-hjkmnp-z]{10}", code)
    assert ServeSettings.for_host("0.0.0.0", access_code="table9").access_code == "table9"


def test_home_page_sets_a_session_and_security_headers():
    response = _client().get("/")
    assert response.status_code == 200
    assert "Judge station" in response.text
    assert re.match(
        r"judge_session=[A-Za-z0-9_-]{32}; Path=/; HttpOnly; SameSite=Strict", response.headers["set-cookie"]
    )
    policy = response.headers["content-security-policy"]
    assert "default-src 'self'" in policy and "script-src 'self'" in policy
    assert response.headers["x-content-type-options"] == "nosniff"


def test_links_are_paths_not_urls_built_from_the_host_header():
    page = _client().get("/", headers={"host": "evil.example"}).text
    assert "evil.example" not in page
    assert 'href="/static/style.css"' in page


def test_static_files_come_from_a_fixed_table():
    client = _client()
    css = client.get("/static/style.css")
    assert css.status_code == 200 and css.headers["content-type"].startswith("text/css")
    assert client.get("/static/style.css", headers={"if-none-match": css.headers["etag"]}).status_code == 304
    for name in ("../settings.py", "..%2F__init__.py", "%2e%2e/app.py", "templates", "style.css.bak"):
        assert client.get(f"/static/{name}").status_code == 404, name


def test_unknown_page_is_a_404_page_saying_so():
    response = _client().get("/no/such/page")
    assert response.status_code == 404
    assert "<h1>Not found</h1>" in response.text


def test_wrong_method_is_a_405_page():
    response = _client().delete("/")
    assert response.status_code == 405
    assert "Method not allowed" in response.text


def test_unlock_needs_a_csrf_token_from_this_session():
    client = _client(access_code="k7m2p9")
    response = client.post("/unlock", data={"code": "k7m2p9", "csrf": "0" * 64})
    assert response.status_code == 403
    assert "security token does not match" in response.text
    other = _client(access_code="k7m2p9")
    stolen = _token(other.get("/unlock").text)
    assert client.post("/unlock", data={"code": "k7m2p9", "csrf": stolen}).status_code == 403


def test_unlock_with_the_code_marks_the_session_a_writer():
    client = _client(access_code="k7m2p9")
    page = client.get("/unlock?next=/somewhere").text
    assert "Enter the access code" in client.get("/").text
    wrong = client.post("/unlock", data={"code": "nope", "csrf": _token(page), "next": "/somewhere"})
    assert wrong.status_code == 403 and "not the event's access code" in wrong.text
    right = client.post(
        "/unlock", data={"code": " K7M2P9 ", "csrf": _token(page), "next": "/somewhere"}, follow_redirects=False
    )
    assert right.status_code == 303 and right.headers["location"] == "/somewhere"
    assert "judge_writer=" in right.headers["set-cookie"]
    assert "Enter the access code" not in client.get("/").text


@pytest.mark.parametrize("target", ["//evil.example/x", "https://evil.example/", "\\\\evil", "javascript:alert(1)"])
def test_unlock_never_redirects_off_site(target):
    client = _client(access_code="k7m2p9")
    token = _token(client.get("/unlock").text)
    response = client.post("/unlock", data={"code": "k7m2p9", "csrf": token, "next": target}, follow_redirects=False)
    assert response.headers["location"] == "/"


def test_a_writer_mark_from_another_session_does_not_count():
    first, second = _client(access_code="k7m2p9"), _client(access_code="k7m2p9")
    token = _token(first.get("/unlock").text)
    first.post("/unlock", data={"code": "k7m2p9", "csrf": token})
    second.get("/")
    second.cookies.set("judge_writer", first.cookies.get("judge_writer"))
    assert "Enter the access code" in second.get("/").text


def test_an_oversized_body_is_refused_with_413_declared_or_not():
    client = _client()
    token = _token(client.get("/unlock").text)
    big = {"code": "x" * (MAX_BODY_BYTES + 1), "csrf": token}
    response = client.post("/unlock", data=big)
    assert response.status_code == 413
    assert "larger than this judge station accepts (1088 KiB at most)" in response.text

    def chunks():  # no Content-Length: the limit is enforced while reading
        for _ in range(MAX_BODY_BYTES // 65536 + 2):
            yield b"a" * 65536

    streamed = client.post("/unlock", content=chunks(), headers={"content-type": "application/x-www-form-urlencoded"})
    assert streamed.status_code == 413


def test_a_malformed_cookie_header_starts_a_new_session():
    response = _client().get("/", headers={"cookie": 'judge_session="\\x00; ;;=='})
    assert response.status_code == 200
    assert response.headers["set-cookie"].startswith("judge_session=")


def test_a_defect_is_a_500_page_without_the_traceback(monkeypatch, capsys):
    from judge.serve import app as app_module

    async def broken(request):
        raise RuntimeError("secret detail")

    monkeypatch.setattr(app_module, "home", broken)
    response = _client().get("/")
    assert response.status_code == 500
    assert "judge failed on this request" in response.text and "secret detail" not in response.text
    assert "internal error on GET /" in capsys.readouterr().err
