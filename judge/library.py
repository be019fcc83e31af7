"""What the readers of the rules — the TUI and the judge station (judge serve) — ask of the
corpus and search layers, in one place.

Their screens and pages never parse, search or walk the corpus themselves: they ask a `Library`,
which delegates to judge.lookup, judge.search and the Corpus. Tests hand the app a Library built
on the session corpus; the real TUI builds one in a worker (judge.context) so start-up never waits.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from judge.corpus.model import Corpus, Entry
from judge.lookup import resolve
from judge.search.query import QueryTooLarge, UnknownFilter
from judge.search_view import ResultView, view_of

if TYPE_CHECKING:
    from judge.conflicts.notes import ConflictIndex

# Only things shaped like a rule number or an id are tried as a direct lookup.
_DIRECT = re.compile(r"^(?:[a-z]{2,3}(?:@[^:\s]+)?:\S+|\d{1,3}(?:\.\d+[a-z]?)?\.?|[a-z0-9-]+/[a-z0-9/-]+)$")


@dataclass
class Found:
    """The answer to what was typed in the omnibox."""

    text: str
    direct: Entry | None = None  # a rule number or id that names one entry
    alone: bool = False  # "704.5." — the rule without its sub-rules
    # Each result as judge.search_view gives it, the entry named directly first; a saved ruling
    # (judge ruling save) is among them, ranked with the rules: it is no corpus entry, and its
    # saved_number says which ruling it is
    results: list[ResultView] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    suggestions: list[str] = field(default_factory=list)  # "did you mean", nearest numbers
    elsewhere: list[Entry] = field(default_factory=list)  # what the game filter hid, best first
    games: list[str] = field(default_factory=list)  # the game filter the search ran with
    # Why the query was refused (too long, a filter naming nothing); also among `notes`.
    refusal: str = ""
    # How likely each game is for the question's words, when no game was given (SearchResult).
    game_likelihood: dict[str, float] = field(default_factory=dict)
    inferred_game: str | None = None

    @property
    def hits(self) -> list[tuple[Entry, frozenset]]:
        """(entry, highlight terms) of each result, in order."""
        return [(r.entry, r.terms) for r in self.results]


def search_game(text: str, default_game: str | None) -> str | None:
    """The game a search runs in: the one chosen for the event (or the session), unless the
    query names its own with game: — what the judge typed wins."""
    from judge.search.query import parse  # deferred: start-up

    if default_game is not None and parse(text).games:
        return None
    return default_game


@dataclass
class Link:
    """One followable line under an entry: its group, its target id (None if unresolved)."""

    group: str
    target: str | None
    label: str
    detail: str = ""


class Library:
    def __init__(self, corpus: Corpus, searcher, rulings_db=None) -> None:
        """`rulings_db`: the saved-rulings file searched beside the rules (None: the default,
        as `judge ruling` uses; the station passes its --db)."""
        from judge.rulings.source import saved_rulings_source  # deferred: start-up

        self.corpus = corpus
        self.rulings_db = rulings_db
        self._saved_rulings = saved_rulings_source(rulings_db)  # what the searcher reads them through
        self._edition_corpora: dict[int, Corpus] = {}  # id(entry) -> the edition it came from
        self.searcher = searcher
        # A superseded search thread may still be running when the next starts (threads
        # cannot be killed); one at a time keeps the shared whoosh searcher safe.
        self._lock = threading.Lock()
        self._conflicts: ConflictIndex | None = None  # built on first use: the notes index

    @classmethod
    def load(cls) -> Library:
        from judge import context  # deferred: start-up

        return cls(context.corpus(), context.searcher())

    def notes(self, entry_id: str) -> list:
        """The notes on an entry (judge.conflicts): policy conflicts and recorded damage."""
        if self._conflicts is None:
            from judge.conflicts.cached import load_index  # deferred: start-up

            self._conflicts = load_index(self.corpus)
        return self._conflicts.notes_for(entry_id)

    # -- finding -----------------------------------------------------------------------------
    def get(self, entry_id: str) -> Entry | None:
        return self.corpus.get(entry_id)

    def corpus_of(self, entry: Entry) -> Corpus:
        """The corpus an entry is read in: one edition's for an `@` id typed, else the main one."""
        return self._edition_corpora.get(id(entry), self.corpus)

    def edition_label(self, entry: Entry) -> tuple[str, str | None]:
        """(the edition the entry view names, "" for none; the event's date, if any)."""
        from judge.editions import store  # deferred: start-up
        from judge.lookup import reading  # deferred: start-up

        corpus = self.corpus_of(entry)
        as_of = store.event_date()
        edition = reading.edition_shown(corpus, entry.doc, as_of, corpus is not self.corpus)
        return (reading.describe(edition, as_of) if edition else ""), as_of

    def find(self, text: str, game: str | None = None, limit: int = 40) -> Found:
        text = text.strip()
        found = Found(text)
        if not text:
            return found
        if _DIRECT.match(text):
            looked = resolve(self.corpus, text, game)
            if looked.members:  # a range opens no one entry: the results list each of them
                pass
            elif looked.entry is not None:
                found.direct, found.alone = looked.entry, looked.alone
                if looked.corpus is not None and looked.corpus is not self.corpus:  # nd@2026-11:704.5j
                    self._edition_corpora[id(looked.entry)] = looked.corpus
            else:
                if looked.note:
                    found.notes.append(looked.note)
                found.suggestions += [s.id for s in looked.suggestions]
        try:
            with self._lock:
                result = self.searcher.search(text, game=game, limit=limit, saved_rulings=self._saved_rulings)
        except (QueryTooLarge, UnknownFilter) as exc:  # said where the results would be
            found.notes.append(str(exc))
            found.refusal = str(exc)
            return found
        view = view_of(result, self.corpus)
        found.notes += view.notes
        found.game_likelihood, found.inferred_game = view.game_likelihood, view.inferred_game
        found.suggestions += view.suggestions
        found.games = view.games
        found.elsewhere = view.hidden
        found.results = view.results
        direct = found.direct
        if direct is None:
            return found
        namesake = next((r for r in found.results if r.entry.id == direct.id), None)
        if id(direct) in self._edition_corpora:
            # An id naming its edition opens that edition's entry, not the main corpus's namesake
            # (whose highlight it does not take; what found it, and its copies, it does).
            found.results = [r for r in found.results if r.entry.id != direct.id]
        # What the judge named leads, whatever the words found.
        terms = next((r.terms for r in found.results if r.entry.id == direct.id), frozenset())
        lead = replace(namesake, entry=direct, terms=terms) if namesake else ResultView(direct, terms, 0.0)
        found.results = [lead] + [r for r in found.results if r.entry.id != direct.id]
        return found

    def cards(self, name: str, game: str | None = None, limit: int = 200) -> CardMatches:
        """Cards whose name matches what was typed (typos forgiven), best first, with a note
        when the name is only mentioned (beyond a truncated FAQ's end, or without an entry) and
        the entries that mention it. No name: every card, by name (`limit` is for matches)."""
        name = name.strip()
        if not name:
            cards = sorted(
                (c for c in self.corpus.of_kind("card") if game is None or c.game == game),
                key=lambda c: (c.title.lower(), c.doc),
            )
            return CardMatches(cards)
        from judge.search.cardnames import lookup  # deferred: start-up

        with self._lock:
            found = lookup(self.corpus, name, game)
        cards = list(found.cards)
        for candidate in found.candidates:
            cards += [e for e in candidate.group.entries if e not in cards]
        note = ""
        mentions: list[Entry] = []
        if found.beyond is not None:
            where = (
                "after the end of this (truncated) document"
                if found.beyond.beyond_end
                else "mentioned, but the document has no entry for it"
            )
            note = f"{found.beyond.name}: {where}"
            mentions = [e for e in (self.corpus.get(i) for i in found.beyond.mentioned_by) if e is not None]
        elif not cards:
            note = f"No card called {name!r}"
        return CardMatches(cards[:limit], note, mentions)

    def card_of(self, entry: Entry) -> Entry | None:
        """The card an entry belongs to (itself, or the card a ruling sits under)."""
        for candidate in [entry, *reversed(self.corpus.ancestors(entry))]:
            if candidate.kind == "card":
                return candidate
        return None

    # -- an entry's surroundings -------------------------------------------------------------
    def breadcrumb(self, entry: Entry) -> str:
        from judge import render  # deferred: start-up

        return render.breadcrumb(self.corpus, entry)

    def links(self, entry: Entry, alone: bool = False) -> list[Link]:
        """Parent, sub-rules, outgoing references and "cited by", in that order."""
        out: list[Link] = []
        parent = self.corpus.parent(entry)
        if parent is not None:
            out.append(Link("Up", parent.id, short_label(parent), _short(parent)))
        if not alone:
            for child in self.corpus.children(entry):
                if child.kind != "example":
                    out.append(Link("Contains", child.id, short_label(child), _short(child)))
        seen: set = set()
        for ref in entry.refs:
            key = ref.target or ref.surface
            if key in seen:
                continue
            seen.add(key)
            target = self.corpus.get(ref.target) if ref.target else None
            if target is not None and ref.status == "resolved":
                out.append(Link("Links", target.id, f"{target.doc} {short_label(target)}", _short(target)))
            else:
                why = "outside this document" if ref.status == "external" else "unresolved"
                out.append(Link("Links", None, ref.surface, why))
        for source in self.corpus.cited_by(entry.id):
            out.append(Link("Cited by", source.id, f"{source.doc} {short_label(source)}", _short(source)))
        return out

    def card_sheet(self, card: Entry) -> CardSheet:
        """A card's text, errata, numbered rulings, topics and what mentions it."""
        kids = self.corpus.children(card)
        rulings = [k for k in kids if k.kind == "ruling"]
        errata = [k for k in kids if k.kind == "errata"]
        errata += [e for e in self._errata_for(card) if e not in errata]
        topics: list[Entry] = []
        for item in [card, *rulings]:
            for ref in item.refs:
                target = self.corpus.get(ref.target) if ref.target else None
                if target is not None and target.kind == "topic" and target not in topics:
                    topics.append(target)
        family = {card.id, *(r.id for r in rulings), *(e.id for e in errata)}
        mentions: list[Entry] = []
        for member in family:
            for source in self.corpus.cited_by(member):
                if source.id not in family and source not in mentions:
                    mentions.append(source)
        # Some documents record a mention on the card itself, pointing at the text that names it.
        for ref in card.refs:
            target = self.corpus.get(ref.target) if ref.target and ref.kind == "mention" else None
            if target is not None and target.id not in family and target not in mentions:
                mentions.append(target)
        others = [k for k in kids if k.kind not in ("ruling", "errata")]
        counts = {t.id: len(self.corpus.children(t, "ruling")) for t in topics}
        return CardSheet(card, errata, rulings, topics, mentions, others, counts)

    def _errata_for(self, card: Entry) -> list[Entry]:
        """Errata entries the document keeps apart from the card (same document, same name)."""
        slug = card.id.rsplit("/", 1)[-1]
        entry = self.corpus.get(f"{card.doc}:errata/{slug}")
        return [entry] if entry is not None else []


@dataclass
class CardMatches:
    cards: list[Entry]
    note: str = ""
    mentions: list[Entry] = field(default_factory=list)  # where a name without an entry is mentioned


@dataclass
class CardSheet:
    card: Entry
    errata: list[Entry]
    rulings: list[Entry]
    topics: list[Entry]
    mentions: list[Entry]
    others: list[Entry]
    topic_rulings: dict[str, int] = field(default_factory=dict)  # topic id -> its ruling count


def short_label(entry: Entry) -> str:
    """An entry named for a list: '704.5j', 'Glossary — Overrun', and for an entry that carries
    its topic's or card's name, what tells it apart first: 'ruling 9 · Damage Redirection'."""
    from judge import render  # deferred: start-up

    if entry.number:
        return render.label(entry)
    citation = entry.citation or render.label(entry)
    head = citation.split(" — ", 1)[1] if " — " in citation else citation
    if entry.title and head.startswith(entry.title) and head != entry.title:
        head = f"{head[len(entry.title) :].strip(' ,—:')} · {entry.title}"
    return head


def _short(entry: Entry, width: int = 70) -> str:
    """The start of an entry's text, without the number or title its label already shows."""
    from judge.render import snippet  # deferred: start-up

    text = entry.text
    for prefix in (entry.number, entry.title):
        if prefix and text.startswith(prefix):
            text = text[len(prefix) :].lstrip(". :")
    return snippet(text, width)
