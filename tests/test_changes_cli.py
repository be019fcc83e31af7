"""`judge diff` and `judge trace` on editions imported into a private data folder: the formats,
the defaults, the refusals, and hostile text in an edition kept harmless."""

from __future__ import annotations

import json

import edition_edits as E
import pytest

from judge import cli

HOSTILE = "[bold]<script>alert(1)</script>[/bold] **x**"


@pytest.fixture(scope="module")
def data_home(tmp_path_factory):
    """A data folder holding the bundled edition only; `imported` adds editions to it."""
    with pytest.MonkeyPatch.context() as patch:
        home = tmp_path_factory.mktemp("editions-data")
        patch.setenv("JUDGE_DATA_HOME", str(home))
        yield home


def import_edition(folder, name: str, date: str, text: str, doc: str = "nd") -> None:
    from judge.editions import importer

    path = folder / f"{name}.txt"
    path.write_text(text, encoding="utf-8")
    importer.import_file(path, doc, name, date)


@pytest.fixture(scope="module")
def imported(data_home):
    """Two newer editions: 2026-11 renumbers the keywords and rewords 704.5j; 2026-12 puts
    hostile text into 705.1."""
    base = E.bundled(E.ND_PATH)
    second = E.reword_sentence(E.renumber_keywords(base))
    import_edition(data_home, "2026-11", "2026-11-01", second)
    line = next(line for line in second.split("\n") if line.startswith("705.1. "))
    import_edition(data_home, "2026-12", "2026-12-01", E.replace_once(second, line, f"{line} {HOSTILE}"))
    return data_home


def run(capsys, *argv):
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_only_the_bundled_edition_is_said_exit_1(data_home, capsys):
    code, out, err = run(capsys, "diff", "nd")
    assert (code, out) == (1, "")
    assert err == (
        "judge: No Dawn Comprehensive Rules has only its bundled edition (bundled (2026-10-07)); "
        "nothing to compare — `judge import FILE --doc nd` adds a newer one\n"
    )


def test_unknown_document_and_edition_are_refused(imported, capsys):
    code, _, err = run(capsys, "diff", "xx")
    assert code == 2 and err == "judge: no document 'xx'; choose one of nd, lcg, ccg, ce, sf\n"
    code, _, err = run(capsys, "diff", "nd", "nope")
    assert code == 2 and err.startswith("judge: no edition 'nope' of 'nd'; its editions: bundled (2026-10-07)")
    code, _, err = run(capsys, "diff", "nd", "bundled", "2026-12", "--json", "--format", "html")
    assert code == 2 and err == "judge: --json and --format html ask for two formats; give one\n"


@pytest.mark.slow
def test_json_between_two_named_editions(imported, capsys):
    code, out, _ = run(capsys, "diff", "nd", "bundled", "2026-11", "--json")
    doc = json.loads(out)
    assert code == 0
    assert (doc["old_edition"], doc["new_edition"]) == ("bundled", "2026-11")
    assert doc["counts"] == {"added": 2, "removed": 2, "changed": 1, "moved": 11}
    changed = [c for c in doc["changes"] if c["status"] == "changed"]
    assert changed == [
        {
            "status": "changed",
            "kind": "subrule",
            "old": {
                "id": "nd:704.5j",
                "number": "704.5j",
                "citation": "No Dawn CR 704.5j",
                "parent": "nd:704.5",
                "text": changed[0]["old"]["text"],
            },
            "new": {
                "id": "nd:704.5j",
                "number": "704.5j",
                "citation": "No Dawn CR 704.5j",
                "parent": "nd:704.5",
                "text": changed[0]["old"]["text"].replace(E.SENTENCE_OLD, E.SENTENCE_NEW),
            },
            "similarity": changed[0]["similarity"],
            "words_removed": 1,
            "words_added": 1,
            "diff": [
                {"op": "=", "text": changed[0]["diff"][0]["text"]},
                {"op": "-", "text": "bites "},
                {"op": "+", "text": "applies "},
                {"op": "=", "text": changed[0]["diff"][3]["text"]},
            ],
        }
    ]
    assert changed[0]["similarity"] > 0.95
    moved = [
        (c["old"]["id"], c["new"]["id"], c["relocation"], c["carried"])
        for c in doc["changes"]
        if c["status"] == "moved"
    ]
    assert moved[:3] == [
        ("nd:702.14", "nd:702.15", "renumbered", False),
        ("nd:702.14a", "nd:702.15a", "renumbered", True),
        ("nd:702.14a/example-1", "nd:702.15a/example-1", "renumbered", True),
    ]


@pytest.mark.slow
def test_default_compares_the_newest_with_the_one_before(imported, capsys):
    code, out, _ = run(capsys, "diff", "nd", "--no-moves")
    assert code == 0
    lines = out.split("\n")
    assert lines[:5] == [
        "No Dawn Comprehensive Rules: edition 2026-11 → 2026-12",
        "1 changed, 0 added, 0 removed.",
        "",
        "Changed (1)",
        "  705.1",
    ]
    assert " ".join(out.split()).endswith("{+[bold]<script>alert(1)</script>[/bold] **x**+}")


def test_terminal_marks_removed_and_added_words(imported, capsys):
    code, out, _ = run(capsys, "diff", "nd", "bundled", "2026-11")
    assert code == 0
    assert out.split("\n")[:4] == [
        "No Dawn Comprehensive Rules: edition bundled → 2026-11",
        "1 changed, 2 added, 2 removed, 11 moved.",
        "",
        "Changed (1)",
    ]
    assert "this check [-bites-] {+applies+} across turns" in " ".join(out.split())
    moved = out[out.index("Moved (11)") :].rstrip().split("\n")
    assert [line.rstrip() for line in moved] == [
        "Moved (11)",
        "  702.14 → 702.15 (renumbered, with 2 entries under it)",
        "  702.15 → 702.16 (renumbered, with 1 entry under it)",
        "  702.16 → 702.17 (renumbered, with 1 entry under it)",
        "  702.17 → 702.18 (renumbered, with 1 entry under it)",
        "  702.18 → 702.19 (renumbered, with 1 entry under it)",
    ]


def test_markdown_and_html_to_files(imported, capsys, tmp_path):
    code, out, _ = run(capsys, "diff", "nd", "-o", str(tmp_path / "d.md"))
    assert code == 0 and out == f"written to {tmp_path / 'd.md'}\n"
    markdown = (tmp_path / "d.md").read_text(encoding="utf-8")
    assert markdown.split("\n")[:7] == [
        "# No Dawn Comprehensive Rules\\: edition 2026\\-11 → 2026\\-12",
        "",
        "1 changed, 0 added, 0 removed, 0 moved\\.",
        "",
        "## Changed \\(1\\)",
        "",
        "### 705\\.1",
    ]
    assert markdown.rstrip().endswith(
        " **\\[bold\\]&lt;script&gt;alert\\(1\\)&lt;/script&gt;\\[/bold\\] \\*\\*x\\*\\***"
    )
    code, out, _ = run(capsys, "diff", "nd", "--format", "html", "-o", str(tmp_path / "d.page"))
    page = (tmp_path / "d.page").read_text(encoding="utf-8")
    assert code == 0 and page.startswith("<!DOCTYPE html>") and page.endswith("</body></html>\n")
    assert "<ins>[bold]&lt;script&gt;alert(1)&lt;/script&gt;[/bold] **x**</ins>" in page
    assert "<script>" not in page


def test_a_file_whose_suffix_names_no_format_is_refused(imported, capsys, tmp_path):
    code, _, err = run(capsys, "diff", "nd", "-o", str(tmp_path / "d.doc"))
    assert code == 2
    assert err == (
        f"judge: -o {tmp_path / 'd.doc'}: cannot tell the format from the suffix '.doc'; "
        "give --format (terminal, json, markdown, html)\n"
    )
    assert not (tmp_path / "d.doc").exists()


def test_trace_follows_the_renumbered_rule(imported, capsys):
    code, out, _ = run(capsys, "trace", "nd@bundled:702.14a", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["followed_from"] == "bundled"
    assert [(s["edition"], s.get("id"), s["status"], s.get("previous_id")) for s in doc["steps"]] == [
        ("bundled", "nd:702.14a", "first", None),
        ("2026-11", "nd:702.15a", "moved", "nd:702.14a"),
        ("2026-12", "nd:702.15a", "unchanged", None),
    ]
    assert doc["same_id_elsewhere"] == [
        {"edition": "2026-11", "entry": "nd:702.14a"},
        {"edition": "2026-12", "entry": "nd:702.14a"},
    ]


def test_trace_terminal_and_its_refusals(imported, capsys):
    code, out, _ = run(capsys, "trace", "nd:702.14a")
    assert code == 0
    assert [line for line in out.split("\n") if line and not line.startswith("  ")] == [
        "nd:702.14a through 3 editions of No Dawn Comprehensive Rules",
        "Followed from edition 2026-12, oldest edition first.",
        "bundled: not in this edition",
        "2026-11: 702.14a — added",
        "2026-12: 702.14a — unchanged",
        "In edition bundled, 702.14a is another entry (judge trace nd@bundled:702.14a).",
    ]
    code, _, err = run(capsys, "trace", "nd:999.9")
    assert (code, err) == (1, "judge: no entry nd:999.9 in any of the 3 editions of No Dawn Comprehensive Rules\n")
    code, _, err = run(capsys, "trace", "nd@1999:704.5j")
    assert code == 2 and err.startswith("judge: no edition '1999' of 'nd'")


def test_a_text_file_gets_the_terminal_text_without_colours(imported, capsys, tmp_path):
    code, out, _ = run(capsys, "diff", "nd", "bundled", "2026-11", "--no-moves", "-o", str(tmp_path / "d.txt"))
    assert code == 0 and out == f"written to {tmp_path / 'd.txt'}\n"
    text = (tmp_path / "d.txt").read_text(encoding="utf-8")
    assert text.split("\n")[:4] == [
        "No Dawn Comprehensive Rules: edition bundled → 2026-11",
        "1 changed, 2 added, 2 removed, 11 moved, hidden.",
        "",
        "Changed (1)",
    ]
    assert "this check [-bites-] {+applies+} across turns" in " ".join(text.split())
    assert "\x1b" not in text
