"""117.5, 704.3: the state-based checks (and waiting triggers) come before every time a player
would receive priority — as priority passes to the next player (117.3b), as a conceding holder's
priority passes on (800.6a), after a Vitae ability or a special action (117.3a, 116.3) — and
only then (704.4). The board: Ana's Ritual is bound to Cara, who concedes without holding
priority, so the Ritual waits for the next check (303.3b, 704.5r)."""

from __future__ import annotations

from judge.engine.play.actions import apply
from judge.engine.scenarios.scenario import load_string

BOARD = """
title: a hex on a player who leaves
game: nodawn
cards:
  - {name: Silent Maren, type: Master, lineage: Liamite, initial_vitae: 20, enlightenment: 1, text: "Liamite Master."}
  - {name: Hex, type: Ritual, cost: {vitae: 1}, keywords: [Bind to target player], text: "Hex.",
     targets: [{kind: player}], abilities: [{triggered: {when: upkeep, effects: [{lose_vitae: {amount: 1, who: attached}}]}}]}
turn: {active: Ana, round: The Hunt, phase: main1, priority: PRIORITY}
players:
  - name: Ana
    master: {card: Aurelio Torretti, vitae: 20}
    battlefield: [{card: Gilded Haven}, {card: Hex, id: hex, attached_to: BOUND}, {card: Cask of the Old Vintage, id: cask},
                  {card: Black Company Pikeman, id: pikeman}]
  - name: Ben
    master: {card: Silent Maren, vitae: 20}
    battlefield: [{card: The Counting-House Dark}]
  - name: Cara
    master: {card: Silent Maren, vitae: 20}
    battlefield: [{card: The Counting-House Dark, id: dark-2}]
actions: []
expect: []
"""


def board(priority: str = "Ana", bound: str = "Cara"):
    return load_string(BOARD.replace("PRIORITY", priority).replace("BOUND", bound)).state


def checks(events) -> list[str]:
    return [e.text for e in events if "nd:704.3" in e.rules]


def after_cara_leaves():
    s, events = apply(board(), {"player": "Cara", "concede": True})
    assert s.priority == "Ana" and s.objects["hex"].zone == "battlefield" and checks(events) == []
    return s


def test_the_check_runs_as_priority_passes_to_the_next_player():
    s, events = apply(after_cara_leaves(), {"player": "Ana", "pass": True})
    assert s.objects["hex"].zone == "spoils" and s.objects["hex"].owner == "Ana"
    assert [e.text for e in events][0] == "Ana passes priority"
    assert len(checks(events)) == 1 and "who has left the game" in checks(events)[0]
    assert s.priority == "Ben" and s.passes == 1  # the pass still counts: Ben's pass ends the step (117.4)
    s, events = apply(s, {"player": "Ben", "pass": True})
    assert (s.phase, s.step) != ("main1", None) and checks(events) == []


def test_the_check_runs_before_a_conceding_holders_priority_passes_on():
    s, events = apply(board(priority="Ben", bound="Ben"), {"player": "Ben", "concede": True})
    assert s.objects["hex"].zone == "spoils"
    assert len(checks(events)) == 1
    assert s.priority == "Cara" and s.passes == 0


def test_the_check_runs_after_a_vitae_ability():
    s, events = apply(after_cara_leaves(), {"player": "Ana", "activate": "cask", "ability": 1})
    assert s.player("Ana").pool_total == 2 and s.objects["hex"].zone == "spoils"
    assert [e.text for e in events].index(checks(events)[0]) > 0  # after the ability, not before it
    assert s.priority == "Ana" and s.passes == 0  # 117.3a: she receives priority again


def test_the_check_runs_after_a_special_action():
    s, events = apply(after_cara_leaves(), {"player": "Ana", "drain": "pikeman"})  # a field drain (106.5c, 116.3)
    assert s.objects["hex"].zone == "spoils" and len(checks(events)) == 1 and s.priority == "Ana"


def test_a_check_that_takes_the_last_player_to_pass_out_ends_the_step():
    """Ana and Ben have passed; before Cara would receive priority the check finds her Master's
    Vitae at 0 (704.5a): she leaves, every player left has passed in succession (117.4)."""
    s, _ = apply(board(), {"player": "Ana", "pass": True})
    work = s.fork()
    work.player("Cara").vitae = 0  # a state the checks have not seen yet: no action reaches it otherwise,
    work.checked = False  # so the edit says so itself, as any action but a pass does (actions.py)
    s, events = apply(work.commit(), {"player": "Ben", "pass": True})
    texts = [e.text for e in events]
    assert s.player("Cara").lost and s.objects["hex"].zone == "spoils"
    assert any(t.startswith("all players pass with an empty stack: the first main phase ends") for t in texts)
    assert (s.phase, s.step) != ("main1", None)


def test_a_settled_pass_checks_nothing_and_says_nothing_more():
    s, events = apply(board(), {"player": "Ana", "pass": True})
    assert [e.text for e in events] == ["Ana passes priority"] and s.priority == "Ben" and s.checked


def test_any_action_but_a_pass_leaves_the_state_to_be_checked_again():
    s = board()
    assert s.checked  # the board was settled as it was loaded (117.5)
    assert not apply(s, {"player": "Cara", "concede": True})[0].checked
    assert apply(s, {"player": "Ana", "drain": "pikeman"})[0].checked  # it ends as Ana receives priority again
