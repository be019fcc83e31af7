"""L5R CCG comprehensive-rules excerpt parser: counts, exceptions, bullets, dated tags, external
See references."""

from __future__ import annotations

from collections import Counter

import pytest
from bundled import bundled_source, parsed_fixtures
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.corpus.l5r import ce as l5r_ce

parsed, by_id = parsed_fixtures(l5r_ce.parse, "ce")


def test_counts_match_the_census(parsed):
    kinds = Counter(e.kind for e in parsed.entries)
    assert kinds == {"topic": 11, "paragraph": 50, "bullet": 8, "exception": 7, "example": 3, "front-matter": 1}
    assert parsed.facts["lines"] == 153
    assert parsed.facts["footer"] == ["---", "Back to the Comprehensive Rules"]
    assert parsed.problems == []


def test_topics_in_order(parsed):
    topics = [(e.id, e.title, e.span.line_start) for e in parsed.entries if e.kind == "topic"]
    assert topics == [
        ("ce:in-play-and-out-of-play", "In play and out of play", 3),
        ("ce:implications-of-in-and-out-of-play", "Implications of in and out of play", 7),
        ("ce:bowed-and-unbowed", "Bowed and unbowed", 30),
        ("ce:honorable-and-dishonorable", "Honorable and dishonorable", 44),
        ("ce:dead", "Dead", 68),
        ("ce:locations", "Locations", 72),
        ("ce:card-control", "Card control", 91),
        ("ce:card-ownership", "Card ownership", 106),
        ("ce:overlaying", "Overlaying", 112),
        ("ce:face-up-and-face-down", "Face up and face down", 143),
        ("ce:physical-destruction-of-cards", "Physical destruction of cards", 147),
    ]


def test_tree_is_consistent(parsed, by_id):
    assert len(by_id) == len(parsed.entries)
    for entry in parsed.entries:
        assert entry.doc == "ce" and entry.game == "l5r-ccg"
        if entry.parent:
            assert entry.id in by_id[entry.parent].children
    assert by_id["ce:front-matter"].text == "CE Physically marked card states"


ENTRIES = [
    (
        "ce:in-play-and-out-of-play/1",
        "In play and out of play",
        5,
        "Whether a card is in or out of play is determined by the game area it is in.",
    ),
    (
        "ce:bowed-and-unbowed/3",
        "Bowed and unbowed",
        36,
        "Only cards in play can bow or straighten, or have the bowed or unbowed state.",
    ),
    ("ce:bowed-and-unbowed/4", "Bowed and unbowed", 38, "Cards normally enter play in the unbowed state."),
    (
        "ce:bowed-and-unbowed/5",
        "Bowed and unbowed",
        40,
        "When a card enters play bowed, it is not considered to bow, because it was not in play as an unbowed card.",
    ),
    (
        "ce:bowed-and-unbowed/6",
        "Bowed and unbowed",
        42,
        "Abilities on a bowed card can not be used, bowed Personalities can not assign, and bowed cards in a unit "
        "affect the calculation of total unit Force.",
    ),
    (
        "ce:honorable-and-dishonorable/5",
        "Honorable and dishonorable",
        54,
        "Dishonorable Personalities have a maximum Personal Honor of zero.",
    ),
    (
        "ce:honorable-and-dishonorable/7",
        "Honorable and dishonorable",
        58,
        "There are a number of ways to rehonor dishonorable Personalities.",
    ),
    (
        "ce:dead/1",
        "Dead",
        70,
        "\u201cDead\u201d is a special state that only applies to some Personalities in the discard pile. See Discard piles.",
    ),
    (
        "ce:locations/1",
        "Locations",
        74,
        "Cards in play have a location \u2013 the home or a battlefield. Areas out of play are not locations.",
    ),
    ("ce:locations/2", "Locations", 76, "Cards enter play in their controller\u2019s home."),
    ("ce:locations/4", "Locations", 82, "When a unit goes from one location to another, it moves."),
    (
        "ce:locations/6",
        "Locations",
        87,
        'When a unit "moves to attack\u201d it moves into the attacking side of a battlefield. Specifically, moving to '
        'attack also includes moving between two battlefields on the attacking side. "Move to defend" has a parallel '
        "meaning involving the defending side.",
    ),
    (
        "ce:card-control/1",
        "Card control",
        93,
        "Cards come in play controlled by the player who brought them into play.",
    ),
    ("ce:card-control/5", "Card control", 102, "Changing control is instantaneous and does not have a duration."),
    (
        "ce:overlaying/4",
        "Overlaying",
        120,
        "Created cards do not cease to exist when overlaid, because they do not leave play.",
    ),
    ("ce:overlaying/11", "Overlaying", 136, "An stack of two or more cards may be overlaid again."),
    (
        "ce:face-up-and-face-down/1",
        "Face up and face down",
        145,
        "A card, in or out of play, is either face up or face down.",
    ),
    (
        "ce:physical-destruction-of-cards/1",
        "Physical destruction of cards",
        149,
        'An effect may call for the physical destruction of a card (for example, "tear this card in half"). A card '
        "that has been physically destroyed is removed from the game, is no longer part of its owner's decks, and "
        "may not be included in decks in any future game.",
    ),
]


@pytest.mark.parametrize("entry_id,title,line,text", ENTRIES, ids=[e[0] for e in ENTRIES])
def test_entry_id_title_and_exact_text(by_id, entry_id, title, line, text):
    entry = by_id[entry_id]
    assert entry.kind == "paragraph"
    assert (entry.title, entry.text, entry.span.line_start) == (title, text, line)


def test_citation(by_id):
    assert by_id["ce:bowed-and-unbowed/3"].citation == "L5R CCG Comprehensive Rules — Bowed and Unbowed ¶3"
    assert by_id["ce:bowed-and-unbowed"].citation == "L5R CCG Comprehensive Rules — Bowed and Unbowed"
    assert l5r_ce.headline("Implications of in and out of play") == "Implications of In and Out of Play"


def test_paragraph_text_is_the_source_line_unless_a_tag_was_cut(parsed):
    lines = bundled_source("ce").split("\n")
    assert parsed.entries
    for entry in parsed.entries:
        if entry.kind in ("paragraph", "bullet", "exception", "example"):
            assert entry.extra.get("raw", entry.text) == lines[entry.span.line_start - 1]


# -- exceptions, bullets, examples ------------------------------------------------------------------
def test_every_exception_is_a_child_of_the_rule_it_qualifies(parsed, by_id):
    exceptions = {e.span.line_start: e.parent for e in parsed.entries if e.kind == "exception"}
    assert exceptions == {
        16: "ce:implications-of-in-and-out-of-play/1.b4",  # separate block, after the bullet
        20: "ce:implications-of-in-and-out-of-play/1.b5",
        77: "ce:locations/2",  # glued under its rule
        80: "ce:locations/3",
        83: "ce:locations/4",
        94: "ce:card-control/1",
        124: "ce:overlaying/5",  # separate block, after the paragraph
    }
    glued = by_id["ce:locations/2"]
    assert glued.text == "Cards enter play in their controller\u2019s home."
    assert glued.children == ["ce:locations/2.x1"]
    exception = by_id["ce:locations/2.x1"]
    assert exception.text == "EXCEPTION: Terrains enter play at the battlefield where they are played."
    assert exception.citation == "L5R CCG Comprehensive Rules — Locations ¶2, exception"
    assert by_id["ce:card-control/1.x1"].text.startswith("EXCEPTIONS: An attached card in a unit")


def test_bullet_list_continues_across_an_exception(by_id):
    intro = by_id["ce:implications-of-in-and-out-of-play/1"]
    bullets = [c for c in intro.children if by_id[c].kind == "bullet"]
    assert [by_id[b].span.line_start for b in bullets] == [11, 12, 13, 14, 18]
    assert by_id["ce:implications-of-in-and-out-of-play/1.b5"].text == "\u2022 They are not affected by effects."
    rehonor = by_id["ce:honorable-and-dishonorable/7"]
    assert [by_id[c].span.line_start for c in rehonor.children] == [60, 62, 64]


def test_examples_are_children(parsed):
    examples = {e.span.line_start: e.parent for e in parsed.entries if e.kind == "example"}
    assert examples == {
        23: "ce:implications-of-in-and-out-of-play/2",
        26: "ce:implications-of-in-and-out-of-play/3",
        141: "ce:overlaying/13",
    }


# -- dated tags ------------------------------------------------------------------------------------
def test_dated_marks_become_tags_and_leave_the_text(parsed, by_id):
    dated = sorted((e.id, t) for e in parsed.entries for t in e.tags if ":" in t)
    assert dated == [
        ("ce:bowed-and-unbowed/3", "clarified:2011-07-15"),
        ("ce:honorable-and-dishonorable/7.b1", "changed:2011-08-02"),
        ("ce:physical-destruction-of-cards/1", "added:2011-10-19"),
    ]
    entry = by_id["ce:bowed-and-unbowed/3"]
    assert "[CLARIFIED" not in entry.text
    assert entry.extra["raw"].endswith("unbowed state. [CLARIFIED 15 Jul 2011]")


# -- See references: external -------------------------------------------------------------------------
def test_see_references_are_external(parsed):
    refs = [(e.span.line_start, r) for e in parsed.entries for r in e.refs]
    assert all(r.kind == "see" and r.status == "external" and r.target is None for _, r in refs)
    phrases = sorted({(line, r.surface) for line, r in refs})
    assert len(phrases) == 9
    assert [line for line, _ in phrases] == [20, 28, 32, 60, 70, 89, 96, 110, 130]
    targets = {line: [] for line, _ in refs}
    for line, ref in refs:
        targets[line].append(ref.note.split(" — ")[0])
    assert targets == {
        20: ["Effects in and out of play"],
        28: ["Effects › Effects in and out of play", "Timing › Leaving and entering play"],
        32: ["Glossary › may remain bowed"],
        60: ["References"],
        70: ["Discard piles"],
        89: ["Combat Segment"],
        96: ["Glossary › Your"],  # one glossary entry, not two targets
        110: ["Your"],
        130: ["Copy"],
    }


# -- bad input -----------------------------------------------------------------------------------------
def test_odd_inputs_do_not_crash():
    assert l5r_ce.parse("").entries == []
    only_title = l5r_ce.parse("Title only")
    assert [e.id for e in only_title.entries] == ["ce:front-matter"]
    orphan = l5r_ce.parse("Title\n\nA rule before any heading.\n\nHeading\n\nA rule.\n\nHeading\n\nAgain.")
    ids = [e.id for e in orphan.entries]
    assert ids == [
        "ce:front-matter",
        "ce:front-matter/1",
        "ce:heading",
        "ce:heading/1",
        "ce:heading-2",
        "ce:heading-2/1",
    ]
    assert [p.kind for p in orphan.problems] == ["duplicate-heading"]
    crlf = l5r_ce.parse("\ufeffTitle\r\n\r\nHeading\r\n\r\nA rule. [CLARIFIED 1 Foo 2011]")
    rule = [e for e in crlf.entries if e.kind == "paragraph"][0]
    assert rule.text == "A rule. [CLARIFIED 1 Foo 2011]" and rule.tags == []


# -- arbitrary input never crashes ------------------------------------------------------------------

_LINES = st.lists(
    st.one_of(
        st.sampled_from(bundled_source("ce").split("\n")),
        st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=80),
    ),
    max_size=40,
)


@settings(max_examples=60, deadline=None)
@given(_LINES)
def test_any_mix_of_lines_parses_with_unique_ids(lines):
    parsed = l5r_ce.parse("\n".join(lines))
    ids = [e.id for e in parsed.entries]
    assert len(ids) == len(set(ids))
    known = set(ids)
    for entry in parsed.entries:
        assert entry.parent is None or entry.parent in known
