"""Ask only what can matter (issue 32, item 3): a choice is put to a player only when two of its
answers can lead to different states ("nor is a choice asked whose answer cannot change anything
the engine models"; 615.3 for the shield's order).

The sweep replays every bundled scenario and, wherever play waits for a choice — answered by the
scenario later or not — answers it every way it can be answered (up to a bound), carries each
answer on (any further question of the same action answered the same first way), and checks that
at least two answers give different states. A property test builds the boards where the shield's
order cannot matter (a shield that watches one source, 509.2's Ward; shields that stop it all)
and checks that nothing is asked."""

from __future__ import annotations

from itertools import combinations, islice, permutations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_engine_recheck import content
from test_engine_scenarios import SCENARIOS, _id

from judge.engine.choosing.choices import CHOICE_KINDS
from judge.engine.play.actions import apply, waiting_choice
from judge.engine.scenarios.replay import run, run_file
from judge.engine.scenarios.scenario import load_string

MOST = 24  # answers tried per question: enough to tell a question that matters from one that does not


def answers(choice) -> list:
    """Ways to answer `choice`, as a scenario writes them (bounded by MOST)."""
    shape, options = CHOICE_KINDS[choice.kind].shape, list(choice.options)
    least, most = choice.count
    if shape == "word":
        return options[:MOST]
    if shape == "order":
        return [list(p) for p in islice(permutations(options), MOST)]
    if shape == "pick":
        found = (list(c) for n in range(least, min(most, len(options)) + 1) for c in combinations(options, n))
        return list(islice(found, MOST))
    if shape == "divide":
        amount = least
        splits = ({options[0]: amount - n, options[1]: n} for n in range(amount + 1)) if len(options) > 1 else ()
        return list(islice(splits, MOST))
    return []  # map: each key's ids (614.8, a "may"): not enumerated


def settled(state, depth: int = 0):
    """The state once the action is carried through: a further question declined if it is a
    "may", else answered the first way that is accepted (the same for every branch)."""
    choice = waiting_choice(state)
    if choice is None or depth > 8:
        return state
    spec = CHOICE_KINDS[choice.kind]
    declined = [list(spec.declined) if isinstance(spec.declined, tuple) else spec.declined] if spec.optional else []
    for answer in declined + answers(choice):
        after, events = apply(state, {"player": choice.player, "choose": answer})
        if not any(e.refused for e in events):
            return settled(after, depth + 1)
    return state


def outcomes(state) -> list:
    """The settled states after each accepted answer to the choice `state` waits for."""
    choice = waiting_choice(state)
    out = []
    for answer in answers(choice):
        after, events = apply(state, {"player": choice.player, "choose": answer})
        if any(e.refused for e in events) or any(e.engine_error for e in events):
            continue
        out.append((answer, (content(after), content(settled(after)))))
    return out


def questions(replay) -> list:
    """(step number, state) wherever the replay waits for a choice, the last state included."""
    found = []
    for n in range(len(replay.steps) + 1):
        state = replay.state_after(n)
        if waiting_choice(state) is not None:
            found.append((n, state))
    return found


def pointless(state) -> str | None:
    """The question in words, if every accepted answer gives the same state."""
    tried = outcomes(state)
    # the state the answer leaves (a further question of the same action waiting), and the state
    # once that is carried through: an answer matters if either differs
    if len(tried) < 2 or any(c != tried[0][1] for _, c in tried[1:]):
        return None
    choice = waiting_choice(state)
    return f"{choice.kind} ({choice.player}: {choice.prompt}) — {len(tried)} answers, one state"


@pytest.mark.parametrize("path", SCENARIOS, ids=_id)
def test_no_replay_waits_at_a_question_whose_answers_all_lead_to_the_same_state(path):
    replay = run_file(path)
    found = [f"after action {n}: {why}" for n, state in questions(replay) if (why := pointless(state))]
    assert found == []


# -- the shield's order (615.3): boards where it can matter and where it cannot ------------
BOARD = """
title: two attackers on one shielded Entity
game: nodawn
cards:
  - {{name: Striker, type: Entity, cost: {{vitae: 1}}, attack: {a1}, vigor: 9, keywords: [{kw}]}}
  - {{name: Other Striker, type: Entity, cost: {{vitae: 1}}, attack: {a2}, vigor: 9}}
  - {{name: Stout Warden, type: Entity, cost: {{vitae: 1}}, attack: 0, vigor: 30}}
  - name: Watchful Shield
    type: Caprice
    cost: {{vitae: 0}}
    targets: [{{kind: Entity}}]
    abilities: [{{spell: [{{prevent_damage: {{{shield}, until: end_of_turn}}}}]}}]
turn: {{active: Ana, round: The Hunt, phase: combat, step: declare_attackers}}
players:
  - name: Ana
    master: {{card: Aurelio Torretti, vitae: 18}}
    domain: 10
    battlefield:
      - {{card: Gilded Haven}}
      - {{card: Striker, id: s1}}
      - {{card: Other Striker, id: s2}}
  - name: Ben
    master: {{card: Sister Perpetua, vitae: 18}}
    pool: 5
    hand: [{{card: Watchful Shield, id: shield-1}}]
    domain: 10
    battlefield:
      - {{card: Gilded Haven, id: ben-haven}}
      - {{card: Stout Warden, id: warden}}
actions:
  - {{player: Ana, attack: [{{attacker: s1, target: warden}}, {{attacker: s2, target: warden}}]}}
  - {{player: Ana, pass: true}}
{casts}
  - {{until: {{phase: combat, step: end_of_combat}}}}
expect: []
"""


def shielded_board(a1: int, a2: int, shields: list, venom: bool = False) -> str:
    """Two strikers (Attack a1, a2; the first with Venom if `venom`) on one Warden; Ben casts one Watchful Shield per entry of
    `shields`: ("s1" | "s2", None) watches that striker (all its damage, 615.8), (None, N) a
    shield of N on the Warden (615.3), (None, None) all damage to the Warden."""
    spell = []
    casts = []
    for watched, amount in shields:
        if watched:
            spell.append("amount: all, from: target, combat: true")
        else:
            spell.append(f"amount: {'all' if amount is None else amount}, to: target")
        casts.append(f"  - {{player: Ben, cast: shield-1, targets: [{watched or 'warden'}]}}\n  - pass")
    # one card text for every cast: each board uses one kind of shield per card, so the card
    # is redefined per board (the first shield's wording; boards mixing kinds use two names)
    return BOARD.format(a1=a1, a2=a2, kw="Venom" if venom else "", shield=spell[0], casts="\n".join(casts))


def replayed(text: str):
    return run(load_string(text, "shielded-board.yaml"))


shield_kinds = st.sampled_from([("s1", None), ("s2", None), (None, None), (None, 1), (None, 2), (None, 4), (None, 8)])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(a1=st.integers(0, 4), a2=st.integers(0, 4), shield=shield_kinds, venom=st.booleans())
def test_the_shield_order_is_asked_only_when_it_can_change_what_lands(a1, a2, shield, venom):
    """It can only when a shared shield of too small an amount meets two sources that are not
    interchangeable (here: one has Venom, whose mark is made only by damage dealt, 702.6a) and
    the order decides whether that one's damage lands."""
    replay = replayed(shielded_board(a1, a2, [shield], venom))
    assert [e.detail for _, e in replay.engine_errors] == []
    watched, amount = shield
    shared = watched is None
    # the Venom striker's hit is stopped whole when it meets the shield first (a1 <= amount) and
    # lands when the other's meets it first (amount - a2 < a1)
    can_matter = shared and venom and amount is not None and 0 < a1 <= amount < a1 + a2
    asked = [n for n, state in questions(replay)]
    if not can_matter:
        assert asked == [] and replay.stopped_at is None
        prevented = (
            a1 if watched == "s1" else a2 if watched == "s2" else a1 + a2 if amount is None else min(amount, a1 + a2)
        )
        warden = replay.final.objects["warden"]
        venom_landed = venom and a1 > 0 and watched != "s1" and not (shared and (amount is None or amount >= a1 + a2))
        if venom_landed:
            assert warden.zone == "spoils"  # 702.6a, 704.5h: the Venom source's damage landed
        else:
            assert (warden.zone, warden.damage) == ("battlefield", a1 + a2 - prevented)
        assert not any("meets the prevention shield" in e.text for step in replay.steps for e in step.events)
    else:
        assert replay.waiting and "meets the prevention shield first" in replay.waiting
        assert pointless(replay.final) is None  # the answers give different states
