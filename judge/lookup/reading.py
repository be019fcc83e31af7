"""Which edition a command reads an entry in, and how it says so: shared by `judge show`,
`judge search`, sheets and the TUI so that they all choose and name editions the same way."""

from __future__ import annotations

from judge import lookup
from judge.editions import store
from judge.lookup import Lookup


def as_of(value: str | None) -> str | None:
    """The date asked for with --as-of, else $JUDGE_EVENT_DATE, else None; each checked."""
    if value is not None:
        return store.check_date(value, "--as-of")
    return store.event_date()


def resolve_as_of(corpus, wanted: str, game: str | None, date: str | None) -> Lookup:
    """What `wanted` names, read in the edition in force on `date` (None: as the corpus reads
    it). A rule the newest edition deleted is still found in an older edition in force."""
    found = in_force_lookup(lookup.resolve(corpus, wanted, game), date)
    if found.entry is not None or date is None or found.edition is not None:
        return found
    from judge.editions.corpora import corpus_for  # deferred: start-up

    for doc, read in corpus.editions.items():
        edition = store.in_force(doc, date)
        if edition != read:
            older = lookup.resolve(corpus_for(doc, edition.name), wanted, game)
            if older.entry is not None and older.entry.doc == doc:
                older.edition = edition
                return older
    return found


def in_force_lookup(found: Lookup, date: str | None) -> Lookup:
    """`found` read in the edition in force on `date` (an id naming its edition keeps it)."""
    if date is None or found.entry is None or found.edition is not None:
        return found
    doc = found.entry.doc
    edition = store.in_force(doc, date)
    if found.corpus is not None and found.corpus.editions.get(doc) == edition:
        return found
    from judge.editions.corpora import corpus_for  # deferred: start-up

    corpus = corpus_for(doc, edition.name)
    if found.members:  # a range: each of its entries in that edition, or none
        lacking = [e.id for e in found.members if corpus.get(e.id) is None]
        if lacking:
            return Lookup(
                None,
                note=f"{', '.join(lacking)} not in edition {edition.label}, the one in force on {date}",
                corpus=corpus,
                edition=edition,
            )
        return Lookup(
            corpus.get(found.entry.id),
            members=[corpus.entries[e.id] for e in found.members],
            note=found.note,
            corpus=corpus,
            edition=edition,
        )
    entry = corpus.get(found.entry.id)
    if entry is None:
        return Lookup(
            None,
            note=f"{found.entry.id} is not in edition {edition.label}, the one in force on {date}",
            corpus=corpus,
            edition=edition,
        )
    return Lookup(entry, alone=found.alone, note=found.note, also=[], corpus=corpus, edition=edition)


def edition_shown(corpus, doc: str, date: str | None, named: bool) -> store.Edition | None:
    """The edition an entry view names: when the document has more than one, when an id named
    it, or when read as of a date; None otherwise (a bundled-only judge shows what it always did)."""
    edition = corpus.editions.get(doc)
    if edition is None:
        return None
    if named or date or len(store.list_editions(doc)) > 1:
        return edition
    return None


def describe(edition: store.Edition, date: str | None = None) -> str:
    """'2026-11 (2026-11-01), the newest of 2'; 'bundled (2026-10-07); the newest is 2026-11 (2026-11-01)';
    with `date`, whether it is the one in force then or only the earliest judge has."""
    editions = store.list_editions(edition.doc)
    text = edition.label
    if len(editions) > 1:
        text += (
            f", the newest of {len(editions)}" if edition == editions[-1] else f"; the newest is {editions[-1].label}"
        )
    if date:
        if edition.date and edition.date > date:
            text += f"; the earliest judge has, dated after {date}"
        else:
            text += f"; in force on {date}"
    return text


def editions_read(corpus) -> dict[str, str | None]:
    """doc -> the edition name the corpus read, for every document once any has an imported
    edition; {} when none has (nothing to say: everything is the bundled text)."""
    if not any(not e.bundled for e in corpus.editions.values()) and not store.has_imported():
        return {}
    return {doc: edition.name for doc, edition in corpus.editions.items()}


def editions_line(corpus) -> str:
    """One line naming the edition read of each document that has more than one."""
    date = store.event_date()
    parts = []
    for doc, edition in corpus.editions.items():
        if len(store.list_editions(doc)) > 1:
            title = corpus.documents[doc].title if doc in corpus.documents else doc
            parts.append(f"{title}: edition {describe(edition, date)}")
    return "reading " + "; ".join(parts) if parts else ""
