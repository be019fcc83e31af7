"""L5R CCG Diamond Edition rulebook parser: counts, TOC-ordered sections, nesting, glossary and
terms, errata, minus signs, and references."""

from __future__ import annotations

from collections import Counter

import pytest
from bundled import bundled_source, parsed_fixtures
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.corpus.l5r import ccg as l5r_ccg

parsed, by_id = parsed_fixtures(l5r_ccg.parse, "ccg")


# -- counts (notes/l5r.md §B1) --------------------------------------------------------------------
def test_counts_match_the_census(parsed):
    kinds = Counter(e.kind for e in parsed.entries)
    assert kinds == {
        "section": 26,
        "subsection": 72,  # 98 headings
        "paragraph": 259,
        "example": 20,
        "glossary": 87,
        "term": 23,
        "errata": 7,  # 396 non-bullet lines
        "bullet": 140,
        "front-matter": 1,
        "contents": 1,
    }
    assert parsed.facts["lines"] == 664
    assert parsed.problems == []


def test_last_line_is_parsed(by_id):
    last = by_id["ccg:turn-sequence/11"]
    assert last.span.line_start == 664
    assert last.text == '- End Phase: Draw a card and tell the next player, "The table is yours."'


def test_tree_is_consistent(parsed, by_id):
    assert len(by_id) == len(parsed.entries)
    for entry in parsed.entries:
        assert entry.doc == "ccg" and entry.game == "l5r-ccg"
        if entry.parent:
            assert entry.id in by_id[entry.parent].children


# -- sections from the table of contents, matched in order --------------------------------------------
def test_sections_follow_the_table_of_contents(parsed, by_id):
    sections = [e for e in parsed.entries if e.kind == "section"]
    contents = by_id["ccg:contents"]
    assert [r.target for r in contents.refs] == [s.id for s in sections]
    assert all(r.status == "resolved" for r in contents.refs)
    assert (sections[0].id, sections[0].span.line_start) == ("ccg:cardinal-rules", 31)
    assert (sections[-1].id, sections[-1].span.line_start) == ("ccg:turn-sequence", 653)
    assert "repeated-heading" in contents.tags  # "Table of Contents" is printed twice


def test_first_actions_is_a_subheading_and_the_section_is_the_later_one(by_id):
    assert by_id["ccg:actions"].span.line_start == 344
    assert by_id["ccg:actions"].kind == "section"
    sub = by_id["ccg:card-types-in-detail/actions"]
    assert (sub.kind, sub.span.line_start, sub.parent) == ("subsection", 242, "ccg:card-types-in-detail")


def test_repeated_heading_texts_are_told_apart_by_path(by_id):
    assert by_id["ccg:overview-of-card-types/wind"].span.line_start == 67
    assert by_id["ccg:card-types-in-detail/wind"].span.line_start == 214
    assert by_id["ccg:using-these-rules-with-older-cards/terrains"].span.line_start == 56
    assert by_id["ccg:sequence-of-play-in-detail/attack-phase-optional/terrains"].span.line_start == 418


def test_numbered_headings_nest(by_id):
    attack = by_id["ccg:sequence-of-play-in-detail/attack-phase-optional"]
    assert (attack.number, attack.title, attack.span.line_start, attack.span.line_end) == (
        "4",
        "Attack Phase (Optional)",
        374,
        447,
    )
    children = [by_id[c] for c in attack.children if by_id[c].kind == "subsection"]
    assert [(c.number, c.title) for c in children] == [
        ("4.1", "Declaration Segment"),
        ("4.2", "Infantry Maneuvers Segment"),
        ("4.3", "Cavalry Maneuvers Segment"),
        ("4.4", "Battle Action Segment"),
        (None, "Terrains"),
        ("4.5", "Resolution Segment"),
        (None, "Other Battle Rules"),
        (None, "After the Battle"),
    ]
    dynasty = by_id["ccg:sequence-of-play-in-detail/dynasty-phase"]
    assert (dynasty.number, dynasty.parent) == ("5", "ccg:sequence-of-play-in-detail")
    segment = by_id["ccg:sequence-of-play-in-detail/attack-phase-optional/declaration-segment"]
    assert segment.citation == (
        "L5R CCG Rulebook — Sequence of Play in Detail › 4. Attack Phase (Optional) › 4.1. Declaration Segment"
    )


SECTION_SPANS = {
    "ccg:cardinal-rules": (31, 35),
    "ccg:how-to-win": (153, 156),
    "ccg:setup": (157, 186),
    "ccg:bowing": (187, 191),
    "ccg:bringing-cards-into-play": (192, 203),
    "ccg:tokens": (324, 330),
    "ccg:actions": (344, 358),
    "ccg:glossary": (528, 615),
    "ccg:rokugani-terms": (616, 640),
    "ccg:errata-and-clarifications": (641, 652),
    "ccg:turn-sequence": (653, 664),
}


@pytest.mark.parametrize("entry_id", sorted(SECTION_SPANS))
def test_section_spans(by_id, entry_id):
    span = by_id[entry_id].span
    assert (span.line_start, span.line_end) == SECTION_SPANS[entry_id]


# -- entries: id, title, exact text -------------------------------------------------------------------
ENTRIES = [
    (
        "ccg:bowing/1",
        "paragraph",
        "Bowing",
        188,
        "To bow a card or Stronghold, turn it sideways. To straighten a bowed card, turn it back. Some cards and "
        "Strongholds can create effects without bowing. A card cannot bow for more than one purpose at a time.",
    ),
    (
        "ccg:bowing/2",
        "paragraph",
        "Bowing",
        189,
        "While a card or Stronghold is bowed, none of its actions can be used, not even ones that don't require "
        "bowing to perform. (Exception: An action that straightens the card is still usable.) Also, a bowed "
        "Personality may not cast Spells, and may not perform actions that issue challenges. Bowing does not turn "
        "off continuous effects of a card, such as traits, Force and Chi bonuses, or effects that are not actions.",
    ),
    (
        "ccg:cardinal-rules/2",
        "bullet",
        "Cardinal Rules",
        33,
        "- Play all cards and Strongholds by the wording of their most recent English printing.",
    ),
    (
        "ccg:card-types-in-detail/personalities/3",
        "paragraph",
        "Personalities",
        233,
        "If a Personality's Chi drops to 0, destroy the Personality.",
    ),
    ("ccg:card-types-in-detail/regions/2", "paragraph", "Regions", 226, "All Regions are Singular."),
    (
        "ccg:actions/limited-actions/1",
        "paragraph",
        "Limited Actions",
        348,
        'You can use Limited actions (those with the "Limited" indicator) only during your own Action Phase.',
    ),
    (
        "ccg:sequence-of-play-in-detail/attack-phase-optional/declaration-segment/1",
        "paragraph",
        "Declaration Segment",
        384,
        "Declare which player you are attacking. That player is the Defender. You are the Attacker.",
    ),
    ("ccg:overview-of-card-types/stronghold/4", "bullet", "Stronghold", 64, "- D. Starting Family Honor (minimum -19)"),
    ("ccg:glossary/diplomat", "glossary", "Diplomat", 543, "Diplomat \u2014 See Courtier."),
    (
        "ccg:glossary/your",
        "glossary",
        "your",
        614,
        "your \u2014 Controlled by you. (Cards not in play have no controller.)",
    ),
    (
        "ccg:glossary/simultaneous-ranged-attacks",
        "glossary",
        "simultaneous (ranged attacks)",
        599,
        "simultaneous (ranged attacks) \u2014 Targeted all at once, then resolved. You must select all targets "
        "for simultaneous ranged attacks before resolving any of them.",
    ),
    (
        "ccg:glossary/oni",
        "glossary",
        "Oni",
        577,
        "Oni \u2014 Terrible monsters from the Shadowlands that have little use for concepts like honor. All Oni "
        "are Nonhuman and Shadowlands.",
    ),
    ("ccg:rokugani-terms/oni", "term", "oni", 634, "oni \u2014 See Glossary."),
    (
        "ccg:rokugani-terms/bushi",
        "term",
        "bushi",
        620,
        "bushi \u2014 A warrior who follows the code of bushido, wherein honor holds more importance than life itself.",
    ),
    (
        "ccg:errata/tsuruchi-hiro",
        "errata",
        "Tsuruchi Hiro",
        647,
        "Tsuruchi Hiro: His Chi of 4 is a misprint. It should be 3. [MRP]",
    ),
    (
        "ccg:errata/noh-theater-troupe",
        "errata",
        "Noh Theater Troupe",
        651,
        "Noh Theater Troupe: This card is Singular. [errata]",
    ),
    (
        "ccg:tokens/5",
        "example",
        "Tokens",
        329,
        "Example 1: Block Supply Lines sends home one attacking unit, bowed. Since there can be any number of "
        "attacking units, Block Supply Lines sometimes requires a choice. This means Block Supply Lines is targeted, "
        "even during battles where there is only one attacking unit and there is no real choice what to play it on.",
    ),
]


@pytest.mark.parametrize("entry_id,kind,title,line,text", ENTRIES, ids=[e[0] for e in ENTRIES])
def test_entry_id_title_and_exact_text(by_id, entry_id, kind, title, line, text):
    entry = by_id[entry_id]
    assert (entry.kind, entry.title, entry.text, entry.span.line_start) == (kind, title, text, line)


def test_citations(by_id):
    assert by_id["ccg:bowing/2"].citation == "L5R CCG Rulebook — Bowing ¶2"
    assert by_id["ccg:glossary/force-total"].citation == "L5R CCG Rulebook — Glossary: Force total"
    assert (
        by_id["ccg:errata/private-dojo"].citation == "L5R CCG Rulebook — Errata: Private Dojo (The Fall of Otosan Uchi)"
    )


def test_every_line_is_kept_verbatim_apart_from_minus_signs(parsed):
    lines = bundled_source("ccg").split("\n")
    assert parsed.entries
    for entry in parsed.entries:
        if entry.kind in ("paragraph", "bullet", "example", "glossary", "term", "errata", "section", "subsection"):
            assert entry.extra.get("raw", entry.text) == lines[entry.span.line_start - 1]


# -- glossary, terms, errata ---------------------------------------------------------------------------
def test_glossary_and_terms_are_separate_namespaces(parsed, by_id):
    glossary = [e for e in parsed.entries if e.kind == "glossary"]
    terms = [e for e in parsed.entries if e.kind == "term"]
    assert glossary[0].id == "ccg:glossary/ability" and glossary[-1].id == "ccg:glossary/yu"
    assert terms[0].id == "ccg:rokugani-terms/ashigaru" and terms[-1].id == "ccg:rokugani-terms/seppuku"
    both = {e.title.lower() for e in glossary} & {e.title.lower() for e in terms}
    assert both == {"mujina", "oni", "seppuku", "maho"}
    assert by_id["ccg:glossary/force-total"].extra["definition"].startswith("For a unit: The sum of the Force")
    intro = by_id["ccg:rokugani-terms/1"]
    assert intro.kind == "paragraph" and intro.span.line_start == 617


def test_errata_markers_are_tags(parsed, by_id):
    errata = {e.id: e.tags for e in parsed.entries if e.kind == "errata"}
    assert errata == {
        "ccg:errata/gifts-and-favors": ["mrp"],
        "ccg:errata/private-dojo": ["errata"],
        "ccg:errata/tsuruchi-hiro": ["mrp"],
        "ccg:errata/vengeful-dead": ["errata"],
        "ccg:errata/kanashimi": ["errata"],
        "ccg:errata/noh-theater-troupe": ["errata"],
        "ccg:errata/wholeness-of-self": ["errata"],
    }
    dojo = by_id["ccg:errata/private-dojo"]
    assert dojo.parent == "ccg:errata-and-clarifications/the-fall-of-otosan-uchi"
    assert dojo.extra["set"] == "The Fall of Otosan Uchi" and dojo.extra["marker"] == "[errata]"


# -- en dash as a minus sign -------------------------------------------------------------------------------
def test_minus_signs_are_searchable_numbers(parsed, by_id):
    changed = sorted(e.span.line_start for e in parsed.entries if "raw" in e.extra)
    assert changed == [64, 154, 219, 251, 325, 415, 552]
    how_to_win = by_id["ccg:how-to-win/1"]
    assert "under -19 Family Honor" in how_to_win.text
    assert "under \u201319 Family Honor" in how_to_win.extra["raw"]
    example = by_id["ccg:bonuses-and-penalties/3"]
    assert "suffers a -3F penalty" in example.text
    assert "1 \u2013 3 + 1" in example.text  # a spaced dash between numbers is left as printed
    assert not any("\u2013" + d in e.text for e in parsed.entries for d in "0123456789")


# -- references ---------------------------------------------------------------------------------------------
def test_all_see_references_resolve(parsed, by_id):
    refs = [(e.id, r) for e in parsed.entries if e.kind != "contents" for r in e.refs]
    assert all(r.status == "resolved" and r.target in by_id for _, r in refs)
    quoted = [
        (by_id[i].span.line_start, r.target)
        for i, r in refs
        if r.kind == "see" and r.surface.startswith(('see "', 'See "'))
    ]
    assert quoted == [
        (193, "ccg:targeting-and-redirection"),
        (193, "ccg:costs-and-effects"),
        (201, "ccg:abilities-and-traits/experienced-traits"),
        (215, "ccg:special-situations/lobbying-for-the-imperial-favor"),
        (297, "ccg:bonuses-and-penalties"),
        (350, "ccg:sequence-of-play-in-detail/attack-phase-optional/battle-action-segment"),
        (352, "ccg:sequence-of-play-in-detail/attack-phase-optional/battle-action-segment"),
        (369, "ccg:actions/reactions"),
        (372, "ccg:special-situations/lobbying-for-the-imperial-favor"),
        (382, "ccg:allen-bob-and-cindy-go-to-war-a-sample-attack-phase"),
        (402, "ccg:actions"),
        (411, "ccg:special-situations/creating-fear"),
        (411, "ccg:special-situations/making-ranged-attacks"),
        (457, "ccg:special-situations/destroying-discarding-and-seppuku"),
        (579, "ccg:glossary/opposing"),
    ]
    glossary = {i: r.target for i, r in refs if by_id[i].kind in ("glossary", "term")}
    assert glossary == {
        "ccg:glossary/diplomat": "ccg:glossary/courtier",
        "ccg:glossary/faction": "ccg:glossary/minor-clan",
        "ccg:glossary/opponent": "ccg:glossary/opposing",
        "ccg:glossary/tactical": "ccg:glossary/tactician",
        "ccg:glossary/unconditional": "ccg:glossary/conditional",
        "ccg:rokugani-terms/mujina": "ccg:glossary/mujina",
        "ccg:rokugani-terms/oni": "ccg:glossary/oni",
        "ccg:rokugani-terms/seppuku": "ccg:glossary/seppuku",
    }
    sections = sorted((by_id[i].span.line_start, r.target) for i, r in refs if r.kind == "section")
    assert sections == [
        (191, "ccg:sequence-of-play-in-detail/attack-phase-optional"),
        (382, "ccg:sequence-of-play-in-detail/attack-phase-optional/battle-action-segment"),
        (382, "ccg:sequence-of-play-in-detail/attack-phase-optional/resolution-segment"),
    ]


# -- bad input -----------------------------------------------------------------------------------------------
def test_missing_section_heading_is_reported_not_misfiled():
    lines = bundled_source("ccg").split("\n")
    edited = "\n".join(line for number, line in enumerate(lines, start=1) if number != 187)  # drop "Bowing"
    parsed = l5r_ccg.parse(edited)
    by_id = {e.id: e for e in parsed.entries}
    assert "ccg:bowing" not in by_id
    mismatches = [p for p in parsed.problems if p.kind == "toc-mismatch"]
    assert len(mismatches) == 1 and '"Bowing"' in mismatches[0].message
    dangling = [r.surface for r in by_id["ccg:contents"].refs if r.status == "dangling"]
    assert dangling == ["Bowing"]
    # its lines stay with the heading before it; the next section is found as usual
    assert by_id["ccg:setup/determining-who-starts/3"].text.startswith("To bow a card or Stronghold")
    assert by_id["ccg:bringing-cards-into-play"].kind == "section"
    assert len([e for e in parsed.entries if e.kind == "section"]) == 25


def test_unresolvable_see_is_dangling_and_reported():
    parsed = l5r_ccg.parse('Title\nTable of Contents\n- Rules\nRules\nRead on (see "Nowhere Land").')
    entry = next(e for e in parsed.entries if e.kind == "paragraph")
    assert [(r.target, r.status) for r in entry.refs] == [(None, "dangling")]
    assert [p.kind for p in parsed.problems] == ["dangling-ref"]


def test_contents_alignment_keeps_order():
    toc = ["A", "Actions", "B"]
    lines = ["A", "Actions", "x", "B", "Actions", "y"]
    assert l5r_ccg.align_contents(toc, lines) == {0: 0, 1: 1, 3: 2}
    toc = ["A", "B", "Actions"]
    assert l5r_ccg.align_contents(toc, lines) == {0: 0, 3: 1, 4: 2}


def test_odd_inputs_do_not_crash():
    assert l5r_ccg.parse("").entries == []
    no_toc = l5r_ccg.parse("Just a sentence.\nAnother sentence.")
    assert [(e.kind, e.text) for e in no_toc.entries] == [
        ("front-matter", ""),
        ("paragraph", "Just a sentence."),
        ("paragraph", "Another sentence."),
    ]
    assert no_toc.entries[1].id == "ccg:front-matter/1"
    duplicate = l5r_ccg.parse("T\nTable of Contents\n- A\nA\nSub\nx.\nSub\ny.")
    assert [e.id for e in duplicate.entries if e.kind == "subsection"] == ["ccg:a/sub", "ccg:a/sub-2"]
    assert [p.kind for p in duplicate.problems] == ["duplicate-id"]


# -- arbitrary input never crashes ------------------------------------------------------------------

_LINES = st.lists(
    st.one_of(
        st.sampled_from(bundled_source("ccg").split("\n")),
        st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=80),
    ),
    max_size=40,
)


@settings(max_examples=60, deadline=None)
@given(_LINES)
def test_any_mix_of_lines_parses_with_unique_ids(lines):
    parsed = l5r_ccg.parse("\n".join(lines))
    ids = [e.id for e in parsed.entries]
    assert len(ids) == len(set(ids))
    known = set(ids)
    for entry in parsed.entries:
        assert entry.parent is None or entry.parent in known
