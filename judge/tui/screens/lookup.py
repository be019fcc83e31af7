"""The lookup screen: an omnibox, the results as you type, the selected entry in full.

Typing is debounced and every search runs in a worker thread, so the omnibox never stalls;
a newer search cancels an older one. Following a link, Enter on a result and back/forward
move through a browser-style history. With a program's archive (`judge tui --archive URL`), its
precedents are asked for in a worker of their own once the rules' results show, and listed after
them (judge/rulings/precedent_lookup.py, shared with the station).
"""

from __future__ import annotations

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Input, Label, OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from judge import render
from judge.library import Found, short_label
from judge.safe_text import for_terminal, one_line
from judge.search_view import hidden_hint, saved_number
from judge.tui import messages
from judge.tui.debounce import Debouncer
from judge.tui.game_names import game_label
from judge.tui.guard import guarded
from judge.tui.history import History
from judge.tui.omnibox import Command, parse_omnibox
from judge.tui.screens.base import JudgeScreen
from judge.tui.widgets.entry_view import EntryView
from judge.tui.widgets.link_list import LinkList

WIDEN = "Ctrl+F: all games"  # the key that drops the game filter (LookupScreen.BINDINGS)


class Omnibox(Input):
    """The search box; Down moves into the results, as in a browser's address bar."""

    BINDINGS = [Binding("down", "results", show=False)]

    def action_results(self) -> None:
        self.screen.query_one("#results", OptionList).focus()


class GameSwitch(Label):
    """The game the searches are limited to; a click (or Ctrl+G) moves on to the next."""

    def on_click(self) -> None:
        self.post_message(messages.CycleGame())


class LookupScreen(JudgeScreen):
    """`returnable`: opened over another screen (a cited rule from a replay); Escape goes back."""

    CSS_PATH = "lookup.tcss"  # beside this file

    BINDINGS = [
        Binding("escape", "escape", "Search", show=True),
        Binding("alt+left", "back", "Back", key_display="alt+←"),
        Binding("alt+right", "forward", "Fwd", key_display="alt+→"),
        # Reading on: the entry before or after the one shown, in its document (judge.neighbours).
        Binding("alt+up", "read_on('previous')", "Prev rule", key_display="alt+↑", show=False),
        Binding("alt+down", "read_on('next')", "Next rule", key_display="alt+↓", show=False),
        Binding("ctrl+b", "cite", "Cite"),
        Binding("ctrl+g", "app.cycle_game", "Game"),
        Binding("ctrl+f", "app.all_games", "All games", show=False),
        Binding("ctrl+o", "open_card", "Card", show=False),
        # Offered only for a document with editions beside the bundled one (check_action); on one
        # without, the same keys reach the bindings after them, which say so.
        Binding("f7", "trace", "Trace"),
        Binding("f8", "diff", "Diff", show=False),  # the footer is full at 80 columns: F1 and Ctrl+P list it
        Binding("f7", "one_edition('trace')", show=False),
        Binding("f8", "one_edition('diff')", show=False),
    ]

    def __init__(self, initial: str | None = None, returnable: bool = False, **kwargs) -> None:
        super().__init__(**kwargs)
        self.initial = initial
        self.returnable = returnable
        self.history = History()
        self._pending_query = ""
        self.debounce = Debouncer(self)
        self._found: Found | None = None
        self._precedent_at: dict = {}  # option index -> the archive's Precedent there (or why none are)
        self._archive_asks = 0  # which ask for precedents the results are waiting for
        self._has_editions: dict[str, bool] = {}  # per document, read from the store once

    def compose(self) -> ComposeResult:
        with Horizontal(id="omnirow"):
            yield GameSwitch("", id="game-label")
            yield Omnibox(placeholder="704.5j · words · card:NAME · game:sf · :help", id="omnibox", compact=True)
        with Horizontal(id="lookup-main"):
            with Vertical(id="results-pane"):
                yield Static("", id="status")
                yield Static("", id="filter-hint")  # shown when the game filter hid the answer
                yield OptionList(id="results")
            yield EntryView(id="entry")
        yield Footer()

    # -- start-up ----------------------------------------------------------------------------
    def on_mount(self) -> None:
        self.query_one("#results", OptionList).border_title = "Results"
        self.refresh_game_label()
        if self.library is None:
            self.set_status("Loading the rules…")
            self.query_one(EntryView).show_message("Type a rule number, words, or card:NAME.")
        else:
            self.library_changed(self.library)
        self.query_one("#omnibox", Input).focus()

    def library_changed(self, _library) -> None:
        if self.initial:
            self.open_entry(self.initial)
            self.initial = None
        elif self._pending_query:
            self.run_search(self._pending_query)
        else:
            self.set_status("")
            self.query_one(EntryView).show_message(
                "Type a rule number (704.5j, 704.5.), words (trample), card:NAME or game:sf.\n"
                "F1 help · Ctrl+P every command."
            )

    def game_changed(self, _game) -> None:
        self.refresh_game_label()
        self.run_search(self._pending_query)

    def refresh_game_label(self) -> None:
        self.query_one("#game-label", Label).update(Text(game_label(self.game)))

    def set_status(self, text: str | Text) -> None:
        self.query_one("#status", Static).update(text)

    def show_filter_hint(self, text: str) -> None:
        hint = self.query_one("#filter-hint", Static)
        hint.update(Text(text))
        hint.display = bool(text)

    # -- typing ------------------------------------------------------------------------------
    @on(Input.Changed, "#omnibox")
    def _typed(self, event: Input.Changed) -> None:
        self._pending_query = event.value
        self.debounce.cancel()
        parsed = parse_omnibox(event.value)
        if isinstance(parsed, Command):
            self.set_status(Text(f"Enter: {parsed.describe()}", style="italic"))
            return
        self.debounce.call(lambda: self.run_search(event.value))

    @on(Input.Submitted, "#omnibox")
    def _submitted(self, event: Input.Submitted) -> None:
        parsed = parse_omnibox(event.value)
        if isinstance(parsed, Command):
            self.post_message(messages.RunCommand(parsed))
            return
        self.debounce.cancel()
        if self._found is not None and self._found.text == event.value.strip() and self._found.hits:
            self._open_first()
        else:
            self.run_search(event.value, open_first=True)

    def _card_query(self) -> bool:
        return self._pending_query.strip().lower().startswith("card:")

    def run_search(self, text: str, open_first: bool = False) -> None:
        if self.library is None:
            return
        if not text.strip():
            self._found = None
            self.query_one("#results", OptionList).clear_options()
            self.set_status("")
            self.show_filter_hint("")
            return
        self.set_status(Text("searching…", style="dim italic"))
        self._search(text, self.game, open_first)

    @work(thread=True, exclusive=True, group="search")
    def _search(self, text: str, game: str | None, open_first: bool) -> None:
        try:
            found = self.loaded_library().find(text, game=game)
        except Exception as exc:  # a search-layer bug is shown, never raised into the UI
            self.app.call_from_thread(self.app.notify, f"Search failed: {exc}", severity="error")
            return
        if get_current_worker().is_cancelled:
            return
        self.app.call_from_thread(self._show_found, found, open_first)

    @guarded
    def _show_found(self, found: Found, open_first: bool) -> None:
        if found.text != self._pending_query.strip() and self._pending_query:
            return  # an older answer arriving late
        self._found = found
        self._precedent_at = {}
        results = self.query_one("#results", OptionList)
        results.clear_options()
        options = []
        for n, result in enumerate(found.results):
            options.append(Option(result_label(result.entry, result.matched), id=f"hit-{n}"))
        results.add_options(options)
        status = Text()
        status.append(f"{len(found.hits)} found" if found.hits else "No matches", style="bold")
        for note in found.notes:
            status.append(f" · {note}", style="yellow")
        if not found.hits and found.suggestions:
            status.append(" · did you mean: " + ", ".join(found.suggestions[:3]), style="italic")
        hidden = hidden_hint(found.games, bool(found.hits), found.elsewhere, WIDEN)
        self.set_status(status)
        self.show_filter_hint(one_line(hidden))
        if found.hits:
            results.highlighted = 0
            self._preview(0)
            if open_first:
                self._open_first()
        else:
            message = f"Nothing matches “{found.text}”."
            if hidden:
                message += "\n" + hidden
            if found.suggestions:
                message += "\nDid you mean: " + ", ".join(found.suggestions[:5]) + "?"
            for note in found.notes:
                message += f"\n({note})"
            self.query_one(EntryView).show_message(message)
        if self.archive_url:
            self._archive_asks += 1
            self._ask_archive(self.archive_url, found.text, self._archive_asks)

    # -- precedents from the archive -----------------------------------------------------------
    @work(thread=True, exclusive=True, group="precedents")
    def _ask_archive(self, url: str, text: str, ask: int) -> None:
        from judge.rulings.precedent_lookup import look_up

        answer = look_up(url, text)  # never raises: an archive that cannot be had is its `error`
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._show_precedents, answer, ask)

    @guarded
    def _show_precedents(self, answer, ask: int) -> None:
        if ask != self._archive_asks or self._found is None:
            return  # a newer search has replaced the results
        results = self.query_one("#results", OptionList)
        if answer.error:
            heading = Text(one_line(f"Precedents left out: {answer.error}"), style="yellow")
        elif not answer.found:
            heading = Text(one_line(f"No precedent in the archive ({answer.where}) matches"), style="dim")
        else:
            heading = Text(
                one_line(f"Precedents from the archive ({answer.where}), newest first"), style="bold underline"
            )
        if answer.error:  # highlightable: the pane cuts the line, the preview says it whole
            self._precedent_at[results.option_count] = f"Precedents left out: {answer.error}"
        results.add_option(Option(heading, id="precedents", disabled=not answer.error))
        first = results.option_count
        for n, precedent in enumerate(answer.found):
            self._precedent_at[first + n] = precedent
            results.add_option(Option(precedent_label(precedent), id=f"precedent-{n}"))
        if answer.found and not self._found.hits:  # nothing from the rules: the first precedent shows
            results.highlighted = first
            self._preview(first)

    def _open_first(self) -> None:
        results = self.query_one("#results", OptionList)
        index = results.highlighted or 0
        hit = self._hit(index)
        card = self.loaded_library().card_of(hit[0]) if hit is not None and self._card_query() else None
        if card is not None:  # Enter on card:NAME opens the card screen
            self.post_message(messages.ShowCard(card.id))
            return
        self._open_hit(index)
        results.focus()

    # -- results -----------------------------------------------------------------------------
    def _hit(self, index: int | None):
        if self._found is None or index is None or not (0 <= index < len(self._found.hits)):
            return None
        return self._found.hits[index]

    @guarded
    def _preview(self, index: int | None) -> None:
        if index in self._precedent_at:  # a precedent: its text, never a rule's page
            precedent = self._precedent_at[index]
            view = self.query_one(EntryView)
            if isinstance(precedent, str):  # why the archive's precedents are left out
                view.show_message(one_line(precedent))
            else:
                view.show_precedent(self.loaded_library(), precedent)
            self.refresh_bindings()
            return
        hit = self._hit(index)
        if hit is None:
            return
        entry, terms = hit
        if saved_number(entry) is not None:  # a saved ruling: no rule to show, Enter opens it
            self.query_one(EntryView).show_message(saved_preview(entry))
            self.refresh_bindings()
            return
        alone = bool(self._found and self._found.direct is entry and self._found.alone)
        self.query_one(EntryView).show(self.loaded_library(), entry, terms, alone=alone)
        self.refresh_bindings()  # F7/F8 follow the document shown

    def _open_hit(self, index: int | None) -> None:
        if index in self._precedent_at:  # opened where it is previewed: its cited rules below it
            self._preview(index)
            return
        hit = self._hit(index)
        number = saved_number(hit[0]) if hit is not None else None
        if number is not None:  # opened as a ruling, never as an entry
            self.post_message(messages.ShowRuling(number))
        elif hit is not None:
            self.history.visit(hit[0].id)
            self.post_message(messages.HistoryChanged())
            self._preview(index)

    @on(OptionList.OptionHighlighted, "#results")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._preview(event.option_index)

    @on(OptionList.OptionSelected, "#results")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self._open_hit(event.option_index)
        self.query_one(EntryView).links.focus()

    # -- links and history -------------------------------------------------------------------
    @on(LinkList.Followed)
    def _follow(self, event: LinkList.Followed) -> None:
        self.open_entry(event.target)

    @guarded
    def open_entry(self, entry_id: str, record: bool = True) -> bool:
        library = self.library
        entry = library.get(entry_id) if library else None
        if library is None or entry is None:
            self.app.notify(f"No entry {entry_id}", severity="warning")
            return False
        if record:
            shown = self.query_one(EntryView).entry
            if shown is not None and shown.id != self.history.current:
                self.history.visit(shown.id)  # a previewed result: Back must return to it
            self.history.visit(entry.id)
            self.post_message(messages.HistoryChanged())
        terms: frozenset[str] = frozenset()
        if self._found is not None:
            terms = next((t for e, t in self._found.hits if e.id == entry.id), frozenset())
        self.query_one(EntryView).show(library, entry, terms)
        self.refresh_bindings()  # F7/F8 follow the document shown
        return True

    def action_back(self) -> None:
        target = self.history.back()
        if target is None:
            self.app.notify("Nothing further back", timeout=2)
            return
        self.open_entry(target, record=False)

    def action_forward(self) -> None:
        target = self.history.forward()
        if target is None:
            self.app.notify("Nothing further forward", timeout=2)
            return
        self.open_entry(target, record=False)

    def action_read_on(self, way: str) -> None:
        from judge.neighbours import around

        entry = self.query_one(EntryView).entry
        if entry is None or self.library is None:
            return
        near = getattr(around(self.library.corpus_of(entry), entry), way)
        if near is None:
            self.app.notify(f"Nothing {'before' if way == 'previous' else 'after'} it in its document", timeout=2)
            return
        self.open_entry(near.id)

    def action_escape(self) -> None:
        omnibox = self.query_one("#omnibox", Input)
        if self.returnable and (omnibox.has_focus or not omnibox.value):
            self.dismiss()
            return
        omnibox.focus()

    @guarded
    def action_cite(self) -> None:
        entry = self.query_one(EntryView).entry
        if entry is None:
            self.app.notify("Nothing to cite yet", severity="warning")
            return
        self.post_message(messages.CiteEntry(entry.id))

    @guarded
    def action_open_card(self) -> None:
        entry = self.query_one(EntryView).entry
        card = self.library.card_of(entry) if entry is not None and self.library else None
        if card is None:
            self.app.notify("This entry is not a card or a card's ruling", severity="warning")
            return
        self.post_message(messages.ShowCard(card.id))

    def check_action(self, action: str, parameters) -> bool | None:
        if action not in ("trace", "diff"):
            return True
        entry = self.query_one(EntryView).entry if self.is_mounted else None
        if entry is None:
            return False
        if entry.doc not in self._has_editions:
            from judge.changes.editions_diff import has_editions

            self._has_editions[entry.doc] = has_editions(entry.doc)
        return self._has_editions[entry.doc]

    def action_one_edition(self, what: str) -> None:
        entry = self.query_one(EntryView).entry
        if entry is None:
            self.app.notify(
                "No entry shown: F7 traces it through its document's editions, F8 compares the last two",
                severity="warning",
            )
        elif what == "trace":
            self.post_message(messages.ShowTrace(entry.id))  # the app says there is one edition
        else:
            self.post_message(messages.ShowDiff(entry.doc))

    def action_trace(self) -> None:
        entry = self.query_one(EntryView).entry
        if entry is None:
            self.app.notify("No entry to trace yet", severity="warning")
            return
        self.post_message(messages.ShowTrace(entry.id))

    def action_diff(self) -> None:
        entry = self.query_one(EntryView).entry
        if entry is None:
            self.app.notify("No entry shown: its document's editions are compared", severity="warning")
            return
        self.post_message(messages.ShowDiff(entry.doc))

    @property
    def current_entry(self):
        return self.query_one(EntryView).entry


def saved_preview(entry) -> str:
    """A saved ruling found by a search, as the results pane previews it (its mark in the citation)."""
    return f"{one_line(entry.citation)}\n\n{for_terminal(entry.text)}\n\nEnter: the saved ruling as it stands, its history, corrections."


def precedent_label(precedent) -> Text:
    """Two lines, as `judge search --archive` marks one: "Precedent — EVENT, ruling #N (STATE)",
    then the start of the ruling."""
    out = Text(one_line(precedent.citation), style="bold magenta")
    out.append("\n   " + render.snippet(precedent.answer, 80), style="dim")
    return out


def result_label(entry, matched: str = "") -> Text:
    """Two lines: which entry (see short_label), then the start of its text; a third, when the
    judge's index found it, saying which question it answers."""
    if saved_number(entry) is not None:  # as `judge search` names it: "Saved ruling #3 (WITHDRAWN) — table 12"
        out = Text(one_line(entry.citation), style="bold")
        out.append("\n   " + render.snippet(entry.text, 80), style="dim")
        return out
    out = Text(f"{entry.doc} ", style="dim")
    out.append(short_label(entry), style="bold")
    body = entry.text
    if entry.number and body.startswith(entry.number):
        body = body[len(entry.number) :].lstrip(". ")
    out.append("\n   " + render.snippet(body or entry.title, 80), style="dim")
    if matched:
        out.append("\n   answers: " + render.snippet(matched, 72), style="dim italic")
    return out
