"""judge serve's reading pages through the ASGI test client: search, entry permalinks, cards,
documents, the remembered game, escaping and hostile paths (no network, the session corpus)."""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest
from page_parts import part, parts
from starlette.testclient import TestClient

pytestmark = pytest.mark.usefixtures("session_context")


@pytest.fixture
def client():
    from judge.serve.app import create_app
    from judge.serve.settings import ServeSettings

    return TestClient(create_app(ServeSettings()), raise_server_exceptions=False)


def _token(page: str) -> str:
    return re.search(r'name="csrf" value="([0-9a-f]{64})"', page).group(1)


def _result_ids(page: str) -> list[str]:
    return [r.text.split(" · ")[2].split()[0] for r in parts(page, ".meta")]


# -- the home and document pages --------------------------------------------------------------
def test_home_lists_every_document(client):
    page = client.get("/").text
    assert part(page, "#documents").links == [
        ("/nd", "No Dawn Comprehensive Rules"),
        ("/lcg", "L5R LCG Rules Reference"),
        ("/ccg", "L5R CCG Diamond Edition Rulebook"),
        ("/ce", "L5R CCG Comprehensive Rules (excerpt)"),
        ("/sf", "Shadowfist OmniFAQ"),
    ]


def test_a_document_page_is_its_table_of_contents(client, corpus):
    page = client.get("/nd").text
    sections = part(page, "#toc-section")
    assert sections.text.startswith("Section (11) 1 Game Concepts")
    assert ("/nd/section/7", "7 Additional Rules") in sections.links
    assert ("/nd/704", "704 State-Based Actions") in sections.links  # a group, one tap further
    assert 'id="toc-front-matter" open' not in page and 'id="toc-section" open' in page
    topics = part(client.get("/lcg").text, "#toc-topic")
    assert topics.text.startswith("Topic (99) Ability Action, Action Ability")
    assert len(topics.links) == 99


# -- search -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "typed, permalink",
    [
        ("704.5j", "/nd/704.5j"),
        ("nd:704.5j", "/nd/704.5j"),
        ("704.5", "/nd/704.5"),
        ("sf:card/charmed-life", "/sf/card/charmed-life"),
    ],
)
def test_a_rule_number_or_id_typed_exactly_goes_to_its_entry(client, typed, permalink):
    response = client.get("/search", params={"q": typed}, follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == f"{permalink}?{urlencode({'typed': typed})}"
    # Issue 31 item 7: the search box on the entry's page keeps what was typed.
    assert f'name="q" value="{typed}"' in client.get(response.headers["location"]).text
    assert 'name="q" value=""' in client.get(permalink).text


def test_a_range_lists_its_rules(client):
    page = client.get("/search", params={"q": "116.2b–c"}).text
    assert _result_ids(page) == ["nd:116.2b", "nd:116.2c"]
    first = parts(page, ".result")[0]
    assert first.links[:2] == [("/nd/116.2b", "No Dawn CR 116.2b Setting a Trap."), ("/nd/116.2", "116.2")]
    assert "⚑ C7" in parts(page, ".result")[1].text  # the conflict mark, as `judge search` shows it


def test_a_range_permalink_lists_its_rules(client):
    moved = client.get("/nd/116.2b-c", follow_redirects=False)
    assert moved.status_code == 303 and moved.headers["location"] == "/search?q=doc%3And+116.2b-c"
    assert _result_ids(client.get(moved.headers["location"]).text) == ["nd:116.2b", "nd:116.2c"]


def test_words_are_ranked_as_the_cli_and_tui_rank_them(client, session_searcher):
    page = client.get("/search", params={"q": "drained block"}).text
    expected = [h.id for h in session_searcher.search("drained block", limit=20).hits]
    # the rule and the glossary entry that both say a drained Entity may block lead
    assert _result_ids(page) == expected and {"nd:509.1c", "nd:glossary/blocker"} & set(expected[:2])
    assert part(page, ".hint").text == (
        "likely game: No Dawn 59%, then L5R CCG 17% (not a filter; choose a game for one)"
    )
    first = parts(page, ".result")[0]
    entry = session_searcher.corpus.get(expected[0])
    assert "<mark>drained</mark>" in page and first.text.startswith(f"{entry.citation}")
    assert f"{entry.kind} · No Dawn · {entry.id}" in first.text


@pytest.mark.parametrize(
    "query, first",
    [
        ("card:charmed life", "sf:card/charmed-life"),
        ("kind:glossary overrun", "nd:glossary/overrun"),
        ("doc:lcg bow", "lcg:bow-bowed/1"),
        ("game:shadowfist charmed", "sf:card/charmed-life/3"),
    ],
)
def test_filters_are_the_query_languages(client, session_searcher, query, first):
    ids = _result_ids(client.get("/search", params={"q": query}).text)
    assert ids[0] == first and ids == [h.id for h in session_searcher.search(query, limit=20).hits]


def test_no_matches_offers_did_you_mean(client):
    page = client.get("/search", params={"q": "overrunn"}).text
    assert "No matches." in page
    assert part(page, ".suggestions").links == [("/search?q=overrun", "overrun")]


def test_a_game_filter_that_hid_the_answer_says_where_it_is(client):
    page = client.get("/search", params={"q": "drained block", "game": "lcg"}).text
    hints = [h.text for h in parts(page, ".hint")]
    assert hints[0] == "Best outside L5R LCG; in No Dawn: Blocker (choose All games)"
    assert ("/search?q=drained+block&game=all", "Search every game") in part(page, "#results").links


@pytest.mark.parametrize(
    "query, message",
    [
        ("game:chess pawn", "unknown game 'chess'"),
        ("kind:spaceship x", "unknown kind 'spaceship'"),
        (
            "x" * 1200,
            "the query is 1,200 characters long; at most 1,000 are searched (shorten it to the words that matter)",
        ),
    ],
)
def test_a_bad_query_is_a_400_page_saying_why(client, query, message):
    response = client.get("/search", params={"q": query})
    assert response.status_code == 400
    assert message in part(response.text, "#refusal").text


def test_an_unknown_game_parameter_is_a_400(client):
    response = client.get("/search", params={"q": "block", "game": "chess"})
    assert response.status_code == 400
    assert part(response.text, ".error").text.startswith("There is no game 'chess' to search; choose one of all")


def test_the_fragment_is_the_results_alone_and_never_redirects(client):
    response = client.get("/search", params={"q": "704.5j", "fragment": "1"}, follow_redirects=False)
    assert response.status_code == 200
    assert "<html" not in response.text and "<header" not in response.text
    assert _result_ids(response.text)[0] == "nd:704.5j"


def test_the_search_page_loads_the_type_ahead_script(client):
    page = client.get("/search").text
    assert '<script src="/static/app.js" defer></script>' in page
    assert "<script>" not in page  # nothing inline: the CSP allows only the server's own file
    script = client.get("/static/app.js")
    assert script.status_code == 200 and script.headers["content-type"].startswith("text/javascript")
    assert "fragment=1" in script.text


# -- entry pages ------------------------------------------------------------------------------
def test_an_entry_page_links_every_reference_in_its_text(client):
    page = client.get("/nd/704.5j").text
    assert part(page, ".crumbs").links == [
        ("/nd", "No Dawn Comprehensive Rules"),
        ("/nd/section/7", "7 Additional Rules"),
        ("/nd/704", "704 State-Based Actions"),
        ("/nd/704.5", "704.5"),
    ]
    text = part(page, ".rule-text")
    assert text.links == [("/nd/glossary/damage-counter", "damage counters"), ("/nd/120", "120")]
    assert text.text.startswith("704.5j An Entity with Vigor greater than 0 whose marked damage counters")
    assert part(page, "#links").links == [
        ("/nd/120", "No Dawn CR 120"),
        ("/nd/glossary/damage-counter", "No Dawn CR Glossary — Damage counter"),
    ]
    assert 'name="cites" value="nd:704.5j"' in part_html(page, "log-ruling")


def part_html(page: str, section_id: str) -> str:
    start = page.index(f'id="{section_id}"')
    return page[start : page.index("</section>", start)]


def test_following_a_link_in_the_text_reaches_that_entry(client):
    page = client.get("/nd/704.5j").text
    href = part(page, ".rule-text").links[1][0]
    target = client.get(href).text
    assert part(target, "h1").text.startswith("No Dawn CR 120")
    assert ("/nd/704.5j", "No Dawn CR 704.5j") in part(target, "#cited-by").links


def test_a_rule_shows_its_sub_rules_and_the_notes_below_it(client, corpus):
    page = client.get("/nd/704.5").text
    children = parts(page, ".child")
    assert len(children) == len([c for c in corpus.children(corpus.get("nd:704.5")) if c.kind != "example"])
    assert children[0].links[0] == ("/nd/704.5a", "704.5a")
    assert children[0].text == "704.5a A player whose Master's Vitae is 0 or less loses the game. The vein has run dry."
    assert part(page, "#conflicts").links == [
        (
            "/nd/704.5f",
            '704.5f: ⚑ C27 The "same sweep" of a sunlight death; '
            "⚑ C26 Sunlight death: a refuge the player owns, or one they control",
        ),
        ("/nd/704.5q", "704.5q: ⚑ C3 Which Eminent duplicate stays"),
    ]


def test_an_entry_in_a_policy_conflict_shows_it_as_judge_show_does(client):
    from judge import context
    from judge.conflicts.present import heading

    note = context.conflicts().notes_for("nd:509.1c")[0]
    notes = part(client.get("/nd/509.1c").text, "#conflicts")
    assert notes.text.startswith(heading(note))
    assert ("/nd/509.1c", "509.1c") in notes.links


def test_cited_by_lists_every_entry_that_cites_it(client, corpus):
    page = client.get("/nd/120").text
    cited = part(page, "#cited-by")
    assert cited.text.startswith(f"Cited by ({len(corpus.cited_by('nd:120'))})")
    assert [href for href, _ in cited.links] == [f"/{e.doc}/{e.id.split(':', 1)[1]}" for e in corpus.cited_by("nd:120")]


def test_status_tags_are_shown(client, corpus):
    entry = next(e for e in corpus.entries.values() if "proposed" in e.tags and e.kind != "card")
    page = client.get("/" + entry.id.replace(":", "/", 1)).text
    assert '<span class="tag tag-proposed">proposed</span>' in page


def test_an_unknown_number_is_a_404_with_the_nearest(client, corpus):
    response = client.get("/nd/704.5z")
    assert response.status_code == 404
    assert part(response.text, ".error").text == (
        "No entry nd:704.5z (No Dawn Comprehensive Rules has no rule 704.5z; rule 704.5 ends at 704.5v)."
    )
    assert part(response.text, "#nearest").links == [("/nd/704.5u", "704.5u"), ("/nd/704.5v", "704.5v")]
    from judge.render import child_body, snippet

    nearest = part(response.text, "#nearest").text  # each number with how its rule begins
    for number in ("704.5u", "704.5v"):
        assert f"{number} {snippet(child_body(corpus.get('nd:' + number)), 70)}" in nearest


def test_an_unknown_id_is_a_404_with_the_nearest_ids(client):
    response = client.get("/nd/glossary/overun")
    assert response.status_code == 404
    assert ("/nd/glossary/overrun", "nd:glossary/overrun") in part(response.text, "#nearest").links


@pytest.mark.parametrize(
    "path, permalink",
    [
        ("/nd/1", "/nd/section/1"),
        ("/nd/overrun", "/nd/glossary/overrun"),
        ("/sf/charmed-life", "/sf/card/charmed-life"),
        # an id of the one-sentence cut (issue 31): its ruling now
        ("/sf/topic/not-affected-by/2", "/sf/topic/not-affected-by/1"),
    ],
)
def test_a_path_naming_an_entry_another_way_redirects_to_its_permalink(client, path, permalink):
    response = client.get(path, follow_redirects=False)
    assert response.status_code == 308 and response.headers["location"] == permalink


def test_every_id_has_a_permalink_that_leads_back_to_it(corpus):
    from judge.serve.permalinks import entry_id, entry_path

    assert corpus.entries
    for eid in corpus.entries:
        doc, rest = entry_path(eid)[1:].split("/", 1)
        assert entry_id(doc, rest) == eid


@pytest.mark.slow
def test_every_entry_of_every_kind_has_a_page(client, corpus):
    """The first three entries of each kind in each document (and every card) render."""
    seen: dict[tuple[str, str], int] = {}
    assert corpus.entries
    for entry in corpus.entries.values():
        key = (entry.doc, entry.kind)
        seen[key] = seen.get(key, 0) + 1
        if seen[key] > 3 and entry.kind != "card":
            continue
        response = client.get("/" + entry.id.replace(":", "/", 1))
        assert response.status_code == 200, entry.id
        assert f'data-id="{entry.id}"' in response.text


# -- cards ------------------------------------------------------------------------------------
def test_a_card_page_numbers_its_rulings_and_lists_its_topics(client):
    page = client.get("/sf/card/charmed-life").text
    assert part(page, "h1").text == "Charmed Life"
    rulings = part(page, "#rulings")
    assert rulings.text.startswith("Rulings (3) 1. The subject may be removed from play by other means.")
    assert [href for href, _ in rulings.links] == [f"/sf/card/charmed-life/{n}" for n in (1, 2, 3)]
    assert parts(page, ".topic")[0].links[0] == ("/sf/topic/not-affected-by", "Not Affected By")
    assert "(7 rulings)" in parts(page, ".topic")[0].text
    assert 'name="cites" value="sf:card/charmed-life"' in part_html(page, "log-ruling")


def test_a_card_the_faq_cuts_off_says_so(client):
    page = client.get("/sf/card/the-eastern-king").text
    assert '<p class="hint">This copy of the FAQ ends inside this entry: whatever followed is missing.</p>' in page


def test_a_no_dawn_card_says_whether_the_engine_plays_it(client):
    page = client.get("/nd/card/alpha-of-the-hunt").text
    assert '<p class="muted">Engine: plays this card in a replay</p>' in page
    assert part(page, "#named-in").links[0] == ("/nd/507.2/example-1", "No Dawn CR 507.2, example 1")


def test_a_loose_card_name_goes_to_the_card_which_says_it_was_a_guess(client):
    response = client.get("/card", params={"name": "charmed lyfe"}, follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == "/sf/card/charmed-life?typed=charmed+lyfe"
    page = client.get(response.headers["location"]).text
    assert '<p class="hint" id="card-guessed">No card is named “charmed lyfe”: this is the closest match.</p>' in page
    assert 'name="q" value="charmed lyfe"' in page  # the search box keeps what was typed
    exact = client.get("/card", params={"name": "Charmed Life"}, follow_redirects=False)
    assert exact.headers["location"] == "/sf/card/charmed-life"  # a name typed right is no guess
    assert "card-guessed" not in client.get(exact.headers["location"]).text


@pytest.mark.parametrize("typed", ["Charmed Life", "eastern king", "qqqzzx", "x" * 201])
def test_a_card_never_claims_a_guess_it_was_not(client, typed):
    """The name is looked up again on the card's page: a link naming the card itself, another
    card or nothing says nothing of a guess."""
    assert "card-guessed" not in client.get("/sf/card/charmed-life", params={"typed": typed}).text


def test_an_ambiguous_card_name_is_a_choice(client):
    page = client.get("/card", params={"name": "arcanowave"}).text
    links = part(page, "#card-choices").links
    assert links[0] == ("/sf/card/arcanowave-pulse", "Arcanowave Pulse")
    assert {"Arcanowave Reinforcer", "Arcanowave Researcher"} <= {text for _, text in links}


def test_a_card_beyond_the_faqs_end_says_so_and_lists_its_mentions(client):
    page = client.get("/card", params={"name": "pocket demon"}).text
    assert "beyond the end of this copy of the FAQ" in part(page, "#card-missing").text
    assert "No rulings" not in page
    assert "/sf/errata/pocket-demon" in [href for href, _ in parts(page, ".list")[0].links]


def test_an_unknown_card_is_a_404_with_the_nearest_names(client):
    response = client.get("/card", params={"name": "Chrmd Lyfe Zebra"})
    assert response.status_code == 404
    assert part(response.text, ".error").text == "No card named 'Chrmd Lyfe Zebra'."
    assert ("/card?name=Charmed+Life", "Charmed Life") in part(response.text, "#nearest").links


def test_no_card_name_lists_every_card(client, corpus):
    page = client.get("/card").text
    assert len(part(page, "#card-choices").links) == len(corpus.of_kind("card"))


def test_an_overlong_card_name_is_a_400(client):
    response = client.get("/card", params={"name": "x" * 201})
    assert response.status_code == 400 and "at most 200 characters" in response.text


# -- the game, chosen once --------------------------------------------------------------------
def test_the_game_is_chosen_once_and_remembered(client):
    token = _token(client.get("/").text)
    response = client.post(
        "/game", data={"csrf": token, "game": "sf", "next": "/search?q=charmed"}, follow_redirects=False
    )
    assert response.status_code == 303 and response.headers["location"] == "/search?q=charmed"
    assert re.match(
        r"judge_game=shadowfist; HttpOnly; Max-Age=1209600; Path=/; SameSite=strict", response.headers["set-cookie"]
    )
    page = client.get("/search", params={"q": "block"}).text
    assert parts(page, ".hint")[0].text == (
        "Shadowfist only (the game chosen on this phone); choose All games to search every game"
    )
    assert {e.split(":")[0] for e in _result_ids(page)} == {"sf"}
    assert '<option value="shadowfist" selected>Shadowfist</option>' in page
    assert part(page, "#game-now").text == "Game: Shadowfist"  # said at the top of every page
    # a game: typed in the query wins over the chosen one
    assert _result_ids(client.get("/search", params={"q": "game:nodawn block"}).text)[0].startswith("nd:")
    client.post("/game", data={"csrf": token, "game": "all", "next": "/"})
    assert '<option value="all" selected>All games</option>' in client.get("/").text
    assert part(client.get("/nd/704.5j").text, "#game-now").text == "Game: All games"
    assert "only (the game chosen" not in client.get("/search", params={"q": "block"}).text


def test_a_game_that_does_not_exist_is_refused(client):
    token = _token(client.get("/").text)
    response = client.post("/game", data={"csrf": token, "game": "chess"})
    assert response.status_code == 400
    assert part(response.text, ".error").text == (
        "There is no game 'chess'; choose one of all, nodawn, l5r-lcg, l5r-ccg, shadowfist."
    )
    assert client.post("/game", data={"csrf": "0" * 64, "game": "sf"}).status_code == 403
    assert client.post("/game", data={"csrf": token}).status_code == 400


def test_a_tampered_game_cookie_counts_as_no_choice(client):
    client.cookies.set("judge_game", "<script>")
    page = client.get("/search", params={"q": "block"}).text
    assert "only (the game chosen" not in page and "<script>" not in page


def test_the_game_picker_never_redirects_off_site(client):
    token = _token(client.get("/").text)
    for target in ("//evil.example/", "https://evil.example/", "/ok\r\nSet-Cookie: x=1"):
        response = client.post("/game", data={"csrf": token, "game": "sf", "next": target}, follow_redirects=False)
        assert response.headers["location"] == "/"


# -- text is data -----------------------------------------------------------------------------
def test_a_hostile_query_shows_as_text(client):
    query = "<script>alert(1)</script> {{ 7*7 }} \x1b[31mred\x00"
    page = client.get("/search", params={"q": query}).text
    assert "<script>alert" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    # The query as the search box shows it again: escaped, templates not run, controls visible.
    assert ('value="&lt;script&gt;alert(1)&lt;/script&gt; {{ 7*7 }} red\ufffd"') in page
    assert "\x1b" not in page and "\x00" not in page
    # Carried to a page as ?typed= (a link anyone can make): the same, and never a card's guess.
    carried = client.get("/sf/card/charmed-life", params={"typed": query + '" autofocus onfocus="x'}).text
    assert 'value="&lt;script&gt;alert(1)&lt;/script&gt; {{ 7*7 }} red\ufffd&#34; autofocus onfocus=&#34;x"' in carried
    assert "card-guessed" not in carried and "\x1b" not in carried and "\x00" not in carried


def test_a_hostile_document_shows_as_text(client, monkeypatch):
    from judge.corpus.model import Corpus, DocumentInfo, Entry, ParsedDocument, Ref
    from judge.library import Library

    corpus = Corpus()
    corpus.add_document(
        DocumentInfo("nd", "nodawn", "No <b>Dawn</b>", "x", loaded=True),
        ParsedDocument(
            [
                Entry(
                    "nd:100.1",
                    "nd",
                    "nodawn",
                    "rule",
                    '100.1 <img src=x onerror=alert(1)> {{ x }} \x07 see 100.2 <a href="javascript:alert(1)">here</a>',
                    number="100.1",
                    citation="No Dawn CR 100.1",
                    refs=[Ref("100.2", "nd:100.2")],
                ),
                Entry("nd:100.2", "nd", "nodawn", "rule", "100.2 A rule.", number="100.2", citation="No Dawn CR 100.2"),
            ]
        ),
    )
    corpus.finish()
    app_client = client
    app_client.app.state.library = Library(corpus, None)
    page = app_client.get("/nd/100.1").text
    text = part(page, ".rule-text")
    assert text.links == [("/nd/100.2", "100.2")]  # the only link: the resolved reference
    assert "<img" not in page and "&lt;img src=x onerror=alert(1)&gt;" in page
    assert '<a href="javascript' not in page and "{{ x }}" in page and "\x07" not in page
    assert "No &lt;b&gt;Dawn&lt;/b&gt;" in page


@pytest.mark.parametrize(
    "path",
    [
        "/nd/..%2f..%2fetc%2fpasswd",
        "/nd/../../etc/passwd",
        "/nd/%00",
        "/nd/a%00b",
        "/nd/" + "a" * 5000,
        "/nd/%2e%2e/%2e%2e/judge/serve/app.py",
        "/nd/a%0d%0ab",
        "/nd/%E2%80%AE704.5j",
        "/zz/704.5j",
        "/nd/704.5j/../../../x",
        "/nd/%ff%fe",
    ],
)
def test_hostile_paths_are_4xx_never_5xx(client, path):
    response = client.get(path, follow_redirects=False)
    assert 400 <= response.status_code < 500, (path, response.status_code)
    assert "<h1>Not found</h1>" in response.text


def test_an_overlong_id_is_refused_before_it_is_compared(client):
    response = client.get("/nd/" + "a" * 5000)
    assert part(response.text, ".error").text == (
        "No entry nd:" + "a" * 160 + "…: an entry id is at most 160 letters, digits and . _ / -"
    )


@pytest.mark.parametrize(
    "url",
    [
        "/card?name=%00",
        "/search?q=%00&fragment=1",
        "/search?q=" + "%ff" * 50,
        "/search?q=%22",
        "/search?q=card%3A",
        "/search?q=AND+AND+(",
        "/card?name=%22%27",
    ],
)
def test_odd_queries_are_answered_never_a_5xx(client, url):
    assert client.get(url).status_code in (200, 400, 404)


def test_a_status_note_is_marked_and_a_rule_inside_it_stays_a_link(client):
    page = client.get("/nd/210.5").text
    assert (
        '<span class="status">(Amended 2026-07-26, with </span><a href="/nd/208.5" title="No Dawn CR 208.5" '
        'class="status">208.5</a><span class="status">.)</span>'
    ) in page
    assert parts(page, ".rule-text")[0].links[:2] == [
        ("/nd/208.5", "208.5"),
        ("/nd/glossary/initial-vitae", "Initial Vitae"),
    ]


def test_a_number_with_a_period_is_the_rule_alone(client):
    response = client.get("/search", params={"q": "704.5."}, follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == "/nd/704.5.?typed=704.5."
    page = client.get("/nd/704.5.").text
    assert parts(page, ".child") == [] and part(page, "h1").links == [("/nd/704.5", "No Dawn CR 704.5")]
    assert len(parts(client.get("/nd/704.5").text, ".child")) == 20


def test_a_result_names_the_entries_with_the_very_same_text(client, session_searcher):
    hit = next(h for h in session_searcher.search("honor bid", limit=20).hits if h.same_text)
    result = next(
        r for r in parts(client.get("/search", params={"q": "honor bid"}).text, ".result") if hit.id in r.text
    )
    assert [href for href, _ in result.links[-len(hit.same_text) :]] == [
        "/" + i.replace(":", "/", 1) for i in hit.same_text
    ]
    assert "same text in " in result.text


def test_no_edition_is_named_while_only_the_bundled_editions_exist(client):
    # tests/test_editions.py checks the line once an edition is imported
    assert "editions-note" not in client.get("/nd/704.5j").text


# -- reading a whole section through (issue 31, item 13) -------------------------------------------
def test_a_section_is_read_through_in_document_order(client, corpus):
    """Section 7 offers to be read whole; ?read=all shows every entry under it — rules, sub-rules
    and their examples — in full and in the document's order, each linked to its own page."""
    section = corpus.get("nd:section/7")
    under = [e for e in corpus.descendants(section) if e.parent != section.id or e.kind != "example"]
    page = client.get("/nd/section/7").text
    assert part(page, ".read-whole").text == f"Read all {len(under)} entries under it, in order"
    whole = client.get("/nd/section/7?read=all")
    assert whole.status_code == 200
    assert f"<h2>Everything under it, in order ({len(under)})</h2>" in whole.text
    hrefs = re.findall(r'<li class="child[^"]*"><a class="child-label" href="([^"]+)"', whole.text)
    assert hrefs == ["/nd/" + e.id.removeprefix("nd:") for e in under]
    rule = corpus.get("nd:704.5j")
    assert " ".join(rule.body().split())[:120] in " ".join(parts(whole.text, "#contains")[0].text.split())
    assert ".read-whole" not in whole.text and 'class="read-whole"' not in whole.text


def test_an_entry_with_nothing_deeper_offers_no_whole_reading(client):
    assert 'class="read-whole"' not in client.get("/nd/704.5j").text


def test_read_takes_only_all(client):
    response = client.get("/nd/section/7?read=everything")
    assert response.status_code == 400
    assert part(response.text, ".error").text == (
        "?read= takes only 'all' (the whole entry, everything under it in document order)"
    )
