"""A judge program's archive in PostgreSQL (issue 33), against a real throw-away cluster
(tests/postgres_cluster.py): `judge ruling sync --to URL` is idempotent by UUID and revision,
safe from several stations at once and after a sync killed mid-way; a conflicting history is
refused naming the ruling; an unreachable server is said in one line and the local log is
untouched; `judge search --archive URL` lists precedents marked with their event. The merge
rules are tested against both databases: the SQLite log (import) and the archive (sync)."""

from __future__ import annotations

import datetime as dt
import itertools
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from judge.cli import main
from judge.rulings import archive
from judge.rulings.interchange import merge, parse, to_jsonl
from judge.rulings.revise import revise
from judge.rulings.store import RevisionRefused, RulingStore
from tests.postgres_cluster import cluster, new_database

REPO = Path(__file__).resolve().parents[1]
TZ = dt.timezone(dt.timedelta(hours=1))
WHEN = dt.datetime(2026, 11, 28, 10, 0, tzinfo=TZ)
_names = itertools.count()


@pytest.fixture(scope="module")
def server():
    with cluster() as url:
        yield url


@pytest.fixture
def url(server):
    return new_database(server, f"archive_{os.getpid()}_{next(_names)}")


def _event(path: Path, name: str, count: int, start: dt.datetime = WHEN) -> RulingStore:
    store = RulingStore(path)
    lines = []
    for k in range(count):  # written in one transaction (merge): fast, and each with its UUID
        lines.append(
            f'{{"uuid": "{_uuid(name, k)}", "number": {k + 1}, "revision": 1, "kind": "given", '
            f'"event": "{name}", "table": "{k % 40}", "question": "Can a drained Entity block? ({k})", '
            f'"answer": "Yes, for a damage counter ({name} {k}).", "cites": ["nd:509.1c"], "judge": "Kim", '
            f'"at": "{(start + dt.timedelta(minutes=k)).isoformat()}", "reason": ""}}'
        )
    merge(store, parse("\n".join(lines).encode(), name), name)
    return store


def _uuid(name: str, k: int) -> str:
    import uuid

    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"judge-test:{name}:{k}"))


def _archived(url: str) -> dict:
    conn = archive.connect(url)
    try:
        return archive.revisions_of(conn)
    finally:
        conn.close()


def _revisions(store: RulingStore) -> dict:
    return {(r.uuid, v.revision): v for r in store.all() for v in r.revisions}


def test_a_sync_pushes_every_revision_once_and_again_adds_nothing(url, tmp_path, capsys):
    regional = _event(tmp_path / "regional.sqlite3", "Regional", 30)
    revise(regional, 3, "overturn", "704.5j needs lethal damage", judge="Ana", answer="No: it cannot block.")
    assert main(["ruling", "sync", "--to", url, "--db", str(regional.path), "--station", "desk"]) == 0
    assert capsys.readouterr().out.endswith(": 30 new rulings, 31 new revisions\n")
    assert _archived(url) == _revisions(regional)
    assert main(["ruling", "sync", "--to", url, "--db", str(regional.path)]) == 0
    assert capsys.readouterr().out.endswith(": 0 new rulings, 0 new revisions\n")
    revise(regional, 4, "amend", "clearer", answer="Yes, for one damage counter.")
    assert main(["ruling", "sync", "--to", url, "--db", str(regional.path)]) == 0
    assert capsys.readouterr().out.endswith(": 0 new rulings, 1 new revisions\n")
    assert _archived(url) == _revisions(regional)


@pytest.mark.slow
def test_two_events_merge_into_one_archive_without_duplicates_or_losses(url, tmp_path, capsys):
    """The issue's test: export, import, sync twice, kill a sync mid-way, sync again."""
    regional = _event(tmp_path / "regional.sqlite3", "Regional", 400)
    harbor = _event(tmp_path / "harbor.sqlite3", "Harbor Open", 300)
    carried = tmp_path / "regional.jsonl"
    assert main(["ruling", "export", "--db", str(regional.path), "--format", "jsonl", "-o", str(carried)]) == 0
    assert main(["ruling", "import", str(carried), "--db", str(harbor.path)]) == 0  # harbor now holds both
    for store in (regional, harbor):
        assert main(["ruling", "sync", "--to", url, "--db", str(store.path)]) == 0
    killed = subprocess.Popen(
        [sys.executable, "-c", KILLED_SYNC, url, str(_event(tmp_path / "third.sqlite3", "Third", 3000).path)], cwd=REPO
    )
    try:
        deadline = time.monotonic() + 60
        while len(_archived(url)) <= 700 and time.monotonic() < deadline:  # one batch committed, not all
            time.sleep(0.005)
        killed.send_signal(signal.SIGKILL)
    finally:
        killed.wait(timeout=30)
    partway = len(_archived(url)) - 700
    assert partway < 3000, "the sync finished before it was killed: nothing was tested"
    capsys.readouterr()
    assert main(["ruling", "sync", "--to", url, "--db", str(tmp_path / "third.sqlite3")]) == 0
    assert capsys.readouterr().out.endswith(f": {3000 - partway} new rulings, {3000 - partway} new revisions\n")
    held = _archived(url)
    assert len(held) == 3700 and len({u for u, _ in held}) == 3700
    assert held == _revisions(harbor) | _revisions(RulingStore(tmp_path / "third.sqlite3"))


# A sync pushing 100 rulings a batch, to be killed between two batches' commits.
KILLED_SYNC = """
import sys
from judge.rulings import archive
from judge.rulings.store import RulingStore
archive.sync(RulingStore(sys.argv[2]).all(), sys.argv[1], "killed", batch=100)
"""

# One station's sync, started at once with others.
STATION_SYNC = """
import sys
from judge.rulings import archive
from judge.rulings.store import RulingStore
report = archive.sync(RulingStore(sys.argv[2]).all(), sys.argv[1], sys.argv[3], batch=200)
print(report.new_rulings, report.new_revisions)
"""


@pytest.mark.slow
def test_several_stations_syncing_at_once_leave_every_ruling_once(url, tmp_path):
    shared = _event(tmp_path / "shared.sqlite3", "Shared", 1000)  # every station holds these
    logs = []
    for k in range(4):
        own = tmp_path / f"station{k}.sqlite3"  # its own rulings, then the shared ones
        _event(own, f"Station {k}", 200)
        merge(RulingStore(own), parse(to_jsonl(shared.all()).encode(), "shared"), "shared")
        logs.append(own)
    syncs = [
        subprocess.Popen(
            [sys.executable, "-c", STATION_SYNC, url, str(log), f"station{k}"],
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for k, log in enumerate(logs)
    ]
    reports = [s.communicate(timeout=120) for s in syncs]
    assert [s.returncode for s in syncs] == [0] * 4, [err for _, err in reports]
    added = [tuple(map(int, out.split())) for out, _ in reports]
    assert sum(n for n, _ in added) == 1800  # each shared ruling added by exactly one station
    held = _archived(url)
    assert len(held) == 1800 and set(held) == set().union(*(_revisions(RulingStore(log)) for log in logs))


def test_an_unreachable_archive_is_said_in_one_line_and_the_log_is_untouched(tmp_path, capsys):
    log = _event(tmp_path / "log.sqlite3", "Regional", 3)
    before = log.path.read_bytes()
    assert main(["ruling", "sync", "--to", "postgresql://judge@127.0.0.1:1/archive", "--db", str(log.path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("judge: cannot reach the archive at 127.0.0.1:1/archive: ") and err.count("\n") == 1
    assert "refused" in err.lower()  # the driver's reason
    assert log.path.read_bytes() == before and len(log.all()) == 3


def test_precedents_from_the_archive_appear_in_search_marked_with_their_event(url, tmp_path, capsys, session_context):
    regional = _event(tmp_path / "regional.sqlite3", "Regional", 3)
    revise(regional, 2, "overturn", "appeal", judge="Ana", answer="No: a drained Entity cannot block.")
    archive.sync(regional.all(), url, "desk")
    assert main(["search", "509.1c", "--archive", url]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Precedents from the archive" in out
    assert "Precedent — Regional, ruling #2 (overturned)" in out and "No: a drained Entity cannot block." in out
    assert "Precedent — Regional, ruling #3" in out
    assert main(["search", "509.1c", "--archive", "postgresql://judge@127.0.0.1:1/x"]) == 0  # the rules still answer
    assert "judge: precedents left out: cannot reach the archive at 127.0.0.1:1/x" in capsys.readouterr().err


# -- the same merge rules, against both databases ------------------------------------------------
class SQLiteLog:
    name = "sqlite"

    def __init__(self, tmp_path: Path, url: str) -> None:
        self.store = RulingStore(tmp_path / "merged.sqlite3")

    def push(self, store: RulingStore) -> int:
        return merge(self.store, parse(to_jsonl(store.all()).encode(), "pushed"), "pushed")[1]

    def held(self) -> dict:
        return _revisions(self.store)


class Archive:
    name = "postgresql"

    def __init__(self, tmp_path: Path, url: str) -> None:
        self.url = url

    def push(self, store: RulingStore) -> int:
        return archive.sync(store.all(), self.url, "test").new_revisions

    def held(self) -> dict:
        return _archived(self.url)


@pytest.fixture(params=[SQLiteLog, Archive], ids=lambda kind: kind.name)
def target(request, tmp_path):
    url = request.getfixturevalue("url") if request.param is Archive else ""
    return request.param(tmp_path, url)


def test_both_databases_take_a_log_once_and_a_newer_revision_as_a_revision(target, tmp_path):
    log = _event(tmp_path / "log.sqlite3", "Regional", 5)
    assert target.push(log) == 5 and target.push(log) == 0
    revise(log, 2, "withdraw", "entered in error")
    assert target.push(log) == 1
    assert target.held() == _revisions(log)


def test_both_databases_refuse_a_conflicting_history_and_write_nothing_of_it(target, tmp_path):
    first = _event(tmp_path / "a.sqlite3", "Regional", 5)
    second = _event(tmp_path / "b.sqlite3", "Regional", 5)  # the same rulings (same UUIDs) …
    revise(first, 1, "amend", "one way", answer="Amended one way.")
    revise(second, 1, "amend", "another way", answer="Amended another way.")  # … revised apart
    assert target.push(first) == 6
    before = target.held()
    refused = (RevisionRefused, archive.ArchiveError)
    with pytest.raises(refused, match=r"revision 2 differs from the one .*(holds|archive).*conflict"):
        target.push(second)
    assert target.held() == before


def test_an_archive_of_a_newer_schema_is_refused_untouched(url, tmp_path, capsys):
    conn = archive.connect(url)
    conn.execute("UPDATE archive_schema_version SET version = %s", (archive.ARCHIVE_LATEST + 1,))
    conn.close()
    log = _event(tmp_path / "log.sqlite3", "Regional", 2)
    assert main(["ruling", "sync", "--to", url, "--db", str(log.path)]) == 2
    assert f"the archive was written by a newer judge (schema {archive.ARCHIVE_LATEST + 1}" in capsys.readouterr().err


def test_search_json_lists_the_precedents_after_the_results(url, tmp_path, capsys, session_context):
    import json

    archive.sync(_event(tmp_path / "regional.sqlite3", "Regional", 2).all(), url, "desk")
    assert main(["search", "509.1c", "--json", "--archive", url]) == 0
    found = json.loads(capsys.readouterr().out)
    precedents = [item for item in found if item["kind"] == "precedent"]
    assert [(p["event"], p["number"], p["citation"]) for p in precedents] == [
        ("Regional", 2, "Precedent — Regional, ruling #2"),
        ("Regional", 1, "Precedent — Regional, ruling #1"),
    ]
    assert found[0]["kind"] != "precedent"  # the rules first


@pytest.mark.slow
def test_the_station_lists_precedents_beside_the_rules_and_goes_on_without_the_archive(url, tmp_path, session_context):
    from starlette.testclient import TestClient

    from judge.serve.app import create_app
    from judge.serve.settings import ServeSettings

    regional = _event(tmp_path / "regional.sqlite3", "Regional", 2)
    revise(regional, 2, "overturn", "appeal", judge="Ana", answer="No: a drained Entity <b>cannot</b> block.")
    archive.sync(regional.all(), url, "desk")
    log = tmp_path / "station.sqlite3"
    station = TestClient(create_app(ServeSettings(rulings_db=log, archive_url=url)), raise_server_exceptions=False)
    page = station.get("/search?q=drained+block")
    assert page.status_code == 200 and '<section id="precedents">' in page.text
    assert "<strong>Precedent — Regional, ruling #2 (overturned)</strong>" in page.text
    assert "No: a drained Entity &lt;b&gt;cannot&lt;/b&gt; block." in page.text
    assert '<a href="/nd/509.1c">nd:509.1c</a>' in page.text
    away = TestClient(
        create_app(ServeSettings(rulings_db=log, archive_url="postgresql://judge@127.0.0.1:1/x")),
        raise_server_exceptions=False,
    )
    page = away.get("/search?q=drained+block")
    assert page.status_code == 200 and 'class="result' in page.text  # the rules still answer
    assert '<p class="error" id="precedents-error">Left out: cannot reach the archive at 127.0.0.1:1/x: ' in page.text
    assert not log.exists()  # the station's log is its own file, untouched by the archive


def test_a_conflict_in_a_later_batch_refuses_the_whole_sync_before_writing(url, tmp_path):
    first = _event(tmp_path / "a.sqlite3", "Regional", 50)
    second = _event(tmp_path / "b.sqlite3", "Regional", 50)  # the same rulings, then revised apart
    revise(first, 50, "amend", "one way", answer="Amended one way.")
    archive.sync(first.all()[49:], url, "a")  # the archive holds ruling #50's revision 2 only
    revise(second, 50, "amend", "another way", answer="Amended another way.")
    before = _archived(url)
    with pytest.raises(
        archive.ArchiveError, match=r"^ruling #50 \(.*\): its revision 2 differs .* nothing was pushed$"
    ):
        archive.sync(second.all(), url, "b", batch=10)  # #50 is in the fifth batch
    assert _archived(url) == before


def test_an_archive_url_that_cannot_be_read_is_said(tmp_path, capsys):
    log = _event(tmp_path / "log.sqlite3", "Regional", 1)
    assert main(["ruling", "sync", "--to", "postgresql://[bad", "--db", str(log.path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("judge: the archive's URL cannot be read (") and err.endswith(
        "); write it as postgresql://user@host:port/database\n"
    )
