"""L5R LCG Rules Reference parser: counts, recovered topics, glyphs, damage tags, references,
and what happens when the topic table no longer matches an edited source."""

from __future__ import annotations

from collections import Counter

import pytest
from bundled import bundled_source, parsed_fixtures
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.corpus.l5r import lcg as l5r_lcg
from judge.corpus.l5r import lcg_topics as l5r_lcg_topics
from judge.corpus.l5r.lcg_topics import TopicTableError, load_topics

parsed, by_id = parsed_fixtures(l5r_lcg.parse, "lcg")


def _kinds(parsed, kind):
    return [e for e in parsed.entries if e.kind == kind]


# -- counts (notes/l5r.md §A1.2) ----------------------------------------------------------------
def test_counts_match_the_census(parsed):
    kinds = Counter(e.kind for e in parsed.entries)
    assert kinds == {"paragraph": 386, "topic": 99, "subtopic": 4, "example": 4, "related": 1, "front-matter": 1}
    assert parsed.facts["lines"] == 778  # no final newline: line 778 is a rule, not lost


def test_last_line_is_parsed(by_id):
    entry = by_id["lcg:the-letter-x/1"]
    assert entry.span.line_start == 778
    assert entry.text.endswith("without altering the value of X.")


def test_only_known_problem_on_the_pristine_source(parsed):
    assert [(p.kind, p.entry) for p in parsed.problems] == [("dangling-ref", "lcg:target/5")]


def test_ids_unique_and_tree_consistent(parsed, by_id):
    assert len(by_id) == len(parsed.entries)
    for entry in parsed.entries:
        assert entry.doc == "lcg" and entry.game == "l5r-lcg"
        if entry.parent:
            assert entry.id in by_id[entry.parent].children
        for child in entry.children:
            assert by_id[child].parent == entry.id


# -- entries: id, title, exact text ------------------------------------------------------------
ENTRIES = [
    (
        "lcg:ability/1",
        "Ability",
        3,
        "Card abilities only interact with, and can only target, cards that are in play, unless the ability "
        "specifically refers to an out-of-play area or element. Card abilities on characters, attachments, "
        "holdings, strongholds, and provinces can only be initiated or affect the game while they "
        "are in play unless the ability specifically refers to being used from an out-of-play area, or "
        "require that the card be out of play for the ability to resolve. Event cards and role cards implicitly "
        "interact with the game from an out-of-play area, as established by the rules of their card types.",
    ),
    (
        "lcg:action-action-ability/1",
        "Action, Action Ability",
        15,
        "Unless otherwise noted by the ability, each action ability may be initiated only once each round.",
    ),
    ("lcg:additional-costs/1", "Additional Costs", 23, "All costs are paid simultaneously, including additional ones."),
    (
        "lcg:attachment-cards/3",
        "Attachment Cards",
        30,
        "There is no limit on the number of attachments that may be attached to a card or game element. However, "
        "only one copy of an attachment (by name) per player can be attached to a card or game element at the same time.",
    ),
    (
        "lcg:bow-bowed/1",
        "Bow, Bowed",
        66,
        "A bowed card cannot bow again until it is ready. Cards are typically readied by a game step or card ability.",
    ),
    (
        "lcg:cancel/4",
        "Cancel",
        80,
        "If a ring effect that is resolving for winning a conflict is canceled, the ring is still claimed.",
    ),
    (
        "lcg:covert/1",
        "Covert",
        164,
        "If multiple characters with the covert keyword are declared as attackers, the evaded character is "
        "considered to be chosen and evaded by each of those characters' covert abilities.",
    ),
    (
        "lcg:dash/1",
        "Dash (-)",
        174,
        "Should a character with a dash skill value somehow end up participating in a conflict of the corresponding "
        "type, that character is immediately removed from the conflict, and placed in its controller\u2019s home area "
        "in a bowed state.",
    ),
    (
        "lcg:glory/1",
        "Glory",
        309,
        "While a character is honored or dishonored, that character\u2019s glory will modify its military and political skill.",
    ),
    (
        "lcg:limited/1",
        "Limited",
        395,
        'Limited cards that are "put into play" via card abilities ignore and are ignored by this restriction.',
    ),
    (
        "lcg:loses/1",
        "Loses",
        413,
        "When tokens are removed from a card, that card is considered to lose those tokens. If the tokens are not "
        "moved to a specific destination, return them to the general token pool.",
    ),
    ("lcg:neutral/1", "Neutral", 439, "Neutral cards are not considered to be in-clan or out-of-clan."),
    ("lcg:personal-honor-personal-dishonor/1", "Personal Honor, Personal Dishonor", 473, "Honored"),
    (
        "lcg:printed/1",
        "Printed",
        511,
        "The word printed refers to the text, characteristic, icon, or value that is physically printed on the card.",
    ),
    (
        "lcg:rings/1",
        "Rings",
        579,
        "Unclaimed - Each ring in the unclaimed ring pool is an unclaimed ring, and is eligible to be selected by a "
        "player as a part of the process of declaring a conflict.",
    ),
    (
        "lcg:the-word-to/1",
        'The Word "To"',
        689,
        "If the pre-to aspect of an effect successfully resolves in full, the post-to aspect of that effect resolves "
        "simultaneously with all other effects of that card ability.",
    ),
    (
        "lcg:tokens-running-out-of/1",
        "Tokens, Running Out of",
        697,
        "There is no limit to the number of fate, honor, and personal status tokens which can be in the game area at "
        "a given time. If players run out of the provided tokens, other tokens, counters, or coins may be used to "
        "track the game state.",
    ),
    (
        "lcg:skill/1",
        "Skill",
        633,
        "Military skill (military) is used to determine the victor during military conflicts.",
    ),
    (
        "lcg:skill/2",
        "Skill",
        635,
        "Political skill (political) is used to determine the victor during political conflicts.",
    ),
]


@pytest.mark.parametrize("entry_id,title,line,text", ENTRIES, ids=[e[0] for e in ENTRIES])
def test_entry_id_title_and_exact_text(by_id, entry_id, title, line, text):
    entry = by_id[entry_id]
    assert entry.kind == "paragraph"
    assert entry.title == title
    assert entry.text == text
    assert entry.span.line_start == line


def test_topic_entries_and_citations(by_id):
    topic = by_id["lcg:attachment-cards"]
    assert (topic.kind, topic.title, topic.text) == ("topic", "Attachment Cards", "Attachment Cards")
    assert topic.citation == "L5R LCG Rules Reference — Attachment Cards"
    assert by_id["lcg:attachment-cards/3"].citation == "L5R LCG Rules Reference — Attachment Cards ¶3"
    assert topic.extra["evidence"] == "v10"
    assert "inferred-heading" in by_id["lcg:treaty"].tags and by_id["lcg:treaty"].extra["evidence"] == "inf"
    assert topic.children[:3] == ["lcg:attachment-cards/1", "lcg:attachment-cards/2", "lcg:attachment-cards/3"]
    assert len([c for c in topic.children if by_id[c].kind == "paragraph"]) == 12


# -- topic boundaries (first and last source line of each topic) ---------------------------------
BOUNDARIES = {
    "ability": (3, 13),
    "action-action-ability": (15, 17),
    "active-player": (19, 21),
    "additional-costs": (23, 23),
    "attachment-cards": (25, 48),
    "bid-value": (50, 52),
    "breaking-a-province-broken-province": (54, 64),
    "bow-bowed": (66, 72),
    "cards-placed-under-neath-a-card": (82, 84),
    "conflict-x-triggered-conflict-abilities": (102, 116),
    "deckbuilding": (182, 198),
    "deck-limits": (200, 202),
    "fill-a-province": (286, 288),
    "foreign-gaijin": (300, 303),
    "honor": (325, 331),
    "limited": (395, 395),
    "limit-x-per-period": (397, 403),
    "limits-of-triggered-abilities": (405, 411),
    "personal-honor-personal-dishonor": (473, 489),
    "rings": (579, 595),
    "ring-effects": (597, 603),
    "token-pool-general-token-pool": (693, 695),
    "tokens-running-out-of": (697, 697),
    "triggered-abilities": (703, 716),
    "winning-the-game": (748, 772),
    "would": (774, 776),
    "the-letter-x": (778, 778),
}


@pytest.mark.parametrize("slug", sorted(BOUNDARIES))
def test_topic_boundaries(by_id, slug):
    span = by_id[f"lcg:{slug}"].span
    assert (span.line_start, span.line_end) == BOUNDARIES[slug]


def test_topics_in_table_order_and_all_found(parsed):
    topics = _kinds(parsed, "topic")
    assert [t.id for t in topics] == [f"lcg:{t.slug}" for t in load_topics()]
    starts = [t.span.line_start for t in topics]
    assert starts == sorted(starts)


def test_paragraph_per_topic_counts(by_id):
    def paragraphs(slug):
        return sum(1 for c in by_id[f"lcg:{slug}"].children if by_id[c].kind == "paragraph")

    assert paragraphs("winning-the-game") == 2  # the rest sit under the four format sub-headings
    assert [
        paragraphs(f"winning-the-game/{f}") for f in ("standard", "skirmish", "enlightenment", "team-conquest")
    ] == [3, 3, 3, 2]
    assert paragraphs("personal-honor-personal-dishonor") == 9
    assert paragraphs("target") == 10
    assert paragraphs("triggered-abilities") == 7


# -- front matter, examples, glued heading --------------------------------------------------------
def test_front_matter_is_its_own_entry(by_id):
    front = by_id["lcg:front-matter"]
    assert (front.kind, front.text, front.span.line_start, front.children) == ("front-matter", "Rules Reference", 1, [])
    assert by_id["lcg:ability/1"].parent == "lcg:ability"


def test_examples_attach_to_the_paragraph_they_illustrate(parsed, by_id):
    examples = {e.id: (e.parent, e.span.line_start) for e in _kinds(parsed, "example")}
    assert examples == {
        "lcg:attachment-cards/1.ex1": ("lcg:attachment-cards/1", 26),
        "lcg:conflict-x-triggered-conflict-abilities/5.ex1": ("lcg:conflict-x-triggered-conflict-abilities/5", 111),
        "lcg:conflict-x-triggered-conflict-abilities/6.ex1": ("lcg:conflict-x-triggered-conflict-abilities/6", 114),
        "lcg:foreign-gaijin/2.ex1": ("lcg:foreign-gaijin/2", 303),
    }
    example = by_id["lcg:attachment-cards/1.ex1"]
    assert example.text.startswith("Example: Otomo Courtier is the only character in play")
    assert example.citation == "L5R LCG Rules Reference — Attachment Cards ¶1, example"
    assert not by_id["lcg:attachment-cards/1"].text.count("Example:")


def test_glued_heading_is_cut_off(by_id):
    paragraph = by_id["lcg:token-pool-general-token-pool/2"]
    assert paragraph.text == (
        "When a card with any tokens or counters on it leaves play, those tokens and counters "
        "are returned to the token pool."
    )
    assert paragraph.extra["raw"].endswith("returned to the token pool. Tokens, Running Out of")
    assert "glued-heading" in paragraph.tags
    assert by_id["lcg:tokens-running-out-of"].extra["heading_line"] == 695


# -- glyphs, lost icons, missing lists -----------------------------------------------------------
def test_private_use_glyphs_become_words(parsed, by_id):
    assert not any("\ue900" in e.text or "\ue901" in e.text for e in parsed.entries)
    with_glyphs = sorted(e.span.line_start for e in parsed.entries if "icon-glyph" in e.tags)
    assert with_glyphs == [110, 111, 114, 317, 633, 635]
    skill = by_id["lcg:skill/1"]
    assert skill.extra["raw"] == "Military skill (\ue900) is used to determine the victor during military conflicts."
    example = by_id["lcg:conflict-x-triggered-conflict-abilities/5.ex1"]
    assert 'has the ability "military Conflict Action: Pay 1 fate' in example.text
    assert "During a military conflict in which" in example.text
    rule = by_id["lcg:conflict-x-triggered-conflict-abilities/5"]
    assert rule.text.endswith("preceded by the military or political symbols, respectively.")


def test_spell_glyphs_spacing():
    assert l5r_lcg.spell_glyphs('"\ue900Conflict Action:') == '"military Conflict Action:'
    assert l5r_lcg.spell_glyphs("a\ue901b") == "a political b"
    assert l5r_lcg.spell_glyphs("(\ue900)") == "(military)"


def test_lost_icons_are_tagged(parsed):
    lost = sorted((e.id, e.span.line_start) for e in parsed.entries if "lost-icon" in e.tags)
    assert lost == [("lcg:status-tokens/3", 647), ("lcg:taint-tainted/2", 661)]


def test_missing_lists_are_tagged(parsed):
    missing = sorted(e.span.line_start for e in parsed.entries if "missing-list" in e.tags)
    assert missing == [198, 503, 505, 597, 603, 699, 722]


# -- duplicated text --------------------------------------------------------------------------------
def test_identical_paragraphs_stay_distinct(by_id):
    a, b = by_id["lcg:winning-the-game/standard/2"], by_id["lcg:winning-the-game/enlightenment/2"]
    assert (a.span.line_start, b.span.line_start) == (754, 766)
    assert (
        a.text
        == b.text
        == ("The first player to meet the condition of having 25 or more honor in their honor pool wins the game.")
    )
    assert a.parent != b.parent
    assert a.extra["same_text_as"] == [b.id]
    assert a.citation == "L5R LCG Rules Reference — Winning the Game › Standard Format ¶2"
    assert b.citation == "L5R LCG Rules Reference — Winning the Game › Enlightenment Format ¶2"
    c, d = by_id["lcg:bid-value/2"], by_id["lcg:honor/4"]
    assert (c.span.line_start, d.span.line_start) == (52, 331)
    assert c.text == d.text and c.parent != d.parent


def test_format_subtopics_of_winning_the_game(by_id):
    topic = by_id["lcg:winning-the-game"]
    subs = [by_id[c] for c in topic.children if by_id[c].kind == "subtopic"]
    assert [(s.id, s.text, s.span.line_start, s.span.line_end) for s in subs] == [
        ("lcg:winning-the-game/standard", "Standard Format", 752, 756),
        ("lcg:winning-the-game/skirmish", "Skirmish Format", 758, 762),
        ("lcg:winning-the-game/enlightenment", "Enlightenment Format", 764, 768),
        ("lcg:winning-the-game/team-conquest", "Team Conquest Format", 770, 772),
    ]
    assert all("inferred-heading" in s.tags for s in subs)
    assert by_id["lcg:winning-the-game/skirmish/2"].text == (
        "The first player to meet the condition of having 12 or more honor in their honor pool wins the game."
    )


def test_a_lost_subtopic_anchor_is_reported_and_its_paragraphs_stay_with_the_previous_one():
    parsed = l5r_lcg.parse(_edited(764, lambda _: "An entirely new rule for this format, rewritten."))
    by_id = {e.id: e for e in parsed.entries}
    assert "lcg:winning-the-game/enlightenment" not in by_id
    assert by_id["lcg:winning-the-game/skirmish/4"].span.line_start == 764
    assert [p.entry for p in parsed.problems if p.kind == "anchor-mismatch"] == ["lcg:winning-the-game/enlightenment"]


# -- references ------------------------------------------------------------------------------------
def test_related_line_names_eight_topics(by_id):
    related = by_id["lcg:triggered-abilities/related"]
    assert related.kind == "related" and related.parent == "lcg:triggered-abilities"
    assert related.text.startswith("Related: Ability, Action, Action Ability, Cost")
    assert [(r.surface, r.target, r.kind, r.status) for r in related.refs] == [
        ("Ability", "lcg:ability", "related", "resolved"),
        ("Action, Action Ability", "lcg:action-action-ability", "related", "resolved"),
        ("Cost", "lcg:cost", "related", "resolved"),
        ("Effects", "lcg:effects", "related", "resolved"),
        ("Interrupts", "lcg:interrupts", "related", "resolved"),
        ("Limits of Triggered Abilities", "lcg:limits-of-triggered-abilities", "related", "resolved"),
        ("Reactions", "lcg:reactions", "related", "resolved"),
        ("Target", "lcg:target", "related", "resolved"),
    ]
    assert all(r.target in by_id for r in related.refs)


def test_see_references(by_id):
    assert [(r.target, r.status) for r in by_id["lcg:keywords/3"].refs] == [("lcg:keywords/4", "resolved")]
    assert [(r.target, r.status) for r in by_id["lcg:status-tokens/4"].refs] == [
        ("lcg:personal-honor-personal-dishonor", "resolved")
    ]
    duel = by_id["lcg:target/5"].refs
    assert [(r.surface, r.target, r.status) for r in duel] == [("(see Duel Timing)", None, "dangling")]


# -- bad input ------------------------------------------------------------------------------------
def _edited(line: int, replace) -> str:
    lines = bundled_source("lcg").split("\n")
    lines[line - 1] = replace(lines[line - 1])
    return "\n".join(lines)


def test_anchor_mismatch_is_reported_and_paragraphs_go_to_previous_topic():
    parsed = l5r_lcg.parse(_edited(25, lambda _: "A wholly different opening sentence for this topic."))
    by_id = {e.id: e for e in parsed.entries}
    mismatches = [p for p in parsed.problems if p.kind == "anchor-mismatch"]
    assert len(mismatches) == 1
    assert '"Attachment Cards"' in mismatches[0].message and mismatches[0].entry == "lcg:attachment-cards"
    assert "lcg:attachment-cards" not in by_id
    previous = by_id["lcg:additional-costs"]
    assert len([c for c in previous.children if by_id[c].kind == "paragraph"]) == 13
    assert by_id["lcg:additional-costs/2"].text == "A wholly different opening sentence for this topic."
    assert by_id["lcg:additional-costs/2.ex1"].span.line_start == 26
    assert by_id["lcg:bid-value/1"].span.line_start == 50  # the next topic is unaffected
    assert len([e for e in parsed.entries if e.kind == "topic"]) == 98


def test_near_duplicate_anchor_edit_is_matched_by_whole_text():
    # Line 405 opens "Limits of Triggered Abilities" and shares its first words with line 399.
    parsed = l5r_lcg.parse(_edited(405, lambda s: s.replace("If a card leaves", "When a card leaves")))
    by_id = {e.id: e for e in parsed.entries}
    assert by_id["lcg:limits-of-triggered-abilities"].span.line_start == 405
    assert by_id["lcg:limit-x-per-period"].span.line_end == 403
    drift = [p for p in parsed.problems if p.kind == "anchor-drift"]
    assert [p.entry for p in drift] == ["lcg:limits-of-triggered-abilities"]
    assert not [p for p in parsed.problems if p.kind == "anchor-mismatch"]


def test_first_topic_lost_goes_to_front_matter_not_a_topic():
    parsed = l5r_lcg.parse(_edited(3, lambda _: "Something else entirely, rewritten."))
    by_id = {e.id: e for e in parsed.entries}
    assert "lcg:ability" not in by_id
    assert by_id["lcg:front-matter/1"].span.line_start == 3
    assert by_id["lcg:front-matter/1"].parent == "lcg:front-matter"
    assert [p.entry for p in parsed.problems if p.kind == "anchor-mismatch"] == ["lcg:ability"]


def test_unreadable_topic_table_is_a_problem_not_a_crash(monkeypatch, tmp_path):
    broken = tmp_path / "topics.yaml"
    broken.write_text("topics: [unclosed", encoding="utf-8")
    with pytest.raises(TopicTableError):
        load_topics(broken)
    monkeypatch.setattr(l5r_lcg, "load_topics", lambda: load_topics(broken))
    parsed = l5r_lcg.parse(bundled_source("lcg"))
    assert [p.kind for p in parsed.problems][:1] == ["topic-table"]
    assert not [e for e in parsed.entries if e.kind == "topic"]
    assert len([e for e in parsed.entries if e.kind == "paragraph"]) == 386


def test_empty_source_does_not_crash():
    parsed = l5r_lcg.parse("")
    assert parsed.entries == []
    assert len([p for p in parsed.problems if p.kind == "anchor-mismatch"]) == 99


def test_table_rows_need_their_anchor_fields(tmp_path):
    table = tmp_path / "topics.yaml"
    table.write_text("topics:\n- {topic: Ability, slug: ability}\n", encoding="utf-8")
    with pytest.raises(TopicTableError, match="anchor_prefix"):
        load_topics(table)


def test_fingerprint_matches_the_table_normalisation():
    row = load_topics()[0]
    assert l5r_lcg_topics.fingerprint(row.anchor_text) == row.anchor_sha1


# -- arbitrary input never crashes ------------------------------------------------------------------

_LINES = st.lists(
    st.one_of(
        st.sampled_from(bundled_source("lcg").split("\n")),
        st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=80),
    ),
    max_size=40,
)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(_LINES)
def test_any_mix_of_lines_parses_with_unique_ids(lines):
    parsed = l5r_lcg.parse("\n".join(lines))
    ids = [e.id for e in parsed.entries]
    assert len(ids) == len(set(ids))
    known = set(ids)
    for entry in parsed.entries:
        assert entry.parent is None or entry.parent in known
