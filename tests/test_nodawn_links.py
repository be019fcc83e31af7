"""No Dawn CR references (notes/nodawn.md §2), status tags (§3) and backlinks."""

from __future__ import annotations

from collections import Counter

import pytest
from bundled import bundled_source, parsed_fixtures

from judge.corpus.nodawn import refs as nodawn_refs
from judge.corpus.nodawn import rules as nodawn
from judge.corpus.nodawn import tags as nodawn_tags

parsed, by_id = parsed_fixtures(nodawn.parse, "nd")


@pytest.fixture(scope="module")
def source_text() -> str:
    return bundled_source("nd")


def targets(entry, kind=None):
    return [r.target for r in entry.refs if kind is None or r.kind == kind]


def numeric(entry):
    return [(r.surface, r.target) for r in entry.refs if r.kind in ("rule", "range")]


# -- the census figures -----------------------------------------------------------------------


def test_census_figures_867_and_372(source_text):
    assert nodawn_refs.census_count(source_text) == (867, 372)


def test_expanded_reference_count(parsed):
    # Against the census: +3 for the glossary pointers broken over a blank line (702.45, 408.5i
    # and 123, each also cited elsewhere, so no new target) and −1 for 703.4o, which 703.4 skips.
    assert nodawn_refs.count_numeric_references(parsed.entries) == (869, 371)
    assert nodawn_refs.count_numeric_references(parsed.entries, naive_ranges=True) == (870, 372)


def test_numeric_refs_on_entries_match_the_count(parsed):
    refs = [r for e in parsed.entries for r in e.refs if r.kind in ("rule", "range")]
    assert len(refs) == 869
    assert Counter(r.status for r in refs) == {"resolved": 868, "dangling": 1}  # 506.1a is kept


def test_most_referenced_targets(parsed):
    counts = Counter(r.target for e in parsed.entries for r in e.refs if r.kind in ("rule", "range"))
    assert counts["nd:702"] == 51
    assert counts["nd:731"] == 24
    assert counts["nd:701"] == 20
    assert counts["nd:704"] == 18 + 1  # the census's top list leaves out the bare "rule group 704" (L11)


# -- reference shapes -------------------------------------------------------------------------


def test_chain_of_two(by_id):
    assert numeric(by_id["nd:106.5a"]) == [("107.6", "nd:107.6"), ("116.2a", "nd:116.2a")]
    assert targets(by_id["nd:506.3b"], "rule") == ["nd:508.2", "nd:509.2", "nd:510.3c"]


def test_letter_range_expands_over_existing_letters(by_id):
    refs = numeric(by_id["nd:724.3"])
    assert refs == [("703.4m–r", f"nd:703.4{c}") for c in "mnpqr"]
    assert all(r.kind == "range" for r in by_id["nd:724.3"].refs if r.kind != "term")


def test_letter_ranges(by_id):
    assert ("116.2b–c", "nd:116.2c") in numeric(by_id["nd:405.6"])
    assert [t for s, t in numeric(by_id["nd:601.2i"])] == [f"nd:601.2{c}" for c in "abcdefgh"]  # bare "steps 601.2a–h"
    assert [t for s, t in numeric(by_id["nd:603.3"])] == ["nd:601.2b", "nd:601.2c", "nd:601.2d"]  # "rules of 601.2b–d"


def test_number_ranges(by_id):
    assert ("123.4–123.5", "nd:123.4") in numeric(by_id["nd:500.18"])
    assert ("123.4–123.5", "nd:123.5") in numeric(by_id["nd:500.18"])
    assert numeric(by_id["nd:glossary/invitation"]) == [("310.10–310.12", f"nd:310.{n}") for n in (10, 11, 12)]
    assert numeric(by_id["nd:800.1"]) == [("806", "nd:806")] + [("801–805", f"nd:{n}") for n in range(801, 806)]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("see rules 702.31–702.32", ["702.31", "702.32"]),
        ("(rules 506.4–506.5)", ["506.4", "506.5"]),
        ("(rules 601.2g–h)", ["601.2g", "601.2h"]),
        ("Rules 801–805 record", ["801", "802", "803", "804", "805"]),
        ("(see rule 117 and rule 603)", ["117", "603"]),
        ("(see rule 117's group)", ["117"]),
        ('(see rule 106, "Vitae and the Blood Pool," and rule 308, "Races and Classes.")', ["106", "308"]),
        ('(See rule 702.48; rule 116, "Special Actions.")', ["702.48", "116"]),
        ("(cf. rules 408.3a and 708)", ["408.3a", "708"]),
        ("section 7, rule group 704, rule 5", ["704"]),
        ("the Pit seal (405.6a), the fired Power (405.6b)", ["405.6a", "405.6b"]),
        ("layers 2–6 apply in order", []),
        ("position (1–3) and 4–5", []),
        ('"N1–N2 — [effect]"', []),
        ("Corruption 15 and 2026-07-24", []),
    ],
)
def test_reference_shapes(text, expected):
    known = {
        "702.31",
        "702.32",
        "506.4",
        "506.5",
        "601.2g",
        "601.2h",
        "801",
        "802",
        "803",
        "804",
        "805",
        "117",
        "603",
        "106",
        "308",
        "702.48",
        "116",
        "408.3a",
        "708",
        "704",
        "405.6a",
        "405.6b",
    }
    assert [r.number for r in nodawn_refs.find_numeric(text, known)] == expected


def test_value_ranges_are_not_references(by_id):
    assert numeric(by_id["nd:213.3"]) == []  # "1–3 … 4–5"
    assert numeric(by_id["nd:706.3"]) == []  # "N1–N2"
    assert all("2–6" not in r.surface for r in by_id["nd:613.3"].refs)  # "layers 2–6"


def test_glossary_pointers(by_id):
    assert numeric(by_id["nd:glossary/overrun"]) == [("702", "nd:702")]
    assert targets(by_id["nd:glossary/sideboard"], "rule") == ["nd:900", "nd:100", "nd:901.5a"]
    assert targets(by_id["nd:glossary/soil-home"], "rule") == ["nd:310.8a", "nd:408.5i"]  # across the broken line
    assert targets(by_id["nd:glossary/veil-the"], "rule") == ["nd:123"]


def test_section_references(parsed, by_id):
    sections = Counter(r.target for e in parsed.entries for r in e.refs if r.kind == "section")
    # The census counts 49: it reads only the first number of "sections 3 and 7" (110.5c).
    assert sum(sections.values()) == 50
    assert sections == {
        "nd:section/3": 8,
        "nd:section/5": 17,
        "nd:section/6": 7,
        "nd:section/7": 11,
        "nd:section/8": 2,
        "nd:section/9": 5,
    }
    assert targets(by_id["nd:110.5c"], "section") == ["nd:section/3", "nd:section/7"]
    assert targets(by_id["nd:100.1a"], "section") == ["nd:section/9"]


def test_dangling_references(parsed, by_id):
    dangling = [(e.id, r.surface) for e in parsed.entries for r in e.refs if r.status != "resolved"]
    assert dangling == [("nd:intro/4", "506.1a")]
    ref = next(r for r in by_id["nd:intro/4"].refs if r.surface == "506.1a")
    assert ref.target is None and ref.kind == "rule"
    assert [p.kind for p in parsed.problems] == ["dangling-ref"]
    assert not any(r.target == "nd:703.4o" for e in parsed.entries for r in e.refs)


def test_glossary_see_refs_resolve(parsed):
    see = [r for e in parsed.entries for r in e.refs if r.kind == "see"]
    assert len(see) == 9 and all(r.resolved for r in see)


# -- glossary terms in rule text --------------------------------------------------------------


def test_term_references(by_id):
    assert "nd:glossary/damage-counter" in targets(by_id["nd:704.5j"], "term")
    assert {"nd:glossary/pit-of-blood", "nd:glossary/blood-seal"} <= set(targets(by_id["nd:106.5a"], "term"))
    assert "nd:glossary/soil-home" in targets(by_id["nd:310.8b/design-note"], "term")
    # "drop value" is a see-entry: the link goes where it points.
    linked = {r.surface.lower(): r.target for e in by_id.values() for r in e.refs if r.kind == "term"}
    assert linked["drop value"] == "nd:glossary/blood-seal"


def test_term_references_are_conservative(parsed, by_id):
    assert targets(by_id["nd:507.2/example-1"], "term") == []  # "Alpha of the Hunt" is a card name
    single_words = {
        r.surface.lower()
        for e in parsed.entries
        for r in e.refs
        if r.kind == "term" and " " not in r.surface and "-" not in r.surface
    }
    assert single_words == set()  # "Attack", "Draw", "Stack" are never linked
    assert not any(r.kind == "term" for e in parsed.entries if e.kind in ("glossary", "group") for r in e.refs)
    for entry in parsed.entries:
        term_targets = targets(entry, "term")
        assert len(term_targets) == len(set(term_targets))
        assert entry.id not in term_targets


def test_term_matcher_boundaries(parsed):
    matcher = nodawn_refs.TermMatcher(parsed.entries)
    assert matcher.refs("the non-active player passes", "x") == []
    assert [r.target for r in matcher.refs("The active player passes", "x")] == ["nd:glossary/active-player"]
    assert [r.surface for r in matcher.refs("two Damage counters stay", "x")] == ["Damage counters"]
    assert matcher.refs("Counter the spell", "x") == []  # "Counter (verb)" is ambiguous by design


# -- backlinks (corpus.finish) ----------------------------------------------------------------


def test_backlinks(corpus):
    assert {e.id for e in corpus.cited_by("nd:703.4q")} >= {"nd:724.3", "nd:731.4d"}
    assert [e.id for e in corpus.cited_by("nd:801")] == ["nd:800.1"]
    assert "nd:glossary/vitae-pool" in corpus.backlinks
    assert "nd:glossary/blood-pool" in [e.id for e in corpus.cited_by("nd:glossary/vitae-pool")]
    cited_702 = {e.id for e in corpus.cited_by("nd:702")}
    assert {"nd:glossary/overrun", "nd:glossary/ambush"} <= cited_702
    assert "nd:702" not in cited_702


def test_no_dangling_refs_left_by_finish(corpus):
    nd_problems = [p for p in corpus.problems if p.doc == "nd"]
    assert [(p.kind, p.entry) for p in nd_problems] == [("dangling-ref", "nd:intro/4")]


def test_corpus_lookups_by_number(corpus):
    assert corpus.by_number("nd", "704.5j").id == "nd:704.5j"
    assert [e.id for e in corpus.ancestors(corpus.get("nd:704.5j"))] == ["nd:section/7", "nd:704", "nd:704.5"]


# -- status tags (§3) -------------------------------------------------------------------------


def test_group_heading_tags(by_id):
    assert by_id["nd:607"].tags == ["proposed"]
    assert by_id["nd:612"].tags == ["proposed"]
    assert by_id["nd:904"].tags == ["future"]
    assert by_id["nd:903"].tags == []


def test_tag_paragraph_groups(parsed, by_id):
    tagged = {e.number: e.tags for e in parsed.entries if "status_note" in e.extra}
    assert tagged == {
        "114": ["proposed"],
        "123": ["adopted:2026-07-24"],
        "309": ["adopted:2026-07-24"],
        "312": ["adopted:2026-07-24"],
        "705": ["proposed"],
        "706": ["proposed"],
        "707": ["proposed"],
        "709": ["adopted:2026-07-24"],
        "710": ["adopted:2026-07-24"],
        "715": ["adopted:2026-07-24"],
        "724": ["proposed"],
        "725": ["deferred"],
        "730": ["adopted:2026-07-24"],
        "732": ["proposed"],
        "733": ["proposed"],
    }
    assert by_id["nd:725"].extra["status_note"] == "(deferred — multiplayer content)"


@pytest.mark.parametrize(
    "number",
    [
        "201.4",
        "201.5a",
        "201.5b",
        "202.7a",
        "205.2c",
        "208.3",
        "300.5a",
        "301.5c",
        "301.5d",
        "303.3c",
        "306.2",
        "307.6",
        "500.13",
        "508.4",
    ],
)
def test_rule_initial_proposed(by_id, number):
    assert by_id[f"nd:{number}"].tags == ["proposed"]


@pytest.mark.parametrize(
    "number, tags",
    [
        ("116.2g", ["adopted:2026-07-24"]),  # after a run-in head
        ("408.5k", ["adopted:2026-08-21"]),
        ("731.8", ["adopted:2026-08-21"]),
        ("310.8a", ["adopted:2026-07-24", "amended:2026-08-21"]),  # "adopted …; generalized …"
        ("703.4s", ["adopted:2026-07-24"]),
        ("404.2", ["proposed"]),  # paragraph-final
        ("704.5h", ["proposed"]),
        ("300.2", ["proposed", "deferred"]),
        ("606.1", ["deferred"]),
        ("104.2c", ["amended:2026-08-02"]),
        ("208.5", ["amended:2026-07-26"]),
        ("210.5b", ["struck"]),
        ("702.50b", ["renamed:2026-10-07", "deferred"]),  # inline predicate + inherited rename
    ],
)
def test_rule_level_tags(by_id, number, tags):
    assert by_id[f"nd:{number}"].tags == tags


def test_sentence_level_tags(by_id):
    def spans(number):
        entry = by_id[f"nd:{number}"]
        return entry.tags, [(s["tag"], s["text"]) for s in entry.extra["tag_spans"]]

    assert spans("302.6") == (
        ["proposed:partial"],
        [
            (
                "proposed",
                "Nor may its controller pay any cost that would drain it. Bloodlust lifts all of these restrictions.",
            )
        ],
    )
    tags, covered = spans("301.5b")
    assert tags == ["proposed:partial"] and covered[0][1].startswith("If an effect would attach a Weapon")
    assert covered[0][1].endswith("(a state-based check, rule 704).")
    tags, covered = spans("303.3b")
    assert tags == ["proposed:partial"] and covered[0][1].startswith("If the bound object leaves play")
    tags, covered = spans("307.3")
    assert tags == ["ratified:partial"]
    assert covered == [
        (
            "ratified:2026-07-28",
            "Setting a Trap announces onto the stack and may be answered, like any other announcement",
        )
    ]
    tags, covered = spans("704.5p")
    assert tags == ["proposed:partial"]
    assert covered[0][1].startswith("If a player's set Traps exceed their remaining Ward slots") and covered[0][
        1
    ].endswith("until they fit.")
    tags, covered = spans("408.2b")
    assert tags == ["adopted:partial"]
    assert covered == [
        (
            "adopted:2026-07-24",
            "except that an Invited opponent's spells and abilities may target and touch the sheltered (the Threshold, rule 310.10).",
        )
    ]


def test_bullet_level_tags(by_id):
    schedule = by_id["nd:500.18"]
    assert schedule.tags == ["adopted:partial"]
    assert [s["text"][:22] for s in schedule.extra["tag_spans"]] == [
        "• The counting ebbs at",
        "• Suspicion is weighed",
        "• Great Works mature a",
        "• Feasts land as their",
    ]


def test_inherited_tags(by_id):
    assert by_id["nd:701.24"].tags == ["proposed"] and by_id["nd:701.24a"].tags == ["proposed"]
    assert by_id["nd:702.48d"].tags == ["adopted:2026-07-24"]
    assert by_id["nd:702.50a"].tags == ["renamed:2026-10-07"]
    assert by_id["nd:400.7a"].tags == ["proposed"]  # "(※ proposed as a group …)"
    assert by_id["nd:400.7d"].tags == ["proposed"]
    assert by_id["nd:702.44a"].tags == []


def test_glossary_and_appendix_tags(by_id):
    assert by_id["nd:glossary/bearer"].tags == ["deferred"]
    assert by_id["nd:glossary/edict"].tags == ["proposed"]
    assert by_id["nd:glossary/linked-abilities"].tags == ["proposed"]
    assert by_id["nd:glossary/shroud"].tags == []
    assert by_id["nd:appendix-a/seated-player"].tags == ["deferred"]
    assert by_id["nd:appendix-a/creditor-debtor"].tags == ["adopted:2026-07-24"]
    assert by_id["nd:appendix-a/the-veil"].tags == ["adopted:2026-07-24"]


def test_tags_leave_raw_text_alone(by_id):
    assert "(※ proposed)" in by_id["nd:302.6"].text
    assert by_id["nd:210.5b"].text.startswith("210.5b (Struck 2026-07-26, with 208.5.)")
    assert by_id["nd:113.3b"].extra["engine_note"].startswith("(Engine: enforced in actions::abilities::activate")
    assert by_id["nd:113.3b"].tags == []


def test_front_matter_definitions_are_not_tags(parsed):
    assert all(not e.tags for e in parsed.entries if e.kind == "front-matter")


@pytest.mark.parametrize(
    "note, tags",
    [
        ("(※ proposed)", ["proposed"]),
        ("(※ adopted 2026-07-24.)", ["adopted:2026-07-24"]),
        ("(※ exception adopted 2026-07-24.)", ["adopted:2026-07-24"]),
        ("(※ ratified 2026-07-28, resolving a contradiction)", ["ratified:2026-07-28"]),
        (
            "(※ threshold raised from 10 to 15, and the liquidation immunity made explicit, 2026-08-02: at a shared 10)",
            ["amended:2026-08-02"],
        ),
        ("(Amended 2026-07-26, with 208.5.)", ["amended:2026-07-26"]),
        ("(future — not committed)", ["future"]),
        ("(deferred multiplayer designation)", ["deferred"]),
    ],
)
def test_classify(note, tags):
    assert nodawn_tags.classify(note) == tags
