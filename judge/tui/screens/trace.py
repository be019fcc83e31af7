"""One entry through every edition of its document — `judge trace` on a screen: its number and
text in each edition, the word diff from the one before. Computed in a worker thread; Escape
goes back."""

from __future__ import annotations

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static

from judge.safe_text import one_line
from judge.tui.screens.base import JudgeScreen


class TraceScreen(JudgeScreen):
    CSS_PATH = "trace.tcss"  # beside this file
    BINDINGS = [Binding("escape,q", "app.pop_screen", "Back")]

    def __init__(self, entry_id: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.entry_id = entry_id

    def compose(self) -> ComposeResult:
        yield Static(Text(one_line(f"Trace of {self.entry_id} through its editions"), style="bold"), id="trace-head")
        with VerticalScroll(id="trace-scroll"):
            yield Static(Text("Reading the editions…"), id="trace-body")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#trace-scroll").focus()
        self.follow()

    @work(thread=True, exclusive=True, group="trace")
    def follow(self) -> None:
        from judge.changes import editions_diff
        from judge.corpus.documents import spec
        from judge.editions import EditionError

        target = editions_diff.split_target(self.entry_id)
        if target is None:
            self.app.call_from_thread(self.show, Text(one_line(f"{self.entry_id} is not an entry id.")))
            return
        doc, entry_id, edition = target
        try:
            result, read = editions_diff.trace_entry(doc, entry_id, edition)
        except EditionError as exc:
            self.app.call_from_thread(self.show, Text(one_line(str(exc))))
            return
        except Exception as exc:  # a defect in the trace layer is shown and logged, never raised into the UI
            self.app.call_from_thread(self.show_defect, exc)
            return
        if result is None:
            self.app.call_from_thread(self.show, Text(one_line(f"No edition has {entry_id}.")))
            return
        from judge.changes.render_terminal import trace_renderable

        self.app.call_from_thread(self.show, trace_renderable(result, spec(doc).title))

    def show_defect(self, exc: Exception) -> None:
        from judge.tui.guard import report

        self.show(Text("The entry could not be traced (a defect in judge)."))
        report(self.app, exc)

    def show(self, renderable) -> None:
        self.query_one("#trace-body", Static).update(renderable)
