"""Pilot tests of what a judge reads in the TUI (issue 16): a game filter that hid the answer
says where it is and Ctrl+F widens it; a rule number resolves whatever the filter; a rule family
and an L5R LCG topic are shown whole and scroll at 80×24; the replay names each cited rule; a
card's See topics are listed by name and ruling count; a card past the FAQ's cut lists its
mentions; an empty card name lists every card."""

from __future__ import annotations

import io

import pytest
from bundled import V01
from rich.console import Console
from test_tui import lookup_screen, make_app, run, shown, type_text
from tui_pilot import settle


@pytest.fixture(scope="module")
def library(corpus):
    from judge.library import Library
    from judge.search.index import open_searcher

    return Library(corpus, open_searcher(corpus))


def plain(static) -> str:
    """A Static's content as text, one line per paragraph, as wide as it needs."""
    console = Console(width=400, file=io.StringIO(), record=True)
    console.print(static.content)
    return console.export_text()


def flat(text: str) -> str:
    return " ".join(text.split())


# -- filters that explain themselves ----------------------------------------------------------
@pytest.mark.slow
def test_the_game_filter_says_where_the_answer_is_and_ctrl_f_widens_it(library):
    app = make_app(library)

    async def script(pilot):
        await pilot.press("ctrl+g", "ctrl+g")  # All games -> No Dawn -> L5R LCG
        await pilot.pause()
        assert app.game == "l5r-lcg"
        await type_text(pilot, "charmed life")
        screen = lookup_screen(app)
        assert [e.id for e in screen._found.elsewhere] == ["sf:card/charmed-life/3"]
        hint = flat(plain(screen.query_one("#filter-hint")))
        assert (
            hint
            == "Best outside L5R LCG; in Shadowfist: Charmed Life: “If an effect that would smoke…” (Ctrl+F: all games)"
        )
        assert "Ctrl+F: all games)" in flat(shown(app))  # on screen, at 80x24
        await pilot.press("ctrl+f")
        await settle(pilot)
        assert app.game is None
        assert screen._found.hits[0][0].id == "sf:card/charmed-life/3"
        assert screen._found.elsewhere == []
        assert not screen.query_one("#filter-hint").display

    run(app, script)


def test_a_rule_number_opens_whatever_the_game(library):
    app = make_app(library)

    async def script(pilot):
        app.set_game("shadowfist")
        await settle(pilot)
        await type_text(pilot, "704.5j")
        assert lookup_screen(app).current_entry.id == "nd:704.5j"

    run(app, script)


# -- whole rules on screen --------------------------------------------------------------------
@pytest.mark.slow
def test_a_rule_family_shows_every_sub_rule_in_full_and_scrolls(library, corpus):
    app = make_app(library)
    subrules = [c for c in corpus.children(corpus.get("nd:704.5")) if c.kind != "example"]

    async def script(pilot):
        await type_text(pilot, "704.5")
        screen = lookup_screen(app)
        body = flat(plain(screen.query_one("EntryView").body))
        for sub in subrules:  # each one whole, in document order
            assert flat(sub.text.removeprefix(sub.number)) in body
        at = [body.index(flat(s.text.removeprefix(s.number))) for s in subrules]
        assert at == sorted(at)
        last = " ".join(subrules[-1].text.split()[-4:])
        assert last not in flat(shown(app))  # at 80x24 the last sub-rule is below the fold…
        scroll = screen.query_one(".entry-scroll")
        scroll.focus()
        await pilot.press("end")
        await settle(pilot)
        assert last in flat(shown(app))  # …and scrolling reaches it

    run(app, script)


def test_the_rule_alone_shows_no_sub_rules(library, corpus):
    app = make_app(library)

    async def script(pilot):
        await type_text(pilot, "704.5.")
        body = flat(plain(lookup_screen(app).query_one("EntryView").body))
        assert flat(corpus.get("nd:704.5a").text.removeprefix("704.5a")) not in body

    run(app, script)


def test_an_l5r_lcg_topic_from_a_search_shows_its_paragraphs_in_order(library, corpus):
    app = make_app(library)
    topic = corpus.get("lcg:honor")
    paragraphs = [c for c in corpus.children(topic) if c.kind != "example"]
    assert len(paragraphs) >= 3

    async def script(pilot):
        app.set_game("l5r-lcg")
        await settle(pilot)
        await type_text(pilot, "honor")
        screen = lookup_screen(app)
        assert screen.open_entry("lcg:honor")  # as Enter on the topic's result does
        await settle(pilot)
        body = flat(plain(screen.query_one("EntryView").body))
        at = [body.index(flat(p.text)) for p in paragraphs]
        assert at == sorted(at)

    run(app, script)


def test_the_replay_cites_number_and_title_as_judge_replay_does(library, corpus):
    from judge.replay_words import rule_heading
    from judge.tui import engine_adapter as ea

    view = ea.replay_file(V01)
    app = make_app(library, scenario=str(V01), mode="replay")
    step = next(s for s in view.steps if any(e.rules for e in s.events))
    rule = next(r for e in step.events for r in e.rules)
    entry = corpus.get(rule)

    async def script(pilot):
        await settle(pilot)
        screen = app.screen
        screen.current = step.n
        screen.show_step()
        await settle(pilot)
        expected = f"→ {rule.removeprefix('nd:')} {rule_heading(entry.title, entry.text, entry.number or '')}"
        assert expected[:60] in flat(shown(app))

    run(app, script)


# -- card views a judge can scan ----------------------------------------------------------------
@pytest.mark.slow
def test_see_topics_are_listed_by_name_and_ruling_count(library, corpus):
    app = make_app(library)
    topic = corpus.get("sf:topic/not-affected-by")
    count = len(corpus.children(topic, "ruling"))

    async def script(pilot):
        await pilot.press("f3")
        await settle(pilot)
        await type_text(pilot, "charmed life")
        screen = app.screen
        body = plain(screen.query_one("#card-body"))
        assert f"  Not Affected By  ({count} rulings)" in body.splitlines()
        # the topic's rulings are not dumped inline: Enter on the topic reads them
        first = corpus.children(topic, "ruling")[0]
        assert flat(first.text)[:40] not in flat(body)
        links = screen.query_one("LinkList")
        links.focus()
        while links.highlighted_target != topic.id:
            await pilot.press("down")
        await pilot.press("enter")
        await settle(pilot)
        lookup = lookup_screen(app)
        assert lookup.current_entry.id == topic.id
        assert flat(first.text)[:40] in flat(plain(lookup.query_one("EntryView").body))

    run(app, script)


@pytest.mark.slow
def test_a_card_past_the_faqs_cut_lists_its_mentions(library, corpus):
    from judge.search.cardnames import lookup

    mentioned = lookup(corpus, "pocket demon").beyond.mentioned_by

    async def script(pilot):
        await pilot.press("f3")
        await settle(pilot)
        await type_text(pilot, "pocket demon")
        screen = app.screen
        assert f"Mentioned in {len(mentioned)} entries" in flat(plain(screen.query_one("#card-body")))
        assert screen.query_one("LinkList").targets == mentioned

    app = make_app(library)
    run(app, script)


def test_an_empty_card_name_lists_every_card(library, corpus):
    app = make_app(library)
    every = len(corpus.of_kind("card"))
    assert every > 200

    async def script(pilot):
        await pilot.press("f3")
        await settle(pilot)
        listing = app.screen.query_one("#card-matches")
        assert listing.option_count == every
        assert listing.border_title == f"Cards · {every}"

    run(app, script)
