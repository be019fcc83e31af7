"""One edition of one document as a Corpus of its own, parsed by the document's parser and
linked (the No Dawn card entries too), cached and signed like the main corpus.

Its cache folder is `edition-<digest>` in the cache: the digest covers the data files, the
code that builds a corpus (loader.base_digest) and the edition's source checksum. Folders of older code or data are removed when
a new one is written (only folders judge marked as its own, see judge.cache_files).
"""

from __future__ import annotations

import hashlib

from judge import cache_files, paths
from judge.corpus.model import Corpus
from judge.editions import loader, store

_MEMO: dict[str, Corpus] = {}  # per process: a diff or a trace asks for one edition many times


def edition_key(edition: store.Edition, base: str | None = None) -> str:
    base = base or loader.base_digest().hexdigest()
    digest = hashlib.sha256(f"{base} {edition.doc} {edition.name} {edition.date} {edition.sha256}".encode())
    return f"{loader.EDITION_CACHE_PREFIX}{base[:8]}-{digest.hexdigest()[:16]}"


def corpus_for(doc: str, name: str) -> Corpus:
    """That one edition (its name or its date) of `doc`; UnknownEdition names those that exist."""
    edition = store.find(doc, name)
    base = loader.base_digest().hexdigest()
    key = edition_key(edition, base)
    if key in _MEMO:
        return _MEMO[key]
    folder = paths.cache_dir() / key
    corpus = loader.read_cached(folder, key)
    if corpus is None:
        corpus = loader.build_corpus(chosen={doc: edition})
        corpus.cache_key = key
        if loader.write_cached(folder, key, corpus):
            _prune_older(base)
    _MEMO[key] = corpus
    return corpus


def _prune_older(base: str) -> None:
    """Edition caches built from other data or code are never read again."""
    prefix = f"{loader.EDITION_CACHE_PREFIX}{base[:8]}-"
    for child in paths.cache_dir().iterdir():
        if (
            child.name.startswith(loader.EDITION_CACHE_PREFIX)
            and not child.name.startswith(prefix)
            and cache_files.is_ours(child)
        ):
            cache_files.remove_tree(child)
