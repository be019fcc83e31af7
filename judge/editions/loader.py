"""Read the bundled documents into one Corpus, through an on-disk cache.

The cache key covers the content of every data file (sources, topic tables, cards), the
package's source code and the edition read of each document (judge.editions: the newest, or
the one in force on $JUDGE_EVENT_DATE), so editing a source or a parser, or importing an
edition, invalidates it by itself. A missing or unreadable source is reported and the other
documents still load.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import pickle
import sys
from collections.abc import Callable
from pathlib import Path

from judge import cache_files, files, paths
from judge.corpus.documents import DOCUMENTS, DocumentSpec
from judge.corpus.model import Corpus, DocumentInfo, Problem

CACHE_FORMAT = 2  # 2: signed files in marked folders (cache_files)
CORPUS_FILE = "corpus.pickle"
EDITION_CACHE_PREFIX = "edition-"  # one edition's own corpus (judge.editions.corpora), kept apart
_DATA_TREES = ("rules", "rulings", "cards")
_DATA_SUFFIXES = {".txt", ".yaml", ".yml", ".json"}

# progress(stage, detail, done, total): called while something slow (a rebuild) runs.
Progress = Callable[[str, str, int, int], None]


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def content_key(chosen: dict | None = None) -> str:
    """A digest of every data file, of the package code and of the editions read: the cache's name."""
    digest = base_digest()
    for doc, edition in sorted((chosen if chosen is not None else selected_editions()).items()):
        if not edition.bundled:  # none imported: the key of the bundled files alone, as it always was
            digest.update(f"edition {doc} {edition.name} {edition.date} {edition.sha256}".encode())
    return digest.hexdigest()[:20]


def selected_editions() -> dict:
    """The edition of each document the main corpus reads (judge.editions.store.selected)."""
    from judge.editions import store  # deferred: start-up

    return {spec.key: store.selected(spec.key) for spec in DOCUMENTS}


def base_digest():
    """A running digest of every data file and of the package code (what any parse depends on)."""
    # The interpreter too: a pickle is only read back by the Python that wrote it.
    digest = hashlib.sha256(f"format {CACHE_FORMAT} {sys.implementation.cache_tag}".encode())
    root = paths.data_root()
    for tree in _DATA_TREES:
        base = root / tree
        if not base.is_dir():
            continue
        for parts, path in _files_under(base, lambda name: os.path.splitext(name)[1] in _DATA_SUFFIXES):
            digest.update("/".join((tree, *parts)).encode())
            with open(path, "rb") as fh:
                digest.update(fh.read())
    # The whole package's code, not just the parsers: linkers import other layers (the No Dawn
    # card entries are read through the engine's card loader). A new version rebuilds once.
    package = Path(__file__).resolve().parents[1]
    for parts, path in _files_under(package, lambda name: name.endswith(".py")):
        digest.update("/".join(parts).encode())
        with open(path, "rb") as fh:
            digest.update(fh.read())
    return digest


def _files_under(top: Path, wanted: Callable[[str], bool]) -> list[tuple[tuple[str, ...], str]]:
    """(path parts below `top`, path) of every file under it whose name is `wanted`, sorted by
    parts (as sorted Paths are), symlinked folders not followed (as rglob does not). os.scandir,
    not Path.rglob: this runs at every start-up, over ~300 files, and costs half as much."""
    found: list[tuple[tuple[str, ...], str]] = []
    folders: list[tuple[str, tuple[str, ...]]] = [(str(top), ())]
    while folders:
        folder, parts = folders.pop()
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    folders.append((entry.path, (*parts, entry.name)))
                elif wanted(entry.name) and entry.is_file():
                    found.append(((*parts, entry.name), entry.path))
    found.sort()
    return found


def _read_source(edition) -> str:
    """The text of one edition's source file: the bundled file is UTF-8; an imported one is read
    in the encoding it was imported in, and must still be the file that was imported."""
    raw = edition.path.read_bytes()
    if edition.bundled:
        return raw.decode("utf-8")
    from judge.editions import text  # deferred: start-up
    from judge.editions.errors import EditionError  # deferred: start-up

    if hashlib.sha256(raw).hexdigest() != edition.sha256:
        raise EditionError(
            f"{edition.path} is not the file that was imported (its checksum differs); import the edition again"
        )
    return text.decode(raw, edition.encoding)


def _parse_one(spec: DocumentSpec, corpus: Corpus, edition) -> None:
    path = edition.path
    info = DocumentInfo(spec.key, spec.game, spec.title, str(path), spec.kind)
    corpus.editions[spec.key] = edition
    try:
        text = _read_source(edition)
    except (OSError, UnicodeDecodeError) as exc:
        info.error = f"cannot read {path}: {exc.__class__.__name__}: {exc}"
        corpus.add_document(info, None)
        corpus.problems.append(Problem(spec.key, "missing-source", info.error))
        return
    info.sha256 = edition.sha256
    module_name = f"judge.corpus.{spec.parser}"
    try:
        module = importlib.import_module(module_name)
        parsed = module.parse(text)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise
        info.error = f"no parser for {spec.title} ({spec.parser})"
        corpus.add_document(info, None)
        corpus.problems.append(Problem(spec.key, "no-parser", info.error))
        return
    except Exception as exc:  # a parser bug must not take the other documents down with it
        info.error = f"could not parse {path.name}: {exc.__class__.__name__}: {exc}"
        corpus.add_document(info, None)
        corpus.problems.append(Problem(spec.key, "parse-error", info.error))
        return
    info.loaded = True
    corpus.add_document(info, parsed)


def build_corpus(progress: Progress | None = None, chosen: dict | None = None) -> Corpus:
    """Parse the documents of `chosen` (doc -> Edition; default: every document at its
    selected edition), no cache."""
    chosen = chosen if chosen is not None else selected_editions()
    specs = [spec for spec in DOCUMENTS if spec.key in chosen]
    corpus = Corpus()
    for n, spec in enumerate(specs):
        if progress:
            progress("Parsing", spec.title, n, len(specs))
        _parse_one(spec, corpus, chosen[spec.key])
    if progress:
        progress("Parsing", "linking", len(specs), len(specs))
    from judge.corpus import crosslinks  # deferred: start-up

    crosslinks.link_all(corpus)
    corpus.finish()
    return corpus


def cache_path(key: str | None = None) -> Path:
    return paths.cache_dir() / (key or content_key())


def load_corpus(use_cache: bool = True, progress: Progress | None = None) -> Corpus:
    """The corpus from the cache when it is fresh and its signature checks out, else parsed
    and cached."""
    chosen = selected_editions()
    if not use_cache:
        return build_corpus(progress, chosen)
    key = content_key(chosen)
    folder = cache_path(key)
    corpus = read_cached(folder, key)
    if corpus is None:
        corpus = build_corpus(progress, chosen)
        corpus.cache_key = key
        _write_cache(folder, key, corpus)
    corpus.cache_key = key
    return corpus


def read_cached(folder: Path, key: str, name: str = CORPUS_FILE) -> Corpus | None:
    """A corpus pickle of this cache, once its signature checks out; None when there is none
    (or it is rejected: reported, and rebuilt by the caller)."""
    if cache_files.user_key() is None:
        return None
    path = folder / name
    try:
        data = cache_files.read_sealed(path, f"{key}/{name}")
    except FileNotFoundError:
        return None
    except cache_files.CacheRejected:  # reported by unseal; rebuilt by the caller
        return None
    except OSError as exc:
        cache_files.report_once(f"cannot read the cache file {path} ({exc.strerror or exc}); rebuilding it")
        return None
    # Signed by this user's judge for exactly these sources and this code: safe to unpickle.
    with cache_files.long_lived():
        return pickle.loads(data)


def _write_cache(folder: Path, key: str, corpus: Corpus) -> None:
    if write_cached(folder, key, corpus):
        _prune_other_keys(key)


def write_cached(folder: Path, key: str, corpus: Corpus, name: str = CORPUS_FILE) -> bool:
    """Keep a parsed corpus for next time; a cache that cannot be written costs speed only."""
    if cache_files.user_key() is None:
        return False
    try:
        cache_files.make_folder(folder)
        cache_files.write_sealed(folder / name, pickle.dumps(corpus, protocol=pickle.HIGHEST_PROTOCOL), f"{key}/{name}")
        cache_files.remove_leftover_temporaries(folder)
        return True
    except (OSError, files.WriteError, cache_files.CacheRejected) as exc:
        cache_files.report_once(f"cannot write the cache in {folder} ({exc}); working without it")
        return False


def _prune_other_keys(key: str) -> None:
    """Caches of older sources or parsers are never read again: remove them — only folders
    whose signed mark proves judge made them (see cache_files)."""
    root = paths.cache_dir()
    for child in root.iterdir():
        if child.name != key and not child.name.startswith(EDITION_CACHE_PREFIX) and cache_files.is_ours(child):
            cache_files.remove_tree(child)
