"""The layers' cache (layers.Sweep): a committed permanent's characteristics are computed once
for the same inputs and looked up after; whatever the layers read that changes — the world
cycle, a counter, an effect, the battlefield, control — is computed afresh, never answered
from a stale entry. Every answer equals the layers computed without the cache."""

from __future__ import annotations

from dataclasses import replace

import pytest
from engine_boards import two_player_board
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.engine.core.state import Modifier
from judge.engine.play.actions import apply
from judge.engine.reading import characteristics as ch
from judge.engine.reading import layers
from judge.engine.scenarios.scenario import load_string

CARDS = """
  - name: Cache Golem
    type: Entity
    subtypes: [Construct]
    cost: {vitae: 3}
    attack: 2
    vigor: 4
    blood_seal: 1
    text: "3 Vitae: this gets +1/+1 until end of turn."
    abilities: [{activated: {cost: {vitae: 3}, effects: [{modify: {attack: 1, vigor: 1, until: end_of_turn, to: self}}]}}]
  - {name: Cache Banner, type: Relic, text: "As long as it's Night, Entities you control get +1/+1.",
     statics: [{modify: {attack: 1, vigor: 1}, affects: own_entities, while: night}]}
"""
ANA = """    battlefield:
      - {card: Gilded Haven}
      - {card: Cache Golem, id: golem}
      - {card: Cache Banner, id: banner}
      - {card: Black Company Pikeman, id: pikeman}"""
BEN = """    battlefield:
      - {card: Iron Column, id: column}"""


@pytest.fixture()
def board():
    return load_string(two_player_board("layers cache", 9, CARDS, ANA, BEN)).state


def uncached(s, obj) -> tuple:
    """The layers computed from scratch, as compute() would without any cache."""
    chars = layers._through_layers(s, obj, layers.functioning(s), layers.modifiers_by_object(s).get(obj.id, ()))
    return chars.attack, chars.vigor, chars.keywords, chars.subtypes


def chars(s, oid) -> tuple:
    c = layers.compute(s, s.objects[oid])
    return c.attack, c.vigor, c.keywords, c.subtypes


def test_a_committed_permanent_is_computed_once_and_looked_up_after(board):
    assert chars(board, "golem") == (3, 5, [], ["Construct"])  # the Night banner's +1/+1 (611.3a)
    cache = board._memo["layered_chars"]  # the board's own checks have filled it (its three Entities)
    assert sorted(k[0][0][0] for k in cache) == ["column", "golem", "pikeman"]  # keyed by what they hold: id first
    assert chars(board, "golem") == (3, 5, [], ["Construct"])
    assert len(cache) == 3  # looked up, not computed again
    first = layers.compute(board, board.objects["golem"])
    first.keywords.append("Flying")  # the caller's own lists: writing to them changes no later answer
    assert chars(board, "golem") == (3, 5, [], ["Construct"])


def _day(s):
    s.round_index = 3


def _growth(s):
    s.edit("golem").counters["growth"] = 2


def _effect(s):
    s.modifiers.append(Modifier("golem", 1, 1, "end_of_turn", s.next_ts))


def _banner_leaves(s):
    s.own("battlefield").remove("banner")
    s.edit("banner").zone = "spoils"


def _control(s):
    s.edit("golem").controller = "Ben"


def _banner_control(s):
    s.edit("banner").controller = "Ben"


@pytest.mark.parametrize(
    "change, expected",
    [
        (_day, (2, 4)),  # the banner's condition fails by Day
        (_growth, (5, 7)),  # the golem is a new object: 7c counters (613.4c)
        (_effect, (4, 6)),  # a resolution's +1/+1 (611.2)
        (_banner_leaves, (2, 4)),
        (_control, (2, 4)),  # the golem is Ben's: the banner reaches Ana's Entities only
        (_banner_control, (2, 4)),  # the banner is a new source: it reaches Ben's Entities
    ],
    ids=["day", "growth", "effect", "banner-leaves", "golem-changes-control", "banner-changes-control"],
)
def test_what_the_layers_read_changing_is_never_answered_from_the_cache(board, change, expected):
    assert chars(board, "golem")[:2] == (3, 5)  # in the cache now
    s = board.fork()
    change(s)
    assert chars(s, "golem")[:2] == expected  # the working state
    s.commit()
    assert chars(s, "golem")[:2] == expected  # committed: looked up or computed, the same
    assert chars(s, "golem")[:2] == expected
    assert chars(board, "golem")[:2] == (3, 5)  # the state it came from is unchanged


def test_the_cache_is_dropped_whole_beyond_its_limit(board, monkeypatch):
    monkeypatch.setattr(layers, "_CACHE_LIMIT", 2)
    s = board.fork()
    _day(s)  # three new keys (the banner sleeps): the third finds the cache full and starts it again
    s.commit()
    for oid in ("golem", "pikeman", "column"):
        chars(s, oid)
    assert [k[0][0][0] for k in s._memo["layered_chars"]] == ["column"]
    assert chars(s, "golem") == uncached(s, s.objects["golem"]) == (2, 4, [], ["Construct"])


def candidates(s) -> list:
    out: list = [
        "pass",
        {"until": {"phase": "main1", "step": None}},
        {"until": {"phase": "combat", "step": "declare_attackers"}},
        {"until": {"phase": "beginning", "step": "upkeep"}},
    ]
    if "golem" in s.battlefield and s.objects["golem"].controller == s.active:
        out.append({"player": s.active, "activate": "golem", "ability": 1})
    for p in s.living:
        for oid in s.battlefield:
            if s.objects[oid].controller == p.name:
                out += [{"player": p.name, "drain": oid}, {"player": p.name, "sacrifice": oid}]
    for a in [o for o in s.battlefield if s.objects[o].controller == s.active]:
        out.append({"player": s.active, "attack": [{"attacker": a, "target": "column"}]})
    return out


@pytest.mark.slow
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_play_always_finds_what_the_layers_compute_from_scratch(data):
    s = load_string(two_player_board("layers cache", 9, CARDS, ANA, BEN)).state
    for _ in range(data.draw(st.integers(min_value=1, max_value=20), label="length")):
        s, events = apply(s, data.draw(st.sampled_from(candidates(s)), label="action"))
        assert not [e for e in events if e.engine_error], [e.detail for e in events]
        fresh = layers.functioning(s)
        assert layers._functioning_keyed(s) == (fresh, layers._cache_key_part(fresh))  # the kept answer (memo)
        for oid in s.battlefield:
            obj = s.objects[oid]
            assert chars(s, oid) == uncached(s, obj)
            assert (ch.attack(s, obj), ch.vigor(s, obj)) == uncached(s, obj)[:2]
        if s.game_over:
            break


def test_a_modifier_equal_in_value_is_still_its_own_key(board):
    """Resolution effects are keyed by identity (the entry keeps them): two equal +1/+1s are two."""
    s = board.fork()
    m = Modifier("golem", 1, 1, "end_of_turn", s.next_ts)
    s.modifiers += [m, replace(m)]
    s.commit()
    assert chars(s, "golem")[:2] == (5, 7)


@pytest.mark.parametrize("change", [_day, _banner_control, _banner_leaves], ids=["day", "new-source", "source-leaves"])
def test_the_functioning_statics_kept_are_read_again_when_what_they_read_changes(board, change):
    """layers._functioning_keyed keeps its last answer in the memo, by the round and the sources
    (each by identity): a change of either is computed afresh, never answered from it."""
    kept = layers._functioning_keyed(board)
    assert board._memo["functioning"][3] == kept and kept[0]  # the banner functions by Night
    assert layers._functioning_keyed(board) is kept  # looked up
    s = board.fork()
    change(s)
    s.commit()
    fresh = layers.functioning(s)
    assert layers._functioning_keyed(s) == (fresh, layers._cache_key_part(fresh)) != kept


def _other_value(value):
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, tuple):
        return value + ("other",)
    if isinstance(value, dict):
        return {**value, "lore": 1}
    return "other"


def test_the_cache_key_holds_every_field_of_the_object_the_layers_read(board):
    """The cache keys an object by layers._LAYER_READS and its Growth counters: changing any
    other field (damage, drained, marks, other counters, ...) changes no answer of the layers, and
    changing one of those is a new key."""
    from dataclasses import fields

    from judge.engine.core.state import Obj

    s = board.fork()
    golem = s.objects["golem"]
    before = uncached(s, golem)
    keyed = set(layers._LAYER_READS.__reduce__()[1])
    for f in fields(Obj):
        changed = s.edit("golem")
        old = getattr(changed, f.name)
        setattr(changed, f.name, _other_value(old))
        if f.name not in keyed:
            assert uncached(s, changed) == before, f.name
        setattr(changed, f.name, old)
    s.edit("golem").counters["growth"] = 1
    assert uncached(s, s.objects["golem"]) != before
