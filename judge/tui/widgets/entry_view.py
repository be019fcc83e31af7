"""One entry in full: above, the band of its notes (a policy conflict, recorded damage); then
breadcrumb, citation, text with the hit highlighted, examples, and its parent rule around it;
below, every link (up, sub-rules, references, cited by) followable."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from judge import render
from judge.corpus.model import Entry
from judge.library import Library
from judge.tui.widgets.link_list import LinkList
from judge.tui.widgets.note_band import NoteBand


class EntryView(Vertical):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.entry: Entry | None = None
        self.marked: frozenset[str] = frozenset()  # the words marked in the entry shown

    def compose(self) -> ComposeResult:
        yield NoteBand(classes="entry-notes")
        with VerticalScroll(classes="entry-scroll"):
            yield Static("", classes="entry-body")
        yield LinkList(classes="entry-links")

    @property
    def body(self) -> Static:
        return self.query_one(".entry-body", Static)

    @property
    def links(self) -> LinkList:
        return self.query_one(".entry-links", LinkList)

    def show(self, library: Library, entry: Entry, terms=frozenset(), alone: bool = False) -> None:
        from judge.tui.highlight import marked_terms

        self.entry = entry
        self.marked = terms = marked_terms(terms)  # the question's own words ("what", "when") are not marked
        corpus = library.corpus_of(entry)
        edition, as_of = library.edition_label(entry)
        body = render.entry_renderable(
            corpus, entry, terms, with_children=False, with_links=False, as_of=as_of, edition=edition
        )
        parent = corpus.parent(entry)
        if parent is not None and parent.kind in ("rule", "subrule") and entry.kind in ("subrule", "example"):
            # The parent rule around a sub-rule, under the breadcrumb: the context it is read in.
            body.renderables.insert(1, Text(render.snippet(parent.text, 160), style="dim italic"))
        parts = [body]
        family = None if alone else render.family_renderable(corpus, entry, terms, as_of)
        if family is not None:  # the rule with every sub-rule in full, scrollable
            parts.append(family)
        self.body.update(Group(*parts))
        self.query_one(".entry-scroll", VerticalScroll).scroll_home(animate=False)
        self.links.show(library.links(entry, alone=alone))
        self.query_one(NoteBand).show(library.notes(entry.id))

    def show_precedent(self, library: Library, precedent) -> None:
        """A precedent from the program's archive (judge.rulings.archive.Precedent): its event, its
        state, the question, the ruling and the rules it cites (followable), never a rule's page."""
        from judge.library import Link
        from judge.safe_text import for_terminal, one_line

        self.entry = None
        body = Text(one_line(precedent.citation), style="bold magenta")
        given = one_line(precedent.given_at[:10]) + (f", table {one_line(precedent.table)}" if precedent.table else "")
        body.append(f"\nEvent: {one_line(precedent.event or 'an unnamed event')} · given {given}", style="dim")
        state = "as given" if precedent.status == "given" else f"{one_line(precedent.status)} (as it now stands)"
        body.append(f"\nState: {state}", style="dim")
        if precedent.question:
            body.append("\n\nQ: ", style="bold")
            body.append(for_terminal(precedent.question))
        body.append("\n\nRuling: ", style="bold")
        body.append(for_terminal(precedent.answer))
        if precedent.cites:
            body.append("\n\nCites " + one_line(", ".join(precedent.cites)), style="dim")
        self.body.update(body)
        self.query_one(".entry-scroll", VerticalScroll).scroll_home(animate=False)
        known = library.get if library is not None else (lambda _id: None)
        self.links.show([Link("Cites", cite if known(cite) else None, cite) for cite in precedent.cites])
        self.query_one(NoteBand).show([])

    def show_message(self, message: str) -> None:
        self.entry = None
        self.body.update(Text(message, style="dim"))
        self.links.show([])
        self.query_one(NoteBand).show([])
