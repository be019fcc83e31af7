"""Revised rulings at the station (issue 33): /log/N and the log show a ruling as it now stands,
marked, its history one click away; /log/N/revise appends an amendment or a withdrawal with the
access code and the form's CSRF token; overturning is refused there (the head judge's); every
refusal writes nothing."""

from __future__ import annotations

import datetime as dt
import re
import sqlite3
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from judge.rulings.store import RulingStore
from judge.serve.app import create_app
from judge.serve.settings import ServeSettings

CODE = "k7m2p9xq"
WHEN = dt.datetime(2026, 11, 30, 14, 5, tzinfo=dt.timezone(dt.timedelta(hours=1)))


@pytest.fixture
def db(tmp_path) -> Path:
    path = tmp_path / "rulings.sqlite3"
    RulingStore(path).save(
        "No: the Column dies to 704.5j.",
        question="Does the Column survive?",
        cites=["nd:704.5j"],
        event="Regional",
        table="12",
        judge="Kim",
        given_at=WHEN,
    )
    return path


@pytest.fixture
def coded(db, session_context):
    return TestClient(create_app(ServeSettings(rulings_db=db, access_code=CODE)), raise_server_exceptions=False)


def _rows(db: Path) -> tuple:
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT * FROM rulings").fetchall(), conn.execute(
            "SELECT * FROM ruling_revisions"
        ).fetchall()


def _send(client, number: int = 1, **fields):
    page = client.get(f"/log/{number}/revise" if number == 1 else "/log/1/revise").text
    token = re.search(r'name="csrf" value="([0-9a-f]{64})"', page).group(1)
    return client.post(f"/log/{number}/revise", data={"csrf": token, **fields}, follow_redirects=False)


def _error(page: str) -> str:
    return re.search(r'<p class="error" id="revise-form-error">(.*?)</p>', page, re.S).group(1)


AMEND = dict(
    revision="amend",
    reason="typo: the rule is 704.5k",
    judge="Kim",
    question="Does the Column survive?",
    answer="No: the Column dies to 704.5k.",
    cites="704.5k",
)


def test_an_amendment_with_the_code_is_appended_and_shown_as_the_ruling_stands(coded, db):
    form = coded.get("/log/1/revise").text
    assert '<textarea name="answer" rows="3">No: the Column dies to 704.5j.</textarea>' in form
    assert 'value="overturn"' not in form and 'name="code"' in form
    sent = _send(coded, **AMEND, code=CODE)
    assert sent.status_code == 303 and sent.headers["location"] == "/log/1"
    ruling = RulingStore(db).get(1)
    assert (ruling.status, ruling.answer, ruling.cites) == ("amended", "No: the Column dies to 704.5k.", ("nd:704.5k",))
    page = coded.get("/log/1").text
    assert "<h1>Saved ruling #1 (amended) — table 12, event Regional</h1>" in page
    assert (
        f'<p class="error" id="ruling-standing">Amended {ruling.revisions[1].at} by Kim: typo: the rule is 704.5k</p>'
        in page
    )
    assert '<details id="ruling-history"><summary>History: 2 revisions</summary>' in page
    assert page.index("No: the Column dies to 704.5j.") > page.index(
        'id="ruling-history"'
    )  # the old text: in the history
    assert '<span class="mark error">amended</span>' in coded.get("/log").text
    assert "typo: the rule is 704.5k" in coded.get("/log/1/sheet").text


def test_a_withdrawal_marks_the_ruling_and_offers_no_further_revision(coded, db):
    assert _send(coded, revision="withdraw", reason="entered at the wrong table", code=CODE).status_code == 303
    page = coded.get("/log/1").text
    assert "<h1>Saved ruling #1 (WITHDRAWN) — table 12, event Regional</h1>" in page and 'id="revise"' not in page


@pytest.mark.parametrize(
    "fields, status, said",
    [
        (
            dict(AMEND),
            403,
            "Revising a ruling needs the event&#39;s access code (the head judge has it). Nothing was written.",
        ),
        (dict(AMEND, code="wrong-code"), 403, "Revising a ruling needs the event&#39;s access code"),
        (dict(AMEND, reason=" ", code=CODE), 422, "To amend ruling #1 needs a reason (the Reason field)"),
        (
            dict(AMEND, answer="No: the Column dies to 704.5j.", cites="704.5j", code=CODE),
            422,
            "To amend ruling #1 needs new text or citations differing from what it says now",
        ),
        (dict(AMEND, cites="999.9z", code=CODE), 422, "Citations: "),
    ],
)
def test_a_refused_revision_keeps_the_form_and_writes_nothing(coded, db, fields, status, said):
    before = _rows(db)
    sent = _send(coded, **fields)
    assert sent.status_code == status
    error = _error(sent.text)
    assert error.startswith(said) and error.lower().endswith("nothing was written.")
    assert f'value="{fields["reason"]}"' in sent.text  # what was typed is kept
    assert _rows(db) == before


def test_overturning_is_the_head_judges_and_refused_at_the_station(coded, db):
    before = _rows(db)
    sent = _send(coded, revision="overturn", reason="appeal", judge="Ana", answer="Yes.", code=CODE)
    assert sent.status_code == 403
    assert "To overturn ruling #1 is the head judge&#39;s" in sent.text and "judge ruling overturn 1" in sent.text
    assert _rows(db) == before


def test_without_the_forms_token_or_for_a_missing_ruling_nothing_is_written(coded, db):
    before = _rows(db)
    assert coded.post("/log/1/revise", data=dict(AMEND, code=CODE), follow_redirects=False).status_code == 403
    assert _send(coded, number=9, **AMEND, code=CODE).status_code == 404
    assert coded.get("/log/9/revise").status_code == 404
    assert _rows(db) == before


def test_revision_text_is_escaped_on_the_pages_that_show_it(coded, db):
    assert _send(coded, **dict(AMEND, reason="<script>alert(1)</script>"), code=CODE).status_code == 303
    page = coded.get("/log/1").text
    assert "<script>alert(1)</script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def _results(page: str) -> list[tuple[str, str]]:
    """(href, citation) of each search result, in order."""
    return re.findall(r'<a class="result-head" href="([^"]+)"><strong>([^<]*)</strong>', page)


def test_a_search_finds_the_saved_ruling_marked_and_opens_it_in_the_log(coded, db):
    found = _results(coded.get("/search?q=does+the+column+survive&game=all").text)
    assert ("/log/1", "Saved ruling #1 — table 12, event Regional") in found
    assert _send(coded, revision="withdraw", reason="entered at the wrong table", code=CODE).status_code == 303
    page = coded.get("/search?q=does+the+column+survive&game=all").text
    assert ("/log/1", "Saved ruling #1 (WITHDRAWN) — table 12, event Regional") in _results(page)
    assert '<span class="kind">saved ruling</span>' in page
    assert coded.get("/log/1").status_code == 200
