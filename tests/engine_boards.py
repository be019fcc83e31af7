"""Small builders the engine's unit tests share: a two-player board in the scenario format, and
the error a card file raises as it is read."""

from __future__ import annotations

import pytest

from judge.cards.reader import parse_cards
from judge.engine.core.errors import ScenarioError
from judge.yamlio import load_text

MAREN = '{name: Silent Maren, type: Master, lineage: Liamite, initial_vitae: 20, enlightenment: 1, text: "M."}'
MAIN_PHASE = "{active: Ana, round: The Hunt, phase: main1}"


def two_player_board(
    title: str, pool: int, cards: str = "", ana: str = "", ben: str = "", turn: str = MAIN_PHASE, actions: str = "[]"
) -> str:
    """Ana (Aurelio Torretti) against Ben (Silent Maren), each with `pool` Vitae in the pool; `cards`,
    `ana` and `ben` are YAML lines put in their places."""
    return f"""
title: {title}
game: nodawn
cards:
  - {MAREN}
{cards}
turn: {turn}
players:
  - name: Ana
    master: {{card: Aurelio Torretti, vitae: 20}}
    pool: {pool}
{ana}
  - name: Ben
    master: {{card: Silent Maren, vitae: 20}}
    pool: {pool}
{ben}
actions: {actions}
expect: [{{stack: 0}}]
"""


def card_error(text: str) -> ScenarioError:
    """The ScenarioError reading the card file `text` raises (the test fails if it raises none)."""
    with pytest.raises(ScenarioError) as info:
        parse_cards(load_text(text, "cards.yaml"), "cards.yaml")
    return info.value
