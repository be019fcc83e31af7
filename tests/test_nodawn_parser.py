"""The No Dawn CR parser against the census in notes/nodawn.md §1 (counts, anomalies, entries)."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from bundled import bundled_source, gold_glossary_terms, parsed_fixtures

from judge.corpus.nodawn import rules as nodawn
from judge.corpus.nodawn.glossary import split_term

parsed, by_id = parsed_fixtures(nodawn.parse, "nd")


@pytest.fixture(scope="module")
def source_text() -> str:
    return bundled_source("nd")


@pytest.fixture(scope="module")
def lines(source_text) -> list[str]:
    return nodawn.split_lines(source_text)


def line(lines, n: int) -> str:
    """Physical line n (1-based), as the notes number them."""
    return lines[n - 1].strip()


# -- census counts (§1.3, §1.7) ---------------------------------------------------------------


def test_file_has_3959_lines_and_no_final_newline(source_text, lines):
    assert len(lines) == 3959
    assert not source_text.endswith("\n")


def test_counts_by_kind(parsed):
    kinds = Counter(e.kind for e in parsed.entries)
    assert kinds["group"] == 147
    assert kinds["rule"] == 756
    assert kinds["subrule"] == 595
    assert kinds["example"] == 136
    assert kinds["design-note"] == 3
    assert kinds["glossary"] == 226
    assert kinds["appendix"] == 43
    assert kinds["front-matter"] == 18  # 21 non-blank lines less the 3 headings
    assert kinds["section"] == 9 + 2  # nine numbered sections, the glossary root, appendix A


def test_ids_unique_and_every_entry_is_nd(parsed):
    ids = [e.id for e in parsed.entries]
    assert len(ids) == len(set(ids))
    assert {(e.doc, e.game) for e in parsed.entries} == {("nd", "nodawn")}


def test_groups_per_section(parsed, by_id):
    per_section = {n: len(by_id[f"nd:section/{n}"].children) for n in range(1, 10)}
    assert per_section == {1: 24, 2: 14, 3: 16, 4: 9, 5: 15, 6: 17, 7: 34, 8: 12, 9: 6}


def test_reserved_groups(parsed):
    reserved = [e for e in parsed.entries if "reserved" in e.tags]
    assert len(reserved) == 30
    assert [e.number for e in reserved][:5] == ["211", "212", "313", "314", "315"]
    assert all(e.kind == "group" and e.text == "Reserved for future NoDawn rules." for e in reserved)
    assert all(not e.children for e in reserved)


def test_keyword_title_only_rules(parsed):
    keywords = [e for e in parsed.entries if e.extra.get("keyword")]
    assert len(keywords) == 74
    titles = {e.number: e.title for e in keywords}
    assert titles["701.13"] == "Seal"
    assert titles["702.15"] == "Sanctity from [quality]"
    assert titles["702.29"] == "Siege"
    assert titles["702.45"] == "Scatter"
    assert "702.49" not in titles and "702.1" not in titles


def test_every_parent_lists_its_children(parsed, by_id):
    assert parsed.entries
    for entry in parsed.entries:
        if entry.parent:
            assert entry.id in by_id[entry.parent].children
        for child in entry.children:
            assert by_id[child].parent == entry.id


def test_subrule_letters_skip_l_and_o(by_id):
    for rule in ("nd:703.4", "nd:704.5"):
        letters = "".join(c.rsplit(".", 1)[1][-1] for c in by_id[rule].children if by_id[c].kind == "subrule")
        assert letters == "abcdefghijkmnpqrstuv"


def test_no_problems_but_the_illustrative_506_1a(parsed):
    assert [(p.kind, p.entry) for p in parsed.problems] == [("dangling-ref", "nd:intro/4")]


# -- entries by exact id, kind, parent and text -----------------------------------------------


@pytest.mark.parametrize(
    "entry_id, kind, parent, lineno",
    [
        ("nd:100.1a", "subrule", "nd:100.1", 36),
        ("nd:100.2a", "subrule", "nd:100.2", 40),
        ("nd:106.5a", "subrule", "nd:106.5", 200),
        ("nd:210.5b", "subrule", "nd:210.5", 836),
        ("nd:302.6", "rule", "nd:302", 938),
        ("nd:307.4a", "subrule", "nd:307.4", 1068),
        ("nd:702.7", "rule", "nd:702", 2533),
        ("nd:702.7a", "subrule", "nd:702.7", 2535),
        ("nd:702.19a", "subrule", "nd:702.19", 2585),
        ("nd:704.5j", "subrule", "nd:704.5", 2861),
        ("nd:806.6", "rule", "nd:806", 3345),
        ("nd:100.5/example-1", "example", "nd:100.5", 52),
        ("nd:101.1b/example-1", "example", "nd:101.1b", 62),
        ("nd:310.12/example-2", "example", "nd:310.12", 1148),
        ("nd:310.8b/design-note", "design-note", "nd:310.8b", 1134),
        ("nd:glossary/overrun", "glossary", "nd:glossary", 3725),
        ("nd:glossary/blood-pool", "glossary", "nd:glossary", 3495),
        ("nd:appendix-a/afield", "appendix", "nd:appendix-a", 3917),
        ("nd:appendix-a/wielder", "appendix", "nd:appendix-a", 3959),
        ("nd:intro/4", "front-matter", None, 11),
    ],
)
def test_single_line_entries(by_id, lines, entry_id, kind, parent, lineno):
    entry = by_id[entry_id]
    assert (entry.kind, entry.parent) == (kind, parent)
    assert entry.text == line(lines, lineno)
    assert entry.span.line_start == lineno


def test_the_last_line_without_newline(by_id):
    wielder = by_id["nd:appendix-a/wielder"]
    assert wielder.text == "• wielder — the Entity a Weapon is attached to"
    assert wielder.title == "wielder"
    assert by_id["nd:appendix-a"].children[-1] == wielder.id


def test_sections_groups_and_titles(by_id):
    section = by_id["nd:section/7"]
    assert (section.kind, section.number, section.title, section.parent) == ("section", "7", "Additional Rules", None)
    group = by_id["nd:704"]
    assert (group.kind, group.number, group.title, group.parent) == (
        "group",
        "704",
        "State-Based Actions",
        "nd:section/7",
    )
    assert by_id["nd:105"].title == "Lineages & Clans"
    assert by_id["nd:903"].title == "Limited — Draft and Sealed"  # an em dash that is no tag
    assert by_id["nd:727"].title == "Restarting the Game" and "reserved" in by_id["nd:727"].tags
    assert by_id["nd:607"].title == "Linked Abilities"
    assert by_id["nd:607"].text == "Linked Abilities (※ proposed — adopt)"  # raw text keeps the tag
    assert by_id["nd:904"].title == "Campaign / Story"


def test_stray_period_label(by_id):
    entry = by_id["nd:307.4a"]
    assert entry.number == "307.4a"
    assert entry.text.startswith("307.4a. A Trap printing a Ruse condition")
    assert "nd:307.4a" in by_id["nd:307.4"].children


def test_run_in_heads_become_titles(by_id):
    assert by_id["nd:106.5a"].title == "The drop."
    assert by_id["nd:116.2g"].title == "Calling a Debt."
    assert by_id["nd:704.5d"].title == "Inversion — Ascension through Damnation."
    assert by_id["nd:731.8"].title == "The Cycle Law."
    assert by_id["nd:106.5"].title == "The three sources of Vitae."
    assert by_id["nd:201.4"].title == ""  # starts with a tag, then a plain sentence
    assert by_id["nd:704.5j"].title == ""
    assert by_id["nd:702.3a"].title == ""  # "Frenzy is a static ability." is a statement
    assert by_id["nd:310.12"].title == ""  # "On St. George's Eve…" is not a head


def test_continuation_paragraphs_join_their_rule(by_id, lines):
    passage = by_id["nd:408.5"]
    assert passage.text == line(lines, 1422) + "\n" + line(lines, 1424)
    assert (passage.span.line_start, passage.span.line_end) == (1422, 1424)
    assert passage.children[0] == "nd:408.5a"
    cycle_law = by_id["nd:731.8"]
    assert cycle_law.text == line(lines, 3193) + "\n" + line(lines, 3195)


def test_bullets_join_their_rule(by_id, lines):
    schedule = by_id["nd:500.18"]
    assert schedule.text == "\n".join(line(lines, n) for n in range(1526, 1536) if line(lines, n))
    assert schedule.text.count("\n• ") == 8
    assert (schedule.span.line_start, schedule.span.line_end) == (1526, 1535)
    assert by_id["nd:601.2g"].text.count("\n• ") == 2
    assert by_id["nd:601.2h"].text.count("\n• ") == 4
    assert by_id["nd:104.3e"].text.count("\n• ") == 3
    assert by_id["nd:107.5a"].text.count("\n• ") == 3


def test_example_after_a_bullet_hangs_on_the_rule(by_id, lines):
    example = by_id["nd:601.2h/example-1"]
    assert example.text == line(lines, 1897)
    assert example.citation == "No Dawn CR 601.2h, example 1"


def test_consecutive_examples_share_their_rule(by_id):
    rule = by_id["nd:800.6a"]
    examples = [c for c in rule.children if by_id[c].kind == "example"]
    assert examples == ["nd:800.6a/example-1", "nd:800.6a/example-2"]
    assert by_id["nd:310.12/example-2"].citation == "No Dawn CR 310.12, example 2"


def test_design_notes(parsed, by_id):
    notes = [e for e in parsed.entries if e.kind == "design-note"]
    assert [(e.parent, e.span.line_start) for e in notes] == [
        ("nd:310.8b", 1134),
        ("nd:408.5k", 1450),
        ("nd:731.8g", 3211),
    ]
    assert by_id["nd:310.8b/example-1"].span.line_start == 1136  # after the design note, same rule


def test_702_categories(parsed, by_id):
    categories = {
        e.number: e.extra.get("category") for e in parsed.entries if e.kind == "rule" and e.number.startswith("702.")
    }
    assert categories["702.1"] is None
    assert categories["702.2"] == categories["702.19"] == "Combat & evasion"
    assert categories["702.20"] == categories["702.30"] == "Utility"
    assert categories["702.31"] == categories["702.34"] == "The face-down guises"
    assert categories["702.35"] == categories["702.48"] == "Clan-signature keywords"
    assert categories["702.49"] == categories["702.50"] == "Deliberately absent keywords"
    # The label is not rule text: 702.1 and 702.19a end where their own lines end.
    assert "\n" not in by_id["nd:702.1"].text and "\n" not in by_id["nd:702.19a"].text


def test_tag_paragraphs_are_group_notes(parsed, by_id):
    noted = [e.number for e in parsed.entries if "status_note" in e.extra]
    assert len(noted) == 15
    assert (
        by_id["nd:114"].extra["status_note"]
        == "(※ proposed — the emblem analog; name and machinery await ratification)"
    )
    assert by_id["nd:114"].text == "Edicts"


def test_citations(by_id):
    assert by_id["nd:704.5j"].citation == "No Dawn CR 704.5j"
    assert by_id["nd:704"].citation == "No Dawn CR 704"
    assert by_id["nd:section/7"].citation == "No Dawn CR section 7"
    assert by_id["nd:glossary/overrun"].citation == "No Dawn CR Glossary — Overrun"
    assert by_id["nd:appendix-a/afield"].citation == "No Dawn CR Appendix A — afield"
    assert by_id["nd:intro/4"].citation == "No Dawn CR — How to read these rules ¶1"


# -- glossary and appendix (§1.4) -------------------------------------------------------------


def test_glossary_terms_match_the_gold_list(parsed):
    terms = [e.title for e in parsed.entries if e.kind == "glossary"]
    assert terms == gold_glossary_terms()


def test_term_splitting_shapes():
    rules = "the Pit of Blood and its Blood Seal; Ascension through Damnation"
    assert split_term("Pit of Blood The public zone.", rules) == "Pit of Blood"
    assert split_term("Fizzle Informal term for a spell.", rules) == "Fizzle"
    assert (
        split_term("Conclave Seat, the (deferred — content-gated) A shared marker.", "Conclave Seat")
        == "Conclave Seat, the"
    )
    assert split_term("Counter (verb) To cancel a spell.", rules) == "Counter (verb)"
    assert split_term('APNAP order "Active player, then non-active player"', rules) == "APNAP order"
    assert split_term("Elian / Plague-bearers The lineage.", rules) == "Elian / Plague-bearers"
    assert split_term("Blood pool — See Vitae pool.", rules) == "Blood pool"


def test_split_glossary_tails_are_rejoined(by_id, lines):
    for slug, first, tail in (("scatter", 3795, 3797), ("soil-home", 3829, 3831), ("veil-the", 3883, 3885)):
        entry = by_id[f"nd:glossary/{slug}"]
        assert entry.text == line(lines, first) + " " + line(lines, tail)
        assert (entry.span.line_start, entry.span.line_end) == (first, tail)
    assert by_id["nd:glossary/scatter"].text.endswith("*(See rule 702.45.)*")
    # The tails are not rules: no 702.45 or 123 was made twice, no extra 408.5i.
    assert by_id["nd:702.45"].span.line_start == 2719
    assert by_id["nd:123"].span.line_start == 606
    assert by_id["nd:408.5i"].span.line_start == 1444


def test_glossary_entry_texts_are_whole_lines(by_id, lines):
    overrun = by_id["nd:glossary/overrun"]
    assert overrun.title == "Overrun"
    assert overrun.text.startswith("Overrun A keyword ability (the reskin of trample)")
    assert by_id["nd:glossary/master-blood"].title == "Master-Blood ◇"
    assert by_id["nd:glossary/the-arise"].title == "The Arise"
    assert by_id["nd:glossary/bearer"].text == line(lines, 3481)


def test_reskin_notes(parsed, by_id):
    reskins = {e.title: e.extra["reskin_of"] for e in parsed.entries if "reskin_of" in e.extra}
    assert len(reskins) == 32
    assert reskins["Overrun"] == ["trample"]
    assert reskins["Ambush"] == ["flash"]
    assert reskins["Siege"] == ["raid", "battalion"]
    assert reskins["Shroud"] == ["cloak"]
    assert reskins["Celerity"] == ["first strike"]


def test_glossary_see_entries(parsed):
    see = {
        e.title: [(r.kind, r.target, r.status) for r in e.refs if r.kind == "see"]
        for e in parsed.entries
        if e.kind == "glossary" and "see" in e.extra
    }
    assert len(see) == 9
    assert see["Blood pool"] == [("see", "nd:glossary/vitae-pool", "resolved")]
    assert see["Beast-blood"] == [("see", "nd:glossary/theronite-beast-blood", "resolved")]
    assert see["Tome"] == [("see", "nd:glossary/domain", "resolved")]


def test_appendix(parsed, by_id):
    appendix = [e for e in parsed.entries if e.kind == "appendix"]
    assert len(appendix) == 43
    assert by_id["nd:appendix-a"].title == "Appendix A. Proposed and Coined Terminology"
    assert by_id["nd:appendix-a/bound-object-player"].title == "bound (object/player)"
    assert by_id["nd:appendix-a/dawn-dusk"].title == "dawn / dusk"
    assert not re.search(r"\n", by_id["nd:appendix-a/afield"].text)


def test_front_matter(parsed, by_id):
    front = [e for e in parsed.entries if e.kind == "front-matter"]
    assert front[0].text == "The rules of the Conclave."
    assert [e.title for e in front].count("How to read these rules") == 5
    assert [e.title for e in front].count("Contents") == 10


# -- bad input --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "",
        "just a line",
        "Example: an orphan example\n\n• an orphan bullet\n\n200.1a an orphan sub-rule",
        "1. S\r\n\r\n100. G\r\n\r\n100.1a no parent rule (rule 100.1b–c)\r\n\r\n• bullet\r\n",
        "1. S\n\n100. G\n\n100.1. A rule.\n\n100.1. The same number again.\n\nGlossary\n\nintro\n\n123.)*\n\nAppendix A. X",
    ],
)
def test_bad_input_is_reported_not_raised(text):
    parsed = nodawn.parse(text)
    assert isinstance(parsed.entries, list)
    ids = [e.id for e in parsed.entries]
    assert len(ids) == len(set(ids))


def test_structure_problems_are_reported():
    parsed = nodawn.parse("1. S\n\n100. G\n\n100.1a orphan sub-rule\n\n100.1. A rule.\n\n100.1. Again.")
    kinds = sorted(p.kind for p in parsed.problems)
    assert kinds == ["duplicate", "structure"]
    assert nodawn.parse("").problems[0].kind == "structure"
