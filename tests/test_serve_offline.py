"""The station on a phone without the network (issue 35): the manifest, the service worker, the
reader bundle, and the offline round in the system's Chromium (Playwright), at a phone's
viewport: load, go offline (the browser context's offline switch), read an entry never opened,
follow its links, search a number and words, log a ruling, come back online, and find it in the
head judge's log exactly once.

With JUDGE_SCREENSHOT_DIR=docs the photographs of the offline band refresh docs/
(serve-offline-<step>-phone.png).
"""

from __future__ import annotations

import hashlib
import json
import re
import time

import pytest
from starlette.testclient import TestClient

from judge.serve.app import create_app
from judge.serve.settings import ServeSettings
from tests import live_server, printed_sheet

pytestmark = pytest.mark.usefixtures("session_context")

CODE = "k7m2p9"
PHONE = {"width": 390, "height": 844}
CSP = "default-src 'self'"


@pytest.fixture
def client(tmp_path, monkeypatch) -> TestClient:
    monkeypatch.setenv("JUDGE_RULINGS_DB", str(tmp_path / "rulings.sqlite3"))
    return TestClient(create_app(ServeSettings()), raise_server_exceptions=False)


def test_the_manifest_names_the_app_its_icons_and_start(client):
    answer = client.get("/manifest.webmanifest")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "application/manifest+json"
    assert answer.headers["content-security-policy"].startswith(CSP)
    manifest = answer.json()
    assert (manifest["name"], manifest["start_url"], manifest["display"]) == ("judge station", "/", "standalone")
    for icon in manifest["icons"]:
        got = client.get(icon["src"])
        assert got.status_code == 200 and got.headers["content-type"] == icon["type"]
        if icon["type"] == "image/png":  # the PNG's own header says the size the manifest says
            width = int.from_bytes(got.content[16:20], "big")
            assert f"{width}x{width}" == icon["sizes"]
    page = client.get("/").text
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert '<script src="/static/offline.js" defer></script>' in page


@pytest.mark.slow
def test_the_service_worker_is_served_from_the_root_with_its_version_and_the_csp(client):
    answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/javascript")
    assert answer.headers["cache-control"] == "no-cache"
    assert not re.search("@@(VERSION|CSP|SHELL)@@", answer.text)  # every marker written in
    version = re.search(r'var VERSION = "([0-9a-f]{20})";', answer.text).group(1)
    assert f'var CSP = "{answer.headers["content-security-policy"]}";' in answer.text
    bundle = client.get("/offline/bundle?game=nodawn")
    assert bundle.headers["x-bundle-version"] == version
    assert json.loads(bundle.content)["version"] == version


@pytest.mark.slow
def test_the_bundle_holds_every_entry_of_the_game_with_its_checksum(client, corpus):
    answer = client.get("/offline/bundle?game=l5r-lcg")
    assert answer.status_code == 200
    assert hashlib.sha256(answer.content).hexdigest() == answer.headers["x-bundle-sha256"]
    bundle = answer.json()
    assert [d["key"] for d in bundle["documents"]] == ["lcg"]
    assert [e["id"] for e in bundle["entries"]] == [e.id for e in corpus.in_doc("lcg")]
    assert bundle["search"]["ids"] and set(bundle["search"]["ids"]) <= {e.id for e in corpus.in_doc("lcg")}
    every = client.get("/offline/bundle?game=all").json()
    assert len(every["entries"]) == len(corpus.entries)
    assert client.get("/offline/bundle?game=chess").status_code == 400


@pytest.mark.slow
def test_an_entry_in_the_bundle_carries_its_links_cited_by_and_notes(client, corpus):
    from judge import context

    bundle = client.get("/offline/bundle?game=nodawn").json()
    entries = {e["id"]: e for e in bundle["entries"]}
    rule = entries["nd:704.5j"]
    assert rule["c"] == corpus.get("nd:704.5j").citation
    links = [p for p in rule["x"] if isinstance(p, list) and p[1]]
    assert links, "704.5j's text links the rules it cites"
    with_notes = [i for i in entries if context.conflicts().notes_for(i)]
    assert with_notes and all("o" in entries[i] for i in with_notes)
    assert all(entries[i]["o"][0]["h"] for i in with_notes)
    by = [e for e in bundle["entries"] if e.get("b")]
    assert by and all(set(e["b"]) == {s.id for s in corpus.cited_by(e["id"])} for e in by)


def test_a_ruling_posted_twice_with_one_key_is_stored_once(client):
    page = client.get("/log/new").text
    csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
    form = {
        "csrf": csrf,
        "answer": "Sent twice, kept once.",
        "cites": "704.5j",
        "key": "6f1c2a3e-8b4d-4f5a-9c7e-0d1e2f3a4b5c",
    }
    first = client.post("/log", data=form, follow_redirects=False)
    second = client.post("/log", data=form, follow_redirects=False)
    assert first.status_code == second.status_code == 303
    assert first.headers["location"] == second.headers["location"]
    assert client.get("/log").text.count("Sent twice, kept once.") == 1
    bad = client.post("/log", data=dict(form, key="not-a-uuid"))
    assert bad.status_code == 422 and "is not a UUID" in bad.text
    assert client.get("/log").text.count("Sent twice, kept once.") == 1


def test_without_javascript_the_footer_says_nothing_is_kept_offline(client):
    page = client.get("/nd/704.5j").text
    assert '<noscript><p class="offline-status muted" id="offline-none">Nothing is kept on this phone' in page


# -- the browser round ------------------------------------------------------------------------


@pytest.fixture
def station(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_RULINGS_DB", str(tmp_path / "rulings.sqlite3"))
    app = create_app(ServeSettings.for_host("127.0.0.1", access_code=CODE))
    with live_server.running(app) as base:
        yield base


@pytest.mark.slow
def test_the_offline_round(browser, station, photos):
    from playwright.sync_api import expect

    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    def snap(step: str) -> None:
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"{page.url} scrolls sideways by {overflow} px"
        page.screenshot(path=str(photos / f"serve-offline-{step}-phone.png"), full_page=False)

    # First visit, online: No Dawn chosen, the worker keeps its bundle and the footer says so.
    page.goto(station + "/")
    page.select_option("#game-choice", "nodawn")
    page.click("#game-picker button[type=submit]")
    page.wait_for_load_state()
    page.wait_for_selector("#offline-status[data-kept]", state="attached", timeout=60_000)
    assert "Kept on this phone for offline reading: No Dawn" in page.inner_text("#offline-status")

    context.set_offline(True)

    # An entry never opened: drawn from the bundle, with the offline band.
    page.goto(station + "/nd/509.1c")
    assert "Offline" in page.inner_text("#offline-band") and "No Dawn" in page.inner_text("#offline-band")
    assert "509.1c" in page.inner_text("#entry h1")
    snap("entry")
    link = page.locator("#entry .rule-text a").first
    target = link.get_attribute("href")
    link.click()
    page.wait_for_url(re.compile(re.escape(target) + "$"))
    assert page.locator("#offline-band").count() == 1
    assert page.locator("#entry").get_attribute("data-id") == "nd:" + target.removeprefix("/nd/")
    page.locator("#prev-next a[rel=next]").click()
    page.wait_for_selector("#entry")
    page.goto(station + "/nd")
    assert page.locator("#toc").count() == 1 and page.locator("#offline-band").count() == 1
    snap("contents")

    # A number opens its rule; words list results.
    page.goto(station + "/")
    page.fill("input[name=q]", "704.5j")
    page.press("input[name=q]", "Enter")
    page.wait_for_url(re.compile(r"/nd/704\.5j$"))
    assert page.locator("#entry").get_attribute("data-id") == "nd:704.5j"
    page.goto(station + "/search?q=116.2b-c")
    assert [a.get_attribute("href") for a in page.locator(".result a.result-head").all()] == [
        "/nd/116.2b",
        "/nd/116.2c",
    ]
    page.fill("input[name=q]", "drained entity block")
    page.press("input[name=q]", "Enter")
    page.wait_for_selector(".result")
    assert page.locator(".result").count() >= 3
    snap("search")

    # A ruling logged offline is kept on the phone, waiting to send.
    page.goto(station + "/nd/704.5j")
    form = page.locator("#log-form")
    form.locator("textarea[name=answer]").fill("Offline: the player chooses one Eminent Master.")
    form.locator("input[name=table]").fill("7")
    form.locator("input[name=code]").fill(CODE)
    form.locator("button[type=submit]").click()
    page.wait_for_selector("#kept-ruling")
    assert "Waiting to send" in page.inner_text("#kept-state")
    # A second one cites a rule that does not exist: the station will refuse it.
    page.goto(station + "/nd/704.5k")
    assert "waiting to send" in page.inner_text("#offline-queue")
    form = page.locator("#log-form")
    form.locator("textarea[name=answer]").fill("Offline: a ruling citing no rule.")
    form.locator("input[name=cites]").fill("704.99z")
    form.locator("input[name=code]").fill(CODE)
    form.locator("button[type=submit]").click()
    page.wait_for_selector("#kept-ruling")
    # The phone closes the page while offline: nothing typed is lost.
    page.close()
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(station + "/nd/704.5k")
    expect(page.locator("#offline-queue .kept-waiting")).to_have_count(2)  # drawn once IndexedDB answers
    snap("kept")
    page.goto(station + "/log")  # the log is the station's: offline it says so, and offers the form
    assert "cannot be reached now" in page.inner_text("#log-offline")
    expect(page.locator("#offline-queue .kept-waiting")).to_have_count(2)
    assert page.locator("#log-form").count() == 1

    # Back online: sent once; the head judge's log has it exactly once, citing 704.5j.
    context.set_offline(False)
    page.wait_for_selector("#offline-queue .kept-sent", timeout=20_000)
    page.wait_for_selector("#offline-queue .kept-refused")
    refused = page.locator("#offline-queue .kept-refused").inner_text()
    assert "not taken by the station: Citations:" in refused and "704.99z" in refused, refused
    # It stays on the phone; "Correct it" puts it back into the page's form.
    page.locator("#offline-queue .kept-edit").click()
    expect(page.locator("#log-form textarea[name=answer]")).to_have_value("Offline: a ruling citing no rule.")
    expect(page.locator("#log-form input[name=cites]")).to_have_value("704.99z")
    page.reload()  # a second page load tries to send again: nothing waits, nothing is sent twice
    page.goto(station + "/log")
    assert page.inner_text("#log").count("Offline: the player chooses one Eminent Master.") == 1
    assert "a ruling citing no rule" not in page.inner_text("#log")
    logged = page.locator(".logged-ruling", has_text="Offline: the player chooses one Eminent Master.")
    assert logged.count() == 1
    assert (
        logged.locator(".cites a").all_inner_texts() == ["nd:704.5j"]
        and logged.locator(".table").inner_text() == "table 7"
    )
    snap("sent")
    assert errors == [], errors
    context.close()


@pytest.fixture
def station_app(tmp_path, monkeypatch):
    """A station and its app (a test changes the app's code version)."""
    monkeypatch.setenv("JUDGE_RULINGS_DB", str(tmp_path / "rulings.sqlite3"))
    app = create_app(ServeSettings.for_host("127.0.0.1"))
    with live_server.running(app) as base:
        yield base, app


def _worker_version(page, station: str) -> str:
    source = page.request.get(station + "/sw.js").text()
    return re.search(r'var VERSION = "([^"]+)";', source).group(1)


def _kept(page, version: str) -> None:
    page.wait_for_selector(f"#offline-status[data-kept='{version}']", state="attached", timeout=60_000)


def _caches(page) -> list[str]:
    return sorted(page.evaluate("caches.keys()"))


@pytest.mark.slow
def test_a_new_version_replaces_the_bundle_whole_and_cards_read_offline(browser, station_app, photos):
    station, app = station_app
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(station + "/")  # every game: nothing chosen
    first = _worker_version(page, station)
    _kept(page, first)
    assert _caches(page) == [f"judge-bundle-{first}", f"judge-shell-{first}"]

    app.state.code_version = "0123456789abcdef"  # as a new judge would: new code, new worker
    second = _worker_version(page, station)
    assert second != first
    page.reload()
    _kept(page, second)
    # the old version's caches are dropped when the new worker takes over
    deadline = time.monotonic() + 20
    while len(_caches(page)) > 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _caches(page) == [f"judge-bundle-{second}", f"judge-shell-{second}"]

    context.set_offline(True)
    page.goto(station + "/sf/card/charmed-life")
    assert "All games" in page.inner_text("#offline-band")
    assert page.locator("#card h1").inner_text() == "Charmed Life"
    assert page.locator("#rulings .child").count() >= 1
    page.screenshot(path=str(photos / "serve-offline-card-phone.png"))
    context.close()


@pytest.mark.slow
def test_a_bundle_failing_its_checksum_or_of_another_version_is_never_kept(browser, station_app, monkeypatch):
    """The first answer fails its checksum: dropped and fetched again. When every answer is of
    another version, nothing is kept and the footer says why."""
    from judge.serve import offline_bundle

    station, app = station_app
    real = offline_bundle.bundle_for
    asked: list[str] = []

    def damaged_once(corpus, searcher, game, version):
        made = real(corpus, searcher, game, version)
        asked.append(game or "all")
        if len(asked) == 1:
            return offline_bundle.Bundle(made.body, made.gzipped, "0" * 64, made.version)
        return made

    monkeypatch.setattr(offline_bundle, "bundle_for", damaged_once)
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(station + "/")
    version = _worker_version(page, station)
    _kept(page, version)
    assert asked == ["all", "all"]

    # Another version each time: nothing kept, the footer says so.
    def other_version(corpus, searcher, game, version):
        made = real(corpus, searcher, game, "not-" + version)
        asked.append("other")
        return made

    monkeypatch.setattr(offline_bundle, "bundle_for", other_version)
    context2 = browser.new_context(viewport=PHONE)
    page2 = context2.new_page()
    page2.goto(station + "/")
    page2.wait_for_selector("#offline-status:not([hidden])", timeout=60_000)
    expect_text = "Nothing new is kept offline: the bundle is of version not-"
    page2.wait_for_function("document.getElementById('offline-status').textContent.length > 0")
    assert page2.inner_text("#offline-status").startswith(expect_text), page2.inner_text("#offline-status")
    assert asked[2:] == ["other", "other"]
    assert _caches(page2) == [f"judge-shell-{version}"]
    context.close()
    context2.close()


def test_without_javascript_nothing_is_kept_and_the_page_says_so(browser, station):
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    page.goto(station + "/nd/704.5j")
    assert page.locator("#offline-none").is_visible()
    assert "Nothing is kept on this phone for offline use" in page.inner_text("#offline-none")
    assert page.locator("#offline-status").is_hidden()
    context.close()


@pytest.mark.slow
def test_over_plain_http_on_the_network_the_page_says_nothing_can_be_kept(browser, station):
    """Service workers need a secure address; 127.0.0.1 is one, a LAN address over http:// is
    not. Chromium is told to take 127.0.0.1 by another name, which it does not treat as local."""
    port = station.rsplit(":", 1)[1]
    named = browser.browser_type.launch(
        executable_path=printed_sheet.CHROMIUM,
        args=["--no-sandbox", "--host-resolver-rules=MAP judge.station.test 127.0.0.1"],
    )
    try:
        page = named.new_page(viewport=PHONE)
        page.goto(f"http://judge.station.test:{port}/nd/704.5j")
        assert page.evaluate("window.isSecureContext") is False
        page.wait_for_selector("#offline-status:not([hidden])")
        assert page.inner_text("#offline-status").startswith(
            "Nothing is kept on this phone for offline use: browsers allow it only over https://"
        )
    finally:
        named.close()


@pytest.mark.slow
def test_the_phone_analyses_words_as_the_server_does(browser, station, corpus):
    """One source of truth: the phone's terms for every No Dawn entry's text, and for questions
    typed with contractions, curly quotes and symbols, are the server's (judge.search.analysis)."""
    from judge.search.analysis import analyze

    # Words no entry of the game holds take the stemmer's way: the other games' texts.
    texts = [e.text for e in corpus.entries.values()] + [
        "Can’t a drained Entity block?",
        "It doesn't untap; the player's Master isn't dealt damage.",
        "I've cast it — they're “blocking” with 3 Entities (704.5j, 116.2b–c).",
        # words in no document: the vendored Porter2 and the exported irregular/derived tables
        "Grumbling wizards hurriedly reshuffled their notebooks; the children stole ownership.",
    ]
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(station + "/")
    page.evaluate("window.exports = {}")  # as the service worker loads the vendored stemmer
    page.add_script_tag(url="/static/porter2.js")
    page.add_script_tag(url="/static/offline-core.js")  # again: it picks the stemmer up
    phone = page.evaluate(
        """async (texts) => {
        const bundle = await (await fetch("/offline/bundle?game=nodawn")).json();
        const reader = new JudgeOffline.Reader(bundle);
        return texts.map(t => reader.index.analyze(t));
    }""",
        texts,
    )
    context.close()
    differ = [(t[:60], a, b) for t, a, b in zip(texts, phone, (analyze(t) for t in texts)) if a != b]
    assert len(phone) == len(texts) and differ == [], differ[:3]
