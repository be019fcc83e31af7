"""The reader bundle: one game's documents (or every game's) as one JSON file a phone keeps, so
the service worker (static/sw.js) can draw entry pages, contents and search results offline.

Every entry carries what its page shows online — citation, text with its links (the pieces of
linked_text, the same resolved references), examples, children, outgoing links, "cited by",
policy conflicts and damage notes (entry_page.entry_view builds the same) — and the document's
contents (entry_page.table_of_contents). The word index (offline_index) travels in the same file.

A bundle is named by a version: the code (judge's version and the static files the phone runs)
and the data (the corpus's content key and the edition each document is read from). The phone
replaces a bundle whole when the version changes, and drops one whose checksum or version is not
the app shell's (static/sw.js).
"""

from __future__ import annotations

import datetime as dt
import gzip
import hashlib
import json
import threading
from dataclasses import dataclass

from judge.corpus.model import Corpus, Entry
from judge.serve.linked_text import Piece, pieces
from judge.serve.permalinks import entry_path

FORMAT = 1  # of the bundle's JSON; part of its version


@dataclass(frozen=True)
class Bundle:
    body: bytes  # the JSON, UTF-8
    gzipped: bytes
    sha256: str  # hex, of body
    version: str


def piece_list(items: list[Piece]) -> list:
    """Pieces as JSON: a plain run is its text, else [text, href, css, title]."""
    return [p.text if p.href is None and p.css is None else [p.text, p.href, p.css, p.title] for p in items]


def entry_record(corpus: Corpus, entry: Entry) -> dict:
    """What an entry's page shows, as data (entry_page.entry_view and card pages read the same)."""
    from judge.conflicts import present  # deferred: start-up
    from judge.render import child_body, child_label, label, snippet  # deferred: start-up
    from judge.serve import reading  # deferred: start-up
    from judge.serve.entry_page import link_list, note_view  # deferred: start-up

    record: dict = {
        "id": entry.id,
        "k": entry.kind,
        "c": entry.citation or entry.id,
        "lb": label(entry),
        "x": piece_list(pieces(corpus, entry.text, entry.refs)),
    }
    if entry.title:
        record["t"] = entry.title
    if entry.number:
        record["n"] = entry.number
    if entry.parent:
        record["p"] = entry.parent
    if entry.tags:
        record["g"] = list(entry.tags)
    body = child_body(entry)
    if body != entry.text:
        record["y"] = piece_list(pieces(corpus, body, entry.refs))
    spans = [[s.get("tag", ""), snippet(s.get("text", ""), 100)] for s in entry.extra.get("tag_spans", [])]
    if spans:
        record["s"] = spans
    examples = [piece_list(pieces(corpus, e.text, e.refs)) for e in corpus.children(entry, "example")]
    if examples:
        record["e"] = examples
    children = [[c.id, child_label(c, entry)] for c in corpus.children(entry) if c.kind != "example"]
    if children:
        record["ch"] = children
    links = [[item["href"], item["label"], item["detail"]] for item in link_list(corpus, entry)]
    if links:
        record["l"] = links
    cited_by = [s.id for s in corpus.cited_by(entry.id)]
    if cited_by:
        record["b"] = cited_by
    notes = reading.notes_for(entry.id)
    if notes:
        record["o"] = [
            {
                "k": v["kind"],
                "h": v["heading"],
                "lines": v["lines"],
                "c": [[c["href"], c["label"]] for c in v["concerns"]],
            }
            for v in map(note_view, notes)
        ]
        record["m"] = present.mark(notes)
    below = [
        [entry_path(c.id), present.below_line(child_label(c, entry), reading.notes_for(c.id))]
        for c in corpus.children(entry)
        if c.kind != "example" and reading.notes_for(c.id)
    ]
    if below:
        record["w"] = below
    return record


def documents_of(corpus: Corpus, game: str | None) -> list[str]:
    return [
        key for key, info in corpus.documents.items() if info.loaded and (game is None or corpus.game_of(key) == game)
    ]


def editions_of(corpus: Corpus, docs: list[str]) -> dict[str, str]:
    """doc -> the edition read ('bundled (2026-10-07)', '2026-11 (2026-11-01)')."""
    return {doc: corpus.editions[doc].label for doc in docs if doc in corpus.editions}


def data_version(corpus: Corpus, code: str) -> str:
    """The bundle's version: the code's (judge and its static files) and the data's."""
    parts = [str(FORMAT), code, corpus.cache_key or ""]
    parts += [f"{doc}={e.name}:{e.sha256}" for doc, e in sorted(corpus.editions.items())]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:20]


def build(corpus: Corpus, searcher, game: str | None, version: str, today: dt.date | None = None) -> dict:
    from judge.corpus.documents import GAME_TITLES  # deferred: start-up
    from judge.serve.entry_page import table_of_contents  # deferred: start-up
    from judge.serve.offline_index import export  # deferred: start-up

    docs = documents_of(corpus, game)
    entries = [e for doc in docs for e in corpus.in_doc(doc)]
    return {
        "format": FORMAT,
        "version": version,
        "game": game or "all",
        "game_title": GAME_TITLES.get(game, game) if game else "All games",
        "built": (today or dt.date.today()).isoformat(),
        "editions": editions_of(corpus, docs),
        "documents": [
            {
                "key": d,
                "title": corpus.documents[d].title,
                "game": corpus.game_of(d),
                "game_title": GAME_TITLES.get(corpus.game_of(d), corpus.game_of(d)),
                "toc": table_of_contents(corpus, d),
            }
            for d in docs
        ],
        "entries": [entry_record(corpus, e) for e in entries],
        "search": export(corpus, searcher, game, {e.id for e in entries}),
    }


_cache: dict[tuple[str, str], Bundle] = {}
_building = threading.Lock()


def bundle_for(corpus: Corpus, searcher, game: str | None, version: str) -> Bundle:
    """The bundle of `game` (None: every game) at `version`, built once per process."""
    key = (game or "all", version)
    with _building:
        found = _cache.get(key)
        if found is None:
            body = json.dumps(build(corpus, searcher, game, version), ensure_ascii=False, separators=(",", ":")).encode(
                "utf-8"
            )
            found = _cache[key] = Bundle(
                body, gzip.compress(body, 6, mtime=0), hashlib.sha256(body).hexdigest(), version
            )
    return found
