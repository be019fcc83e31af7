"""Editions (issue 19 items 1, 4, 5): `judge import`, `nd@NAME:` ids, the newest edition read by
default, --as-of and $JUDGE_EVENT_DATE, search, sheets and saved rulings naming the edition,
`judge ruling list --stale`. Every edition is made here from the bundled text, written into
tmp_path and imported into a data folder of the test's own."""

from __future__ import annotations

import codecs
import json
from pathlib import Path

import pytest

from judge import cli

BUNDLED = Path(__file__).resolve().parents[1] / "rules" / "nodawn" / "nodawn-comprehensive-rules.txt"
OTHER_GAME = Path(__file__).resolve().parents[1] / "rules" / "l5r-ccg" / "l5r-ccg-diamond-rulebook.txt"
OLD_704_5J = "704.5j An Entity with Vigor greater than 0 whose marked damage counters equal or exceed its Vigor"
NEW_704_5J = "704.5j An Entity with Vigor above 0 whose marked damage counters equal or exceed its Vigor"
TITLE = "No Dawn Comprehensive Rules"
EDITIONS = "bundled (2026-10-07), 2026-11 (2026-11-01)"


def bundled_text() -> str:
    return BUNDLED.read_text(encoding="utf-8")


def newer_text() -> str:
    """The bundled rules with 704.5j reworded and 704.5v deleted."""
    text = bundled_text()
    assert text.count(OLD_704_5J) == 1
    lines = [line for line in text.replace(OLD_704_5J, NEW_704_5J).split("\n") if not line.startswith("704.5v ")]
    return "\n".join(lines)


def fresh() -> None:
    """Forget every corpus this process loaded: the next command reads the editions anew."""
    from judge import context
    from judge.editions import corpora

    context.corpus.cache_clear()
    context.searcher.cache_clear()
    context.conflicts.cache_clear()
    corpora._MEMO.clear()


def isolate(patch, home: Path) -> None:
    patch.setenv("JUDGE_DATA_HOME", str(home / "data"))
    patch.setenv("JUDGE_CACHE_DIR", str(home / "cache"))  # the session's cache is never pruned
    patch.setenv("JUDGE_RULINGS_DB", str(home / "rulings.sqlite3"))
    patch.delenv("JUDGE_EVENT_DATE", raising=False)
    fresh()


@pytest.fixture
def home(tmp_path, monkeypatch):
    isolate(monkeypatch, tmp_path)
    yield tmp_path
    fresh()


@pytest.fixture(scope="module")
def imported(tmp_path_factory, corpus):
    """A data folder holding edition 2026-11 (newer_text) of No Dawn, for the tests that read it.
    The session's corpus is loaded first, so that it stays the bundled one other modules share."""
    home = tmp_path_factory.mktemp("editions")
    patch = pytest.MonkeyPatch()
    isolate(patch, home)
    source = home / "nd-2026-11.txt"
    source.write_text(newer_text(), encoding="utf-8")
    assert cli.main(["import", str(source), "--doc", "nd", "--edition", "2026-11", "--date", "2026-11-01"]) == 0
    yield home
    patch.undo()
    fresh()


def run(capsys, *argv) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def show_json(capsys, *argv) -> dict:
    code, out, err = run(capsys, "show", *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def edition_folders(home: Path) -> list[str]:
    folder = home / "data" / "editions" / "nd"
    return sorted(p.name for p in folder.iterdir() if p.is_dir()) if folder.exists() else []  # not the import lock


# -- importing --------------------------------------------------------------------------------
@pytest.mark.slow
def test_import_adds_the_edition_and_ids_without_one_read_it(home, capsys):
    source = home / "nd-2026-11.txt"
    source.write_text(newer_text(), encoding="utf-8")
    code, out, err = run(capsys, "import", str(source), "--doc", "nd", "--edition", "2026-11", "--date", "2026-11-01")
    assert (code, err) == (0, "")
    assert out == (
        f"imported {source} as edition 2026-11 (2026-11-01) of {TITLE}: 1934 entries, read as UTF-8\n"
        "ids without an edition (nd:…) now read it; nd@2026-11:… names it\n"
    )
    assert edition_folders(home) == ["2026-11"]
    manifest = json.loads((home / "data" / "editions" / "nd" / "2026-11" / "edition.json").read_text())
    assert {k: manifest[k] for k in ("doc", "name", "date", "encoding", "source_name", "source_file")} == {
        "doc": "nd",
        "name": "2026-11",
        "date": "2026-11-01",
        "encoding": "utf-8",
        "source_name": "nd-2026-11.txt",
        "source_file": "source.txt",
    }
    assert (home / "data" / "editions" / "nd" / "2026-11" / "source.txt").read_bytes() == source.read_bytes()
    fresh()
    assert show_json(capsys, "nd:704.5j")["entry"]["text"].startswith(NEW_704_5J)


@pytest.mark.slow
def test_the_same_text_twice_is_a_no_op(home, capsys):
    source = home / "nd.txt"
    source.write_text(newer_text(), encoding="utf-8")
    assert run(capsys, "import", str(source), "--doc", "nd", "--date", "2026-11-01")[0] == 0
    again = home / "nd-crlf.txt"  # the same text in other bytes is the same edition
    again.write_bytes(newer_text().replace("\n", "\r\n").encode("utf-8"))
    for path in (source, again):
        code, out, err = run(capsys, "import", str(path), "--doc", "nd", "--date", "2026-12-01")
        assert (code, out, err) == (0, f"{path} is already edition 2026-11-01 of {TITLE}: nothing imported\n", "")
    code, out, _ = run(capsys, "import", str(BUNDLED), "--doc", "nd")
    assert (code, out) == (0, f"{BUNDLED} is already edition bundled (2026-10-07) of {TITLE}: nothing imported\n")
    assert edition_folders(home) == ["2026-11-01"]


ENCODINGS = [
    ("utf-8-bom", lambda t: codecs.BOM_UTF8 + t.encode("utf-8"), "UTF-8 with a byte order mark"),
    ("crlf", lambda t: t.replace("\n", "\r\n").encode("utf-8"), "UTF-8"),
    ("bare-cr", lambda t: t.replace("\n", "\r").encode("utf-8"), "UTF-8"),
    ("utf-16", lambda t: t.encode("utf-16"), "UTF-16 (byte order mark)"),
    ("utf-16-be", lambda t: codecs.BOM_UTF16_BE + t.encode("utf-16-be"), "UTF-16 (byte order mark)"),
    ("cp1252", lambda t: in_windows_1252(t), "Windows-1252"),
]


def in_windows_1252(text: str) -> bytes:
    """Windows-1252 has no ※ ◇ ✚ …: in the text they become "?" (its dashes and bullets are its
    own); the stand-alone "(※ adopted …)" paragraphs, which would read as stray lines, are left out."""
    kept = [line for line in text.split("\n") if not (line.startswith("(※") and line.endswith(")"))]
    return "\n".join(kept).encode("cp1252", errors="replace")


@pytest.mark.slow
@pytest.mark.parametrize("name, encode, said", ENCODINGS, ids=[e[0] for e in ENCODINGS])
def test_every_encoding_rules_files_ship_in_is_read(home, capsys, name, encode, said):
    source = home / f"nd-{name}.txt"
    source.write_bytes(encode(newer_text()))
    code, out, err = run(capsys, "import", str(source), "--doc", "nd", "--date", "2026-11-01")
    assert (code, err) == (0, "")
    assert out.splitlines()[0].endswith(f"entries, read as {said}")
    fresh()
    text = show_json(capsys, "nd:704.5j")["entry"]["text"]
    assert text.startswith(NEW_704_5J)
    assert "is destroyed — it dies, and goes to its owner's Spoils." in text  # the em dash read right
    assert "\r" not in text


def _refused(home, capsys, source: Path, *reasons: str) -> None:
    code, out, err = run(capsys, "import", str(source), "--doc", "nd", "--date", "2026-11-01")
    assert (code, out) == (2, "")
    assert err == "judge: " + "\n".join(reasons) + "\n"
    assert edition_folders(home) == []  # nothing half-imported


@pytest.mark.slow
def test_a_truncated_file_is_refused_whole(home, capsys):
    source = home / "half.txt"
    text = newer_text()
    source.write_text(text[: len(text) // 2], encoding="utf-8")
    _refused(
        home,
        capsys,
        source,
        f"{source} refused: it does not read as an edition of {TITLE} (read as UTF-8):",
        "  - it has no entries of kind appendix, glossary (cut short, or another document?)",
        "  - sections missing or renamed: Additional Rules (nd:section/7), Multiplayer Rules (nd:section/8), "
        "Game Modes (nd:section/9), Glossary (nd:glossary), Appendix A. Proposed and Coined Terminology "
        "(nd:appendix-a)",
        "nothing was imported",
    )


@pytest.mark.slow
def test_a_file_cut_inside_its_last_part_is_refused(home, capsys):
    lines = newer_text().split("\n")
    appendix = lines.index(next(line for line in lines if line.startswith("Appendix A")))
    source = home / "cut-in-appendix.txt"
    source.write_text("\n".join(lines[: appendix + 8]), encoding="utf-8")
    _refused(
        home,
        capsys,
        source,
        f"{source} refused: it does not read as an edition of {TITLE} (read as UTF-8):",
        "  - it has less than half the entries of the first edition (appendix 4 of 43): cut short?",
        "nothing was imported",
    )


def test_a_file_cut_inside_a_character_is_refused_as_truncated(home, capsys):
    raw = newer_text().encode("utf-8")
    cut = raw.index("—".encode()) + 1
    source = home / "cut.txt"
    source.write_bytes(raw[:cut])
    _refused(
        home,
        capsys,
        source,
        f"{source} refused: the file ends inside a UTF-8 character "
        f"(byte {cut - 1} of {cut}): it is truncated; nothing was imported",
    )


@pytest.mark.slow
def test_another_games_text_is_refused(home, capsys):
    code, out, err = run(capsys, "import", str(OTHER_GAME), "--doc", "nd")
    assert (code, out) == (2, "")
    lines = err.splitlines()
    assert lines[0] == f"judge: {OTHER_GAME} refused: it does not read as an edition of {TITLE} (read as UTF-8):"
    assert lines[3] == (
        "  - it has no entries of kind appendix, design-note, example, group, rule, subrule "
        "(cut short, or another document?)"
    )
    assert lines[-1] == "nothing was imported"
    assert edition_folders(home) == []


def test_utf8_read_as_windows_1252_and_saved_again_is_refused(home, capsys):
    garbled = newer_text().encode("utf-8").decode("cp1252", errors="replace")
    source = home / "mojibake.txt"
    source.write_text(garbled, encoding="utf-8")
    line = newer_text()[: newer_text().index("—")].count("\n") + 1
    _refused(
        home,
        capsys,
        source,
        f"{source} refused: line {line} has 'â€”' where '—' was meant: UTF-8 text "
        "that was read as Windows-1252 and saved again; nothing was imported",
    )


def test_utf16_without_its_mark_is_refused(home, capsys):
    source = home / "utf16-no-bom.txt"
    source.write_bytes(newer_text().encode("utf-16-le"))
    _refused(
        home,
        capsys,
        source,
        f"{source} refused: control character U+0000 at line 1: not text in this "
        "encoding (UTF-16 without a byte order mark? a binary file?); nothing was imported",
    )


def test_bytes_neither_encoding_defines_are_refused(home, capsys):
    raw = newer_text().encode("cp1252", errors="replace")
    source = home / "undefined.txt"
    source.write_bytes(raw[:100] + b"\x81" + raw[100:])
    _refused(
        home,
        capsys,
        source,
        f"{source} refused: neither UTF-8 nor Windows-1252: byte 0x81 at offset 100 "
        "is not a character in either (another encoding?); nothing was imported",
    )


@pytest.mark.slow
def test_names_and_dates_that_cannot_be_used_are_refused(home, capsys):
    source = home / "nd.txt"
    source.write_text(newer_text(), encoding="utf-8")
    cases = [
        (["--date", "2026-02-30"], "judge: --date: '2026-02-30' is not a date (YYYY-MM-DD)\n"),
        (
            ["--date", "2026-09-01"],
            "judge: --date 2026-09-01 is not after the bundled edition of 'nd' "
            "(bundled (2026-10-07)): an imported edition is a newer one\n",
        ),
        (
            ["--date", "2026-11-01", "--edition", "bad/name"],
            "judge: --edition 'bad/name': a name is 1–40 letters, digits, '.', '_' or '-', starting with a letter or digit\n",
        ),
        (
            ["--date", "2026-11-01", "--edition", "bundled"],
            "judge: 'nd' has an edition named or dated 'bundled' already (bundled (2026-10-07)); choose another --edition\n",
        ),
    ]
    for extra, said in cases:
        assert run(capsys, "import", str(source), "--doc", "nd", *extra) == (2, "", said)
    assert run(capsys, "import", str(source), "--doc", "xx") == (
        2,
        "",
        "judge: --doc 'xx': no such document; choose one of nd, lcg, ccg, ce, sf\n",
    )
    assert edition_folders(home) == []


# -- the store's contract ---------------------------------------------------------------------
@pytest.mark.slow
def test_the_store_lists_editions_oldest_first_and_chooses_by_date(imported):
    from judge import editions

    assert [(e.name, e.date, e.bundled) for e in editions.list("nd")] == [
        ("bundled", "2026-10-07", True),
        ("2026-11", "2026-11-01", False),
    ]
    assert editions.newest("nd").name == "2026-11"
    assert editions.in_force("nd", "2026-10-31").name == "bundled"
    assert editions.in_force("nd", "2026-11-01").name == "2026-11"
    assert editions.in_force("nd", "2020-01-01").name == "bundled"  # the earliest judge has
    assert editions.find("nd", "2026-11-01").name == "2026-11"
    assert [(e.name, e.date) for e in editions.list("sf")] == [("2007-08-10", "2007-08-10")]
    old = editions.corpus_for("nd", "bundled")
    assert set(old.documents) == {"nd"} and old.get("nd:704.5j").text.startswith(OLD_704_5J)
    assert editions.corpus_for("nd", "2026-11").get("nd:704.5v") is None
    with pytest.raises(editions.UnknownEdition) as refused:
        editions.corpus_for("nd", "1999")
    assert str(refused.value) == f"no edition '1999' of 'nd'; its editions: {EDITIONS}"


def test_a_data_folder_without_the_table_names_its_first_editions_bundled(tmp_path, monkeypatch):
    from judge.editions import store

    (tmp_path / "rules").mkdir()
    monkeypatch.setenv("JUDGE_DATA_DIR", str(tmp_path))
    assert [(e.name, e.date, e.bundled) for e in store.list_editions("sf")] == [("bundled", None, True)]
    broken = tmp_path / "broken"
    (broken / "rules").mkdir(parents=True)
    (broken / "rules" / "bundled-editions.json").write_text("{}", encoding="utf-8")
    monkeypatch.setenv("JUDGE_DATA_DIR", str(broken))
    with pytest.raises(store.EditionError) as refused:
        store.list_editions("sf")
    assert str(refused.value) == f"cannot read {broken}/rules/bundled-editions.json: 'editions'"


# -- ids and show ----------------------------------------------------------------------------
@pytest.mark.slow
def test_at_ids_name_one_edition(imported, capsys):
    newest = show_json(capsys, "nd:704.5j")
    assert newest["entry"]["text"].startswith(NEW_704_5J)
    assert newest["edition"]["name"] == "2026-11"
    for wanted in ("nd@bundled:704.5j", "nd@2026-10-07:704.5j"):
        old = show_json(capsys, wanted)
        assert old["entry"]["id"] == "nd:704.5j" and old["entry"]["text"].startswith(OLD_704_5J)
        assert old["edition"]["name"] == "bundled"
    assert run(capsys, "show", "nd@1999:704.5j") == (
        2,
        "",
        f"judge: no edition '1999' of 'nd'; its editions: {EDITIONS}\n",
    )
    assert run(capsys, "show", "704.5v")[0] == 1  # deleted in the newest
    assert show_json(capsys, "nd@bundled:704.5v")["entry"]["id"] == "nd:704.5v"


def test_show_names_the_edition_it_reads(imported, capsys):
    code, out, _ = run(capsys, "show", "704.5j")
    assert code == 0
    lines = out.splitlines()  # (not wrapped without a terminal: found under the citation)
    assert lines[lines.index("No Dawn CR 704.5j") + 1] == "edition 2026-11 (2026-11-01), the newest of 2"
    code, out, _ = run(capsys, "show", "nd@bundled:704.5j")
    lines = out.splitlines()
    assert (
        lines[lines.index("No Dawn CR 704.5j") + 1]
        == "edition bundled (2026-10-07); the newest is 2026-11 (2026-11-01)"
    )


def test_as_of_reads_the_edition_in_force_that_day(imported, capsys):
    code, out, _ = run(capsys, "show", "704.5j", "--as-of", "2026-10-20")
    assert (
        "No Dawn CR 704.5j edition bundled (2026-10-07); the newest is 2026-11 (2026-11-01); in force on "
        "2026-10-20 in force on 2026-10-20 704.5j An Entity with Vigor greater than 0"
    ) in " ".join(out.split())
    data = show_json(capsys, "704.5j", "--as-of", "2026-11-02")
    assert data["entry"]["text"].startswith(NEW_704_5J)
    assert data["in_force"] == {"as_of": "2026-11-02", "in_force": True, "not_in_force": []}
    assert run(capsys, "show", "704.5v", "--as-of", "2026-11-02")[0] == 1  # deleted by then
    assert show_json(capsys, "704.5v", "--as-of", "2026-10-20")["edition"]["name"] == "bundled"  # not yet
    code, _, err = run(capsys, "sheet", "nd@bundled:704.5v", "704.5v", "--as-of", "2026-11-02")
    assert (
        code == 2 and err.startswith("judge: no entry '704.5v' (nearest: ") and err.endswith("; no sheet was written\n")
    )


def test_as_of_marks_what_is_not_in_force(imported, capsys):
    code, out, _ = run(capsys, "show", "408.5j", "--as-of", "2026-08-01")
    assert "NOT IN FORCE on 2026-08-01: adopted 2026-08-21" in out.splitlines()
    assert show_json(capsys, "408.5j", "--as-of", "2026-08-01")["in_force"] == {
        "as_of": "2026-08-01",
        "in_force": False,
        "not_in_force": [{"reason": "adopted 2026-08-21", "from": "nd:408.5j", "text": ""}],
    }
    assert show_json(capsys, "408.5j", "--as-of", "2026-08-21")["in_force"]["in_force"] is True
    assert show_json(capsys, "201.4", "--as-of", "2030-01-01")["in_force"]["not_in_force"] == [
        {"reason": "proposed", "from": "nd:201.4", "text": ""}
    ]
    # a struck rule keeps its number, not its rule; a "future — not committed" group was never adopted
    assert show_json(capsys, "210.5b", "--as-of", "2026-12-01")["in_force"] == {
        "as_of": "2026-12-01",
        "in_force": False,
        "not_in_force": [{"reason": "struck", "from": "nd:210.5b", "text": ""}],
    }
    assert show_json(capsys, "904.1", "--as-of", "2026-12-01")["in_force"]["not_in_force"] == [
        {"reason": "future", "from": "nd:904", "text": ""}
    ]
    partial = show_json(capsys, "301.5b", "--as-of", "2030-01-01")["in_force"]
    assert partial["in_force"] is True  # the rule is; one sentence of it is not
    assert partial["not_in_force"] == [
        {
            "reason": "proposed",
            "from": "nd:301.5b",
            "text": (
                "If an effect would attach a Weapon to something it cannot legally arm, the Weapon does not move; if the "
                "thing it arms stops being a legal wielder or leaves the battlefield, the Weapon comes loose and stands "
                "unattached on the battlefield (a state-based check, rule 704)."
            ),
        }
    ]
    family = show_json(capsys, "408.5", "--as-of", "2026-08-01")
    marked = {c["number"]: c["in_force"] for c in family["children"]}
    assert marked["408.5j"] is False and marked["408.5k"] is False and marked["408.5a"] is True
    code, out, _ = run(capsys, "show", "408.5", "--as-of", "2026-08-01")
    assert any(line.startswith("  408.5k [not in force] A non-lethal verdict") for line in out.splitlines())


def test_the_event_date_is_the_default_and_is_checked(imported, capsys, monkeypatch):
    monkeypatch.setenv("JUDGE_EVENT_DATE", "2026-08-01")
    assert show_json(capsys, "408.5j")["in_force"]["as_of"] == "2026-08-01"
    monkeypatch.setenv("JUDGE_EVENT_DATE", "1 August")
    assert run(capsys, "show", "408.5j") == (2, "", "judge: $JUDGE_EVENT_DATE: '1 August' is not a date (YYYY-MM-DD)\n")
    assert (
        run(capsys, "show", "408.5j", "--as-of", "2026-8-1")[2]
        == "judge: --as-of: '2026-8-1' is not a date (YYYY-MM-DD)\n"
    )


@pytest.mark.slow
def test_doctor_names_the_edition_read_of_each_document_and_every_edition_there_is(imported, capsys, monkeypatch):
    code, out, err = run(capsys, "doctor", "--json")
    assert (code, err) == (0, "")
    report = json.loads(out)
    nd = next(d for d in report["documents"] if d["key"] == "nd")
    assert report["event_date"] is None
    assert (nd["edition_read"], nd["editions"]) == ("2026-11 (2026-11-01), the newest of 2", EDITIONS.split(", "))
    assert nd["edition"]["name"] == "2026-11" and nd["edition"]["bundled"] is False
    code, out, _ = run(capsys, "doctor")
    nd_row = next(line for line in out.splitlines() if "│ nd " in line)  # the cell wraps: its first line
    assert "edition read" in out and "2026-11" in nd_row
    assert "No event date set ($JUDGE_EVENT_DATE): the newest edition of each document is read." in " ".join(
        out.split()
    )
    monkeypatch.setenv("JUDGE_EVENT_DATE", "2026-10-15")
    fresh()
    try:
        report = json.loads(run(capsys, "doctor", "--json")[1])
        nd = next(d for d in report["documents"] if d["key"] == "nd")
        assert report["event_date"] == "2026-10-15"
        assert nd["edition_read"] == "bundled (2026-10-07); the newest is 2026-11 (2026-11-01); in force on 2026-10-15"
        assert "Editions in force on 2026-10-15 ($JUDGE_EVENT_DATE)." in " ".join(run(capsys, "doctor")[1].split())
    finally:
        monkeypatch.delenv("JUDGE_EVENT_DATE")
        fresh()


# -- search, sheets, rulings ------------------------------------------------------------------
@pytest.mark.slow
def test_search_says_which_edition_it_reads(imported, capsys):
    code, out, _ = run(capsys, "search", "--game", "nodawn", "--limit", "1", "vigor above 0 lethal damage")
    assert code == 0
    assert " ".join(out.split()).startswith(
        f"reading {TITLE}: edition 2026-11 (2026-11-01), the newest of 2 1. No Dawn CR 704.5j "
    )
    code, out, _ = run(capsys, "search", "--json", "--limit", "3", "vigor above 0 lethal damage")
    results = json.loads(out)
    assert results[0]["id"] == "nd:704.5j" and results[0]["text"].startswith(NEW_704_5J)
    assert {r["doc"]: r["edition"] for r in results}["nd"] == "2026-11"


SHEET_EDITION = "edition 2026-11 (2026-11-01), the newest of 2"


@pytest.mark.parametrize("fmt", ["text", "markdown", "html", "terminal"])
def test_the_sheet_states_the_edition_and_the_day_it_was_read_as_of(imported, capsys, fmt):
    code, out, err = run(capsys, "sheet", "704.5j", "--format", fmt, "--date", "2026-11-20")
    assert code == 0, err
    flat = " ".join(out.split())
    assert f"sha256 {'`' if fmt == 'markdown' else ''}" in flat
    assert SHEET_EDITION in flat
    code, out, _ = run(capsys, "sheet", "408.5j", "--format", fmt, "--as-of", "2026-08-01")
    flat = " ".join(out.split())
    assert "edition bundled (2026-10-07); the newest is 2026-11 (2026-11-01); the earliest judge has" in flat
    assert "Read as in force on 2026-08-01: the edition of that day; what was not in force is marked." in flat
    assert "Not in force on 2026-08-01" in flat and "adopted 2026-08-21" in flat


def test_a_served_sheet_reads_as_of_the_day_asked_or_the_event_date(imported, capsys, monkeypatch):
    """/sheet and /log/N/sheet take ?as_of= as `judge sheet --as-of` does, and default to the
    server's $JUDGE_EVENT_DATE: the page is the HTML the command prints, whichever is used."""
    from starlette.testclient import TestClient

    from judge.serve.app import create_app

    client = TestClient(create_app(), raise_server_exceptions=False)
    served = client.get("/sheet?id=408.5j&as_of=2026-08-01")
    code, printed, err = run(capsys, "sheet", "408.5j", "--format", "html", "--as-of", "2026-08-01")
    assert (served.status_code, code, err) == (200, 0, "")
    flat = " ".join(served.text.split())
    assert "Read as in force on 2026-08-01: the edition of that day; what was not in force is marked." in flat
    assert served.text == printed.replace("<body>", '<body id="sheet">', 1)  # the page's landmark alone differs
    monkeypatch.setenv("JUDGE_EVENT_DATE", "2026-08-01")
    assert "Read as in force on 2026-08-01" in " ".join(client.get("/sheet?id=408.5j").text.split())
    monkeypatch.delenv("JUDGE_EVENT_DATE")
    assert "Read as in force on" not in " ".join(client.get("/sheet?id=408.5j").text.split())
    bad = client.get("/sheet?id=408.5j&as_of=1+August")
    assert bad.status_code == 400 and "as_of: &#39;1 August&#39; is not a date (YYYY-MM-DD)" in bad.text


E57 = Path(__file__).resolve().parent / "scenarios" / "e57-revenant-and-bleed.yaml"


def test_a_replay_says_which_rules_it_cites_read_otherwise_in_the_edition_read(imported, capsys):
    """The engine plays the bundled rules: once 2026-11 is read, a replay citing 704.5j says so
    first, in the terminal and in --json."""
    code, out, err = run(capsys, "replay", str(E57))
    assert (code, err) == (0, "")
    assert " ".join(out.split()).startswith(
        "e57 - Bleed from the hand, Revenant from the Spoils, the restless banished The engine plays No Dawn "
        "edition bundled (2026-10-07); the rules are read in edition 2026-11 (2026-11-01), where 1 rule this "
        "replay cites reads otherwise: 704.5j (reworded). The replay follows the older text: check the ruling "
        "against the text in force."
    )
    code, out, _ = run(capsys, "replay", str(E57), "--json")
    assert json.loads(out)["edition"] == {
        "engine_follows": "bundled (2026-10-07)",
        "read": "2026-11 (2026-11-01)",
        "changed": [{"rule": "nd:704.5j", "change": "reworded"}],
    }


def test_the_cited_rules_are_compared_with_the_edition_the_engine_plays(imported):
    from judge import context
    from judge.editions.engine_rules import compare_cited

    report = compare_cited(context.corpus(), ["nd:704.5v", "nd:704.5j", "nd:704.5a", "nd:704.5j", "sf:topic/x"])
    assert [c.to_dict() for c in report.changes] == [
        {"rule": "nd:704.5v", "change": "absent"},
        {"rule": "nd:704.5j", "change": "reworded"},
    ]
    assert report.sentence().endswith(
        "read otherwise: 704.5v (not in it), 704.5j (reworded). The replay follows "
        "the older text: check the ruling against the text in force."
    )
    assert compare_cited(context.corpus(), ["nd:704.5a"]).sentence() == (
        "The engine plays No Dawn edition bundled (2026-10-07); the rules are read in edition 2026-11 (2026-11-01): "
        "every rule this replay cites reads the same in both."
    )


@pytest.mark.parametrize("fmt", ["text", "markdown", "html", "terminal"])
def test_a_replay_sheet_warns_of_the_cited_rules_that_read_otherwise(imported, capsys, fmt):
    code, out, err = run(capsys, "sheet", "--replay", str(E57), "--format", fmt, "--date", "2026-11-20")
    assert (code, err) == (0, "")
    flat = " ".join(out.split()).replace("**", "").replace("\\", "")  # Markdown's escapes read as the text
    assert (
        "The engine plays No Dawn edition bundled (2026-10-07); the rules are read in edition 2026-11 "
        "(2026-11-01), where 1 rule this replay cites reads otherwise: 704.5j (reworded)."
    ) in flat


@pytest.mark.slow
def test_with_the_bundled_rules_read_a_replay_says_nothing_of_editions(home, capsys):
    code, out, _ = run(capsys, "replay", str(E57), "--json")
    assert code == 0 and "edition" not in json.loads(out)
    assert "The engine plays" not in run(capsys, "replay", str(E57))[1]
    assert "The engine plays" not in run(capsys, "sheet", "--replay", str(E57), "--format", "text")[1]


def test_saved_rulings_remember_the_edition_and_stale_ones_are_flagged(imported, capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_RULINGS_DB", str(tmp_path / "rulings.sqlite3"))
    # A ruling given on the bundled edition (as every ruling saved before editions existed was)…
    assert (
        run(
            capsys,
            "ruling",
            "save",
            "-a",
            "It dies.",
            "-c",
            "nd@bundled:704.5j",
            "nd@bundled:704.5k",
            "nd@bundled:704.5v",
        )[0]
        == 0
    )
    # …and one given on the newest.
    assert run(capsys, "ruling", "save", "-a", "Still dies.", "-c", "704.5j")[0] == 0
    code, out, _ = run(capsys, "ruling", "list")
    assert [line.split("  ")[-1] for line in out.splitlines()] == [
        "[nd:704.5j, nd:704.5k, nd:704.5v]",
        "[nd@2026-11:704.5j]",
    ]
    code, out, _ = run(capsys, "ruling", "list", "--stale")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("#1 ") and lines[0].endswith("It dies.")
    assert lines[1:] == [
        "      nd:704.5j: its text differs in edition 2026-11 (2026-11-01)",
        "      nd:704.5v: gone from edition 2026-11 (2026-11-01)",
    ]
    # The sheet of the old ruling quotes the text it rested on, and says which edition that is.
    code, out, _ = run(capsys, "sheet", "--saved", "1", "--format", "text")
    flat = " ".join(out.split())
    assert " ".join(OLD_704_5J.split()) in flat
    assert "edition bundled (2026-10-07); the newest is 2026-11 (2026-11-01)" in flat


def test_no_stale_rulings_is_said(imported, capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_RULINGS_DB", str(tmp_path / "rulings.sqlite3"))
    assert run(capsys, "ruling", "save", "-a", "Fine.", "-c", "704.5k")[0] == 0
    assert run(capsys, "ruling", "list", "--stale") == (
        1,
        f"No saved rulings in {tmp_path / 'rulings.sqlite3'} cite an entry that changed since.\n",
        "",
    )


# -- the TUI ----------------------------------------------------------------------------------
@pytest.mark.slow
def test_the_tui_opens_an_at_id_in_its_edition(imported, corpus, session_searcher):
    """The session's corpus (bundled) with 2026-11 imported beside it: the omnibox opens
    nd@2026-11:704.5j in that edition and the entry view names it."""
    from test_tui import lookup_screen, make_app, type_text
    from test_tui import run as run_app
    from test_tui_reading import flat, plain

    from judge.library import Library

    library = Library(corpus, session_searcher)
    app = make_app(library)

    async def script(pilot):
        await type_text(pilot, "nd@2026-11:704.5j")
        await pilot.press("enter")
        await type_text(pilot, "")
        body = flat(plain(lookup_screen(app).query_one(".entry-body")))
        assert "edition 2026-11 (2026-11-01), the newest of 2" in body
        assert " ".join(NEW_704_5J.split()) in body

    run_app(app, script)


@pytest.mark.slow
def test_the_tui_replay_says_which_cited_rules_read_otherwise_in_the_edition_read(imported, session_searcher):
    """The TUI reading 2026-11 replays e57: the notice over the steps says 704.5j reads otherwise."""
    from test_tui import make_app, shown
    from test_tui import run as run_app
    from tui_pilot import settle

    from judge import context
    from judge.library import Library

    app = make_app(Library(context.corpus(), session_searcher), scenario=str(E57), mode="replay")

    async def script(pilot):
        await settle(pilot)
        text = " ".join(shown(app).split())
        assert (
            "The engine plays No Dawn edition bundled (2026-10-07); the rules are read in edition 2026-11 "
            "(2026-11-01), where 1 rule this replay cites reads otherwise: 704.5j (reworded)."
        ) in text

    run_app(app, script)


@pytest.mark.slow
def test_the_tui_marks_what_is_not_in_force_on_the_event_date(imported, corpus, session_searcher, monkeypatch):
    from test_tui import lookup_screen, make_app, type_text
    from test_tui import run as run_app
    from test_tui_reading import flat, plain

    from judge.library import Library

    monkeypatch.setenv("JUDGE_EVENT_DATE", "2026-08-01")
    app = make_app(Library(corpus, session_searcher))

    async def script(pilot):
        await type_text(pilot, "408.5")
        await pilot.press("enter")
        await type_text(pilot, "")
        body = flat(plain(lookup_screen(app).query_one(".entry-body")))
        assert "408.5k [not in force] A non-lethal verdict still ends the journey." in body

    run_app(app, script)


# -- bundled only: nothing changes ------------------------------------------------------------
def test_with_no_edition_imported_nothing_names_editions(session_context, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("JUDGE_DATA_HOME", str(tmp_path))
    code, out, _ = run(capsys, "show", "704.5j")
    assert code == 0 and not any(line.startswith("edition ") for line in out.splitlines())
    assert "edition" not in show_json(capsys, "704.5j")
    code, out, _ = run(capsys, "search", "--json", "--limit", "2", "lethal damage")
    assert all("edition" not in r for r in json.loads(out))


def test_the_station_replay_says_which_cited_rules_read_otherwise(imported):
    """A saved board replayed on the station reading 2026-11: every step's page says first that
    704.5j, which the replay cites, reads otherwise than in the bundled rules the engine plays."""
    import shutil

    from starlette.testclient import TestClient

    from judge import paths
    from judge.serve.app import create_app

    boards = paths.boards_dir()
    boards.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(E57, boards / "e57.yaml")
    try:
        client = TestClient(create_app(), raise_server_exceptions=False)
        opened = client.get("/replay/board?name=e57.yaml")
        assert opened.status_code == 200
        assert (
            '<p class="engine-edition differs" id="engine-edition">The engine plays No Dawn edition bundled '
            "(2026-10-07); the rules are read in edition 2026-11 (2026-11-01), where 1 rule this replay cites "
            "reads otherwise: 704.5j (reworded)."
        ) in opened.text
    finally:
        (boards / "e57.yaml").unlink()


def test_the_judge_station_says_which_edition_it_reads(imported):
    """judge serve reads the newest edition, as the CLI does, and names it on every page."""
    from starlette.testclient import TestClient

    from judge.serve.app import create_app

    client = TestClient(create_app(), raise_server_exceptions=False)
    page = client.get("/nd/704.5j").text
    note = f'<p class="editions-note" id="editions-note">reading {TITLE}: edition 2026-11 (2026-11-01), the newest of 2</p>'
    assert note in page
    assert NEW_704_5J.split()[0] in page and note in client.get("/search?q=lethal+damage").text


def test_a_ruling_logged_on_the_station_cites_the_edition_and_links_the_entry(imported):
    """Logged on the station while edition 2026-11 is read: stored as nd@2026-11:704.5j, shown
    with the edition it was given on, linked to the entry's page (the station reads 2026-11)."""
    import re

    from starlette.testclient import TestClient

    from judge.rulings.store import RulingStore
    from judge.serve.app import create_app

    client = TestClient(create_app(), raise_server_exceptions=False)
    token = re.search(r'name="csrf" value="([0-9a-f]{64})"', client.get("/log/new").text).group(1)
    sent = client.post("/log", data={"csrf": token, "answer": "It dies.", "cites": "704.5j"}, follow_redirects=False)
    assert sent.status_code == 303
    number = int(sent.headers["location"].rsplit("/", 1)[1])
    assert RulingStore(imported / "rulings.sqlite3").get(number).cites == ("nd@2026-11:704.5j",)
    page = client.get(f"/log/{number}").text
    assert (
        '<a href="/nd@2026-11/704.5j">No Dawn CR 704.5j</a> <span class="muted">(given on edition 2026-11)</span>'
        in page
    )
    assert "not in the rules now" not in page
    followed = client.get("/nd@2026-11/704.5j", follow_redirects=False)  # the edition the station reads
    assert (followed.status_code, followed.headers["location"]) == (308, "/nd/704.5j")


def test_an_older_edition_has_pages_of_its_own_linking_within_it(imported):
    """/nd@bundled/704.5j: the entry as the bundled edition words it, its links kept in that
    edition, a banner naming the edition read now with a link there; a ruling logged from it
    cites nd@bundled:704.5j. An edition or an id judge does not have is a 404 that says so."""
    from starlette.testclient import TestClient

    from judge.serve.app import create_app

    client = TestClient(create_app(), raise_server_exceptions=False)
    page = client.get("/nd@bundled/704.5j")
    assert page.status_code == 200
    assert "Vigor greater than 0 whose marked" in page.text and "Vigor above 0" not in page.text
    assert (
        '<p class="edition-banner" id="edition-banner">As edition bundled (2026-10-07) has it. The station '
        'reads edition 2026-11 (2026-11-01): <a href="/nd/704.5j">No Dawn CR 704.5j as read now</a>.</p>'
    ) in page.text
    assert 'href="/nd@bundled/glossary/damage-counter"' in page.text  # a link in the text stays in the edition
    assert 'href="/nd@bundled/704.5"' in page.text  # the breadcrumb stays in the edition
    assert 'name="cites" value="nd@bundled:704.5j"' in page.text
    gone = client.get("/nd@bundled/704.5v")  # in the bundled edition, deleted from 2026-11
    assert gone.status_code == 200 and "which has no such entry" in gone.text
    unknown = client.get("/nd@1999-01/704.5j")
    assert unknown.status_code == 404
    assert (
        "no edition &#39;1999-01&#39; of &#39;nd&#39;; its editions: bundled (2026-10-07), 2026-11 (2026-11-01)"
        in unknown.text
    )
    missing = client.get("/nd@bundled/999.9z")
    assert missing.status_code == 404 and "No entry nd@bundled:999.9z in edition bundled (2026-10-07)." in missing.text
