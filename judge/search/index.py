"""The whoosh index over the corpus: built once, cached on disk beside the corpus pickle.

This module and query.py are the only places that know about whoosh, so the engine behind
search can change without touching callers. The index lives in <cache>/<content key>/index and
is rebuilt by itself when it is missing or unreadable (a new content key means new sources).
"""

from __future__ import annotations

import pickle
from collections.abc import Callable
from pathlib import Path

from judge import cache_files, files
from judge.corpus.model import Corpus, Entry
from judge.editions.loader import cache_path, content_key
from judge.search import index_files, judge_index
from judge.search.analysis import fold
from judge.search.gamemodel import GameModel
from judge.search.leads import introductions
from judge.search.lexicon import Lexicon
from judge.search.synonyms import load_vocabulary
from judge.search.titles import TitleTable
from judge.search.word_scoring import AROUND_WEIGHT, ASKED_WEIGHT

INDEX_FORMAT = "10"  # 8: a signed manifest instead of the FORMAT file; 9: card names kept from bridged words;
# 10: the judge's index (the asked field)
GAME_MODEL_FILE = "games.pickle"
TITLES_FILE = "titles.pickle"
LEXICON_FILE = "lexicon.marshal"
BRIDGE_FILE = "bridge.pickle"


def make_schema():
    from whoosh.fields import ID, KEYWORD, STORED, TEXT, Schema

    from judge.search.whoosh_analysis import spelling_analyzer, text_analyzer  # deferred: start-up

    analyzer = text_analyzer()
    return Schema(
        id=ID(stored=True, unique=True),
        doc=ID(stored=True),
        game=ID(stored=True),
        kind=ID(stored=True),
        number=ID(stored=True),
        # The entry's number and its ancestors' ("704 704.5 704.5j"): `704.5` finds the family.
        numpath=KEYWORD(lowercase=True),
        title=TEXT(analyzer=analyzer, stored=False),  # for `title:` lookups; its words are in text
        # The entry's own words: its title (when the text doesn't already carry it) and text.
        text=TEXT(analyzer=analyzer),
        # What surrounds it, at AROUND_WEIGHT: the titles above it (a paragraph is found by the
        # topic it sits in) and its examples (a situation question often matches the example
        # better than the rule, and the rule is the answer). One field, not two: every field
        # searched costs a posting list per word.
        around=TEXT(analyzer=analyzer, field_boost=AROUND_WEIGHT),
        # The questions the entry answers and other words for its concepts (judge_index): a
        # question in the player's words finds the rule written in the rules' words.
        asked=TEXT(analyzer=analyzer, field_boost=ASKED_WEIGHT),
        tags=KEYWORD(commas=True, lowercase=True),
        # Unstemmed vocabulary for spelling suggestions.
        spell=TEXT(analyzer=spelling_analyzer(), phrase=False),
        length=STORED(),
    )


def number_path(corpus: Corpus, entry: Entry) -> str:
    numbers = [a.number for a in corpus.ancestors(entry) if a.number and a.kind != "section"]
    if entry.number and entry.kind != "section":
        numbers.append(entry.number)
    return " ".join(numbers)


def search_text(entry: Entry) -> str:
    """What gets indexed as the entry's text: parsers may supply a normalised variant."""
    return fold(entry.extra.get("search_text") or entry.text)


def own_text(entry: Entry) -> str:
    text = search_text(entry)
    title = fold(entry.title or "")
    return text if not title or title.lower() in text.lower() else f"{title}. {text}"


def context_text(corpus: Corpus, entry: Entry) -> str:
    """The titles above the entry (rule, group, topic, card): where it sits says what it is about."""
    titles = [a.title for a in corpus.ancestors(entry) if a.title and a.kind != "section"]
    return " ".join(titles[-2:])


def card_names(corpus: Corpus) -> dict[str, dict[str, str]]:
    """Entry id -> field -> the card names that field holds: a card's own title in its text, the
    card above it in what surrounds it (context_text). The lexicon keeps bridged words out of
    them."""
    out: dict[str, dict[str, str]] = {}
    for entry in corpus.entries.values():
        names = {}
        if entry.kind == "card" and entry.title:
            names["text"] = fold(entry.title)
        above = [a for a in corpus.ancestors(entry) if a.title and a.kind != "section"][-2:]
        cards = [fold(a.title) for a in above if a.kind == "card"]
        if cards:
            names["around"] = " ".join(cards)
        if names:
            out[entry.id] = names
    return out


def lexicon_of(corpus: Corpus, docs: list[dict]) -> Lexicon:
    return Lexicon.from_documents(docs, card_names(corpus))


def documents(corpus: Corpus):
    items: dict[str, list[str]] = {}  # paragraph id -> the texts of the list items it introduces
    asked = judge_index.read(corpus)  # a malformed index file is refused here, naming file and line
    for item, lead in introductions(corpus).items():
        items.setdefault(lead, []).append(corpus.entries[item].text)
    for entry in corpus.entries.values():
        yield {
            "id": entry.id,
            "doc": entry.doc,
            "game": entry.game,
            "kind": entry.kind,
            "number": entry.number or "",
            "numpath": number_path(corpus, entry),
            "title": fold(entry.title or ""),
            "text": own_text(entry),
            "around": fold(
                " ".join(
                    [context_text(corpus, entry)]
                    + [c.text for c in corpus.children(entry) if c.kind == "example"]
                    + items.get(entry.id, [])
                )
            ),
            "asked": fold(asked.field_text(entry.id)),
            "questions": asked.questions(entry.id),
            "tags": ",".join(entry.tags),
            "spell": fold(f"{entry.title} {entry.text}"),
            "length": len(entry.text),
        }


def whoosh_fields(doc: dict) -> dict:
    """A document as whoosh stores it: the questions themselves live in the lexicon only."""
    return {name: value for name, value in doc.items() if name != "questions"}


def build_index(corpus: Corpus, directory: Path, progress: Callable[[str, str, int, int], None] | None = None) -> None:
    """Build into a private locked folder, then move it into place in one rename, so two
    processes building at once never see each other's half-written files (index_files)."""
    from whoosh import index as windex

    if cache_files.user_key() is None:
        raise cache_files.CacheRejected("no cache key")
    with index_files.Build(directory) as build:
        ix = windex.create_in(str(build.folder), make_schema())
        writer = ix.writer(limitmb=256)
        total = len(corpus.entries)
        docs = list(documents(corpus))
        for n, doc in enumerate(docs, 1):
            writer.add_document(**whoosh_fields(doc))
            if progress and (n % 200 == 0 or n == total):  # and the last, so the bar ends full
                progress("Indexing", "entries", n, total)
        writer.commit()
        ix.close()
        parts = {
            LEXICON_FILE: lexicon_of(corpus, docs).to_bytes(),
            GAME_MODEL_FILE: GameModel.from_corpus(corpus).to_bytes(),
            TITLES_FILE: TitleTable.from_corpus(corpus).to_bytes(),
            BRIDGE_FILE: pickle.dumps(load_vocabulary(corpus), protocol=pickle.HIGHEST_PROTOCOL),
        }
        for name, data in parts.items():
            (build.folder / name).write_bytes(data)
        build.finish(_key(corpus), INDEX_FORMAT)


def _key(corpus: Corpus) -> str:
    return corpus.cache_key or content_key()


def _open_existing(corpus: Corpus, directory: Path):
    """whoosh's index, once every file in the folder is the one the signed manifest lists."""
    from whoosh import index as windex

    listing = index_files.read_manifest(directory, _key(corpus), INDEX_FORMAT)
    if listing is None:
        raise FileNotFoundError(directory / index_files.MANIFEST)
    index_files.verify_all(directory, listing)
    ix = windex.open_dir(str(directory))
    # Touch the segment files now, so a damaged index fails here, not mid-search.
    with ix.searcher() as s:
        s.doc_count()
        list(s.lexicon("kind"))
    return ix


def index_dir(corpus: Corpus) -> Path:
    """Beside the corpus pickle it belongs to: the key the corpus was loaded under is reused,
    so a search does not hash every data file a second time."""
    return cache_path(corpus.cache_key) / "index"


# What a cache that cannot be used raises: missing, damaged, unsigned or unwritable.
_UNUSABLE = (OSError, cache_files.CacheRejected, files.WriteError)


def open_index(corpus: Corpus, directory: Path | None = None, progress=None):
    """Open the cached index, rebuilding it if it is missing, stale, damaged or unsigned."""
    directory = directory or index_dir(corpus)
    try:
        return _open_existing(corpus, directory)
    except cache_files.CacheRejected:
        pass  # reported once; rebuilt below
    except FileNotFoundError:
        pass  # not built yet
    except Exception as exc:  # whoosh's own reading errors: files that passed the manifest but not whoosh
        cache_files.report_once(
            f"the index in {directory} cannot be read ({exc.__class__.__name__}: {exc}); it is rebuilt"
        )
    try:
        build_index(corpus, directory, progress)
        return _open_existing(corpus, directory)
    except _UNUSABLE:  # an unwritable cache directory (reported): keep the index in memory instead
        return build_in_memory(corpus)


def build_in_memory(corpus: Corpus):
    from whoosh.filedb.filestore import RamStorage

    ix = RamStorage().create_index(make_schema())
    writer = ix.writer()
    for doc in documents(corpus):
        writer.add_document(**whoosh_fields(doc))
    writer.commit()
    return ix


def _listing(corpus: Corpus, directory: Path, progress=None) -> dict[str, str] | None:
    """The manifest of the cached index, building it if it is missing, stale or unsigned.
    None when the cache cannot be used (the searcher then builds everything in memory)."""
    try:
        listing = index_files.read_manifest(directory, _key(corpus), INDEX_FORMAT)
        if listing is not None:
            return listing
    except _UNUSABLE:
        pass  # reported once; rebuilt below
    try:
        build_index(corpus, directory, progress)
        return index_files.read_manifest(directory, _key(corpus), INDEX_FORMAT)
    except _UNUSABLE as exc:
        cache_files.report_once(f"cannot build the search index in {directory} ({exc}); it is kept in memory")
        return None


def open_searcher(corpus: Corpus, progress=None, saved_rulings=None):
    """The searcher over the cached index. The files a plain-word search needs (lexicon, game
    model, titles, bridge) are read now, each checked against the signed manifest; whoosh's own
    index only when a query needs it. A file that fails the check is reported, the index is
    rebuilt once, then it must read. `saved_rulings`: the searcher's saved-rulings source
    (ranking.SavedRulings; None: none are searched)."""
    from judge.search.searcher import Searcher  # deferred: start-up

    directory = index_dir(corpus)
    if directory.parent.is_dir():
        index_files.remove_dead_builds(directory.parent)
    listing = _listing(corpus, directory, progress)
    if listing is None:
        return _in_memory_searcher(corpus, saved_rulings)
    try:
        parts = _read_parts(directory, listing)
    except _UNUSABLE:  # reported by read_part, or a file gone: rebuild once, then it must read
        build_index(corpus, directory, progress)
        rebuilt = index_files.read_manifest(directory, _key(corpus), INDEX_FORMAT)
        if rebuilt is None:
            raise OSError(
                f"the search index just built in {directory} has no manifest (is another judge rebuilding it?)"
            ) from None
        parts = _read_parts(directory, rebuilt)
    lexicon, games, titles, vocabulary = parts
    return Searcher(
        corpus,
        lexicon,
        lambda: open_index(corpus, directory, progress),
        games,
        titles,
        vocabulary,
        saved_rulings=saved_rulings,
    )


def _read_parts(directory: Path, listing: dict[str, str]):
    def part(name: str) -> bytes:
        return index_files.read_part(directory, listing, name)

    # Each part's bytes are the ones this user's judge listed in the signed manifest.
    with cache_files.long_lived():
        return (
            Lexicon.from_bytes(part(LEXICON_FILE)),
            GameModel.from_bytes(part(GAME_MODEL_FILE)),
            TitleTable.from_bytes(part(TITLES_FILE)),
            pickle.loads(part(BRIDGE_FILE)),
        )


def _in_memory_searcher(corpus: Corpus, saved_rulings=None):
    """An unwritable cache directory: everything is built in memory, for this process only."""
    from judge.search.searcher import Searcher  # deferred: start-up

    return Searcher(
        corpus,
        lexicon_of(corpus, list(documents(corpus))),
        lambda: build_in_memory(corpus),
        GameModel.from_corpus(corpus),
        TitleTable.from_corpus(corpus),
        load_vocabulary(corpus),
        saved_rulings=saved_rulings,
    )
