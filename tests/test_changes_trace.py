"""One entry through editions the tests make: followed across renumbering and moves, absent
where an edition lacks it, with the word diff between neighbours."""

from __future__ import annotations

import edition_edits as E
import pytest

from judge.changes.trace import trace
from judge.corpus.nodawn import rules as nodawn


@pytest.fixture(scope="module")
def editions():
    """Three editions: the bundled one; keywords renumbered (702.14 → 702.15) and 704.5k moved
    to 704.6a; then 704.5j reworded, the Toll example changed and 705.3 deleted."""
    first = E.bundled(E.ND_PATH)
    second = E.move_subrule(E.renumber_keywords(first))
    third = E.add_and_delete(E.change_example(E.reword_sentence(second)))
    return [(name, nodawn.parse(text).entries) for name, text in (("one", first), ("two", second), ("three", third))]


def steps(result):
    return [
        (
            s.edition,
            s.entry.id if s.entry else None,
            s.status,
            s.previous_id,
            s.relocation,
            [(p.op, p.text) for p in s.pieces if p.op != "="],
        )
        for s in result.steps
    ]


def test_a_renumbered_rule_is_followed_from_its_old_number(editions):
    result = trace("nd:702.14a/example-1", editions)
    assert result.found_in == "one"
    assert steps(result) == [
        ("one", "nd:702.14a/example-1", "first", None, "", []),
        ("two", "nd:702.15a/example-1", "moved", "nd:702.14a/example-1", "renumbered", []),
        ("three", "nd:702.15a/example-1", "changed", None, "", [("-", "2 "), ("+", "3 ")]),
    ]
    assert result.other_holders == []


def test_an_id_means_the_newest_edition_that_has_it_and_says_who_held_it_before(editions):
    result = trace("nd:702.14a", editions)
    assert result.found_in == "three"
    assert steps(result) == [
        ("one", None, "absent", None, "", []),
        ("two", "nd:702.14a", "added", None, "", []),
        ("three", "nd:702.14a", "unchanged", None, "", []),
    ]
    assert result.other_holders == [("one", "nd:702.14a")]


def test_an_edition_named_follows_that_editions_entry(editions):
    result = trace("nd:702.14a", editions, edition="one")
    assert [(s.edition, s.entry.id) for s in result.steps] == [
        ("one", "nd:702.14a"),
        ("two", "nd:702.15a"),
        ("three", "nd:702.15a"),
    ]
    assert result.other_holders == [("two", "nd:702.14a"), ("three", "nd:702.14a")]


def test_a_moved_subrule_and_a_reworded_one(editions):
    assert steps(trace("nd:704.5k", editions))[1:] == [
        ("two", "nd:704.6a", "moved", "nd:704.5k", "moved", []),
        ("three", "nd:704.6a", "unchanged", None, "", []),
    ]
    assert steps(trace("nd:704.5j", editions))[2] == (
        "three",
        "nd:704.5j",
        "changed",
        None,
        "",
        [("-", "bites "), ("+", "applies ")],
    )


def test_a_deleted_rule_is_absent_after_it_went(editions):
    assert [(s.edition, s.status) for s in trace("nd:705.3", editions).steps] == [
        ("one", "first"),
        ("two", "unchanged"),
        ("three", "removed"),
    ]
    assert [(s.edition, s.status) for s in trace("nd:702.19", editions, edition="one").steps] == [
        ("one", "first"),
        ("two", "removed"),
        ("three", "absent"),
    ]


def test_no_edition_has_it(editions):
    assert trace("nd:999.9", editions) is None
    with pytest.raises(KeyError):
        trace("nd:704.5j", editions, edition="four")
