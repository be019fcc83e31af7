"""Engine benchmark: replay a 200-action game and print the time (budget: under 1 s).

The game is built from the card database: two players trade casts, seals, field drains,
attacks and whole turns (each `until` passes through every step of a turn), so the replay
exercises priority, the stack, state-based checks, combat and cleanup. Two statics (a Night
anthem and a static damage reduction) make every characteristic go through the layers and
every damage event through the replacement and prevention effects.

    python bench/bench_engine.py
"""
from __future__ import annotations

import time

from judge.engine.replay import run
from judge.engine.scenario import load_string

BOARD = """
title: bench - 200 actions
game: nodawn
cards:
  - {name: Old Kaelite Master, type: Master, lineage: Kaelite, initial_vitae: 200, enlightenment: 1, text: "Bench Master."}
  - {name: Old Liamite Master, type: Master, lineage: Liamite, initial_vitae: 200, enlightenment: 1, text: "Bench Master."}
  - name: Bench Golem
    type: Entity
    subtypes: [Construct]
    cost: {vitae: 3}
    attack: 2
    vigor: 4
    blood_seal: 1
    text: "3 Vitae: this gets +1/+1 until end of turn."
    abilities: [{activated: {cost: {vitae: 3}, effects: [{modify: {attack: 1, vigor: 1, until: end_of_turn, to: self}}]}}]
  - {name: Bench Banner, type: Relic, text: "As long as it's Night, Entities you control get +1/+1.",
     statics: [{modify: {attack: 1, vigor: 1}, affects: own_entities, while: night}]}
  - {name: Bench Bulwark, type: Relic, text: "Prevent 1 of each damage to Entities you control.",
     statics: [{reduce_damage: 1, affects: own_entities}]}
turn: {active: Ana, round: The Hunt, phase: main1}
players:
  - name: Ana
    master: {card: Old Kaelite Master, vitae: 200}
    domain: 60
    battlefield:
      - {card: Gilded Haven}
      - {card: Black Company Pikeman, id: pikeman}
      - {card: Alpha of the Hunt, id: alpha}
      - {card: Bench Golem, id: golem}
      - {card: Cask of the Old Vintage, id: cask}
      - {card: Bench Banner}
  - name: Ben
    master: {card: Old Liamite Master, vitae: 200}
    domain: 60
    battlefield:
      - {card: The Counting-House Dark, id: dark}
      - {card: Iron Column, id: column}
      - {card: Bench Bulwark}
actions: []
expect: []
"""

ROUND = [  # one round of play, 10 actions: a Vitae ability, a field drain, an ability on the stack, an attack
    {"player": "Ana", "activate": "cask", "ability": 1},
    {"player": "Ana", "drain": "pikeman"},
    {"player": "Ana", "activate": "golem", "ability": 1},
    "pass",
    {"player": "Ana", "attack": [{"attacker": "golem", "target": "column"}]},  # refused (wrong step): the refusal path
    {"until": {"phase": "combat", "step": "declare_attackers"}},
    {"player": "Ana", "attack": [{"attacker": "alpha", "target": "Ben"}]},
    {"until": {"phase": "combat", "step": "end_of_combat"}},
    {"until": {"phase": "main1", "step": None}},
    {"until": {"phase": "main1", "step": None}},
]


def build(n_actions: int = 200):
    scenario = load_string(BOARD, "<bench>")
    scenario.actions = [ROUND[i % len(ROUND)] for i in range(n_actions)]
    scenario.action_lines = [None] * n_actions
    return scenario


def main() -> None:
    scenario = build()
    start = time.perf_counter()
    replay = run(scenario)
    elapsed = time.perf_counter() - start
    events = sum(len(s.events) for s in replay.steps)
    refused = sum(1 for s in replay.steps for e in s.events if e.refused)
    print(f"engine: {len(replay.steps)} actions, {events} events ({refused} refusals) replayed in "
          f"{elapsed * 1000:.0f} ms (budget 1000 ms) — {'OK' if elapsed < 1 else 'OVER BUDGET'}")


if __name__ == "__main__":
    main()
