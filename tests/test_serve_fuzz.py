"""Nothing a client sends crashes the judge station: generated paths, queries and forms (the
query strategies the CLI fuzzing uses, entry ids, hostile bytes) always get a 2xx/3xx/4xx page,
never a 5xx, and a refused write leaves the rulings log as it was."""

from __future__ import annotations

import re
import string
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from judge.rulings.store import RulingStore
from judge.serve.app import create_app
from judge.serve.settings import ServeSettings
from tests import query_strategies

pytestmark = pytest.mark.usefixtures("session_context")
FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


# A browser cannot send a lone surrogate (it has no UTF-8 form); undecodable bytes on the wire
# are test_undecodable_bytes_are_answered's.
def _sendable(strategy):
    return strategy.map(lambda text: text.encode("utf-8", "replace").decode("utf-8"))


def queries():
    return _sendable(query_strategies.queries())


def card_names():
    return _sendable(query_strategies.card_names())


def entry_ids():
    return _sendable(query_strategies.entry_ids())


_TOKEN = re.compile(r'name="csrf" value="([0-9a-f]{64})"')
_SEGMENT = st.one_of(
    st.sampled_from(
        [
            "nd",
            "lcg",
            "ccg",
            "ce",
            "sf",
            "log",
            "replay",
            "card",
            "search",
            "static",
            "..",
            ".",
            "%2e%2e",
            "%00",
            "704.5j",
            "glossary",
            "",
        ]
    ),
    st.text(alphabet=string.printable + "éü–\u202e\x00", max_size=12),
)


@pytest.fixture
def station(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_RULINGS_DB", str(tmp_path / "rulings.sqlite3"))
    client = TestClient(create_app(ServeSettings(access_code="k7m2p9")), raise_server_exceptions=False)
    token = _TOKEN.search(client.get("/log/new").text).group(1)
    return client, token, tmp_path / "rulings.sqlite3"


def _answered(response) -> None:
    assert response.status_code < 500, (response.request.url, response.status_code, response.text[:300])
    assert response.status_code in (200, 204, 303, 304, 307, 308) or 400 <= response.status_code < 500


@pytest.mark.slow
@FUZZ
@given(segments=st.lists(_SEGMENT, min_size=1, max_size=5))
def test_any_path_is_answered(station, segments):
    client, _, _ = station
    path = "/" + "/".join(quote(s, safe="%.") for s in segments)
    _answered(client.get("http://testserver" + path, follow_redirects=False))  # so "//x" is a path


@pytest.mark.slow
@FUZZ
@given(entry=entry_ids())
def test_any_entry_id_is_answered(station, entry):
    client, _, _ = station
    doc, _, rest = entry.partition(":")
    _answered(client.get(f"/{quote(doc, safe='')}/{quote(rest, safe='/')}", follow_redirects=False))


@pytest.mark.slow
@FUZZ
@given(query=queries(), game=st.sampled_from(["", "nodawn", "l5r-lcg", "chess", "<b>"]), fragment=st.booleans())
def test_any_search_is_answered(station, query, game, fragment):
    client, _, _ = station
    params = {"q": query, **({"game": game} if game else {}), **({"fragment": "1"} if fragment else {})}
    _answered(client.get("/search", params=params, follow_redirects=False))


@FUZZ
@given(name=card_names(), log_query=queries())
def test_any_card_name_and_log_search_is_answered(station, name, log_query):
    client, _, _ = station
    _answered(client.get("/card", params={"name": name}, follow_redirects=False))
    _answered(client.get("/log", params={"q": log_query}))


_FIELD_TEXT = st.text(max_size=80)


@FUZZ
@given(
    fields=st.dictionaries(
        st.sampled_from(["question", "answer", "cites", "table", "judge", "event", "code", "csrf", "extra", "next"]),
        _FIELD_TEXT,
        max_size=8,
    ),
    keep_token=st.booleans(),
)
def test_any_ruling_form_is_answered_and_a_refusal_writes_nothing(station, fields, keep_token):
    client, token, db = station
    if keep_token:
        fields = {**fields, "csrf": token}
    before = len(RulingStore(db).all()) if db.exists() else 0
    response = client.post("/log", data=fields, follow_redirects=False)
    _answered(response)
    after = len(RulingStore(db).all()) if db.exists() else 0
    assert after == before + (1 if response.status_code == 303 else 0)


@FUZZ
@given(
    body=st.binary(max_size=400),
    kind=st.sampled_from(["application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "text/plain", ""]),
    target=st.sampled_from(["/log", "/game", "/unlock", "/replay"]),
)
def test_any_body_is_answered(station, body, kind, target):
    client, _, _ = station
    headers = {"content-type": kind} if kind else {}
    _answered(client.post(target, content=body, headers=headers, follow_redirects=False))


@pytest.mark.parametrize("raw", ["%ED%A0%80", "%FF%FE", "%C3", "%00", "a%2", "%%"])
def test_undecodable_bytes_are_answered(station, raw):
    client, token, _ = station
    for path in (f"/search?q={raw}", f"/card?name={raw}", f"/log?q={raw}", f"/nd/{raw}", f"/replay/{raw}/0"):
        _answered(client.get(path, follow_redirects=False))
    form = f"csrf={token}&answer={raw}&question={raw}&cites={raw}"
    _answered(
        client.post(
            "/log",
            content=form.encode(),
            follow_redirects=False,
            headers={"content-type": "application/x-www-form-urlencoded"},
        )
    )


_NUMBERS = (
    st.one_of(st.integers(min_value=0, max_value=10**60), st.integers(min_value=10**17, max_value=10**20)).map(str)
    | st.text(alphabet="0", min_size=1, max_size=30).map(lambda zeros: zeros + "7")
    | st.sampled_from([19, 20, 4300, 4301, 6000]).map(lambda digits: "9" * digits)
)  # past SQLite, past int()


@pytest.fixture
def open_station(tmp_path):
    """A station on loopback with no access code, its log holding a ruling: every page is read."""
    db = tmp_path / "open.sqlite3"
    RulingStore(db).save("Drain refused.", "Can Ana drain?", ["nd:704.5j"])
    return TestClient(create_app(ServeSettings(rulings_db=db)), raise_server_exceptions=False)


@pytest.mark.slow
@FUZZ
@given(
    number=_NUMBERS,
    where=st.sampled_from(
        [
            "/log/{}",
            "/log/{}/sheet",
            "/replay/abc/{}",
            "/log/live?after={}",
            "/log?page={}",
            "/search?q=704.5j&limit={}",
            "/sheet?id=nd:{}",
            "/nd/{}",
            "/nd/704.{}",
            "/sheet?log={}",
        ]
    ),
)
def test_any_number_anywhere_is_answered(open_station, number, where):
    """issue 29: numbers past SQLite's 64-bit integers in /log/N, /log/N/sheet and
    /replay/KEY/N were 500s (Starlette's int convertor takes any length)."""
    _answered(open_station.get(where.format(number), follow_redirects=False))
