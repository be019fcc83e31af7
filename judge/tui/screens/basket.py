"""The citation basket: what was cited, and its export as a Markdown ruling."""
from __future__ import annotations

from datetime import datetime

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from judge import files, paths
from judge.tui.guard import guarded
from judge.tui.screens.dialogs import PromptScreen


class BasketScreen(ModalScreen):
    BINDINGS = [
        Binding("escape", "dismiss", "Close"),
        Binding("delete,backspace", "remove", "Remove"),
        Binding("ctrl+e", "export", "Export"),
        Binding("enter", "open", "Open", show=False),
    ]

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
        basket, library = self.app.basket, self.app.library
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
        self.query_one("#basket-status", Static).update(
            f"{len(basket)} item(s) · Ctrl+E exports Markdown" if len(basket)
            else "Empty: Ctrl+B cites the entry or step you are looking at.")

    def _highlighted_key(self) -> str | None:
        listing = self.query_one("#basket-list", OptionList)
        if listing.highlighted is None:
            return None
        return listing.get_option_at_index(listing.highlighted).id

    @guarded
    def action_remove(self) -> None:
        key = self._highlighted_key()
        if key:
            self.app.basket.remove(key)
            self.refresh_list()

    @guarded
    def action_open(self) -> None:
        key = self._highlighted_key()
        if key and not key.startswith("step:"):
            self.dismiss()
            self.app.show_entry(key)

    def action_export(self) -> None:
        """Ask for the question and the ruling (both optional), then write the sheet."""
        if not len(self.app.basket) or self.app.library is None:
            self.app.notify("The basket is empty", severity="warning")
            return

        def after_question(question: str | None) -> None:
            if question is None:
                return
            self.app.push_screen(PromptScreen("Your ruling (optional):"),
                                 lambda ruling: ruling is not None and self.export(question, ruling))

        self.app.push_screen(PromptScreen("The question asked (optional):"), after_question)

    @guarded
    def export(self, question: str = "", ruling: str = "") -> None:
        markdown = self.app.basket.to_markdown(self.app.library.corpus, question=question, ruling=ruling)
        target = paths.data_dir() / "rulings" / f"ruling-{datetime.now():%Y%m%d-%H%M%S}.md"
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            files.write_atomically(target, markdown)
        except (OSError, files.WriteError) as exc:
            self.app.notify(f"Could not write {target}: {exc}", severity="error")
            return
        self.app.copy_to_clipboard(markdown)
        self.app.notify(f"Saved {target} (and copied to the clipboard)", timeout=6)
        self.query_one("#basket-status", Static).update(Text(f"Exported to {target}"))  # a path: not markup
