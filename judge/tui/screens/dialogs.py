"""Small modal dialogs: a one-line prompt and a fuzzy card picker. Both dismiss with the
answer, or None on Escape."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.fuzzy import Matcher
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from judge.safe_text import one_line


class PromptScreen(ModalScreen[str | None]):
    CSS_PATH = "dialogs.tcss"  # beside this file
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str, default: str = "", help_text: str = "") -> None:
        super().__init__()
        self.question, self.default, self.help_text = question, default, help_text

    def compose(self) -> ComposeResult:
        with Vertical(id="prompt-box"):
            # A question can name a card or a file: plain Text, never markup.
            yield Label(Text(one_line(self.question)))
            yield Input(self.default, id="prompt-input")
            if self.help_text:
                yield Label(Text(one_line(self.help_text)), id="prompt-help")

    def on_mount(self) -> None:
        self.query_one("#prompt-box").border_title = "Esc cancels"
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def _done(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


def rank(query: str, names: list[str], limit: int = 50) -> list[tuple[str, Text | Content]]:
    """Names matching the typed letters in order (fuzzy), best first, with the match marked."""
    if not query.strip():
        return [(n, Text(n)) for n in names[:limit]]
    matcher = Matcher(query)
    scored = [(matcher.match(n), n) for n in names]
    scored = [(s, n) for s, n in scored if s > 0]
    scored.sort(key=lambda pair: (-pair[0], pair[1]))
    return [(name, matcher.highlight(name)) for _, name in scored[:limit]]


class CardPicker(ModalScreen[str | None]):
    """Type a few letters of a name (a card's, a zone's); Enter takes the highlighted one."""

    CSS_PATH = "dialogs.tcss"  # beside this file

    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("down", "move(1)", show=False),
        Binding("up", "move(-1)", show=False),
    ]

    def __init__(self, names: list[str], title: str = "Pick a card", placeholder: str = "card name…") -> None:
        super().__init__()
        self.names = names
        self.title_text = title
        self.placeholder = placeholder
        self.shown: list[str] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="picker-box"):
            yield Input(placeholder=self.placeholder, id="picker-input")
            yield OptionList(id="picker-list")

    def on_mount(self) -> None:
        # The title can name a player from the board's file: Text, never markup.
        self.query_one("#picker-box").border_title = Text(f"{one_line(self.title_text)} · Enter picks · Esc cancels")
        self._fill("")
        self.query_one(Input).focus()

    def _fill(self, query: str) -> None:
        listing = self.query_one("#picker-list", OptionList)
        listing.clear_options()
        ranked = rank(query, self.names)
        self.shown = [name for name, _ in ranked]
        listing.add_options([Option(text) for _, text in ranked])
        if ranked:
            listing.highlighted = 0

    @on(Input.Changed, "#picker-input")
    def _typed(self, event: Input.Changed) -> None:
        self._fill(event.value)

    @on(Input.Submitted, "#picker-input")
    def _enter(self, _event) -> None:
        self._pick(self.query_one("#picker-list", OptionList).highlighted)

    @on(OptionList.OptionSelected, "#picker-list")
    def _clicked(self, event: OptionList.OptionSelected) -> None:
        self._pick(event.option_index)

    def _pick(self, index: int | None) -> None:
        if index is None or not 0 <= index < len(self.shown):
            self.app.notify("No card matches", severity="warning")
            return
        self.dismiss(self.shown[index])

    def action_move(self, delta: int) -> None:
        listing = self.query_one("#picker-list", OptionList)
        if self.shown:
            current = listing.highlighted or 0
            listing.highlighted = max(0, min(len(self.shown) - 1, current + delta))

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question: y answers yes, n or Escape no (Enter answers nothing: no slip quits)."""

    CSS_PATH = "dialogs.tcss"  # beside this file
    BINDINGS = [Binding("y", "answer(True)", "Yes"), Binding("n,escape", "answer(False)", "No")]

    def __init__(self, question: str, yes: str = "yes", no: str = "no") -> None:
        super().__init__()
        self.question, self.yes, self.no = question, yes, no

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Label(Text(self.question), id="confirm-question")
            yield Label(Text(f"y: {self.yes} · n or Esc: {self.no}", style="bold"))

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
