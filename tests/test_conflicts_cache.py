"""The notes index kept in the signed cache beside the corpus (judge.conflicts.cached): read
back it equals a fresh build, it is stale exactly when the corpus cache is (same key, same
folder), a tampered copy is refused and rebuilt, and reading it needs no YAML."""

from __future__ import annotations

import subprocess
import sys

from bundled import REPO

from judge.conflicts import cached
from judge.conflicts.notes import build_index
from judge.editions.loader import cache_path


def _same(a, b) -> bool:
    return (repr(sorted(a.by_entry.items())), a.conflicts, a.problems, a.anomaly_kinds) == (
        repr(sorted(b.by_entry.items())),
        b.conflicts,
        b.problems,
        b.anomaly_kinds,
    )


def test_kept_beside_the_corpus_and_read_back_without_building(corpus, monkeypatch):
    path = cache_path(corpus.cache_key) / cached.NOTES_FILE
    path.unlink(missing_ok=True)
    first = cached.load_index(corpus)
    assert path.is_file() and _same(first, build_index(corpus))

    def no_build(*_args, **_kwargs):
        raise AssertionError("built again although the cache holds the index")

    monkeypatch.setattr(cached, "build_index", no_build)
    assert _same(cached.load_index(corpus), first)


def test_a_tampered_copy_is_refused_reported_and_rebuilt(corpus, capsys):
    path = cache_path(corpus.cache_key) / cached.NOTES_FILE
    cached.load_index(corpus)
    data = bytearray(path.read_bytes())
    data[-5] ^= 0x01  # a same-length edit
    path.write_bytes(bytes(data))
    rebuilt = cached.load_index(corpus)
    assert _same(rebuilt, build_index(corpus))
    assert cached.NOTES_FILE in capsys.readouterr().err
    assert path.read_bytes() != bytes(data)  # kept anew, signed


def test_reading_the_kept_notes_imports_no_yaml(corpus):
    cached.load_index(corpus)  # kept in the session's cache, which the child process shares
    probe = (
        "import sys; from judge import context; context.conflicts(); "
        "print(sorted(m for m in sys.modules if m == 'yaml' or m.startswith('yaml.')))"
    )
    out = subprocess.run([sys.executable, "-c", probe], cwd=REPO, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stderr
