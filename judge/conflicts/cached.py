"""The notes index kept in the signed cache beside the corpus.

The index is built from the policy file, the anomaly kinds and the corpus. It lives in the
corpus's cache folder (whose key digests every data file and all of judge's code) and carries
the digest of the two files it was built from, as read now (paths and bytes: a data folder
pointed elsewhere after the corpus was loaded is noticed). Read back, it needs no YAML parsing
— that is the point: every `judge show` and `judge search` reads the notes.
"""

from __future__ import annotations

import hashlib
import pickle

from judge import cache_files, files
from judge.conflicts.notes import ConflictIndex, build_index
from judge.corpus.model import Corpus

NOTES_FILE = "notes.pickle"


def load_index(corpus: Corpus) -> ConflictIndex:
    """The notes index for the bundled policy and anomaly files: from the cache when its
    signature checks out, else built (and kept when the corpus's cache folder is judge's)."""
    key = getattr(corpus, "cache_key", None)
    if not key or cache_files.user_key() is None:
        return build_index(corpus)
    from judge.editions.loader import cache_path  # deferred: start-up

    folder = cache_path(key)
    path, label = folder / NOTES_FILE, f"{key}/{NOTES_FILE}"
    sources = _sources_digest()
    try:
        # signed by this user's judge for exactly these sources and this code: safe to unpickle
        with cache_files.long_lived():
            built_from, index = pickle.loads(cache_files.read_sealed(path, label))
        if built_from == sources:
            return index
    except FileNotFoundError:
        pass  # not kept yet
    except cache_files.CacheRejected:
        pass  # reported once by unseal; rebuilt below
    except OSError as exc:
        cache_files.report_once(f"cannot read the cache file {path} ({exc.strerror or exc}); rebuilding it")
    index = build_index(corpus)
    if cache_files.is_ours(folder):  # the corpus's folder, marked: never write into another
        try:
            cache_files.write_sealed(path, pickle.dumps((sources, index), protocol=pickle.HIGHEST_PROTOCOL), label)
        except (OSError, files.WriteError, cache_files.CacheRejected) as exc:
            cache_files.report_once(f"cannot keep the notes in {folder} ({exc}); they are built each time")
    return index


def _sources_digest() -> str:
    """The policy and anomaly files the index would be built from now: their paths and bytes
    (a missing one counts as such; build_index then reports it)."""
    from judge.conflicts.anomaly_kinds import anomalies_path  # deferred: start-up
    from judge.conflicts.policy_file import policies_path  # deferred: start-up

    digest = hashlib.sha256()
    for source in (policies_path(), anomalies_path()):
        digest.update(str(source).encode() + b"\0")
        try:
            digest.update(source.read_bytes())
        except OSError as exc:
            digest.update(f"unreadable: {exc.__class__.__name__}".encode())
        digest.update(b"\0")
    return digest.hexdigest()
