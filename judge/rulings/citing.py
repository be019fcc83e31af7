"""Which edition a saved ruling cited, and whether what it cited has changed since.

A citation is stored as the entry's id when the ruling was given on the bundled edition (as
every ruling saved before editions existed was), and as `doc@EDITION:id` when it was given on
an imported one: the rows keep their meaning without a change of schema, and a sheet printed
later quotes the text the ruling rested on.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.corpus.documents import DOCUMENTS
from judge.corpus.model import Corpus, Entry
from judge.editions import ids, store

_DOCS = {d.key for d in DOCUMENTS}


def stored_id(entry: Entry, corpus: Corpus) -> str:
    """The id to save for `entry`, found in `corpus` (the main one or an edition's)."""
    edition = corpus.editions.get(entry.doc)
    return ids.with_edition(entry.id, edition.name) if edition is not None and not edition.bundled else entry.id


def cited_edition(cite: str) -> store.Edition | None:
    """The edition a stored citation was given on; None for an id of no bundled document."""
    named = ids.split(cite)
    if named is not None:
        return store.find(named[0], named[1]) if named[0] in _DOCS else None
    doc = cite.partition(":")[0]
    return store.bundled(doc) if doc in _DOCS else None


def edition_id(cite: str, corpus: Corpus) -> str:
    """A stored citation as an id naming the edition it was given on, when `corpus` reads
    another edition of its document (else the id as stored: nothing to tell apart)."""
    if ids.split(cite) is not None:  # it names its edition already (one judge may not have)
        return cite
    edition = cited_edition(cite)
    if edition is None:
        return cite
    read = corpus.editions.get(edition.doc)
    return cite if read is None or read == edition else ids.with_edition(cite, edition.name)


@dataclass(frozen=True)
class Change:
    cite: str  # as stored
    reason: str  # "its text differs in edition 2026-11 (2026-11-01)", "gone from edition …"


def changes(cites: tuple[str, ...] | list[str]) -> list[Change]:
    """The citations whose entry differs in the newest edition of its document, or is gone."""
    from judge.editions.corpora import corpus_for  # deferred: start-up
    from judge.editions.errors import UnknownEdition  # deferred: start-up

    found = []
    for cite in cites:
        try:
            edition = cited_edition(cite)
        except UnknownEdition as unknown:  # given on an edition this judge was never given
            found.append(Change(cite, f"given on an edition this judge does not have ({unknown})"))
            continue
        if edition is None:
            continue
        latest = store.newest(edition.doc)
        if latest == edition:
            continue
        entry_id = ids.plain(cite)
        before = corpus_for(edition.doc, edition.name).get(entry_id)
        after = corpus_for(latest.doc, latest.name).get(entry_id)
        if after is None:
            found.append(Change(cite, f"gone from edition {latest.label}"))
        elif before is None or " ".join(before.text.split()) != " ".join(after.text.split()):
            found.append(Change(cite, f"its text differs in edition {latest.label}"))
    return found
