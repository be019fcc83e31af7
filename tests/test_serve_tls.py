"""`judge serve --certfile --keyfile`: the station over https://, so phones on the venue's Wi-Fi
keep it for offline use (browsers run service workers only on a secure address).

Real components: a throw-away authority and certificate made by the system's openssl
(tests/throwaway_ca.py), the live server (uvicorn, as `judge serve` runs it), Python's ssl client
trusting that authority, `judge serve` as a process, and the system's Chromium at a network name
(station.test mapped to 127.0.0.1), where only https:// is a secure context.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import urllib.error
import urllib.request

import pytest
from starlette.testclient import TestClient

from judge import cli
from judge.cli.commands import serve as serve_command
from judge.serve import log_memory, security
from judge.serve.app import create_app
from judge.serve.game_choice import GAME_COOKIE
from judge.serve.settings import ServeSettings
from judge.serve.tls import check_pair
from tests import live_server, printed_sheet, throwaway_ca

CODE = "k7m2p9"
HSTS = "max-age=604800"
CSP = dict(security.SECURITY_HEADERS)[b"content-security-policy"].decode()
# Every cookie the station sets, and the request that sets it (a change of cookies changes this).
STATION_COOKIES = {security.SESSION_COOKIE, security.WRITER_COOKIE, GAME_COOKIE, log_memory.COOKIE}


@pytest.fixture(scope="module")
def certificates(tmp_path_factory) -> throwaway_ca.Certificates:
    return throwaway_ca.make(tmp_path_factory.mktemp("ca"))


@pytest.fixture
def tls_settings(certificates, tmp_path, monkeypatch) -> ServeSettings:
    monkeypatch.setenv("JUDGE_RULINGS_DB", str(tmp_path / "rulings.sqlite3"))
    return ServeSettings.for_host(
        "127.0.0.1", access_code=CODE, tls=check_pair(certificates.certfile, certificates.keyfile)
    )


def _trusting(certificates) -> ssl.SSLContext:
    return ssl.create_default_context(cafile=str(certificates.ca))


# -- (a) a verified TLS client -------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.usefixtures("session_context")
def test_a_verifying_client_gets_pages_hsts_and_secure_cookies(certificates, tls_settings):
    with live_server.running(create_app(tls_settings)) as base:
        assert base.startswith("https://127.0.0.1:")
        for path in ("/", "/nd/704.5j", "/sw.js", "/no-such-page"):
            try:
                answer = urllib.request.urlopen(base + path, context=_trusting(certificates), timeout=30)
            except urllib.error.HTTPError as refused:  # a 404 carries the headers too
                answer = refused
            assert answer.status == (404 if path == "/no-such-page" else 200)
            assert answer.headers["strict-transport-security"] == HSTS
            assert answer.headers["content-security-policy"] == CSP  # unchanged by TLS
            assert answer.headers.get_all("set-cookie") == [
                f"{security.SESSION_COOKIE}={_session(answer)}; Path=/; HttpOnly; SameSite=Strict; Secure"
            ]
        # The same port to a client that does not trust the authority: the handshake fails.
        with pytest.raises(urllib.error.URLError, match="CERTIFICATE_VERIFY_FAILED"):
            urllib.request.urlopen(base + "/", context=ssl.create_default_context(), timeout=30)
        # Plain http:// to it is no page: the connection is closed unanswered.
        with pytest.raises(ConnectionError):
            urllib.request.urlopen(base.replace("https://", "http://") + "/", timeout=30).read()


def _session(answer) -> str:
    return re.match(rf"{security.SESSION_COOKIE}=([^;]+);", answer.headers["set-cookie"]).group(1)


def _set_cookies(response) -> dict[str, str]:
    return {line.split("=", 1)[0]: line for line in response.headers.get_list("set-cookie")}


def _every_cookie(settings: ServeSettings) -> tuple[dict[str, str], list]:
    """The Set-Cookie lines of every cookie the station sets, and the responses that set them."""
    client = TestClient(create_app(settings), base_url="https://testserver")
    first = client.get("/unlock")
    token = re.search(r'name="csrf" value="([0-9a-f]{64})"', first.text).group(1)
    unlocked = client.post("/unlock", data={"code": CODE, "csrf": token}, follow_redirects=False)
    chosen = client.post("/game", data={"game": "nodawn", "csrf": token}, follow_redirects=False)
    logged = client.post(
        "/log", data={"csrf": token, "answer": "Yes.", "cites": "704.5j", "judge": "Ana"}, follow_redirects=False
    )
    responses = [first, unlocked, chosen, logged]
    assert [r.status_code for r in responses] == [200, 303, 303, 303]
    seen: dict[str, str] = {}
    for response in responses:
        seen.update(_set_cookies(response))
    return seen, responses


@pytest.mark.usefixtures("session_context")
def test_every_cookie_is_secure_over_https_and_hsts_is_sent(tls_settings):
    seen, responses = _every_cookie(tls_settings)
    assert set(seen) == STATION_COOKIES
    for line in seen.values():
        assert line.endswith("; Secure") or "; Secure;" in line, line
    assert all(r.headers["strict-transport-security"] == HSTS for r in responses)


@pytest.mark.usefixtures("session_context")
def test_over_plain_http_no_cookie_is_secure_and_no_hsts_is_sent(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_RULINGS_DB", str(tmp_path / "rulings.sqlite3"))
    seen, responses = _every_cookie(ServeSettings.for_host("127.0.0.1", access_code=CODE))
    assert set(seen) == STATION_COOKIES
    assert not [line for line in seen.values() if "secure" in line.lower()]
    assert not [r for r in responses if "strict-transport-security" in r.headers]


def test_the_announcement_names_the_https_url(certificates, capsys):
    tls = check_pair(certificates.certfile, certificates.keyfile)
    serve_command._announce(ServeSettings.for_host("127.0.0.1", 8800, tls=tls), show_qr=False)
    assert capsys.readouterr().out.splitlines()[0] == "judge serve: https://127.0.0.1:8800/"


@pytest.mark.slow
def test_judge_serve_serves_https_with_the_files_given(certificates, tmp_path):
    """The command itself, as a process: the banner's https:// address answers a verifying client."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "JUDGE_RULINGS_DB": str(tmp_path / "rulings.sqlite3")}
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "judge",
            "serve",
            "--port",
            str(port),
            "--no-qr",
            "--certfile",
            str(certificates.certfile),
            "--keyfile",
            str(certificates.keyfile),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        banner = process.stdout.readline()
        assert banner == f"judge serve: https://127.0.0.1:{port}/\n", banner or process.stderr.read()
        for line in process.stdout:  # the rest of the banner: then uvicorn serves
            if line.startswith("Ctrl+C stops the server."):
                break
        with _wait_for(f"https://127.0.0.1:{port}/", _trusting(certificates)) as answer:
            assert answer.status == 200 and answer.headers["strict-transport-security"] == HSTS
            assert "<title>" in answer.read().decode()
    finally:
        process.send_signal(signal.SIGINT)  # Ctrl+C, as the head judge stops it
        assert process.wait(timeout=30) == cli.EXIT_INTERRUPTED, process.stderr.read()


def _wait_for(url: str, context: ssl.SSLContext):
    import time

    deadline = time.monotonic() + 60
    while True:
        try:
            return urllib.request.urlopen(url, context=context, timeout=30)
        except urllib.error.URLError as exc:
            if not isinstance(exc.reason, ConnectionRefusedError) or time.monotonic() > deadline:
                raise
            time.sleep(0.1)


# -- (c) refusals, each naming the file ------------------------------------------------------------


def _refusal(capsys, *argv: str) -> str:
    assert cli.main(["serve", "--port", "1", "--no-qr", *argv]) == cli.EXIT_BAD_INPUT
    captured = capsys.readouterr()
    assert captured.out == ""  # refused before the banner: nothing was served
    return captured.err


def test_one_file_without_the_other_is_refused(certificates, capsys):
    assert _refusal(capsys, "--certfile", str(certificates.certfile)) == (
        "judge: --certfile needs --keyfile as well: https:// takes a certificate and its key\n"
    )
    assert _refusal(capsys, "--keyfile", str(certificates.keyfile)) == (
        "judge: --keyfile needs --certfile as well: https:// takes a certificate and its key\n"
    )


def test_bad_files_are_refused_naming_the_file(certificates, tmp_path, capsys):
    cert, key = str(certificates.certfile), str(certificates.keyfile)
    missing = tmp_path / "missing.pem"
    folder = tmp_path / "a-folder"
    folder.mkdir()
    garbled = tmp_path / "garbled.pem"
    garbled.write_text("-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n")
    encrypted = tmp_path / "encrypted.key"
    subprocess.run(
        ["openssl", "pkey", "-in", key, "-aes256", "-passout", "pass:venue", "-out", str(encrypted)], check=True
    )
    cases = [
        (["--certfile", str(missing), "--keyfile", key], f"--certfile {missing}: no such file"),
        (["--certfile", cert, "--keyfile", str(missing)], f"--keyfile {missing}: no such file"),
        (["--certfile", str(folder), "--keyfile", key], f"--certfile {folder}: is a folder, not a file"),
        (
            ["--certfile", key, "--keyfile", key],
            f"--certfile {key}: not a PEM file holding a certificate (no '-----BEGIN …CERTIFICATE-----' line)",
        ),
        (
            ["--certfile", cert, "--keyfile", cert],
            f"--keyfile {cert}: not a PEM file holding a private key (no '-----BEGIN …PRIVATE KEY-----' line)",
        ),
        (
            ["--certfile", str(garbled), "--keyfile", key],
            f"--certfile {garbled}: not a readable PEM certificate (its contents do not parse)",
        ),
        (
            ["--certfile", cert, "--keyfile", str(certificates.other_keyfile)],
            f"--keyfile {certificates.other_keyfile} is not the key of --certfile {cert} (the pair does not match)",
        ),
        (
            ["--certfile", cert, "--keyfile", str(encrypted)],
            f"--keyfile {encrypted}: the key is encrypted with a passphrase; judge serve needs an unencrypted key "
            "(mkcert makes one)",
        ),
    ]
    for argv, message in cases:
        assert _refusal(capsys, *argv) == f"judge: {message}\n", argv


@pytest.mark.slow
@pytest.mark.permission_bits
def test_an_unreadable_key_is_refused_naming_the_file(certificates, tmp_path, capsys):
    unreadable = tmp_path / "unreadable.key"
    shutil.copy(certificates.keyfile, unreadable)
    unreadable.chmod(0)
    assert _refusal(capsys, "--certfile", str(certificates.certfile), "--keyfile", str(unreadable)) == (
        f"judge: --keyfile {unreadable}: cannot be read (Permission denied)\n"
    )


# -- (b) the service worker over https:// at a network name ---------------------------------------


@pytest.fixture(scope="module")
def playwright():
    with printed_sheet.system_chromium(printed_sheet.browser_missing(), "drive a browser") as chromium:
        yield chromium.browser_type


@pytest.mark.slow
@pytest.mark.usefixtures("session_context")
def test_the_service_worker_takes_the_page_over_https_at_a_network_name(playwright, certificates, tls_settings):
    """station.test is not this machine to Chromium: over http:// it is no secure context
    (tests/test_serve_offline.py), over https:// with a certificate it accepts, the worker
    registers, keeps the bundle, and controls the page after a reload.

    Chromium accepts exactly this certificate's key (--ignore-certificate-errors-spki-list), not
    any certificate: without the flag the same page is refused. (Playwright's ignore_https_errors
    is no substitute: with it Chromium refuses the worker, "An SSL certificate error occurred when
    fetching the script".)"""
    with live_server.running(create_app(tls_settings)) as base:
        url = f"https://{throwaway_ca.NAME}:{base.rsplit(':', 1)[1]}/nd/704.5j"
        resolve = f"--host-resolver-rules=MAP {throwaway_ca.NAME} 127.0.0.1"
        untrusting = playwright.launch(executable_path=printed_sheet.CHROMIUM, args=["--no-sandbox", resolve])
        try:
            with pytest.raises(Exception, match="ERR_CERT_AUTHORITY_INVALID"):
                untrusting.new_page().goto(url)
        finally:
            untrusting.close()
        pinned = f"--ignore-certificate-errors-spki-list={throwaway_ca.spki_sha256(certificates.keyfile)}"
        browser = playwright.launch(executable_path=printed_sheet.CHROMIUM, args=["--no-sandbox", resolve, pinned])
        try:
            page = browser.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(url)
            assert page.evaluate("window.isSecureContext") is True
            page.wait_for_selector("#offline-status[data-kept]", state="attached", timeout=60_000)
            assert page.inner_text("#offline-status").startswith("Kept on this phone for offline reading:")
            page.reload()
            assert (
                page.evaluate("navigator.serviceWorker.controller && navigator.serviceWorker.controller.scriptURL")
                == f"https://{throwaway_ca.NAME}:{base.rsplit(':', 1)[1]}/sw.js"
            )
            assert errors == []
        finally:
            browser.close()
