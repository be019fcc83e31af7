"""The cache touches only what it made and trusts only what this user's judge signed (issue 20
items 1, 3 and 4): foreign folders survive a prune, a killed build's leftovers are removed and a
live build's are not, a same-length edit or a crafted pickle is caught, reported once, rebuilt."""

from __future__ import annotations

import os
import pickle
import stat
import subprocess
import sys

import pytest
from test_cache_and_index import data_copy, small_data_copy  # noqa: F401 - fixtures

from judge import cache_files, notices, paths
from judge.editions import loader
from judge.search import index as sindex
from judge.search import index_files

pytestmark = pytest.mark.usefixtures("fresh_key")


@pytest.fixture
def fresh_key(tmp_path, monkeypatch):
    """A config folder of the test's own, and the key and the said-once messages forgotten."""
    monkeypatch.setenv("JUDGE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setattr(cache_files._Key, "value", None)
    monkeypatch.setattr(cache_files._Key, "made_now", False)
    monkeypatch.setattr(cache_files._Key, "refused", None)
    monkeypatch.setattr(notices, "_said", set())


class Boom:
    """A pickle that runs code when loaded: it writes a file."""

    def __init__(self, target):
        self.target = str(target)

    def __reduce__(self):
        return (open, (self.target, "w"))


def test_the_key_is_created_private(small_data_copy):
    loader.load_corpus()
    key = paths.config_dir() / cache_files.KEY_FILE
    assert stat.S_IMODE(key.stat().st_mode) == 0o600 and len(key.read_bytes()) == cache_files.KEY_BYTES


def test_a_folder_judge_did_not_make_is_never_pruned(small_data_copy):
    """`mkdir $d/tax-returns-2025-usa; JUDGE_CACHE_DIR=$d judge show 704.5j` deleted it."""
    root = paths.cache_dir()
    foreign = root / "tax-returns-2025-usa"  # 20 characters, like a content key
    foreign.mkdir(parents=True)
    (foreign / "1040.pdf").write_text("keep me")
    stale = root / ("0" * 20)
    cache_files.make_folder(stale)  # an older key's folder, made (and marked) by judge
    (stale / "corpus.pickle").write_bytes(b"old")
    forged = root / ("1" * 20)
    forged.mkdir()
    (forged / cache_files.MARKER).write_text("not a signature")
    loader.load_corpus()
    assert (foreign / "1040.pdf").read_text() == "keep me"
    assert forged.is_dir()
    assert not stale.exists()
    assert sorted(p.name for p in root.iterdir()) == sorted([foreign.name, forged.name, loader.content_key()])


def test_a_same_length_edit_is_caught_reported_once_and_rebuilt(small_data_copy, capsys):
    """It was printed as the rule next to the genuine source checksum."""
    genuine = loader.load_corpus()
    entry = next(iter(genuine.entries.values()))
    path = loader.cache_path() / loader.CORPUS_FILE
    blob = path.read_bytes()
    word = entry.text.split()[0].encode()
    assert blob.count(word) >= 1
    path.write_bytes(blob.replace(word, b"X" * len(word), 1))
    capsys.readouterr()
    again = loader.load_corpus()
    assert again.get(entry.id).text == entry.text
    loader.load_corpus()  # rebuilt: read quietly now
    assert capsys.readouterr().err == (
        f"judge: the cache file {path} fails its integrity check (damaged, or "
        "changed by another program); it is not used and is rebuilt\n"
    )
    assert path.read_bytes() == blob or len(path.read_bytes()) == len(blob)


def test_a_crafted_corpus_pickle_runs_no_code(small_data_copy, tmp_path, capsys):
    loader.load_corpus()
    path = loader.cache_path() / loader.CORPUS_FILE
    ran = tmp_path / "pwned"
    path.write_bytes(pickle.dumps(Boom(ran)))
    corpus = loader.load_corpus()
    assert not ran.exists()
    assert corpus.documents["ce"].loaded
    assert "fails its integrity check" in capsys.readouterr().err


def test_a_crafted_pickle_signed_by_another_key_runs_no_code(small_data_copy, tmp_path, monkeypatch):
    """Someone who can write the cache folder but not read the user's key cannot forge a file."""
    loader.load_corpus()
    path = loader.cache_path() / loader.CORPUS_FILE
    ran = tmp_path / "pwned"
    monkeypatch.setattr(cache_files._Key, "value", b"k" * cache_files.KEY_BYTES)
    forged = cache_files.seal(pickle.dumps(Boom(ran)), f"{loader.content_key()}/{loader.CORPUS_FILE}")
    monkeypatch.setattr(cache_files._Key, "value", None)
    path.write_bytes(forged)
    loader.load_corpus()
    assert not ran.exists()


@pytest.mark.slow
def test_a_crafted_index_part_runs_no_code_and_the_index_is_rebuilt(small_data_copy, tmp_path, capsys):
    corpus = loader.load_corpus()
    sindex.open_searcher(corpus)
    directory = sindex.index_dir(corpus)
    ran = tmp_path / "pwned"
    (directory / sindex.GAME_MODEL_FILE).write_bytes(pickle.dumps(Boom(ran)))
    searcher = sindex.open_searcher(corpus)
    assert not ran.exists()
    assert searcher.search("bowed").hits
    assert capsys.readouterr().err == (
        f"judge: the cache file {directory / sindex.GAME_MODEL_FILE} does not "
        "match its index's manifest (damaged, or changed by another program); "
        "the index is rebuilt\n"
    )


@pytest.mark.slow
def test_a_file_slipped_into_the_index_is_never_read_by_whoosh(small_data_copy, tmp_path, capsys):
    """whoosh reads the newest TOC it finds, and a TOC holds a pickle."""
    corpus = loader.load_corpus()
    sindex.open_index(corpus).close()
    directory = sindex.index_dir(corpus)
    ran = tmp_path / "pwned"
    (directory / "_MAIN_99.toc").write_bytes(pickle.dumps(Boom(ran)))
    ix = sindex.open_index(corpus)
    assert not ran.exists()
    assert ix.doc_count() == len(corpus.entries)
    assert (
        "has files its manifest does not list, or lacks some (_MAIN_99.toc); it is rebuilt" in capsys.readouterr().err
    )


def test_a_lost_key_means_a_quiet_rebuild(small_data_copy, capsys, monkeypatch):
    loader.load_corpus()
    (paths.config_dir() / cache_files.KEY_FILE).unlink()
    monkeypatch.setattr(cache_files._Key, "value", None)
    capsys.readouterr()
    assert loader.load_corpus().documents["ce"].loaded
    assert capsys.readouterr().err == ""


def test_a_key_others_can_read_is_refused_and_judge_works_uncached(small_data_copy, capsys):
    key = paths.config_dir() / cache_files.KEY_FILE
    key.parent.mkdir(parents=True)
    key.write_bytes(b"k" * cache_files.KEY_BYTES)
    key.chmod(0o644)
    corpus = loader.load_corpus()
    assert corpus.documents["ce"].loaded
    assert not (loader.cache_path() / loader.CORPUS_FILE).exists()
    assert capsys.readouterr().err == (
        f"judge: the cache key {key} is not used (others may read or write it "
        "(mode 0644; make it 0600)); working without the cache\n"
    )


def _hold_lock_in_a_child(lock_path):
    child = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import fcntl, sys, time; f = open(sys.argv[1], 'wb'); "
            "fcntl.flock(f, fcntl.LOCK_EX); print('locked', flush=True); time.sleep(120)",
            str(lock_path),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout.readline() == "locked\n"
    return child


@pytest.mark.slow
def test_a_killed_builds_folder_is_removed_and_a_live_ones_kept(small_data_copy):
    """kill -9 mid-index left index.building-* folders (2-5 MB each) that nothing removed."""
    corpus = loader.load_corpus()
    folder = loader.cache_path()
    killed, live, foreign = (folder / f"index.building-{name}" for name in ("killed", "live", "mine"))
    for build in (killed, live, foreign):
        build.mkdir()
        (build / "MAIN_x.seg").write_bytes(b"half an index")
    (foreign / "notes.txt").write_text("no lock file: not a build's")
    builders = [_hold_lock_in_a_child(build / index_files.BUILD_LOCK) for build in (killed, live)]
    builders[0].kill()  # kill -9: the lock goes with the process
    builders[0].wait()
    try:
        sindex.open_searcher(corpus)
        assert not killed.exists()
        assert live.is_dir() and foreign.is_dir()
    finally:
        builders[1].kill()
        builders[1].wait()
    index_files.remove_dead_builds(folder)
    assert not live.exists() and foreign.is_dir()


def test_a_killed_writers_temporary_file_is_removed(small_data_copy):
    loader.load_corpus()
    folder = loader.cache_path()
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True, check=True
    ).stdout.strip()
    leftover = folder / f".corpus.pickle.tmp-{dead}-0"
    leftover.write_bytes(b"half a pickle")
    (folder / loader.CORPUS_FILE).unlink()
    loader.load_corpus()
    assert not leftover.exists()


def test_cache_files_are_written_with_the_umask(small_data_copy):
    old = os.umask(0o027)
    try:
        loader.load_corpus()
    finally:
        os.umask(old)
    assert stat.S_IMODE((loader.cache_path() / loader.CORPUS_FILE).stat().st_mode) == 0o640


@pytest.mark.slow
def test_a_folder_in_the_keys_place_that_judge_did_not_make_is_not_written_into(small_data_copy, capsys):
    folder = loader.cache_path()
    folder.mkdir(parents=True)
    (folder / "mine.txt").write_text("keep me")
    corpus = loader.load_corpus()
    assert sindex.open_searcher(corpus).search("bowed").hits
    assert sorted(p.name for p in folder.iterdir()) == ["mine.txt"]
    refused = f"{folder} is in the way and was not made by judge"
    assert capsys.readouterr().err == (
        f"judge: cannot write the cache in {folder} ({refused}); working without it\n"
        f"judge: cannot build the search index in {folder / 'index'} ({refused}); it is kept in memory\n"
    )


@pytest.mark.slow
def test_two_processes_building_at_once_both_search_and_leave_nothing_behind(small_data_copy):
    """Both make the key at once (one link wins), both build, neither mistakes the other's
    files for tampering, and no build folder is left."""
    script = (
        "from judge.editions.loader import load_corpus; from judge.search.index import open_searcher; "
        "print(len(open_searcher(load_corpus()).search('bowed').hits))"
    )
    runs = [
        subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    outcomes = [run.communicate(timeout=300) + (run.returncode,) for run in runs]
    assert [(err, code) for _, err, code in outcomes] == [("", 0), ("", 0)]
    assert outcomes[0][0] == outcomes[1][0] != "0\n"
    assert sorted(p.name for p in loader.cache_path().iterdir()) == [cache_files.MARKER, loader.CORPUS_FILE, "index"]
    assert len(list(paths.config_dir().iterdir())) == 1
