"""The diff of editions the tests make from the bundled text: each edit is found exactly, and
nothing else (the complete list of changes is asserted)."""

from __future__ import annotations

import edition_edits as E
import pytest

from judge.changes import match as matching
from judge.changes.diff import compare
from judge.changes.words import Piece
from judge.corpus.nodawn import rules as nodawn
from judge.corpus.shadowfist import omnifaq as shadowfist


@pytest.fixture(scope="module")
def nd_text():
    return E.bundled(E.ND_PATH)


@pytest.fixture(scope="module")
def nd_old(nd_text):
    return nodawn.parse(nd_text).entries


def summary(result):
    """Every reported change as (status, old id, new id, relocation, carried, changed pieces)."""
    return [
        (
            c.status,
            c.pair.old.id if c.pair.old else None,
            c.pair.new.id if c.pair.new else None,
            c.pair.relocation,
            c.pair.carried,
            [(p.op, p.text) for p in c.pieces if p.op != "="],
        )
        for c in result.changes
    ]


def nd_diff(nd_text, nd_old, *edits):
    text = nd_text
    for edit in edits:
        text = edit(text)
    return compare("nd", "old", nd_old, "new", nodawn.parse(text).entries)


@pytest.mark.slow
def test_identical_editions_have_an_empty_diff(nd_text, nd_old):
    result = nd_diff(nd_text, nd_old)
    assert result.empty and result.changes == []
    assert result.counts() == {"added": 0, "removed": 0, "changed": 0, "moved": 0}


@pytest.mark.slow
def test_reflowed_whitespace_is_no_change(nd_text, nd_old):
    spaced = E.SENTENCE_OLD.replace(" ", "  ")
    result = nd_diff(nd_text, nd_old, lambda t: E.replace_once(t, E.SENTENCE_OLD, spaced))
    assert result.empty


@pytest.mark.slow
def test_a_reworded_sentence_is_one_changed_rule_with_its_word_diff(nd_text, nd_old):
    result = nd_diff(nd_text, nd_old, E.reword_sentence)
    assert summary(result) == [("changed", "nd:704.5j", "nd:704.5j", "", False, [("-", "bites "), ("+", "applies ")])]
    pieces = result.changes[0].pieces
    assert "".join(p.text for p in pieces if p.op != "-") == matching.entry_text(result.changes[0].pair.new)
    assert "".join(p.text for p in pieces if p.op != "+") == matching.entry_text(result.changes[0].pair.old)
    assert result.to_dict()["changes"][0]["words_removed"] == 1
    assert result.to_dict()["changes"][0]["words_added"] == 1


@pytest.mark.slow
def test_an_example_only_change_is_reported_as_that_example(nd_text, nd_old):
    result = nd_diff(nd_text, nd_old, E.change_example)
    assert summary(result) == [
        ("changed", "nd:702.14a/example-1", "nd:702.14a/example-1", "", False, [("-", "2 "), ("+", "3 ")])
    ]


@pytest.mark.slow
def test_a_renumbered_group_is_matched_to_its_old_self_and_the_deleted_rule_is_removed(nd_text, nd_old):
    result = nd_diff(nd_text, nd_old, E.renumber_keywords)
    moved = [
        ("moved", "nd:702.14", "nd:702.15", "renumbered", False, []),
        ("moved", "nd:702.14a", "nd:702.15a", "renumbered", True, []),
        ("moved", "nd:702.14a/example-1", "nd:702.15a/example-1", "renumbered", True, []),
    ]
    for n in range(15, 19):
        moved += [
            ("moved", f"nd:702.{n}", f"nd:702.{n + 1}", "renumbered", False, []),
            ("moved", f"nd:702.{n}a", f"nd:702.{n + 1}a", "renumbered", True, []),
        ]
    assert summary(result) == [
        ("added", None, "nd:702.14", "", False, []),
        ("added", None, "nd:702.14a", "", False, []),
        *moved,
        ("removed", "nd:702.19", None, "", False, []),
        ("removed", "nd:702.19a", None, "", False, []),
    ]


@pytest.mark.slow
def test_a_subrule_moved_under_another_parent_is_a_move(nd_text, nd_old):
    result = nd_diff(nd_text, nd_old, E.move_subrule)
    assert summary(result) == [("moved", "nd:704.5k", "nd:704.6a", "moved", False, [])]


@pytest.mark.slow
def test_added_and_deleted_rules(nd_text, nd_old):
    result = nd_diff(nd_text, nd_old, E.add_and_delete)
    assert summary(result) == [("added", None, "nd:704.8", "", False, []), ("removed", "nd:705.3", None, "", False, [])]


@pytest.mark.slow
def test_every_edit_at_once_is_the_union_of_each_alone(nd_text, nd_old):
    edits = (E.renumber_keywords, E.reword_sentence, E.move_subrule, E.add_and_delete)
    together = summary(nd_diff(nd_text, nd_old, *edits))
    alone = [row for edit in edits for row in summary(nd_diff(nd_text, nd_old, edit))]
    assert sorted(together, key=repr) == sorted(alone, key=repr)


@pytest.mark.slow
def test_a_renumbered_and_reworded_example_is_one_change_with_its_old_place(nd_text, nd_old):
    result = nd_diff(nd_text, nd_old, E.change_example, E.renumber_keywords)
    changed = [row for row in summary(result) if row[0] != "moved" or row[1].startswith("nd:702.14")]
    assert changed[:2] == [("added", None, "nd:702.14", "", False, []), ("added", None, "nd:702.14a", "", False, [])]
    assert (
        "changed",
        "nd:702.14a/example-1",
        "nd:702.15a/example-1",
        "renumbered",
        True,
        [("-", "2 "), ("+", "3 ")],
    ) in changed
    assert result.counts() == {"added": 2, "removed": 2, "changed": 1, "moved": 10}


@pytest.mark.slow
def test_a_changed_faq_ruling():
    text = E.bundled(E.SF_PATH)
    old, new = shadowfist.parse(text).entries, shadowfist.parse(E.change_ruling(text)).entries
    result = compare("sf", "old", old, "new", new)
    assert summary(result) == [
        ("changed", "sf:card/charmed-life/2", "sf:card/charmed-life/2", "", False, [("+", "not ")])
    ]


@pytest.mark.slow
def test_no_moves_hides_moves_but_counts_them(nd_text, nd_old):
    doc = nd_diff(nd_text, nd_old, E.move_subrule, E.reword_sentence).to_dict(moves=False)
    assert doc["counts"] == {"added": 0, "removed": 0, "changed": 1}
    assert [c["status"] for c in doc["changes"]] == ["changed"]


# -- the matcher's thresholds, on constructed entries ----------------------------------------


def entry(entry_id, text, kind="rule", parent=None):
    from judge.corpus.model import Entry

    number = entry_id.split(":", 1)[1]
    return Entry(
        id=entry_id, doc="nd", game="nodawn", kind=kind, text=f"{number}. {text}", number=number, parent=parent
    )


TWENTY = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty"


def reworded(n_changed: int) -> str:
    words = TWENTY.split()
    return " ".join([f"new{i}" for i in range(n_changed)] + words[n_changed:])


@pytest.mark.parametrize("n_changed, status", [(6, "changed"), (10, "changed"), (11, "removed")])
def test_same_place_keeps_an_entry_while_half_its_words_survive(n_changed, status):
    # 20 words, n replaced: ratio (20 - n) / 20; 0.5 is the bar
    pairs = matching.match([entry("nd:1.1", TWENTY)], [entry("nd:1.1", reworded(n_changed))])
    assert [p.status for p in pairs if p.status != "added"] == [status]


@pytest.mark.parametrize("n_changed, status", [(5, "changed"), (6, "removed")])
def test_another_place_needs_three_quarters_of_the_words(n_changed, status):
    pairs = matching.match([entry("nd:1.1", TWENTY)], [entry("nd:1.2", reworded(n_changed))])
    assert [p.status for p in pairs if p.status != "added"] == [status]


def test_identical_texts_pair_in_place_first_then_nearest():
    old = [entry("nd:1.1", "Reserved."), entry("nd:1.2", "Reserved."), entry("nd:1.3", "Reserved.")]
    new = [entry("nd:1.2", "Reserved."), entry("nd:1.3", "Reserved."), entry("nd:1.4", "Reserved.")]
    pairs = matching.match(old, new)
    assert [(p.status, p.old and p.old.id, p.new and p.new.id) for p in pairs] == [
        ("unchanged", "nd:1.2", "nd:1.2"),
        ("unchanged", "nd:1.3", "nd:1.3"),
        ("moved", "nd:1.1", "nd:1.4"),
    ]


def test_a_reworded_child_follows_its_renumbered_parent():
    # the parent's move makes 2.1a the child's place: the lower same-place bar applies there
    old = [entry("nd:1.1", "Toll"), entry("nd:1.1a", TWENTY, "subrule", "nd:1.1")]
    new = [entry("nd:1.2", "Toll"), entry("nd:1.2a", reworded(8), "subrule", "nd:1.2")]
    pairs = matching.match(old, new)
    assert [(p.status, p.old.id, p.new.id, p.relocation, p.carried) for p in pairs] == [
        ("moved", "nd:1.1", "nd:1.2", "renumbered", False),
        ("changed", "nd:1.1a", "nd:1.2a", "renumbered", True),
    ]


def test_kinds_are_not_paired_across_families():
    old = [entry("nd:1.1", "Same words here.", kind="example")]
    new = [entry("nd:1.1", "Same words here.", kind="glossary")]
    assert [p.status for p in matching.match(old, new)] == ["removed", "added"]


@pytest.mark.slow
def test_word_pieces_join_back_into_both_texts():
    from hypothesis import given
    from hypothesis import strategies as st

    from judge.changes.words import diff, words

    alphabet = st.sampled_from(["the", "Entity", "dies", ",", ".", " ", "  ", "\n", "can't", "—", "7"])

    @given(st.lists(alphabet, max_size=30).map("".join), st.lists(alphabet, max_size=30).map("".join))
    def check(old, new):
        pieces = diff(old, new)
        assert words("".join(p.text for p in pieces if p.op != "-")) == words(new)
        assert words("".join(p.text for p in pieces if p.op != "+")) == words(old)

    check()


def test_pieces_are_merged_by_kind():
    from judge.changes.words import diff

    assert diff("a b c d", "a x y d") == [Piece("=", "a "), Piece("-", "b c "), Piece("+", "x y "), Piece("=", "d")]


def test_a_kept_word_keeps_the_space_only_the_old_text_had():
    from judge.changes.words import diff

    assert diff("thethe the", "thethe") == [Piece("=", "thethe "), Piece("-", "the")]
