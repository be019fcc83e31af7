"""Which game a question is about: the per-game language model behind search's game weighting."""

from __future__ import annotations

from collections import Counter

import pytest

from judge.search.analysis import analyze
from judge.search.gamemodel import GameModel
from judge.search.synonyms import load_groups, translations


@pytest.fixture(scope="module")
def model(corpus):
    return GameModel.from_corpus(corpus)


@pytest.fixture(scope="module")
def bridge(corpus):
    return translations(load_groups(corpus))


def likeliest(model, bridge, question):
    posterior = model.posterior(analyze(question), bridge)
    assert sum(posterior.values()) == pytest.approx(1.0)
    return max(posterior, key=posterior.get)


@pytest.mark.parametrize(
    "question,game",
    [
        ("so my guy just sits in the Haven all day, is that bad?", "nodawn"),
        ("my guy is bowed, can he still do anything in the conflict?", "l5r-lcg"),
        ("what if my dude gets smoked while the site is turned?", "shadowfist"),
        ("can a Personality with no Force still join the battle?", "l5r-ccg"),
        # Magic's words heard through each game's bridge: drained is No Dawn's tapped.
        ("my creature is tapped from paying blood, can it still block?", "nodawn"),
    ],
)
def test_the_games_own_words_decide(model, bridge, question, game):
    assert likeliest(model, bridge, question) == game


def test_table_talk_does_not_decide(model, bridge):
    """Words of conversation ("just", "anything", "bad", "guy") are not a game's concepts: the
    conversational Shadowfist FAQ must not win every question phrased casually."""
    assert {"just", "anyth", "bad", "guy"}.isdisjoint(model.concepts)
    assert {"haven", "provinc", "site", "drain"} <= model.concepts
    assert likeliest(model, bridge, "just anything bad about my guy at the Haven, or not?") == "nodawn"


def test_unknown_words_give_a_uniform_posterior(model):
    posterior = model.posterior(["zzxq", "qqzz"])
    assert set(posterior.values()) == {1 / len(posterior)}


def test_save_and_load_round_trip(model, tmp_path):
    path = tmp_path / "games.pickle"
    path.write_bytes(model.to_bytes())
    again = GameModel.from_bytes(path.read_bytes())
    assert again.counts == model.counts and again.concepts == model.concepts
    words = analyze("drained Entity blocks at the Haven")
    assert again.posterior(words) == model.posterior(words)


def test_small_model_by_hand():
    model = GameModel(
        {"a": Counter({"haven": 5, "block": 5}), "b": Counter({"provinc": 5, "block": 5})},
        frozenset({"haven", "provinc", "block"}),
    )
    assert likeliest(model, {}, "haven") == "a" and likeliest(model, {}, "province") == "b"
    posterior = model.posterior(["block"])
    assert posterior["a"] == pytest.approx(posterior["b"])


def test_a_card_named_whole_decides(model, bridge, corpus):
    """Card names are not concepts (they are ordinary English), but a card the judge names whole
    says which game it is: "charmed life" is a Shadowfist card."""
    from judge.search.titles import TitleTable

    terms = analyze("charmed life end of turn damage")
    named = frozenset(w for words, _ in TitleTable.from_corpus(corpus).named_in(terms) for w in words)
    assert {"charm", "life"} <= named
    posterior = model.posterior(terms, bridge, named)
    assert max(posterior, key=posterior.get) == "shadowfist"


def test_the_inferred_game_is_reported_and_only_weighs(session_searcher, corpus):
    searcher = session_searcher
    """The search result says which game the words point to (gamemodel's posterior over the four
    games), and that game only weighs the ranking: the other games' hits are still listed."""
    result = searcher.search("can a bowed card be used to pay a cost", limit=10)
    assert set(result.game_likelihood) == {"nodawn", "l5r-lcg", "l5r-ccg", "shadowfist"}
    assert sum(result.game_likelihood.values()) == pytest.approx(1.0)
    assert result.inferred_game == "l5r-lcg"
    games = [corpus.get(h.id).game for h in result.hits]
    assert games[0] == "l5r-ccg" and "l5r-lcg" in games  # a soft prior, not a filter


def test_no_game_is_inferred_when_one_is_given_or_no_word_tells(session_searcher):
    searcher = session_searcher
    given = searcher.search("can a bowed card be used to pay a cost", game="l5r-lcg")
    assert given.game_likelihood == {} and given.inferred_game is None
    unknown = searcher.search("qqqzzz xxyyq")
    assert set(unknown.game_likelihood.values()) == {0.25} and unknown.inferred_game is None
    assert searcher.search("704.5j").inferred_game is None  # rule numbers are not weighed


def test_a_translated_reading_counts_as_the_word_itself():
    """Game a prints "tap"; game b prints "turn", which its bridge reads "tap" as: a question
    saying "tap" is as likely in either (the reading counts whole, not a share of the word)."""
    model = GameModel(
        {"a": Counter({"tap": 5, "haven": 5}), "b": Counter({"turn": 5, "provinc": 5})},
        frozenset({"tap", "turn", "haven", "provinc"}),
    )
    posterior = model.posterior(["tap"], {"b": {"tap": {"turn"}}})
    assert posterior["a"] == pytest.approx(posterior["b"]) == pytest.approx(0.5)
    assert likeliest(model, {"b": {"tap": {"turn"}}}, "tap haven") == "a"
