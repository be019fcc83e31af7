"""What changed between two editions of a document: the diff `judge diff` prints, on a screen.
It is computed in a worker thread (reading an edition the first time parses it); M hides or
shows the entries that only moved; Escape goes back."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static

from judge.safe_text import one_line
from judge.tui.screens.base import JudgeScreen

if TYPE_CHECKING:
    from judge.changes.diff import EditionDiff


class DiffScreen(JudgeScreen):
    CSS_PATH = "diff.tcss"  # beside this file
    BINDINGS = [
        Binding("escape,q", "app.pop_screen", "Back"),
        Binding("m", "toggle_moves", "Moves"),
    ]

    def __init__(self, doc: str, old: str | None = None, new: str | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        from judge.corpus.documents import spec

        self.doc, self.old, self.new = doc, old, new
        self.title_text = spec(doc).title
        self.result: EditionDiff | None = None
        self.moves = True

    def compose(self) -> ComposeResult:
        yield Static(Text(one_line(f"Editions of {self.title_text}"), style="bold"), id="diff-head")
        with VerticalScroll(id="diff-scroll"):
            yield Static(Text("Comparing the editions…"), id="diff-body")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#diff-scroll").focus()
        self.compare()

    @work(thread=True, exclusive=True, group="diff")
    def compare(self) -> None:
        from judge.changes import editions_diff
        from judge.editions import EditionError

        try:
            result = editions_diff.diff_editions(self.doc, self.title_text, self.old, self.new)
        except (editions_diff.NothingToCompare, editions_diff.NoEarlierEdition, EditionError) as exc:
            self.app.call_from_thread(self.show_message, str(exc))
            return
        except Exception as exc:  # a defect in the diff layer is shown and logged, never raised into the UI
            self.app.call_from_thread(self.show_defect, exc)
            return
        self.app.call_from_thread(self.show_result, result)

    def show_defect(self, exc: Exception) -> None:
        from judge.tui.guard import report

        self.show_message("The editions could not be compared (a defect in judge).")
        report(self.app, exc)

    def show_message(self, message: str) -> None:
        self.query_one("#diff-body", Static).update(Text(one_line(message)))

    def show_result(self, result) -> None:
        self.result = result
        self.render_result()

    def render_result(self) -> None:
        from judge.changes.render_terminal import diff_renderable

        if self.result is None:
            raise RuntimeError("the editions' diff is drawn before it was computed")
        self.query_one("#diff-body", Static).update(diff_renderable(self.result, self.title_text, self.moves))

    def action_toggle_moves(self) -> None:
        self.moves = not self.moves
        if self.result is not None:
            self.render_result()
        self.notify("Moves shown" if self.moves else "Moves hidden (M shows them)", timeout=2)
