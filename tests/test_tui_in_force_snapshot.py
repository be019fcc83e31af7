"""Snapshot of the entry view read on the event's date (issue 19 item 4): with
$JUDGE_EVENT_DATE set, the rule family 408.5 says which edition it is read in and marks the
sub-rules adopted after that day. The picture is docs/tui-in-force-80x24.svg."""

from __future__ import annotations

import pytest
from bundled import REPO, TESTS
from test_tui_snapshots import steady, typed

SNAPSHOT = TESTS / "__snapshots__" / "test_tui_in_force_snapshot" / "test_the_entry_view_marks_what_is_not_in_force.svg"


@pytest.mark.slow
def test_the_entry_view_marks_what_is_not_in_force(snap_compare, corpus, session_searcher, tmp_path, monkeypatch):
    from judge.library import Library
    from judge.tui.app import JudgeApp

    monkeypatch.setenv("JUDGE_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("JUDGE_RULINGS_DB", raising=False)
    monkeypatch.setenv("JUDGE_EVENT_DATE", "2026-08-01")
    app = JudgeApp(library=Library(corpus, session_searcher))
    assert snap_compare(app, terminal_size=(80, 24), run_before=steady(*typed("408.5j"), "enter"))


def test_the_doc_screenshot_is_the_current_snapshot():
    assert (REPO / "docs" / "tui-in-force-80x24.svg").read_bytes() == SNAPSHOT.read_bytes(), (
        f"docs/tui-in-force-80x24.svg is stale: cp '{SNAPSHOT.relative_to(REPO)}' docs/tui-in-force-80x24.svg"
    )
