"""The benchmark page's tables are written by the speed benchmarks (issue 34, item 1): every script in
bench/speed/ takes --write-doc and has its section in docs/development/benchmarks.md, each section
has the shape bench/doc_table.py writes (the line naming the run, then a table), and the helper
replaces exactly one section or refuses loudly."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from bundled import REPO

sys.path.insert(0, str(REPO / "bench"))
import doc_table
from doc_table import MarkerError, Row, Run

PAGE = REPO / "docs" / "development" / "benchmarks.md"
SCRIPTS = sorted((REPO / "bench" / "speed").glob("bench_*.py"))

# The shape of a written section, stated here rather than read from the helper.
LINE = re.compile(
    r"Measured \d{4}-\d\d-\d\d \d\d:\d\d UTC at commit `[0-9a-f]{7,}`"
    r"( \(with changes not committed in judge/ or bench/\))? on \d+ cores \([^)]+\), "
    r"load average \d+\.\d\d, \d+\.\d\d, \d+\.\d\d at the start: `python bench/speed/bench_(?P<name>\w+)\.py[^`]*`\."
)
TABLE_ROW = re.compile(r"\| (?:[^|\\]|\\\|)+ \| (?:[^|\\]|\\\|)+ \| (?:[^|\\]|\\\|)+ \|")


def assert_shape(body: str, name: str) -> None:
    lines = body.split("\n")
    line = LINE.fullmatch(lines[0])
    assert line and line["name"] == name, lines[0]
    assert lines[1:4] == ["", "| what | figure | budget |", "|---|---|---|"], lines[1:4]
    rows = lines[4:]
    assert rows and all(TABLE_ROW.fullmatch(r) for r in rows), rows


def a_run(name: str = "core", argv: tuple[str, ...] = ("--runs", "3")) -> Run:
    return Run(
        script=f"bench/speed/bench_{name}.py",
        argv=argv,
        date="2026-12-06 21:40 UTC",
        commit="ae624d7",
        uncommitted=False,
        cores=2,
        cpu="AMD EPYC",
        load=(2.25, 2.18, 4.08),
    )


PAGE_TEXT = "# Page\n\nbefore\n\n<!-- bench:core -->\nold figures\n<!-- /bench:core -->\n\nafter\n"


def test_every_speed_benchmark_writes_its_section_of_the_page():
    text = PAGE.read_text(encoding="utf-8")
    assert len(SCRIPTS) >= 8
    for script in SCRIPTS:
        source = script.read_text(encoding="utf-8")
        assert all(call in source for call in ("doc_table.add_option(", "doc_table.Run.start(", "doc_table.write(")), (
            script.name
        )
        name = doc_table.section_name(script)
        assert_shape(doc_table.section(text, name), name)


def test_the_page_has_no_section_without_its_script():
    text = PAGE.read_text(encoding="utf-8")
    named = set(re.findall(r"<!-- bench:(\w+) -->", text))
    assert named == {doc_table.section_name(s) for s in SCRIPTS}


def test_a_section_is_replaced_between_its_markers_and_nothing_else():
    body = doc_table.render(a_run(), [Row("cold build", "7.60 s", "< 10 s"), Row("a | b", "1 ms")])
    once = doc_table.replace_section(PAGE_TEXT, "core", body)
    assert once == PAGE_TEXT.replace("old figures", body)
    assert doc_table.section(once, "core") == body
    assert_shape(body, "core")
    assert "| a \\| b | 1 ms | — |" in body
    assert doc_table.replace_section(once, "core", body) == once


def test_the_line_names_the_date_commit_machine_load_and_command():
    line = a_run(argv=("--seconds", "30")).line()
    assert line == (
        "Measured 2026-12-06 21:40 UTC at commit `ae624d7` on 2 cores (AMD EPYC), load average 2.25, 2.18, 4.08 "
        "at the start: `python bench/speed/bench_core.py --seconds 30`."
    )


@pytest.mark.parametrize(
    "text",
    [
        "# Page\n\nno markers at all\n",
        "<!-- bench:core -->\nonly the opening one\n",
        "only the closing one\n<!-- /bench:core -->\n",
        PAGE_TEXT + PAGE_TEXT,
        "<!-- /bench:core -->\nthe wrong way round\n<!-- bench:core -->\n",
        PAGE_TEXT.replace("bench:core", "bench:search"),
    ],
)
def test_missing_doubled_or_misordered_markers_are_refused(text):
    with pytest.raises(MarkerError, match="bench:core"):
        doc_table.replace_section(text, "core", "figures")


def test_write_refuses_and_leaves_the_page_as_it_was(tmp_path):
    page = tmp_path / "benchmarks.md"
    page.write_text(PAGE_TEXT + PAGE_TEXT, encoding="utf-8")
    with pytest.raises(MarkerError):
        doc_table.write(a_run(), [Row("x", "1 s")], page)
    assert page.read_text(encoding="utf-8") == PAGE_TEXT + PAGE_TEXT


def test_write_replaces_the_run_s_own_section(tmp_path, capsys):
    page = tmp_path / "benchmarks.md"
    page.write_text(PAGE_TEXT + "<!-- bench:tui -->\nkept\n<!-- /bench:tui -->\n", encoding="utf-8")
    doc_table.write(a_run(), [Row("x", "1 s")], page)
    written = page.read_text(encoding="utf-8")
    assert_shape(doc_table.section(written, "core"), "core")
    assert doc_table.section(written, "tui") == "kept" and "written: the core section" in capsys.readouterr().out


def test_a_table_needs_figures_and_one_line_cells():
    with pytest.raises(ValueError, match="no figures"):
        doc_table.render(a_run(), [])
    with pytest.raises(ValueError, match="one line"):
        doc_table.render(a_run(), [Row("two\nlines", "1 s")])


def test_a_section_is_named_after_its_script():
    assert doc_table.section_name("bench/speed/bench_serve.py") == "serve"
    with pytest.raises(ValueError, match="bench_"):
        doc_table.section_name("bench/speed/serve.py")


def test_a_run_notes_this_checkout_and_machine():
    run = Run.start(str(REPO / "bench" / "speed" / "bench_core.py"), ["--runs", "1"])
    head = subprocess.run(
        ["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
    )
    assert (run.name, run.commit, run.cores, run.argv) == ("core", head.stdout.strip(), os.cpu_count(), ("--runs", "1"))
    assert LINE.fullmatch(run.line()) and run.cpu
