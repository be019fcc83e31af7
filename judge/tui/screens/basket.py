"""The citation basket: what was cited; from here the ruling is filed (judge.tui.filing)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.reactive import var
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from judge.tui import messages
from judge.tui.basket import Basket
from judge.tui.guard import guarded
from judge.tui.screens.base import JudgeModal


class BasketScreen(JudgeModal):
    """`filed`: how the basket's ruling was filed ('' while it is not); the app sets it."""

    CSS_PATH = "basket.tcss"  # beside this file
    BINDINGS = [
        Binding("escape", "dismiss", "Close"),
        Binding("delete,backspace", "remove", "Remove"),
        Binding("ctrl+e", "file('export')", "Sheet"),
        Binding("ctrl+s", "file('save')", "Save ruling"),
        Binding("ctrl+o", "file('print')", "Print"),
        Binding("enter", "open", "Open", show=False),
    ]

    filed: var[str] = var("", init=False)

    def __init__(self, basket: Basket, filed: str = "") -> None:
        super().__init__()
        self.basket = basket
        self.set_reactive(BasketScreen.filed, filed)

    def watch_filed(self, _filed: str) -> None:
        if self.is_mounted:
            self.refresh_list()

    def compose(self) -> ComposeResult:
        with Vertical(id="basket-box"):
            yield OptionList(id="basket-list")
            yield Static("", id="basket-status")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#basket-box").border_title = "Citation basket"
        self.refresh_list()
        self.query_one("#basket-list").focus()

    def refresh_list(self) -> None:
        listing = self.query_one("#basket-list", OptionList)
        listing.clear_options()
        basket, library = self.basket, self.library
        for step in basket.steps:
            line = Text(f"Step {step.n} ", style="bold")
            line.append(f"{step.scenario}: {step.action}")
            line.no_wrap, line.overflow = True, "ellipsis"
            listing.add_option(Option(line, id=step.key))
        for entry_id in basket.entries:
            entry = library.get(entry_id) if library else None
            line = Text(entry.citation if entry is not None and entry.citation else entry_id, style="bold")
            if entry is not None:
                line.append("  " + " ".join(entry.text.split())[:80], style="dim")
            line.no_wrap, line.overflow = True, "ellipsis"
            listing.add_option(Option(line, id=entry_id))
        if listing.option_count:
            listing.highlighted = 0
        status = Text()
        if len(basket):
            filed = self.filed
            status.append(f"Filed: {filed}" if filed else "Not filed yet", style="green" if filed else "yellow")
            status.append(f" · {len(basket)} item(s)\nCtrl+E ruling sheet · Ctrl+S ruling log · Ctrl+O print")
        else:
            status.append("Empty: Ctrl+B cites the entry or step you are looking at.")
        self.query_one("#basket-status", Static).update(status)

    def _highlighted_key(self) -> str | None:
        listing = self.query_one("#basket-list", OptionList)
        if listing.highlighted is None:
            return None
        return listing.get_option_at_index(listing.highlighted).id

    @guarded
    def action_remove(self) -> None:
        key = self._highlighted_key()
        if key:
            self.basket.remove(key)
            self.post_message(messages.BasketChanged())
            self.refresh_list()

    @guarded
    def action_open(self) -> None:
        key = self._highlighted_key()
        if key and not key.startswith("step:"):
            self.app.post_message(messages.ShowEntry(key))  # to the app: this screen is closing
            self.dismiss()

    def action_file(self, action: str) -> None:
        self.post_message(messages.FileRuling(action))
