"""Pick a board or scenario file: a folder tree showing only YAML files, or a typed path.

Dismisses with the chosen path, or None on Escape. Enter in the path box takes what is typed;
Enter (or a click) on a file in the tree takes that file; on a folder, opens it.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DirectoryTree, Input, Label

SCENARIO_SUFFIXES = (".yaml", ".yml")


class ScenarioTree(DirectoryTree):
    """Folders and YAML files only, hidden ones left out."""

    def filter_paths(self, paths: Iterable[Path]) -> Iterable[Path]:
        return [
            p for p in paths if not p.name.startswith(".") and (p.is_dir() or p.suffix.lower() in SCENARIO_SUFFIXES)
        ]


class FilePicker(ModalScreen[str | None]):
    CSS_PATH = "file_picker.tcss"  # beside this file
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, start: Path, default: str = "") -> None:
        super().__init__()
        self.title_text, self.start, self.default = title, start, default

    def compose(self) -> ComposeResult:
        with Vertical(id="files-box"):
            yield Label("Type a path, or pick a file below (↓ into the tree):")
            yield Input(self.default, placeholder=str(self.start), id="files-path")
            yield ScenarioTree(self.start, id="files-tree")

    def on_mount(self) -> None:
        self.query_one("#files-box").border_title = f"{self.title_text} · Esc cancels"
        self.query_one("#files-tree").border_title = str(self.start)
        self.query_one(Input).focus()

    @on(Input.Submitted, "#files-path")
    def _typed(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self.dismiss(event.value.strip())

    @on(DirectoryTree.FileSelected, "#files-tree")
    def _picked(self, event: DirectoryTree.FileSelected) -> None:
        self.dismiss(str(event.path))

    def key_down(self) -> None:
        if self.query_one(Input).has_focus:
            self.query_one("#files-tree").focus()

    def action_cancel(self) -> None:
        self.dismiss(None)


def start_folder(current: Path | None, *candidates: Path) -> Path:
    """The folder of the file shown, else the first candidate that exists, else here."""
    if current is not None and current.expanduser().parent.is_dir():
        return current.expanduser().parent
    return next((c for c in candidates if c.is_dir()), Path.cwd())
