"""One dialog for filing the basket's ruling: question, ruling, event, table and judge, then
a sheet file (in any format, to a path of the judge's choosing), the ruling log or the printer.

The values come in from the app (kept for the session) and go back out with the choice;
the filing itself is judge.tui.filing's, done by the app.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from judge.tui.filing import EXPORT, FILE_FORMATS, PRINT, SAVE, Particulars, default_path

FIELDS = (("question", "Question"), ("ruling", "Ruling"), ("event", "Event"), ("table", "Table"), ("judge", "Judge"))
BUTTONS = ((EXPORT, "Write sheet"), (SAVE, "Save ruling"), (PRINT, "Print"))


@dataclass(frozen=True)
class Filing:
    """What the judge chose: the particulars, what to do with them, and (for a sheet) where."""

    action: str
    particulars: Particulars
    fmt: str = "markdown"
    path: str = ""


class RulingForm(ModalScreen[Filing | None]):
    CSS_PATH = "ruling_form.tcss"  # beside this file
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(
        self, particulars: Particulars, action: str = EXPORT, fmt: str = "markdown", folder: Path | None = None
    ) -> None:
        """`folder`: where the last sheet went (the default file name is fresh each time)."""
        super().__init__()
        self.particulars, self.action, self.fmt, self.folder = particulars, action, fmt, folder

    def default_path(self, fmt: str) -> str:
        path = default_path(fmt)
        return str((self.folder or path.parent) / path.name)

    def compose(self) -> ComposeResult:
        with Vertical(id="form-box"):
            with Grid(id="form-fields"):
                for name, label in FIELDS:
                    yield Label(label)
                    yield Input(getattr(self.particulars, name), id=f"form-{name}", compact=True)
                yield Label("Sheet")
                with Horizontal(id="form-sheet"):
                    yield Select(
                        [(f, f) for f in FILE_FORMATS],
                        value=self.fmt,
                        allow_blank=False,
                        id="form-format",
                        compact=True,
                    )
                    yield Input(self.default_path(self.fmt), id="form-path", compact=True)
            yield Static("", id="form-problem")
            with Horizontal(id="form-buttons"):
                for action, label in BUTTONS:
                    yield Button(
                        label,
                        id=f"form-{action}",
                        compact=True,
                        variant="primary" if action == self.action else "default",
                    )

    def on_mount(self) -> None:
        self.query_one("#form-box").border_title = (
            "File the ruling · Enter: " + dict(BUTTONS)[self.action] + " · Esc cancels"
        )
        self.query_one("#form-question", Input).focus()

    def _particulars(self) -> Particulars:
        return Particulars(**{name: self.query_one(f"#form-{name}", Input).value for name, _ in FIELDS})

    @on(Select.Changed, "#form-format")
    def _format(self, event: Select.Changed) -> None:
        """The file's extension follows the format (the name the judge typed is kept)."""
        path = self.query_one("#form-path", Input)
        if Path(path.value).suffix == Path(self.default_path(self.fmt)).suffix:
            path.value = str(Path(path.value).with_suffix(Path(self.default_path(str(event.value))).suffix))
        self.fmt = str(event.value)

    @on(Input.Submitted)
    def _enter(self, _event) -> None:
        self.choose(self.action)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.choose((event.button.id or "").removeprefix("form-"))

    def choose(self, action: str) -> None:
        particulars = self._particulars()
        if action == SAVE and not particulars.ruling.strip():
            self.query_one("#form-problem", Static).update("Write the ruling: the ruling log keeps what you ruled.")
            self.query_one("#form-ruling", Input).focus()
            return
        self.dismiss(Filing(action, particulars, self.fmt, self.query_one("#form-path", Input).value))

    def action_cancel(self) -> None:
        self.dismiss(None)
