"""User text is data in every sheet (issue 20 items 11 and 12): a shared saved ruling cannot send
escape sequences to the terminal through `judge sheet --saved` (terminal and text formats), and
nothing a judge typed or a scenario says becomes live HTML, a heading, a rule, a link or an image
when a Markdown sheet is rendered."""

from __future__ import annotations

import datetime as dt
import sqlite3

import pytest
from markdown_it import MarkdownIt

from judge.cli import main
from judge.rulings.store import RulingStore
from judge.sheet import build_sheet, markdown_for_ids, render
from judge.sheet.model import ReplayLog, ReplayStep, StepEvent

DAY = dt.date(2026, 11, 30)
# Clears the screen, retitles the terminal (OSC … BEL), and an 8-bit CSI that moves the cursor.
HOSTILE = "\x1b[2J\x1b]0;pwned\x07\x9b5A"


@pytest.fixture
def saved(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("JUDGE_RULINGS_DB", str(tmp_path / "data" / "rulings.sqlite3"))
    store = RulingStore()
    store.save(
        "It dies. Really.",
        question="Does it survive?",
        cites=["nd:704.5j"],
        event="Regional",
        table="12",
        judge="Kim",
        given_at=dt.datetime(2026, 11, 28, 16, 0, tzinfo=dt.UTC),
    )
    # judge refuses escapes on save (judge.rulings.fields): another program sharing the file writes them.
    with sqlite3.connect(store.path) as conn:
        conn.execute(
            "UPDATE rulings SET answer = ?, question = ?, event = ?, table_no = ?, judge = ?",
            (
                f"It dies.{HOSTILE} Really.",
                f"Does it{HOSTILE} survive?",
                f"Regional{HOSTILE}",
                f"12{HOSTILE}",
                f"Kim{HOSTILE}\x07",
            ),
        )
    conn.close()


@pytest.mark.parametrize("fmt", ["text", "terminal", "html"])  # html: judge serve prints it, and a file is cat'ed
def test_saved_ruling_sheets_strip_escape_sequences(saved, capsys, fmt):
    assert main(["sheet", "--saved", "1", "--format", fmt]) == 0
    out = capsys.readouterr().out
    assert not any(c in out for c in "\x1b\x07\x9b"), "an escape sequence reached the terminal"
    assert "It dies. Really." in out and "Does it survive?" in out
    assert "Regional" in out and "Kim\ufffd" in out  # a lone BEL is shown as U+FFFD: tampering is visible


def test_saved_ruling_sheets_written_as_text_files_are_clean_too(saved, tmp_path, capsys):
    path = tmp_path / "sheet.txt"
    assert main(["sheet", "--saved", "1", "-o", str(path)]) == 0
    text = path.read_text(encoding="utf-8")
    assert "It dies. Really." in text and not any(c in text for c in "\x1b\x07\x9b")


def _html_of(markdown: str) -> str:
    return MarkdownIt("commonmark").render(markdown)  # raw HTML allowed, as most renderers do


ATTACKS = {
    "question": "<script>alert(1)</script>",
    "ruling": "# Not a heading\n---\n![x](https://evil.example/x.png) <img src=x onerror=alert(1)>",
    "event": "[click](https://evil.example/)",
    "table": "*bold* `code`",
    "judge": "<b>Kim</b>",
}


def test_markdown_sheets_render_user_text_as_written(corpus):
    sheet = build_sheet(corpus, ["704.5j"], date=DAY, **ATTACKS, title="<h1>Mine</h1>")
    rendered = _html_of(render([sheet], "markdown"))
    for live in ("<script", "<img", "<b>", "<a ", "<hr", "<em>bold", "<code>code", "<h1>Mine"):
        assert live not in rendered, f"{live} became live"
    assert rendered.count("<h1>") == 1  # the sheet's own heading, showing the typed text
    assert "&lt;h1&gt;Mine&lt;/h1&gt;" in rendered
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in rendered
    assert "# Not a heading" in rendered and "![x](https://evil.example/x.png)" in rendered
    assert "[click](https://evil.example/)" in rendered and "*bold* `code`" in rendered
    # the rule's own text (our corpus) is quoted as it is
    assert "704.5j An Entity with Vigor greater than 0" in rendered


def test_markdown_step_logs_render_scenario_text_as_written(corpus):
    log = ReplayLog(
        title="<script>x</script>",
        source="a_b*.yaml",
        steps=(
            ReplayStep(
                1, "Ana: cast [Fire](https://evil.example/)", (StepEvent("**dies** <img src=x>", ("nd:704.5j",)),)
            ),
        ),
        expectations=((True, "# done"),),
    )
    sheet = build_sheet(corpus, ["704.5j"], date=DAY, replay=log)
    rendered = _html_of(render([sheet], "markdown"))
    assert not any(live in rendered for live in ("<script", "<img", "<a ", "<strong>dies", "<h1>#"))
    assert "Ana: cast [Fire](https://evil.example/)" in rendered and "**dies** &lt;img src=x&gt;" in rendered
    assert "a_b*.yaml" in rendered and "# done" not in rendered  # the scenario's checks: never on a sheet (issue 31)


def test_the_tui_basket_title_is_escaped(corpus):
    page = markdown_for_ids(corpus, ["704.5j"], title="Table 12 <img src=x onerror=alert(1)>", date=DAY)
    assert page.startswith("# Table 12 &lt;img src\\=x onerror\\=alert\\(1\\)&gt;\n")
    assert "<img" not in _html_of(page)
