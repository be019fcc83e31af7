"""Debt (702.48): a marker on a player owed to a creditor, taken by an effect's rider, called by the
creditor on the stack in their own main phase, honored or refused by the debtor as the call
resolves — each refusal of an illegal call citing the rule that forbids it, the state unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.engine.core.errors import ScenarioError
from judge.engine.core.state import Debt
from judge.engine.play.actions import apply, waiting_choice
from judge.engine.scenarios.scenario import load, load_string

BOARD = """
title: debts
game: nodawn
cards:
  - {name: Silent Maren, type: Master, lineage: Liamite, initial_vitae: 20, enlightenment: 1, text: "Liamite Master."}
turn: {active: ACTIVE, round: The Hunt, phase: PHASE}
players:
  - name: Ana
    master: {card: Aurelio Torretti, vitae: 15}
    battlefield: [{card: Gilded Haven}]
  - name: Ben
    master: {card: Silent Maren, vitae: 10}
    pool: POOL
    debts: DEBTS
    battlefield: [{card: The Counting-House Dark}]
actions: []
expect: []
"""


def board(debts: str = "[{to: Ana}]", active: str = "Ana", phase: str = "main1", pool: int = 0):
    text = BOARD.replace("ACTIVE", active).replace("PHASE", phase).replace("DEBTS", debts).replace("POOL", str(pool))
    return load_string(text).state


def run(state, *actions):
    events = []
    for action in actions:
        state, more = apply(state, action)
        events += more
    return state, events


def refused(state, action):
    after, events = apply(state, action)
    assert after is state and events[-1].refused
    return events[-1]


def test_a_debt_on_the_board_is_a_marker_on_the_player():
    s = board("[{to: Ana, price: 3, from: Gilded Loan}, {to: Ana}]")
    assert s.player("Ben").debts == (Debt("Ana", 3, "Gilded Loan"), Debt("Ana", None, ""))


def test_the_call_waits_on_the_stack_and_the_debtor_is_asked_as_it_resolves():
    s, _ = run(board(), {"player": "Ana", "call_debt": "Ben"})
    assert [i.kind for i in s.stack] == ["debt"] and s.priority == "Ana"
    assert s.player("Ben").debts == (Debt("Ana"),)  # not spent until it resolves
    s, _ = run(s, "pass")
    choice = waiting_choice(s)
    assert (choice.kind, choice.player, choice.options, choice.rule) == (
        "debt-honor",
        "Ben",
        ("honor", "refuse"),
        "702.48c",
    )


def test_an_answer_not_among_the_options_is_refused_citing_the_choice_rule():
    s, _ = run(board(), {"player": "Ana", "call_debt": "Ben"}, "pass")
    why = refused(s, {"player": "Ben", "choose": "forgive"})
    assert "nd:702.48c" in why.rules


def test_honoring_a_priced_debt_pays_the_price_and_the_creditor_gains_nothing():
    s, events = run(
        board("[{to: Ana, price: 3, from: Gilded Loan}]", pool=3),
        {"player": "Ana", "call_debt": "Ben"},
        "pass",
        {"player": "Ben", "choose": "honor"},
    )
    ben, ana = s.player("Ben"), s.player("Ana")
    assert (ben.pool_total, ben.vitae, ben.debts, ana.vitae) == (0, 10, (), 15)
    assert any("nd:702.48c" in e.rules and "printed price" in e.text for e in events)


def test_a_debtor_who_cannot_pay_the_price_is_not_asked_and_refuses():
    s, events = run(board("[{to: Ana, price: 30}]"), {"player": "Ana", "call_debt": "Ben"}, "pass")
    assert waiting_choice(s) is None
    assert (s.suspicion, s.player("Ben").invited, s.player("Ben").debts) == (2, ("Ana",), ())


def test_the_creditor_chooses_which_of_several_different_debts_is_called():
    s, _ = run(board("[{to: Ana, price: 30}, {to: Ana}]"), {"player": "Ana", "call_debt": "Ben"})
    choice = waiting_choice(s)
    assert (choice.kind, choice.player, choice.options) == ("debt-call", "Ana", ("1", "2"))
    s, _ = run(s, {"player": "Ana", "choose": "2"}, "pass", {"player": "Ben", "choose": "honor"})
    assert s.player("Ben").debts == (Debt("Ana", 30),) and s.player("Ben").vitae == 8


def test_two_identical_debts_need_no_choice():
    s, _ = run(board("[{to: Ana}, {to: Ana}]"), {"player": "Ana", "call_debt": "Ben"})
    assert waiting_choice(s) is None and len(s.stack) == 1


@pytest.mark.parametrize(
    "state, action, rule",
    [
        (dict(), {"player": "Ben", "call_debt": "Ana"}, "117.1"),  # without priority
        (dict(phase="ending, step: end"), {"player": "Ana", "call_debt": "Ben"}, "116.2g"),  # not a main phase
        (dict(active="Ben"), {"player": "Ben", "call_debt": "Ben"}, "702.48b"),  # no one owes themself
        (dict(debts="[]"), {"player": "Ana", "call_debt": "Ben"}, "702.48b"),  # nothing is owed
    ],
)
def test_an_illegal_call_is_refused_citing_the_rule(state, action, rule):
    s = board(**state)
    assert f"nd:{rule}" in refused(s, action).rules


def test_a_debt_owed_to_oneself_or_a_stranger_is_refused_at_load():
    with pytest.raises(ScenarioError, match=r"a Debt is owed to another player, not 'Ben' \(702.48a\)"):
        board("[{to: Ben}]")
    with pytest.raises(ScenarioError, match="unknown key 'owed'"):
        board("[{to: Ana, owed: 1}]")


def test_a_card_printing_debt_must_write_its_rider():
    from judge.cards.reader import parse_cards
    from judge.engine.coverage import support
    from judge.yamlio import load_text

    text = '- {name: Loan, type: Caprice, cost: {vitae: 1}, keywords: [Debt], text: "Debt."}'
    (card,) = parse_cards(load_text(text, "cards.yaml"), "cards.yaml")
    assert [(g.what, g.rule) for g in support.gaps(card)] == [
        (
            "Debt: the rider that creates the Debt (a `take_debt` effect) is not written in the card file, so the engine "
            "would play the keyword as doing nothing",
            "702.48a",
        )
    ]


def test_a_refuge_on_the_board_must_hold_the_masters_seat(tmp_path):
    """310.8a: the r310.8b scenario's Counting-House holds no seat of Ana's Kaelite Master, so a
    board that names it her refuge is refused at load."""
    here = Path(__file__).parent / "scenarios" / "r310.8b-the-counting-house-takes-its-soil.yaml"
    text = here.read_text(encoding="utf-8").replace(
        "    master: {card: Aurelio Torretti, vitae: 15}\n",
        "    master: {card: Aurelio Torretti, vitae: 15}\n    refuge: counting\n",
    )
    path = tmp_path / "seatless.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load(path)
    assert "refuge 'counting' is not a Haven holding the seat" in info.value.message
    assert "(310.8a)" in info.value.message and info.value.line == text.splitlines().index("    refuge: counting") + 1
