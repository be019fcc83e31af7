"""The rulings log in the TUI (F9): the saved rulings listed as `judge ruling list` lists them,
newest or oldest first; Enter opens one as it now stands (RulingScreen), its history one key away,
and amend / overturn / withdraw from there (judge.tui.screens.revise_form).

Everything goes through the store's API (judge.rulings.store); the file is the one `judge ruling`
uses, or the library's (judge.library.Library.rulings_db).
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from judge.rulings.listing import listed
from judge.rulings.revisions import KINDS
from judge.rulings.store import RulingsError, RulingStore, SavedRuling, default_db_path
from judge.safe_text import for_terminal, one_line
from judge.tui import messages
from judge.tui.guard import guarded
from judge.tui.screens.base import JudgeScreen


def store_for(library) -> RulingStore:
    """The rulings file this TUI reads and writes."""
    return RulingStore(getattr(library, "rulings_db", None) or default_db_path())


class LogScreen(JudgeScreen):
    CSS_PATH = "log.tcss"  # beside this file
    BINDINGS = [Binding("o", "toggle_order", "Newest/oldest first"), Binding("r", "reload", "Reload")]

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.newest_first = True
        self.rulings: list[SavedRuling] = []

    def compose(self) -> ComposeResult:
        yield Static("", id="log-status", markup=False)
        yield OptionList(id="log-list")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#log-list", OptionList).border_title = "Saved rulings · Enter opens one"
        self.reload()

    def on_screen_resume(self) -> None:  # a ruling corrected or saved elsewhere is listed as it stands
        if self.is_mounted:
            self.reload()

    @guarded
    def reload(self) -> None:
        store = store_for(self.library)
        listing = self.query_one("#log-list", OptionList)
        highlighted = listing.highlighted
        listing.clear_options()
        try:
            self.rulings = store.newest() if self.newest_first else store.all()
        except RulingsError as exc:
            self.rulings = []
            self.query_one("#log-status", Static).update(Text(one_line(str(exc)), style="red"))
            return
        order = "newest first" if self.newest_first else "oldest first"
        where = one_line(str(store.path))
        if not self.rulings:
            self.query_one("#log-status", Static).update(f"No saved rulings in {where}.")
            return
        listing.add_options([Option(_line(r), id=f"ruling-{r.number}") for r in self.rulings])
        skipped = f" · {len(store.skipped)} unreadable row(s) left out" if store.skipped else ""
        self.query_one("#log-status", Static).update(
            f"{len(self.rulings)} saved ruling(s), {order} (o: the other way) · {where}{skipped}"
        )
        listing.highlighted = min(highlighted or 0, len(self.rulings) - 1)

    def action_reload(self) -> None:
        self.reload()

    def action_toggle_order(self) -> None:
        self.newest_first = not self.newest_first
        self.query_one("#log-list", OptionList).highlighted = 0
        self.reload()

    @on(OptionList.OptionSelected, "#log-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self.post_message(messages.ShowRuling(self.rulings[event.option_index].number))


def _line(ruling: SavedRuling) -> Text:
    """The CLI's line, its mark shown in red (withdrawn, overturned) or bold (amended)."""
    line = listed(ruling)
    if not ruling.mark:
        return Text(line)
    text = Text(line)
    text.highlight_words([f"[{ruling.mark}]"], style="bold" if ruling.status == "amended" else "bold red")
    return text


class RulingScreen(JudgeScreen):
    """One saved ruling as it now stands; h: its every revision; a / o / w: correct it."""

    CSS_PATH = "log.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("h", "history", "History"),
        *(Binding(k.command[0], f"revise('{k.command}')", k.command.capitalize()) for k in KINDS.values()),
    ]

    def __init__(self, number: int, **kwargs) -> None:
        super().__init__(**kwargs)
        self.number = number
        self.ruling: SavedRuling | None = None
        self.with_history = False

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="ruling-scroll"):
            yield Static("", id="ruling-body")
        yield Footer()

    def on_mount(self) -> None:
        self.reload()

    @guarded
    def reload(self) -> None:
        try:
            self.ruling = store_for(self.library).get(self.number)
        except RulingsError as exc:
            self.ruling = None
            self.query_one("#ruling-body", Static).update(Text(one_line(str(exc)), style="red"))
            return
        if self.ruling is None:
            self.query_one("#ruling-body", Static).update(Text(f"No saved ruling #{self.number}", style="red"))
            return
        self.query_one("#ruling-body", Static).update(ruling_renderable(self.ruling, self.with_history))
        self.refresh_bindings()

    def action_history(self) -> None:
        self.with_history = not self.with_history
        self.reload()

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "revise":  # a withdrawn ruling is not revised (the store would refuse it too)
            return self.ruling is not None and self.ruling.status != KINDS["withdraw"].status
        return True

    @guarded
    def action_revise(self, command: str) -> None:
        from judge.tui.screens.revise_form import ReviseForm

        if self.ruling is None:
            return
        corpus = self.library.corpus if self.library is not None else None
        self.app.push_screen(ReviseForm(store_for(self.library), self.ruling, KINDS[command], corpus), self._revised)

    def _revised(self, ruling: SavedRuling | None) -> None:
        if ruling is None:
            return
        self.app.notify(f"Ruling #{ruling.number} {ruling.mark}: revision {len(ruling.revisions)}", timeout=6)
        self.reload()


def ruling_renderable(ruling: SavedRuling, with_history: bool) -> Group:
    """As `judge ruling show` prints it: the citation (marked), who gave it, how it came to stand
    as it does; then the question, the ruling and its citations as they stand, or every revision."""
    parts = [
        Text(one_line(ruling.citation), style="bold cyan"),
        Text(one_line(f"given {ruling.given_at}" + (f" by {ruling.judge}" if ruling.judge else "")), style="dim"),
    ]
    if ruling.latest:
        parts.append(Text(one_line(ruling.standing_note), style="bold" if ruling.status == "amended" else "bold red"))
    if with_history:
        for revision in ruling.revisions:
            parts.append(Text("\n" + one_line(revision.summary()), style="bold underline"))
            if revision.question:
                parts.append(Text("Question: ", style="bold").append(for_terminal(revision.question), style=""))
            parts.append(Text("Ruling: ", style="bold").append(for_terminal(revision.answer), style=""))
            if revision.cites:
                parts.append(Text("Cites: ", style="bold").append(one_line(", ".join(revision.cites)), style=""))
        parts.append(Text("\nh: the ruling as it stands", style="dim"))
        return Group(*parts)
    if ruling.question:
        parts += [Text("\nQuestion", style="bold underline"), Text(for_terminal(ruling.question))]
    parts += [Text("\nRuling", style="bold underline"), Text(for_terminal(ruling.answer))]
    if ruling.cites:
        parts += [Text("\nCites", style="bold underline"), Text(one_line(", ".join(ruling.cites)))]
    revisions = f"its {len(ruling.revisions)} revisions" if ruling.latest else "its history"
    parts.append(Text(f"\nh: {revisions}", style="dim"))
    return Group(*parts)
