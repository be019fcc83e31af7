"""The card screen: a card's text, its errata, its numbered rulings, its topics and what
mentions it. The name box matches as you type; topics and mentions open in a lookup screen."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Input, Label, OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from judge import render
from judge.card_facts import listed_number
from judge.library import CardSheet, Link, short_label
from judge.replay_words import counted
from judge.safe_text import for_terminal, one_line
from judge.tui import messages
from judge.tui.debounce import Debouncer
from judge.tui.guard import guarded
from judge.tui.screens.base import JudgeScreen
from judge.tui.widgets.link_list import LinkList


class CardScreen(JudgeScreen):
    CSS_PATH = "card.tcss"  # beside this file
    BINDINGS = [
        Binding("escape", "focus_name", "Name"),
        Binding("ctrl+b", "cite", "Cite"),
        Binding("ctrl+g", "app.cycle_game", "Game"),
    ]

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.cards: list = []
        self.sheet: CardSheet | None = None
        self.debounce = Debouncer(self)
        self._typed_name = ""
        self._pending_card: str | None = None
        self._chosen = False  # a card was asked for by id: a listing arriving later keeps it

    def compose(self) -> ComposeResult:
        with Horizontal(id="omnirow"):
            yield Label("Card", id="card-label")
            yield Input(placeholder="card name (typos are fine)", id="card-name", compact=True)
        with Horizontal(id="card-main"):
            yield OptionList(id="card-matches")
            with Vertical(id="card-pane"):
                with VerticalScroll(id="card-scroll"):
                    yield Static("", id="card-body")
                yield LinkList(id="card-links")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#card-matches", OptionList).border_title = "Cards"
        self.query_one("#card-body", Static).update(Text("Type a card name.", style="dim"))
        self.query_one("#card-name", Input).focus()
        if self.library is not None:
            self.library_changed(self.library)

    def game_changed(self, _game) -> None:
        if self.library is not None:
            self.library_changed(self.library)

    def library_changed(self, _library) -> None:
        if self._pending_card:
            self._show(self._pending_card)
        elif self._typed_name:
            self._find(self._typed_name, self.game)
        else:
            self._find("", self.game)

    # -- matching ----------------------------------------------------------------------------
    def search_card(self, name: str) -> None:
        self.query_one("#card-name", Input).value = name
        self._typed_name = name
        if self.library is not None:
            self._find(name, self.game, open_first=True)

    @on(Input.Changed, "#card-name")
    def _typed(self, event: Input.Changed) -> None:
        self._typed_name = event.value
        self._chosen = False
        self.debounce.cancel()
        if self.library is not None:
            self.debounce.call(lambda: self._find(event.value, self.game))

    @on(Input.Submitted, "#card-name")
    def _submitted(self, event: Input.Submitted) -> None:
        self.debounce.cancel()  # Enter searches now; the typing pause must not search again after it
        if self.library is not None:
            self._find(event.value, self.game, open_first=True)

    @work(thread=True, exclusive=True, group="cards")
    def _find(self, name: str, game: str | None, open_first: bool = False) -> None:
        try:
            matches = self.loaded_library().cards(name, game=game)
        except Exception as exc:
            self.app.call_from_thread(self.app.notify, f"Card search failed: {exc}", severity="error")
            return
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._show_matches, matches, open_first)

    def _show_matches(self, matches, open_first: bool) -> None:
        cards = self.cards = matches.cards
        listing = self.query_one("#card-matches", OptionList)
        listing.clear_options()
        for n, card in enumerate(cards):
            line = Text(one_line(card.title or card.id))
            line.append(f" {card.doc}", style="dim")
            line.no_wrap = True
            line.overflow = "ellipsis"
            listing.add_option(Option(line, id=f"card-{n}"))
        listing.border_title = f"Cards · {len(cards)}"
        if cards and self._chosen:
            return
        if cards:
            listing.highlighted = 0
            self._show(cards[0].id)
            if open_first:
                listing.focus()
        else:
            self.sheet = None
            message = Text(for_terminal(matches.note or "No card by that name."), style="dim")
            if matches.mentions:  # a card past a truncated FAQ's cut: where it is mentioned
                message.append(f"\nMentioned in {len(matches.mentions)} entries (below; Enter opens one).")
            self.query_one("#card-body", Static).update(message)
            self.query_one(LinkList).show(
                [Link("Mentioned in", m.id, m.citation or m.id, render.snippet(m.text, 60)) for m in matches.mentions]
            )

    @on(OptionList.OptionHighlighted, "#card-matches")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if 0 <= event.option_index < len(self.cards):
            self._show(self.cards[event.option_index].id)

    @on(OptionList.OptionSelected, "#card-matches")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self.query_one(LinkList).focus()

    # -- the card ----------------------------------------------------------------------------
    def show_card(self, card_id: str) -> None:
        """Show this card (asked for from elsewhere: a lookup, the omnibox)."""
        self._chosen = True
        self._show(card_id)

    @guarded
    def _show(self, card_id: str) -> None:
        library = self.library
        if library is None:
            self._pending_card = card_id
            return
        self._pending_card = None
        entry = library.get(card_id)
        card = library.card_of(entry) if entry is not None else None
        if card is None:
            self.app.notify(f"No card {card_id}", severity="warning")
            return
        self.sheet = library.card_sheet(card)
        self.query_one("#card-body", Static).update(card_renderable(library, self.sheet))
        self.query_one("#card-scroll", VerticalScroll).scroll_home(animate=False)
        self.query_one(LinkList).show(card_links(self.sheet))

    @on(LinkList.Followed)
    def _follow(self, event: LinkList.Followed) -> None:
        self.post_message(messages.ShowEntry(event.target))

    def action_focus_name(self) -> None:
        self.query_one("#card-name", Input).focus()

    @guarded
    def action_cite(self) -> None:
        if self.sheet is None:
            self.app.notify("No card shown", severity="warning")
            return
        links = self.query_one(LinkList)
        target = links.highlighted_target if links.has_focus else None
        self.post_message(messages.CiteEntry(target or self.sheet.card.id))


def card_renderable(library, sheet: CardSheet) -> Group:
    card = sheet.card
    parts: list = [Text(one_line(library.breadcrumb(card)), style="dim")]
    head = Text(one_line(card.title or card.id), style="bold cyan")
    head.append(one_line(f"  {card.citation}"), style="dim")
    parts.append(head)
    if card.extra.get("summary"):  # type line, cost and stats, where the document gives them
        parts.append(Text(for_terminal(str(card.extra["summary"])), style="italic"))
    if card.tags:
        parts.append(render.tag_text(card.tags))
    if card.text:
        parts.append(render.marked_text(card.text))
    for errata in sheet.errata:
        parts.append(Text("\nErrata", style="bold underline"))
        parts.append(render.marked_text(errata.text))
    if sheet.rulings:
        parts.append(Text(f"\nRulings ({len(sheet.rulings)})", style="bold underline"))
        for place, ruling in enumerate(sheet.rulings, 1):
            line = Text(f"{ruling.number or listed_number(ruling, place)}. ", style="bold")
            line.append_text(render.marked_text(ruling.text))
            if ruling.tags:
                line.append(" ")
                line.append_text(render.tag_text(ruling.tags))
            parts.append(line)
    for other in sheet.others:
        parts.append(Text("\n" + one_line(other.title or other.kind.title()), style="bold underline"))
        parts.append(render.marked_text(other.text))
    if sheet.topics:  # by name and count; Enter on the topic below reads its rulings
        parts.append(Text("\nSee", style="bold underline"))
        for topic in sheet.topics:
            line = Text(one_line(f"  {topic.title or topic.id}"), style="bold")
            line.append(f"  ({counted(sheet.topic_rulings.get(topic.id, 0), 'ruling')})")
            parts.append(line)
        parts.append(Text("  Enter on a topic below reads its rulings", style="dim"))
    return Group(*parts)


def card_links(sheet: CardSheet) -> list[Link]:
    out = [Link("Rulings", r.id, short_label(r), render.snippet(r.text, 60)) for r in sheet.rulings]
    out += [Link("Errata", e.id, short_label(e)) for e in sheet.errata]
    out += [
        Link("See", t.id, t.title or t.id, counted(sheet.topic_rulings.get(t.id, 0), "ruling")) for t in sheet.topics
    ]
    out += [Link("Mentioned by", m.id, m.citation or m.id, render.snippet(m.text, 60)) for m in sheet.mentions]
    return out
