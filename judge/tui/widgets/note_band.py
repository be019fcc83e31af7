"""The band above an entry: one line per note on it (a policy conflict, recorded damage).
Enter or a click on a line opens the note in full (judge.tui.screens.note)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from judge.conflicts.notes import Note
from judge.conflicts.present import mark
from judge.safe_text import one_line


def band_line(note: Note) -> Text:
    """'⚑ C35 Can a drained Entity block?' (the note screen says the rest)."""
    line = Text(mark([note]), style="bold magenta" if note.kind == "conflict" else "bold yellow")
    line.append(f" {one_line(note.title)}")
    return line


class NoteBand(OptionList):
    """Hidden when the entry has no notes; otherwise focusable (Tab) and as tall as its notes."""

    DEFAULT_CSS = """
    NoteBand {
        height: auto;
        max-height: 5;
        border: round $warning;
        border-title-color: $warning;
    }
    NoteBand.has-conflict {
        border: round magenta;
        border-title-color: magenta;
    }
    NoteBand:focus {
        border: round $accent;
    }
    """

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.notes: list[Note] = []

    def show(self, notes: list[Note]) -> None:
        self.notes = list(notes)
        self.clear_options()
        for note in self.notes:
            text = band_line(note)
            text.no_wrap = True
            text.overflow = "ellipsis"
            self.add_option(Option(text))
        self.display = bool(self.notes)
        kinds = {n.kind for n in self.notes}
        self.border_title = ("Conflict in the rules" if "conflict" in kinds else "Read with care") + " · Enter opens"
        self.set_class("conflict" in kinds, "has-conflict")
        self.highlighted = 0 if self.notes else None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        from judge.tui import messages

        self.post_message(messages.ShowNote(self.notes[event.option_index]))
