"""The cache: keyed by content, rebuilt when a source changes or the cache is damaged;
missing sources reported by name while the other documents load; bad queries never raise."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from judge import paths
from judge.editions import loader
from judge.search import index as sindex

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture
def data_copy(tmp_path, monkeypatch):
    """A private copy of the bundled data and an empty cache, both under tmp_path."""
    root = tmp_path / "data"
    for tree in ("rules", "rulings", "cards"):
        if (paths.data_root() / tree).is_dir():
            shutil.copytree(paths.data_root() / tree, root / tree)
    monkeypatch.setenv("JUDGE_DATA_DIR", str(root))
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    return root


@pytest.fixture
def small_data_copy(data_copy):
    """The data copy with one small document (the CCG excerpt, 80 entries) left of the five: the
    cache and index mechanics are the same, at a fraction of the build time."""
    from judge.corpus.documents import DOCUMENTS

    for spec in DOCUMENTS:
        if spec.key != "ce":
            (data_copy / spec.relpath).unlink()
    return data_copy


def test_the_small_copy_is_one_loaded_document(small_data_copy):
    corpus = loader.load_corpus()
    assert [key for key, info in corpus.documents.items() if info.loaded] == ["ce"]
    assert sum(1 for _ in corpus.in_doc("ce")) == 80


def test_cache_key_follows_source_content(data_copy):
    before = loader.content_key()
    assert loader.content_key() == before  # stable
    source = data_copy / "rules/nodawn/nodawn-comprehensive-rules.txt"
    source.write_text(source.read_text() + "\n")
    assert loader.content_key() != before


def test_changed_source_is_reparsed(small_data_copy):
    first = loader.load_corpus()
    source = small_data_copy / "rules/l5r-ccg/l5r-ccg-ce-card-states.txt"
    source.write_text("")  # an emptied document
    second = loader.load_corpus()
    assert second.documents["ce"].sha256 != first.documents["ce"].sha256
    assert sum(1 for _ in second.in_doc("ce")) <= sum(1 for _ in first.in_doc("ce"))


def test_truncated_cache_is_rebuilt(small_data_copy):
    corpus = loader.load_corpus()
    pickle_path = loader.cache_path() / "corpus.pickle"
    assert pickle_path.exists()
    data = pickle_path.read_bytes()
    pickle_path.write_bytes(data[: len(data) // 3])
    again = loader.load_corpus()
    assert set(again.entries) == set(corpus.entries)
    assert len(pickle_path.read_bytes()) == len(data)


@pytest.mark.slow
def test_truncated_index_is_rebuilt(small_data_copy):
    corpus = loader.load_corpus()
    ix = sindex.open_index(corpus)
    count = ix.doc_count()
    ix.close()
    directory = loader.cache_path() / "index"
    for segment in directory.glob("*.seg"):
        segment.write_bytes(segment.read_bytes()[:10])
    for toc in directory.glob("*.toc"):
        toc.write_bytes(b"garbage")
    rebuilt = sindex.open_index(corpus)
    assert rebuilt.doc_count() == count == len(corpus.entries)


@pytest.mark.slow
def test_missing_source_is_named_and_others_load(data_copy):
    (data_copy / "rulings/shadowfist/shadowfist-omnifaq-2007-08-10.txt").unlink()
    corpus = loader.load_corpus(use_cache=False)
    info = corpus.documents["sf"]
    assert not info.loaded
    assert "shadowfist-omnifaq-2007-08-10.txt" in info.error
    assert any(p.kind == "missing-source" and p.doc == "sf" for p in corpus.problems)
    assert not any(e.doc == "sf" for e in corpus.entries.values())
    assert corpus.documents["nd"].loaded


@pytest.mark.slow
def test_undecodable_source_is_reported(data_copy):
    (data_copy / "rules/l5r-lcg/l5r-lcg-rules-reference.txt").write_bytes(b"\xff\xfe\x00bad")
    corpus = loader.load_corpus(use_cache=False)
    assert "l5r-lcg-rules-reference.txt" in corpus.documents["lcg"].error
    assert corpus.documents["nd"].loaded


@pytest.mark.slow
def test_unwritable_cache_still_searches(small_data_copy, monkeypatch, tmp_path):
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the cache directory should be")
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(blocker / "cache"))
    corpus = loader.load_corpus()
    ix = sindex.open_index(corpus)
    assert ix.doc_count() == len(corpus.entries)


@pytest.mark.slow
def test_parsing_reports_progress(data_copy):
    seen = []
    loader.build_corpus(progress=lambda *args: seen.append(args))
    assert ("Parsing", "No Dawn Comprehensive Rules", 0, 5) in seen
    assert seen[-1][0] == "Parsing" and seen[-1][2] == seen[-1][3]


@pytest.mark.slow
def test_indexing_reports_progress(small_data_copy, tmp_path):
    seen = []
    corpus = loader.build_corpus()
    sindex.build_index(corpus, tmp_path / "ix", progress=lambda *args: seen.append(args))
    assert seen and all(stage == "Indexing" and done <= total for stage, _, done, total in seen)
    assert seen[-1][2] == seen[-1][3]
