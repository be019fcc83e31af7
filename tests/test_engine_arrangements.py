"""Orders the rules leave to a player that the engine asks only when they can matter: the Pit's
flush (407.4) and cards put into a Spoils at once (404.3), asked when something first reads the
order (judge/engine/choosing/arranging.py); the timestamps of a player's objects entering at once (613.7d),
asked where their static abilities could apply in either order (judge/engine/choosing/timestamps.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.engine.performing import zones
from judge.engine.play.actions import apply, waiting_choice
from judge.engine.reading import characteristics as ch
from judge.engine.scenarios.replay import run
from judge.engine.scenarios.scenario import load_string

SCENARIOS = Path(__file__).resolve().parent / "scenarios"
FLUSH = (SCENARIOS / "e80-pit-flush-order-asked-when-drawn.yaml").read_text(encoding="utf-8")
SPOILS = (SCENARIOS / "e81-spoils-order-asked-when-its-top-is-read.yaml").read_text(encoding="utf-8")
RETURN = (SCENARIOS / "e83-timestamps-of-a-simultaneous-return.yaml").read_text(encoding="utf-8")


def scenario(text: str, actions: list[str], top: str = "", drop: tuple = ()):
    """The scenario with only the first `actions`, `top` keys added and the `drop` lines removed."""
    head, rest = text.split("actions:\n", 1)
    lines = rest.split("expect:\n", 1)[0].splitlines()
    head = "".join(line + "\n" for line in head.splitlines() if not any(d in line for d in drop))
    body = "actions:\n" + "".join(f"  - {a}\n" for a in actions) if actions else ""
    assert all(any(a in line for line in lines) for a in actions)
    return load_string(head + top + body + "expect: [{stack: 0}]\n")


FLUSH_TO_MAIN = [
    "{player: Ana, seal: [marginalia, column]}",
    "pass",
    "{player: Ana, cast: emissary2}",
    "pass",
    "{until: {phase: main1}}",
    "{until: {phase: main1}}",
]


def test_the_flush_records_the_order_as_the_owners_and_asks_nothing_while_nothing_reads_it():
    replay = run(scenario(FLUSH, FLUSH_TO_MAIN[:5]))
    assert replay.waiting is None and replay.stopped_at is None
    (arrangement,) = replay.final.arrangements
    assert (arrangement.kind, arrangement.owner, arrangement.zone) == ("pit-flush-order", "Ana", "domain")
    assert arrangement.ids == ("marginalia", "column")  # the order they were sealed in
    told = [e for s in replay.steps for e in s.events if "nothing reads that order yet" in e.text]
    assert len(told) == 1 and "nd:407.4" in told[0].rules


def test_the_draw_that_reaches_the_flushed_cards_waits_for_the_owners_order():
    replay = run(scenario(FLUSH, FLUSH_TO_MAIN))
    choice = waiting_choice(replay.final)
    assert (choice.kind, choice.player, choice.rule) == ("pit-flush-order", "Ana", "407.4")
    assert choice.options == ("marginalia", "column")
    assert replay.final.player("Ana").hand == [] and "from the top down" in replay.waiting


@pytest.mark.parametrize("answer", [["column"], ["column", "emissary2"], ["column", "column"], "pass"])
def test_an_order_not_among_the_options_is_refused_citing_407_4_and_changes_nothing(answer):
    state = run(scenario(FLUSH, FLUSH_TO_MAIN)).final
    after, events = apply(state, answer if answer == "pass" else {"player": "Ana", "choose": answer})
    assert after is state and waiting_choice(after).kind == "pit-flush-order"
    assert len(events) == 1 and events[0].refused and "nd:407.4" in events[0].rules


def test_the_answer_puts_the_first_listed_on_top_and_the_draw_takes_it():
    state = run(scenario(FLUSH, FLUSH_TO_MAIN)).final
    state, events = apply(state, {"player": "Ana", "choose": ["column", "marginalia"]})
    assert waiting_choice(state) is None and state.arrangements == ()
    assert state.player("Ana").hand == ["column"] and state.player("Ana").domain == ["marginalia"]
    assert any(e.text.startswith("Ana chooses: Iron Column (column), Marginalia (marginalia)") for e in events)


def test_the_flush_order_takes_its_default_only_where_the_scenario_opts_in():
    replay = run(scenario(FLUSH, FLUSH_TO_MAIN, top="defaults: [pit-flush-order]\n"))
    assert replay.waiting is None
    assert replay.final.player("Ana").hand == ["marginalia"]  # the order they were sealed in
    told = [e for s in replay.steps for e in s.events if "a default is taken" in e.text]
    assert len(told) == 1 and "nd:407.4" in told[0].rules


def test_cards_put_into_a_spoils_at_once_wait_for_their_order_when_its_top_is_read():
    plain = scenario(SPOILS, ["{until: {phase: main1}}"], drop=("answers:", "kind: spoils-order"))
    (arrangement,) = plain.state.arrangements  # the set-up's state-based check put them there at once
    assert (arrangement.kind, arrangement.zone, arrangement.ids) == ("spoils-order", "spoils", ("drudge", "emissary"))
    replay = run(plain)
    choice = waiting_choice(replay.final)
    assert (choice.kind, choice.rule, choice.options) == ("spoils-order", "404.3", ("emissary", "drudge"))
    after, events = apply(replay.final, {"player": "Ana", "choose": ["drudge"]})
    assert after is replay.final and events[0].refused and "nd:404.3" in events[0].rules
    after, _ = apply(replay.final, {"player": "Ana", "choose": ["drudge", "emissary"]})
    assert after.objects["drudge"].zone == "hand" and after.player("Ana").spoils == ["emissary"]


def test_a_card_that_leaves_is_no_longer_among_the_cards_that_arrived_together():
    state = scenario(SPOILS, [], drop=("answers:", "kind: spoils-order")).state.fork()
    zones.move(state, "drudge", "hand")
    assert state.arrangements == ()


RETURN_ACTIONS = ["{until: {phase: beginning, step: upkeep}}", "{player: Ana, choose: [bone, oak]}"]


def test_objects_entering_at_once_with_static_abilities_wait_for_their_timestamp_order():
    replay = run(scenario(RETURN, RETURN_ACTIONS))
    choice = waiting_choice(replay.final)
    assert (choice.kind, choice.player, choice.rule, choice.options) == (
        "simultaneous-timestamps",
        "Ana",
        "613.7d",
        ("bone", "oak"),
    )
    assert "earliest timestamp first" in replay.waiting


@pytest.mark.parametrize("answer", [["oak"], ["oak", "cantor"], ["oak", "oak"], "pass"])
def test_a_timestamp_order_not_among_the_options_is_refused_citing_613_7d_and_changes_nothing(answer):
    state = run(scenario(RETURN, RETURN_ACTIONS)).final
    after, events = apply(state, answer if answer == "pass" else {"player": "Ana", "choose": answer})
    assert after is state and waiting_choice(after).kind == "simultaneous-timestamps"
    assert len(events) == 1 and events[0].refused and "nd:613.7d" in events[0].rules


def test_the_timestamp_default_is_the_order_the_engine_moved_them_in():
    replay = run(scenario(RETURN, RETURN_ACTIONS, top="defaults: [simultaneous-timestamps]\n"))
    s = replay.final
    assert replay.waiting is None and s.objects["bone"].timestamp < s.objects["oak"].timestamp
    assert (ch.attack(s, s.objects["cantor"]), ch.vigor(s, s.objects["cantor"])) == (4, 4)  # the Oak's 4/4 last
    told = [e for st in replay.steps for e in st.events if "a default is taken" in e.text]
    assert len(told) == 1 and "nd:613.7d" in told[0].rules


def test_objects_alike_without_static_abilities_or_adding_up_are_not_asked_their_timestamp_order():
    alike = RETURN.replace("{card: Oak Warden, id: oak}", "{card: Bone Warden, id: oak}")
    replay = run(scenario(alike, RETURN_ACTIONS))
    assert replay.waiting is None and replay.final.objects["oak"].zone == "battlefield"
    plain = RETURN.replace("{card: Oak Warden, id: oak}", "{card: Duskcaller Shaman, id: oak}")
    replay = run(scenario(plain, RETURN_ACTIONS))
    assert replay.waiting is None and replay.final.objects["oak"].zone == "battlefield"
    adding = RETURN.replace("{set: {attack: 1, vigor: 1}", "{modify: {attack: 1, vigor: 1}").replace(
        "{set: {attack: 4, vigor: 4}", "{modify: {attack: 4, vigor: 0}"
    )
    assert adding.count("modify:") == 2
    replay = run(scenario(adding, RETURN_ACTIONS))  # +N/+N adds up the same in any order (layer 7c)
    assert replay.waiting is None
    s, cantor = replay.final, replay.final.objects["cantor"]
    assert (ch.attack(s, cantor), ch.vigor(s, cantor)) == (1 + 1 + 4, 3 + 1)  # Lauds Cantor is 1/3
