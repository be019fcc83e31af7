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

    def show_message(self, message: str) -> None:
        self.entry = None
        self.body.update(Text(message, style="dim"))
        self.links.show([])
        self.query_one(NoteBand).show([])
