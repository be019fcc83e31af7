"""The judge's index (judge/search/judge_index.py, rules/judge-index-brief.md): every bundled entry
indexed or skipped with its reason, every item written for the entry's present text, no question
that paraphrases a question of our sets, malformed files refused naming file and line, items that
no longer apply left out and named, and a hit found through its questions saying which."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from judge.corpus.model import Corpus, DocumentInfo, Entry
from judge.search import judge_index

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench" / "evaluation"))
from dedup_questions import paraphrases  # noqa: E402

QUESTION_SETS = sorted((REPO / "tests/data").glob("judge_questions_*.json"))
# The shared bench is compared too where it lies beside the checkout (never at CI's clone).
SHARED_BENCH = REPO.parent / "shared/bench/questions.json"


@pytest.fixture(scope="module")
def reading(corpus):
    return judge_index.read(corpus)


def _all_items():
    for doc in ("nd", "lcg", "ccg", "ce", "sf"):
        yield doc, judge_index.read_file(judge_index.index_path(doc))


def test_every_bundled_entry_is_indexed_or_skipped_with_its_reason(corpus, reading):
    assert reading.problems == []
    assert reading.changed == {} and reading.unwritten == {}
    assert set(reading.items) == set(corpus.entries)
    for entry_id, item in reading.items.items():
        assert item.entry_id == entry_id  # the bundled edition: each entry its own item
        assert (item.skip in judge_index.SKIP_REASONS) != bool(item.questions)
        if item.questions:  # 2–4 a piece: an item merged from several pieces holds theirs
            assert 2 <= len(item.questions) <= 4 * (1 + len(item.merged)) and item.words
        # a merged item lists exactly the former ids its entry absorbed (issue 31's re-cut)
        assert list(item.merged) == corpus.get(entry_id).extra.get("sentences", [entry_id])[1:]


@pytest.mark.slow
def test_the_index_files_lie_beside_their_sources_in_document_order(corpus):
    indexes = list(_all_items())
    assert indexes
    for doc, items in indexes:
        path = judge_index.index_path(doc)
        source = REPO / next(
            s.relpath for s in __import__("judge.corpus.documents", fromlist=["x"]).DOCUMENTS if s.key == doc
        )
        assert path.parent == source.parent and path.name == source.stem + judge_index.SUFFIX
        assert [i.entry_id for i in items] == [e.id for e in corpus.in_doc(doc)]


def test_most_entries_that_state_something_have_questions(reading):
    """A census: headings and fragments are skipped, the rest indexed (exact counts move with
    the index; this guards against a writer skipping wholesale)."""
    per_doc: dict[str, list[int]] = {}
    for entry_id, item in reading.items.items():
        per_doc.setdefault(entry_id.split(":")[0], [0, 0])[bool(item.skip)] += 1
    assert per_doc
    for doc, (asked, skipped) in per_doc.items():
        assert asked >= 2 * skipped, (doc, asked, skipped)


@pytest.mark.slow
def test_no_question_carries_a_rule_number_or_an_id():
    import re

    indexes = list(_all_items())
    assert all(items for _doc, items in indexes)
    for _doc, items in indexes:
        for item in items:
            for q in item.questions:
                assert not re.search(r"\b\d{3}\.\d|\b[a-z]{2,3}:[a-z0-9]", q), (item.entry_id, q)


@pytest.mark.slow
@pytest.mark.parametrize(
    "question_set", [*QUESTION_SETS, *([SHARED_BENCH] if SHARED_BENCH.exists() else [])], ids=lambda p: p.name
)
def test_no_index_question_paraphrases_a_question_of_a_set(question_set):
    """The index is written blind; this checks it mechanically (bench/evaluation/dedup_questions.py's rule:
    word-set Jaccard >= 0.6). Only our index's ids are reported, never the set's text."""
    data = json.loads(question_set.read_text(encoding="utf-8"))
    reference = [q["question"] for q in (data["questions"] if isinstance(data, dict) else data)]
    questions = [(item.entry_id, q) for _doc, items in _all_items() for item in items for q in item.questions]
    leaks = paraphrases([q for _, q in questions], reference)
    assert [questions[n][0] for n, _, _ in leaks] == []


# -- malformed files -------------------------------------------------------------------------
GOOD = '"nd:1":\n  hash: "0123456789abcdef"\n  q:\n    - "One?"\n    - "Two?"\n  w: "words"\n'


@pytest.mark.parametrize(
    "text, line, said",
    [
        ("[1, 2]\n", 1, "must map entry ids"),
        ('"nd:1": [\n', 2, "not YAML"),
        (GOOD + '"nd:1":\n  hash: "0123456789abcdef"\n  skip: heading\n', 7, "listed twice"),
        ('"nd:1":\n  q: ["a", "b"]\n  w: "x"\n', 1, "has no hash"),
        ('"nd:1":\n  hash: 1234567890123456\n  skip: heading\n', 1, "hash must be text"),
        ('"nd:1":\n  hash: "0123"\n  skip: heading\n', 1, "16 lowercase hex"),
        ('"nd:1":\n  hash: "0123456789abcdef"\n  skip: boring\n', 3, "not one of heading"),
        ('"nd:1":\n  hash: "0123456789abcdef"\n  q: ["only one"]\n  w: "x"\n', 3, "needs 2–4 questions"),
        ('"nd:1":\n  hash: "0123456789abcdef"\n  q: ["a", "b", "c", "d", "e"]\n  w: "x"\n', 3, "needs 2–4"),
        ('"nd:1":\n  hash: "0123456789abcdef"\n  q: ["a", "b"]\n  w: "x"\n  why: "y"\n', 1, "unknown key why"),
        ('"nd:1":\n  hash: "0123456789abcdef"\n  q: ["a", 7]\n  w: "x"\n', 3, "a question must be text"),
        ('"nd:1":\n  hash: "0123456789abcdef"\n  q: ["a", "b\\u0007"]\n  w: "x"\n', 3, "control character"),
        ('"nd:1":\n  hash: "0123456789abcdef"\n  q: ["a", "   "]\n  w: "x"\n', 3, "empty"),
        ('"nd:1":\n  hash: "0123456789abcdef"\n  q: ["a", "' + "x" * 401 + '"]\n  w: "x"\n', 3, "longer than"),
        ('"nd:1": "just text"\n', 1, "must be a mapping"),
        ('"nd:1":\n  hash: "0123456789abcdef"\n  merged: []\n  skip: heading\n', 3, "merged must list"),
        (
            '"nd:1":\n  hash: "0123456789abcdef"\n  merged: ["nd:2"]\n  q: ["a", "b", "c", "d", "e", "f", "g", "h", "i"]\n'
            '  w: "x"\n',
            4,
            "needs 2–8",
        ),
        ("7: {}\n", 1, "an entry id must be text"),
    ],
)
def test_a_malformed_index_file_is_refused_whole_naming_file_and_line(tmp_path, text, line, said):
    path = tmp_path / "x.judge-index.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(judge_index.JudgeIndexError) as caught:
        judge_index.read_file(path)
    assert str(caught.value).startswith(f"{path}:{line}:") or (line == 1 and str(caught.value).startswith(f"{path}")), (
        str(caught.value)
    )
    assert said in str(caught.value)


def test_a_file_that_is_not_utf8_is_refused(tmp_path):
    path = tmp_path / "x.judge-index.yaml"
    path.write_bytes(b'"nd:1":\n  w: "\xff"\n')
    with pytest.raises(judge_index.JudgeIndexError, match="not UTF-8"):
        judge_index.read_file(path)


# -- items that do not apply -----------------------------------------------------------------
def _corpus(texts: dict[str, str], bundled: bool) -> Corpus:
    corpus = Corpus()
    entries = [Entry(id=i, doc="nd", game="nodawn", kind="rule", text=t) for i, t in texts.items()]
    corpus.add_document(
        DocumentInfo("nd", "nodawn", "No Dawn", "x"), SimpleNamespace(entries=entries, facts={}, problems=[])
    )
    corpus.editions["nd"] = SimpleNamespace(bundled=bundled, label="x")
    return corpus


def _index(tmp_path, monkeypatch, items: dict[str, str]) -> Path:
    """An index file for `nd` with an item per (id -> text it was written for)."""
    lines = []
    for entry_id, text in items.items():
        lines += [
            f'"{entry_id}":',
            f'  hash: "{judge_index.text_hash(text)}"',
            f'  q: ["Question about {entry_id}?", "Another?"]',
            '  w: "words"',
        ]
    path = tmp_path / "nd.judge-index.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.setattr(judge_index, "index_path", lambda doc: path if doc == "nd" else tmp_path / "none")
    return path


def test_in_the_bundled_edition_an_unknown_id_or_other_text_is_named_and_left_out(tmp_path, monkeypatch):
    path = _index(tmp_path, monkeypatch, {"nd:1": "one", "nd:2": "the text as written", "nd:9": "gone"})
    reading = judge_index.read(_corpus({"nd:1": "one", "nd:2": "the text as it is now"}, bundled=True))
    assert list(reading.items) == ["nd:1"]
    assert [p.message for p in reading.problems] == [
        f"{path}:5: nd:2 was written for other text (hash {judge_index.text_hash('the text as written')}); left out",
        f"{path}:9: nd:9 names no entry of the document; left out",
    ]
    assert reading.changed == {"nd": ["nd:2"]}


def test_an_imported_edition_keeps_questions_only_for_unchanged_or_moved_text(tmp_path, monkeypatch):
    _index(tmp_path, monkeypatch, {"nd:1": "same", "nd:2": "old wording", "nd:3": "moved text"})
    corpus = _corpus({"nd:1": "same", "nd:2": "new wording", "nd:4": "moved text", "nd:5": "brand new"}, bundled=False)
    reading = judge_index.read(corpus)
    assert reading.questions("nd:1") == ("Question about nd:1?", "Another?")
    assert "nd:2" not in reading.items  # its text changed: its questions are dropped
    assert reading.questions("nd:4") == ("Question about nd:3?", "Another?")  # moved, same text
    assert reading.changed == {"nd": ["nd:2"]} and reading.unwritten == {"nd": ["nd:5"]}
    assert reading.problems == []  # an edition's changes are expected, counted by judge doctor


def test_an_item_merging_ids_that_are_not_former_ids_of_its_entry_is_named_and_left_out(tmp_path, monkeypatch):
    path = tmp_path / "nd.judge-index.yaml"
    path.write_text(
        f'"nd:1":\n  hash: "{judge_index.text_hash("one")}"\n  merged: ["nd:2"]\n'
        '  q: ["One?", "Two?", "Three?"]\n  w: "words"\n',
        encoding="utf-8",
    )
    monkeypatch.setattr(judge_index, "index_path", lambda doc: path if doc == "nd" else tmp_path / "none")
    reading = judge_index.read(_corpus({"nd:1": "one"}, bundled=True))
    assert [p.message for p in reading.problems] == [f"{path}:1: nd:1 merges nd:2, not all former ids of it; left out"]
    assert reading.items == {}


def test_a_text_written_twice_is_not_carried_to_a_moved_entry(tmp_path, monkeypatch):
    """Two items for one text: which one a moved entry means cannot be told, so it gets none."""
    _index(tmp_path, monkeypatch, {"nd:1": "twice", "nd:2": "twice"})
    reading = judge_index.read(_corpus({"nd:3": "twice"}, bundled=False))
    assert reading.items == {} and reading.unwritten == {"nd": ["nd:3"]}


# -- in the ranking, and said ----------------------------------------------------------------
def _least_like_the_text(questions, text: str) -> str:
    """The question sharing the fewest words with the entry's own text: the one its text
    explains least, so what found the entry is the index."""
    from judge.search.analysis import analyze

    words = set(analyze(text))
    return min(questions, key=lambda q: len(set(analyze(q)) & words) / max(1, len(set(analyze(q)))))


def test_a_hit_found_through_its_questions_says_which(session_searcher, reading):
    """Search for an index question word for word: the entry is on the first page, and says
    which question it answers; the question is never its text."""
    found = 0
    for entry_id in ("nd:509.1c", "lcg:attachment-cards/3", "sf:card/charmed-life/2", "ccg:bowing/2"):
        questions = reading.questions(entry_id)
        assert questions, entry_id
        result = session_searcher.search(_least_like_the_text(questions, session_searcher.corpus.get(entry_id).text))
        top = {h.id: h for h in result.hits[:5]}
        if entry_id in top:
            found += 1
            assert top[entry_id].matched in questions
            assert top[entry_id].matched not in session_searcher.corpus.get(entry_id).text
    assert found == 4


def test_the_rule_s_own_words_need_no_question(session_searcher):
    """A hit its own text explains says nothing of the index: the quoted rule finds itself."""
    entry = session_searcher.corpus.get("nd:704.5j")
    hit = next(h for h in session_searcher.search(entry.body()[:120]).hits if h.id == "nd:704.5j")
    assert hit.matched == ""


# -- every reader says why a hit came up ------------------------------------------------------
def _index_question(reading, entry_id="nd:509.1c") -> str:
    from judge import context

    return _least_like_the_text(reading.questions(entry_id), context.corpus().get(entry_id).text)


@pytest.mark.usefixtures("session_context")
def test_judge_search_says_which_question_a_hit_answers(capsys, reading):
    from judge import cli

    question = _index_question(reading)
    assert cli.main(["search", "--json", question]) == 0
    rows = json.loads(capsys.readouterr().out)
    row = next(r for r in rows if r["id"] == "nd:509.1c")
    assert (
        row["matched"] in reading.questions("nd:509.1c")
        and row["text"] == __import__("judge.context", fromlist=["x"]).corpus().get("nd:509.1c").text
    )
    assert all("matched" in r for r in rows)
    assert cli.main(["search", question]) == 0
    out = capsys.readouterr().out
    assert f"answers: {row['matched']}" in " ".join(out.split())


@pytest.mark.usefixtures("session_context")
def test_the_station_says_which_question_a_hit_answers(reading):
    from page_parts import parts
    from starlette.testclient import TestClient

    from judge.serve.app import create_app
    from judge.serve.settings import ServeSettings

    question = _index_question(reading)
    page = TestClient(create_app(ServeSettings())).get("/search", params={"q": question}).text
    result = next(r for r in parts(page, ".result") if "509.1c" in r.text)
    text = " ".join(result.text.split())
    assert any(f"answers: {q}" in text for q in reading.questions("nd:509.1c")), text
    assert len(parts(page, ".matched")) >= 1


def test_the_tui_result_label_says_which_question(corpus):
    from judge.tui.screens.lookup import result_label

    entry = corpus.get("nd:509.1c")
    assert "answers: Why?" in result_label(entry, "Why?").plain
    assert "answers:" not in result_label(entry).plain
    assert "\x1b" not in result_label(entry, "Why\x1b[31m?").plain  # user-facing text is data
