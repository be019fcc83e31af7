"""Proposed events: what is about to happen, before replacement and prevention effects
(614–616) have had their say. Effects and turn-based actions propose them; replacement.py
rewrites them; perform.py carries out what they became.

To add a kind of proposed event: a dataclass here, its candidates in replacement.GATHER (who
is affected and which effects watch it), and what carrying it out does in perform.CARRY.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Hit:
    """A damage event about to happen (120.1)."""

    source: str | None
    recipient: str  # an object id or a player name
    amount: int
    combat: bool = False
    unpreventable: bool = False  # 615.9
    dealt: int = 0  # carried out: how much was dealt
    prevented: int = 0  # how much prevention effects stopped on the way (615)


@dataclass
class ZoneChange:
    """A card about to change zones (`dies`: from the battlefield to a Spoils)."""

    obj: str
    dest: str
    dies: bool
    instead: str | None = None  # a self-replacement from the instruction moving it (614.7)
    bottom: bool = False
    went: str = ""  # carried out: the zone it went to
    still_dies: bool = False  # a replacement sent it elsewhere, but it died all the same (Exhume, 702.22a)


@dataclass
class Gain:
    """Vitae about to be added to a player's pool, with its source tag (106.3)."""

    player: str
    amount: int
    source: str | None


@dataclass
class Draw:
    """One card about to be drawn (121.3: cards are drawn one at a time)."""

    player: str
    empty: bool = False  # carried out: the Domain was empty (704.5b)
    drawn: bool = False  # carried out: a card was drawn


@dataclass
class Draws:
    """A player about to draw N cards: N single draws, each offered to replacement (121.3)."""

    player: str
    n: int
    rules: tuple = ("121.1",)
