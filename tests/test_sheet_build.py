"""Ruling sheets built from the corpus: exact texts, context, examples, sources, bad ids."""

from __future__ import annotations

import datetime as dt

import pytest

from judge.sheet import UnknownEntries, build_sheet

DAY = dt.date(2026, 11, 30)


def test_cited_entry_carries_full_text_citation_and_parent_context(corpus):
    sheet = build_sheet(corpus, ["704.5j"], date=DAY)
    (cited,) = sheet.cited
    entry = corpus.get("nd:704.5j")
    assert cited.id == "nd:704.5j"
    assert cited.citation == "No Dawn CR 704.5j"
    assert cited.text == entry.text
    assert cited.text.startswith("704.5j An Entity with Vigor greater than 0 whose marked damage")
    assert cited.text.endswith("Nothing replaces this event; NoDawn has no regeneration.")
    assert cited.parent is not None and cited.parent.id == "nd:704.5"
    assert cited.parent.text == "704.5. The state-based actions are these:"
    assert cited.breadcrumb.startswith("No Dawn Comprehensive Rules › ")
    assert sheet.date == DAY


def test_examples_are_quoted_in_full(corpus):
    sheet = build_sheet(corpus, ["nd:118.6"], date=DAY)
    (cited,) = sheet.cited
    examples = [e.text for e in corpus.children(corpus.get("nd:118.6"), "example")]
    assert len(examples) == 1
    assert cited.examples == tuple(examples)
    assert cited.examples[0].startswith("Example: ")


def test_a_rule_brings_its_sub_rules_unless_asked_alone(corpus):
    rule = corpus.get("nd:704.5")
    subrules = [c for c in corpus.children(rule) if c.kind == "subrule"]
    with_subs = build_sheet(corpus, ["704.5"], date=DAY).cited[0]
    alone = build_sheet(corpus, ["704.5."], date=DAY).cited[0]
    assert [q.id for q in with_subs.contains] == [s.id for s in subrules]
    assert [q.text for q in with_subs.contains] == [s.text for s in subrules]
    assert alone.contains == ()


def test_a_sub_rule_cited_on_its_own_is_not_repeated_inside_its_rule(corpus):
    sheet = build_sheet(corpus, ["704.5", "704.5j"], date=DAY)
    rule, sub = sheet.cited
    assert "nd:704.5j" not in [q.id for q in rule.contains]
    assert sub.parent is None  # its rule is printed in full on the same sheet


def test_a_parent_shared_by_two_entries_is_quoted_once(corpus):
    sheet = build_sheet(corpus, ["601.12a", "601.12c"], date=DAY)
    first, second = sheet.cited
    assert first.parent.id == second.parent.id == "nd:601.12"
    assert first.parent.text == corpus.get("nd:601.12").text
    assert second.parent.text == ""  # "quoted above"


def test_bare_headings_are_not_quoted_as_context(corpus):
    # 106.5's text is its number and run-in head; the glossary's parent is the Glossary section.
    assert corpus.get("nd:106.5").text == "106.5. The three sources of Vitae."
    assert build_sheet(corpus, ["106.5a"], date=DAY).cited[0].parent is None
    assert build_sheet(corpus, ["nd:glossary/overrun"], date=DAY).cited[0].parent is None


def test_a_keyword_rule_with_a_note_beside_its_name_is_context(corpus):
    parent = build_sheet(corpus, ["701.13a"], date=DAY).cited[0].parent
    assert parent.text == "701.13. Seal (the drop)"


def test_other_documents_cite_with_their_own_citations(corpus):
    ids = ["lcg:attachment-cards/3", "ccg:bowing/2", "ce:bowed-and-unbowed/3", "sf:card/charmed-life/2"]
    sheet = build_sheet(corpus, ids, date=DAY)
    assert [c.id for c in sheet.cited] == ids
    assert [c.citation for c in sheet.cited] == [corpus.get(i).citation for i in ids]
    assert sheet.cited[0].citation == "L5R LCG Rules Reference — Attachment Cards ¶3"
    assert sheet.cited[3].citation == "Shadowfist OmniFAQ — Charmed Life: “If played in response to an…”"
    assert sheet.cited[2].tags == ("clarified:2011-07-15",)
    for c in sheet.cited:
        assert c.text == corpus.get(c.id).text


def test_sources_list_each_document_once_with_its_file_hash(corpus):
    sheet = build_sheet(corpus, ["704.5j", "118.6", "sf:card/charmed-life/2"], date=DAY)
    assert [s.doc for s in sheet.sources] == ["nd", "sf"]
    nd = sheet.sources[0]
    assert nd.title == "No Dawn Comprehensive Rules"
    assert nd.sha256 == corpus.documents["nd"].sha256 and len(nd.short) == 12
    assert nd.sha256.startswith(nd.short)


def test_duplicates_are_cited_once_in_first_order(corpus):
    sheet = build_sheet(corpus, ["118.6", "704.5j", "nd:118.6"], date=DAY)
    assert [c.id for c in sheet.cited] == ["nd:118.6", "nd:704.5j"]


def test_unknown_ids_are_named_with_their_nearest_ids(corpus):
    with pytest.raises(UnknownEntries) as caught:
        build_sheet(corpus, ["704.5j", "704.5l", "nd:glossary/overrum"], date=DAY)
    message = str(caught.value)
    assert [w for w, _ in caught.value.missing] == ["704.5l", "nd:glossary/overrum"]
    assert "no entry '704.5l' (nearest: nd:704.5k, nd:704.5m)" in message
    assert "nd:glossary/overrun" in message


def test_particulars_are_trimmed_and_only_given_ones_listed(corpus):
    sheet = build_sheet(corpus, ["704.5j"], date=DAY, question=" Does it die? ", ruling="Yes.", table="12", judge="Kim")
    assert sheet.question == "Does it die?"
    assert sheet.particulars() == [("Table", "12"), ("Judge", "Kim"), ("Date", "2026-11-30")]


def test_date_defaults_to_today(corpus):
    before = dt.date.today()
    dated = build_sheet(corpus, ["704.5j"]).date
    assert dated in {before, dt.date.today()}  # the build may straddle midnight


def test_markdown_for_ids_with_collected_steps(corpus):
    from dataclasses import dataclass

    from judge.sheet import markdown_for_ids

    @dataclass
    class Step:  # the shape of the TUI basket's StepItem
        scenario: str
        n: int
        action: str
        events: tuple

    steps = [Step("v01", 2, "all players pass", (("Iron Column dies", ("nd:704.5j",)),))]
    page = markdown_for_ids(corpus, ["704.5j"], title="Table 12 ruling", steps=steps, date=DAY, table="12")
    assert page.startswith("# Table 12 ruling\n")
    assert "- **Table:** 12" in page and "### No Dawn CR 704.5j" in page
    assert "## Replay — v01" in page and "2. **all players pass**" in page
    assert "    - Iron Column dies (704.5j)" in page
    with pytest.raises(UnknownEntries):
        markdown_for_ids(corpus, ["704.5l"])
