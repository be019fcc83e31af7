"""One note in full. A policy conflict shows its readings side by side, each over the text of
the rule (or glossary entry) it follows, under why the engine takes its default and how to
choose another; an anomaly shows what was damaged and what that means. Escape goes back."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Footer, Static

from judge.conflicts.notes import Note, Reading
from judge.conflicts.present import body_lines, heading, short_id
from judge.safe_text import for_terminal, one_line
from judge.tui.screens.base import JudgeScreen


class NoteScreen(JudgeScreen):
    CSS_PATH = "note.tcss"  # beside this file
    BINDINGS = [Binding("escape,q", "app.pop_screen", "Back")]

    def __init__(self, note: Note, **kwargs) -> None:
        super().__init__(**kwargs)
        self.note = note

    def compose(self) -> ComposeResult:
        note = self.note
        yield Static(Text(one_line(heading(note)), style="bold"), id="note-head")
        with VerticalScroll(id="note-scroll"):
            if note.kind == "conflict":
                # why the default and how to change it first: at 80x24 the rules fill the screen
                yield Static(self._footing(), id="note-footing")
                with Horizontal(id="note-sides"):
                    for reading in note.readings:
                        yield Static(self._side(reading), classes="note-side")
            else:
                yield Static(Text(for_terminal("\n".join(body_lines(note)))), id="note-footing")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#note-scroll").focus()

    def _side(self, reading: Reading) -> Group:
        title = Text(one_line(reading.key), style="bold cyan")
        if reading.default:
            title.append(" · engine default", style="bold green")
        parts = [title, Text(for_terminal(reading.text), style="italic")]
        library = self.library
        entry = library.get(reading.entry) if reading.entry and library else None
        if entry is not None:
            parts += [
                Text(""),
                Text(one_line(entry.citation or entry.id), style="bold"),
                Text(for_terminal(entry.text)),
            ]
        return Group(*parts)

    def _footing(self) -> Group:
        note = self.note
        others = [e for e in note.entries if e not in {r.entry for r in note.readings}]
        lines = [Text(for_terminal(f"Why {note.default}: {note.why}")), Text(for_terminal(note.choose), style="dim")]
        if others:
            lines.append(Text("Also concerned: " + ", ".join(short_id(e) for e in others), style="dim"))
        return Group(*lines)
