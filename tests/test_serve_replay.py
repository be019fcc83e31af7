"""judge serve's replays through the ASGI test client: opening a scenario (upload, or a board the
judge saved), stepping through it, and every refusal (code, CSRF, size, bad scenarios, unknown
keys), with nothing kept but a file that loads, under a name made from its content."""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from judge import input_limits
from judge.engine.scenarios.replay import run_file
from judge.replay_words import STOPPED
from judge.serve.app import create_app
from judge.serve.settings import ServeSettings
from tests.bundled import V01

SCENARIOS = Path(__file__).resolve().parent / "scenarios"
E01 = SCENARIOS / "e01-entity-at-caprice-speed-refused.yaml"  # five steps, refusals
E51 = SCENARIOS / "e51-the-refuge-is-chosen-at-dawn.yaml"  # play stops for Ana's refuge
E53 = SCENARIOS / "e53-the-player-orders-the-replacements.yaml"  # a note, a choice, a refusal
CODE = "k7m2p9"


@pytest.fixture
def data(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("JUDGE_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data"


def _client(tmp_path, **settings) -> TestClient:
    return TestClient(
        create_app(ServeSettings(rulings_db=tmp_path / "r.sqlite3", **settings)), raise_server_exceptions=False
    )


@pytest.fixture
def client(tmp_path, data, session_context):
    return _client(tmp_path)


@pytest.fixture
def db_path(tmp_path) -> Path:
    return tmp_path / "r.sqlite3"


def _token(page: str) -> str:
    return re.search(r'name="csrf" value="([0-9a-f]{64})"', page).group(1)


def _error(page: str) -> str:
    return re.search(r'<p class="error">(.*?)</p>', page, re.S).group(1)


def _upload(client, content: bytes, name: str = "mine.yaml", **fields):
    token = _token(client.get("/replay").text)
    return client.post(
        "/replay",
        data={"csrf": token, **fields},
        files={"scenario": (name, content, "text/yaml")},
        follow_redirects=False,
    )


def _kept(data: Path) -> list[str]:
    folder = data / "replays"
    return sorted(os.listdir(folder)) if folder.exists() else []


def _every_file(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file()) if root.exists() else []


# -- opening -----------------------------------------------------------------------------------------
def test_an_upload_is_replayed_and_kept_under_its_content_hash(client, data):
    content = E01.read_bytes()
    response = _upload(client, content, name="../../../etc/evil.yaml")
    key = hashlib.sha256(content).hexdigest()[:32]
    assert response.status_code == 303 and response.headers["location"] == f"/replay/{key}/0"
    assert _every_file(data) == [f"replays/{key}.yaml"]  # never the name the browser gave
    assert (data / "replays" / f"{key}.yaml").read_bytes() == content
    page = client.get(f"/replay/{key}/0").text
    assert '<article id="replay" data-step="0" data-steps="5">' in page
    assert '<p class="where">evil.yaml · 5 steps' in page
    assert _upload(client, content).headers["location"] == f"/replay/{key}/0"  # the same file, the same key
    assert _every_file(data) == [f"replays/{key}.yaml"]


def test_a_kept_upload_is_found_again_by_a_new_server(tmp_path, data, session_context):
    first = _client(tmp_path)
    key = _upload(first, E01.read_bytes()).headers["location"].split("/")[2]
    again = _client(tmp_path).get(f"/replay/{key}/2")
    assert again.status_code == 200 and "<h2>2. Ben: cast Siege-Ladder Serjeant</h2>" in again.text


def test_the_boards_the_judge_saved_are_listed_and_opened_by_name(client, data):
    boards = data / "scenarios"
    boards.mkdir(parents=True)
    (boards / "table 12.yaml").write_bytes(E01.read_bytes())
    (boards / "notes.yml").write_text("not listed: not *.yaml")
    (boards / "folder.yaml").mkdir()
    (boards / "linked.yaml").symlink_to(E51)
    page = client.get("/replay").text
    assert re.findall(r'<li><a href="/replay/board\?name=([^"]*)">', page) == ["table%2012.yaml"]
    opened = client.get("/replay/board?name=table%2012.yaml", follow_redirects=False)
    key = hashlib.sha256(E01.read_bytes()).hexdigest()[:32]
    assert opened.status_code == 303 and opened.headers["location"] == f"/replay/{key}/0"
    assert "table 12.yaml · 5 steps" in client.get(opened.headers["location"]).text
    assert _kept(data) == []  # opening a board writes nothing
    for name in ("linked.yaml", "folder.yaml", "notes.yml", "../scenarios/table 12.yaml", "/etc/passwd", ""):
        refused = client.get("/replay/board", params={"name": name})
        assert refused.status_code == 404, name
        assert "There is no saved board named" in refused.text


def test_with_no_boards_the_page_says_so(client):
    assert "No saved board yet (the TUI's board screen saves them)." in client.get("/replay").text


# -- stepping ----------------------------------------------------------------------------------------
def _key(client, path: Path, **fields) -> str:
    return _upload(client, path.read_bytes(), name=path.name, **fields).headers["location"].split("/")[2]


def _nav(page: str) -> list[str]:
    nav = re.search(r'<nav class="step-nav".*?</nav>', page, re.S).group(0)
    return re.findall(r'<a class="(\w+)"', nav)


def test_every_step_shows_its_events_with_rules_as_links_and_the_board(client, corpus):
    key = _key(client, E01)
    replay = run_file(E01)
    for n, step in enumerate(replay.steps, start=1):
        page = client.get(f"/replay/{key}/{n}").text
        assert f"<h2>{n}. {step.action}</h2>" in page
        shown = re.findall(r'<li class="replay-event (\S+)"><span class="long-text">(.*?)</span>', page)
        kinds = [
            "refused" if e.refused else "asks" if e.asks else "not-modelled" if e.not_modelled else "event"
            for e in step.events
        ]
        assert shown == [(k, e.text.replace("'", "&#39;")) for k, e in zip(kinds, step.events)]
        for e in step.events:
            for rule in e.rules:
                assert f'<a href="/nd/{rule.removeprefix("nd:")}">{rule.removeprefix("nd:")}</a>' in page
        assert f"<h2>The board after step {n}</h2>" in page
    assert any(e.refused for s in replay.steps for e in s.events)  # the file shows a refusal


def test_the_board_at_a_step_is_the_engine_state_after_it(client):
    key = _key(client, E01)
    page = client.get(f"/replay/{key}/0").text
    assert "<h2>The board as set up</h2>" in page
    assert "<p>The Hunt, Ana's turn, main1; priority: Ana</p>" in page
    assert (
        '<tr><td>Ana</td><td data-label="Vitae">20</td><td data-label="Corruption">0</td><td data-label="Wrath">0</td>'
        '<td data-label="pool">6</td><td data-label="hand">2</td>'
    ) in page
    assert "<td>Scriptorium Drudge (drudge)</td>" in page
    assert "<p>The Hunt, Ana's turn, main1; priority: Ben</p>" in client.get(f"/replay/{key}/1").text


def test_forward_and_back_are_links(client):
    key = _key(client, E01)
    assert _nav(client.get(f"/replay/{key}/0").text) == ["forward", "end"]
    middle = client.get(f"/replay/{key}/2").text
    assert _nav(middle) == ["first", "back", "forward", "end"]
    assert f'<a class="back" rel="prev" href="/replay/{key}/1">' in middle
    assert f'<a class="forward" rel="next" href="/replay/{key}/3">' in middle
    assert _nav(client.get(f"/replay/{key}/5").text) == ["first", "back"]


def test_the_last_step_shows_the_expectations(client):
    key = _key(client, E01)
    replay = run_file(E01)
    page = client.get(f"/replay/{key}/5").text
    found = re.findall(r'<li class="expect-(pass|fail)">(PASS|FAIL) (.*?)</li>', page)
    assert found == [
        ("pass" if e["ok"] else "fail", "PASS" if e["ok"] else "FAIL", e["text"].replace("'", "&#39;"))
        for e in replay.expectations
    ]
    assert "expect-" not in client.get(f"/replay/{key}/4").text


def test_not_modelled_notes_are_said_first(client):
    key = _key(client, E53)
    replay = run_file(E53)
    page = client.get(f"/replay/{key}/0").text
    assert f"<strong>Not modelled here ({len(replay.not_modelled)}): the engine does not play these" in page
    assert '<section class="not-modelled-notes">' in page
    assert page.index("not-modelled-notes") < page.index('id="replay-step"')


def test_a_replay_that_stops_at_a_choice_says_so_at_its_end(client):
    text = E51.read_text(encoding="utf-8")
    stops = text.replace("  - {player: Ana, choose: chapel}\n", "  - pass\n")
    key = _upload(client, stops.encode(), name="stops.yaml").headers["location"].split("/")[2]
    last = client.get(f"/replay/{key}/1").text
    assert f'<p class="replay-stopped asks">{STOPPED.format(n=2)}</p>' in last  # judge replay's words
    assert (
        '<p class="replay-waiting asks">Waiting for Ana: the Haven Ana&#39;s Master takes refuge in for the Day; '
        "choose 1 of: haven (Gilded Haven), chapel (Bricked-Up Chapel); answer with {player: Ana, choose: ..}</p>"
    ) in last


# -- what a step offers (issue 31 item 8) ---------------------------------------------------------
def _offers(page: str) -> str:
    return re.search(r'<p class="replay-actions" id="replay-actions">(.*?)</p>', page, re.S).group(1)


def _cli_sheet(capsys, scenario: Path) -> str:
    from judge import cli

    assert cli.main(["sheet", "--replay", str(scenario), "--format", "html"]) == 0
    return capsys.readouterr().out


def test_the_last_step_prints_the_sheet_judge_sheet_replay_prints(client, capsys):
    key = _key(client, V01)
    last = client.get(f"/replay/{key}/2").text
    assert f'<a id="print-step-sheet" href="/replay/{key}/2/sheet">Print this sheet</a>' in _offers(last)
    served = client.get(f"/replay/{key}/2/sheet")
    assert served.status_code == 200 and served.headers["content-security-policy"].startswith("default-src 'none'")
    assert served.text == _cli_sheet(capsys, V01).replace("<body>", '<body id="sheet">', 1)


def test_an_earlier_step_prints_the_replay_through_it(client, capsys):
    key = _key(client, E01)
    replay = run_file(E01)
    through_two = client.get(f"/replay/{key}/2/sheet").text
    whole = _cli_sheet(capsys, E01)
    assert replay.steps
    for n, step in enumerate(replay.steps, start=1):
        action = step.action.replace("'", "&#39;")
        assert action in whole
        assert (action in through_two) == (n <= 2), n


def test_log_a_ruling_from_a_step_cites_the_rules_that_decided_it(client, db_path):
    from judge.sheet.decisive import decisive_rules
    from judge.sheet.replay_log import run_scenario

    key = _key(client, V01)
    steps = run_scenario(V01)["steps"]  # what `judge sheet --replay` weighs
    for step in (1, 2):
        deciding = decisive_rules([steps[step - 1]])[1]
        assert deciding  # the step moved cards or meters: its play events decided it
        page = client.get(f"/replay/{key}/{step}").text
        href = re.search(r'<a id="log-from-step" href="([^"]+)">Log a ruling from here</a>', _offers(page)).group(1)
        assert href == "/log/new?" + "&amp;".join("cite=" + c.replace(":", "%3A") for c in deciding)
        assert f"(citing {len(deciding)} rules that decided this step)" in _offers(page)
        form = client.get(href.replace("&amp;", "&")).text
        assert f'<input name="cites" value="{" ".join(deciding)}"' in form
    token = _token(form)
    saved = client.post(
        "/log",
        data={"csrf": token, "answer": "Both Entities die; Ana loses.", "cites": " ".join(deciding)},
        follow_redirects=False,
    )
    assert saved.status_code == 303
    from judge.rulings.store import RulingStore

    assert RulingStore(db_path).get(1).cites == deciding


def test_logging_from_a_step_needs_the_code_and_the_token_as_every_post(tmp_path, data, session_context):
    coded = _client(tmp_path, access_code=CODE)
    key = _key(coded, V01, code=CODE)
    href = re.search(r'id="log-from-step" href="([^"]+)"', coded.get(f"/replay/{key}/2").text).group(1)
    fresh = _client(tmp_path, access_code=CODE)  # another browser: no writer mark yet
    form = fresh.get(href.replace("&amp;", "&")).text
    assert 'name="code"' in form
    answer = {"answer": "Ana loses.", "cites": "nd:704.3"}
    assert fresh.post("/log", data={"csrf": _token(form), **answer}).status_code == 403
    assert fresh.post("/log", data={"csrf": "0" * 64, "code": CODE, **answer}).status_code == 403
    from judge.rulings.store import RulingStore

    assert RulingStore(tmp_path / "r.sqlite3").all() == []


def test_a_replay_no_sheet_can_be_made_of_says_why_and_still_offers_the_log(client):
    text = E51.read_text(encoding="utf-8")
    stops = text.replace("  - {player: Ana, choose: chapel}\n", "  - pass\n")
    key = _upload(client, stops.encode(), name="stops.yaml").headers["location"].split("/")[2]
    offers = _offers(client.get(f"/replay/{key}/1").text)
    assert "print-step-sheet" not in offers and 'id="log-from-step"' in offers
    reason = re.search(r'<span class="muted" id="no-step-sheet">No sheet: (.*?)</span>', offers).group(1)
    assert reason.startswith("cannot make a sheet of stops.yaml: the replay stops before action 2")
    refused = client.get(f"/replay/{key}/1/sheet")
    assert refused.status_code == 422 and f"No sheet of this replay: {reason}." in refused.text


def test_the_board_as_set_up_prints_no_empty_sheet(client):
    key = _key(client, V01)  # no event while the board is set up
    offers = _offers(client.get(f"/replay/{key}/0").text)
    assert "print-step-sheet" not in offers and 'id="log-from-step" href="/log/new"' in offers
    why = "nothing has happened yet when the board is set up: step forward to print the replay through an action"
    assert f'<span class="muted" id="no-step-sheet">No sheet: {why}</span>' in offers
    refused = client.get(f"/replay/{key}/0/sheet")
    assert refused.status_code == 422 and f"No sheet of this replay: {why}." in refused.text


@pytest.mark.parametrize("path", ["/replay/0123456789abcdef0123456789abcdef/0/sheet", "/replay/nothex/0/sheet"])
def test_the_sheet_of_an_unknown_replay_or_step_is_a_404(client, path):
    assert client.get(path).status_code == 404
    key = _key(client, V01)
    assert client.get(f"/replay/{key}/3/sheet").status_code == 404


@pytest.mark.parametrize(
    "path",
    [
        "/replay/0123456789abcdef0123456789abcdef/0",
        "/replay/nothex/0",
        "/replay/..%2F..%2Fetc/0",
        "/replay/0123456789abcdef0123456789abcdef/x",
    ],
)
def test_an_unknown_replay_is_a_404_page(client, path):
    response = client.get(path)
    assert response.status_code == 404 and "<h1>Not found</h1>" in response.text


def test_a_step_past_the_end_is_a_404_saying_how_many(client):
    key = _key(client, E01)
    response = client.get(f"/replay/{key}/6")
    assert response.status_code == 404
    assert _error(response.text) == "This replay has 5 steps (0 is the board as set up)."


# -- refusals ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "content, error",
    [
        (
            b"a: &a [1, 2]\nb: *a\n",
            "bomb.yaml:1: YAML aliases (*name) are not accepted: the value anchored at line 1 "
            "is used again; write it out where it is needed",
        ),
        (
            b"[" * 100_000,
            "bomb.yaml:1: malformed YAML: exceeded maximum nesting depth (while increasing flow level at line 1)",
        ),
        (
            b"- " * (input_limits.MAX_DEPTH + 1) + b"x\n",
            f"bomb.yaml:1: nested deeper than {input_limits.MAX_DEPTH} levels (the limit for these files)",
        ),
        (b"just some text\n", "bomb.yaml:1: a scenario is a mapping (title, game, turn, players, actions, expect…)"),
        (b"title: x\nplayers: 3\n", "bomb.yaml:2: players must be a non-empty list"),
        (b"title: \xff\n", "bomb.yaml:1: not UTF-8: byte 0xFF at column 8"),
        (
            b"x: !!python/object/apply:os.system [ls]\n",
            "bomb.yaml:1: the YAML tag !!python/object/apply:os.system "
            "is not accepted here (only mappings, lists, text, numbers, "
            "true/false and null)",
        ),
    ],
)
def test_a_bad_scenario_is_a_422_page_with_the_loader_message_and_nothing_is_kept(client, data, content, error):
    response = _upload(client, content, name="bomb.yaml")
    assert response.status_code == 422
    assert _error(response.text) == "This scenario cannot be replayed: " + error.replace("'", "&#39;")
    assert _every_file(data) == []


@pytest.mark.parametrize("size", [input_limits.MAX_FILE_BYTES + 1, input_limits.MAX_FILE_BYTES - 100])
def test_an_upload_past_the_size_bound_is_refused(client, data, size):
    """The bound is the whole body's (file and form framing), and below the 1 MiB past which the
    form parser would spill the file to a temporary file outside the data folder."""
    from starlette.formparsers import MultiPartParser

    assert MultiPartParser.spool_max_size >= input_limits.MAX_FILE_BYTES
    response = _upload(client, b"#" * size)
    assert response.status_code == 413
    assert (
        _error(response.text) == f"An upload is at most {input_limits.MAX_FILE_BYTES:,} bytes, the file with its form."
    )
    assert _every_file(data) == []


def test_an_oversized_body_is_refused_before_it_is_parsed(client, data):
    response = _upload(client, b"#" * (2 * input_limits.MAX_FILE_BYTES))
    assert response.status_code == 413 and "larger than this judge station accepts" in response.text
    assert _every_file(data) == []


def test_an_upload_needs_a_file_a_token_and_the_form_fields_only(client, data):
    token = _token(client.get("/replay").text)
    empty = client.post("/replay", data={"csrf": token}, files={"scenario": ("", b"", "text/yaml")})
    assert empty.status_code == 400
    bad_token = client.post("/replay", data={"csrf": "0" * 64}, files={"scenario": ("a.yaml", E01.read_bytes())})
    assert bad_token.status_code == 403 and "security token does not match" in bad_token.text
    two = client.post(
        "/replay", data={"csrf": token}, files=[("scenario", ("a.yaml", b"x")), ("scenario", ("b.yaml", b"y"))]
    )
    assert two.status_code == 400
    as_text = client.post("/replay", data={"csrf": token, "scenario": "title: x"})
    assert as_text.status_code == 400 and "must be a file" in as_text.text
    assert _every_file(data) == []


def test_an_upload_needs_the_access_code_when_the_station_has_one(tmp_path, data, session_context):
    client = _client(tmp_path, access_code=CODE)
    page = client.get("/replay").text
    assert 'name="code"' in page
    refused = _upload(client, E01.read_bytes())
    assert refused.status_code == 403
    assert _error(refused.text) == (
        "Writing needs the event&#39;s access code (the head judge has it): type it "
        "into the form&#39;s code field and send again."
    )
    assert _every_file(data) == []
    accepted = _upload(client, E01.read_bytes(), code=CODE)
    assert accepted.status_code == 303 and "judge_writer=" in accepted.headers["set-cookie"]
    assert client.get(accepted.headers["location"]).status_code == 200  # reading needs no code


def test_scenario_text_is_escaped(client):
    hostile = E01.read_text(encoding="utf-8")
    title = re.search(r"^title: .*$", hostile, re.M).group(0)
    hostile = hostile.replace(title, 'title: "<script>alert(1)</script> {{ 7*7 }}"', 1)
    key = _upload(client, hostile.encode(), name="<img src=x>.yaml").headers["location"].split("/")[2]
    page = client.get(f"/replay/{key}/0").text
    assert "<script>alert" not in page and "<img src=x>" not in page
    assert "<h1>&lt;script&gt;alert(1)&lt;/script&gt; {{ 7*7 }}</h1>" in page
    assert '<p class="where">&lt;img src=x&gt;.yaml · 5 steps' in page


# -- a boards folder that cannot be read --------------------------------------------------------
def _unreadable_page(client) -> tuple[int, str]:
    response = client.get("/replay")
    found = re.search(r'<p class="error" id="boards-unreadable">(.*?)</p>', response.text, re.S)
    return response.status_code, found.group(1) if found else ""


def test_a_boards_path_that_is_not_a_folder_is_said_on_the_replay_page(client, data):
    data.mkdir(parents=True)
    (data / "scenarios").write_text("a file where the folder should be")
    status, said = _unreadable_page(client)
    assert status == 200
    assert said == f"The saved boards folder {data / 'scenarios'} cannot be read: Not a directory."
    assert "No saved board yet" not in client.get("/replay").text
    assert 'id="replay-upload"' in client.get("/replay").text  # uploading still works
    opened = client.get("/replay/board", params={"name": "x.yaml"})
    assert opened.status_code == 503
    assert _error(opened.text) == (
        f"The saved boards folder {data / 'scenarios'} cannot be read: Not a directory. "
        "The head judge can fix its permissions; nothing was replayed."
    )


@pytest.fixture
def denied(monkeypatch):
    """os.scandir refuses the folders put in the returned set, as for a folder without read
    permission (chmod does not stop root, who may run the tests)."""
    from judge.serve import replay_shelf

    refused: set[Path] = set()
    real = os.scandir

    def scandir(path="."):
        if Path(path) in refused:
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(replay_shelf.os, "scandir", scandir)
    return refused


def test_a_boards_folder_without_permission_is_said_not_listed_as_empty(client, data, denied):
    boards = data / "scenarios"
    boards.mkdir(parents=True)
    (boards / "table 12.yaml").write_bytes(E01.read_bytes())
    denied.add(boards)
    assert _unreadable_page(client) == (200, f"The saved boards folder {boards} cannot be read: Permission denied.")
    denied.clear()
    assert _unreadable_page(client) == (200, "")
    assert "table%2012.yaml" in client.get("/replay").text


def test_an_uploads_folder_without_permission_refuses_the_upload_by_name(client, data, denied):
    folder = data / "replays"
    folder.mkdir(parents=True)
    denied.add(folder)
    response = _upload(client, E01.read_bytes())
    assert response.status_code == 503
    assert _error(response.text).startswith(f"The kept uploads folder {folder} cannot be read: Permission denied.")
    assert _kept(data) == []


@pytest.mark.slow
@pytest.mark.permission_bits
def test_a_folder_chmod_000_is_said(client, data):
    boards = data / "scenarios"
    boards.mkdir(parents=True)
    boards.chmod(0)
    try:
        assert _unreadable_page(client) == (200, f"The saved boards folder {boards} cannot be read: Permission denied.")
    finally:
        boards.chmod(0o755)


def test_judge_serve_says_at_start_that_a_folder_cannot_be_read(data, denied, session_context, monkeypatch, capsys):
    import uvicorn

    from judge import cli

    boards = data / "scenarios"
    boards.mkdir(parents=True)
    denied.add(boards)
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: None)
    assert cli.main(["serve", "--port", str(_free_port()), "--no-qr"]) == 0
    assert (
        capsys.readouterr().err == f"judge serve: The saved boards folder {boards} cannot be read: Permission denied.\n"
    )
    denied.clear()
    assert cli.main(["serve", "--port", str(_free_port()), "--no-qr"]) == 0
    assert capsys.readouterr().err == ""  # a readable or missing folder: nothing to say


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


# -- kept uploads are bounded -------------------------------------------------------------------
def _variant(n: int) -> bytes:
    """E01 made a different file (a comment at its end): its own key, the same replay."""
    return E01.read_bytes() + f"\n# variant {n}\n".encode()


def _keep_old(data: Path, n: int, mtime: int) -> str:
    folder = data / "replays"
    folder.mkdir(parents=True, exist_ok=True)
    content = _variant(n)
    key = hashlib.sha256(content).hexdigest()[:32]
    (folder / f"{key}.yaml").write_bytes(content)
    os.utime(folder / f"{key}.yaml", (mtime, mtime))
    return f"{key}.yaml"


def test_the_oldest_uploads_beyond_the_bound_are_removed_never_a_board(client, data, monkeypatch):
    from judge.serve import replay_shelf

    assert replay_shelf.MAX_KEPT_UPLOADS == 200
    monkeypatch.setattr(replay_shelf, "MAX_KEPT_UPLOADS", 3)
    oldest, middle, newer = (_keep_old(data, n, mtime) for n, mtime in ((1, 1_000), (2, 2_000), (3, 3_000)))
    (data / "replays" / "notes.yaml").write_text("not an upload's name: never removed")
    os.utime(data / "replays" / "notes.yaml", (10, 10))
    boards = data / "scenarios"
    boards.mkdir()
    (boards / "table 12.yaml").write_bytes(_variant(1))  # the same content as the oldest upload
    os.utime(boards / "table 12.yaml", (5, 5))

    first = _upload(client, _variant(4)).headers["location"].split("/")[2]
    assert _kept(data) == sorted([middle, newer, f"{first}.yaml", "notes.yaml"])
    assert _upload(client, _variant(2)).status_code == 303  # sent again: now the newest
    second = _upload(client, _variant(5)).headers["location"].split("/")[2]
    assert _kept(data) == sorted([middle, f"{first}.yaml", f"{second}.yaml", "notes.yaml"])
    assert sorted(os.listdir(boards)) == ["table 12.yaml"]
    assert client.get(f"/replay/{oldest[:-5]}/0").status_code == 200  # its content is a board still


def test_a_removed_upload_s_replay_is_a_404_once_it_leaves_memory(tmp_path, data, session_context, monkeypatch):
    from judge.serve import replay_shelf

    monkeypatch.setattr(replay_shelf, "MAX_KEPT_UPLOADS", 1)
    first = _upload(_client(tmp_path), _variant(1)).headers["location"].split("/")[2]
    _upload(_client(tmp_path), _variant(2))
    gone = _client(tmp_path).get(f"/replay/{first}/0")  # a new server: nothing in memory
    assert gone.status_code == 404
    assert _error(gone.text).startswith("There is no replay with this key: the file was changed or removed since.")


def test_an_old_upload_that_cannot_be_removed_is_said_and_the_upload_still_works(client, data, monkeypatch, capsys):
    from judge.serve import replay_shelf

    monkeypatch.setattr(replay_shelf, "MAX_KEPT_UPLOADS", 1)
    old = _keep_old(data, 1, 1_000)

    def refuse(self, missing_ok=False):
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "unlink", refuse)
    assert _upload(client, _variant(2)).status_code == 303
    assert capsys.readouterr().err == (
        f"judge serve: could not remove the old upload {data / 'replays' / old}: Permission denied\n"
    )
    assert old in _kept(data)


def test_an_unreadable_board_does_not_break_the_other_boards_links_after_a_restart(tmp_path, data, session_context):
    """issue 29: a board's link (/replay/KEY/N) is found again by a new server by hashing the
    boards; one board that cannot be read (not UTF-8 here) made every lookup fail."""
    boards = data / "scenarios"
    boards.mkdir(parents=True)
    (boards / "a broken one.yaml").write_bytes(b"title: \xff\xfe not text\n")
    (boards / "table 12.yaml").write_bytes(E01.read_bytes())
    first = _client(tmp_path)
    location = first.get("/replay/board?name=table%2012.yaml", follow_redirects=False).headers["location"]
    again = _client(tmp_path).get(location)  # a restart: nothing in memory
    assert again.status_code == 200 and "table 12.yaml · 5 steps" in again.text
    broken = _client(tmp_path).get("/replay/board?name=a%20broken%20one.yaml")
    assert broken.status_code in (400, 422) and "not UTF-8" in broken.text
