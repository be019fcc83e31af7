"""Errors the engine reports: bad input files (with file and line) and refused actions.

ScenarioError is defined with the YAML reader the card files share (judge/yamlio.py) and is
offered here too, since every caller of the engine catches it.
"""

from __future__ import annotations

from judge.yamlio import ScenarioError

__all__ = ["Malformed", "Refused", "ScenarioError"]


class Refused(Exception):
    """An action the rules forbid. `rules` are the bare rule numbers that forbid it."""

    def __init__(self, text: str, *rules: str, policy: str | None = None) -> None:
        self.text = text
        self.rules = tuple(rules)
        self.policy = policy
        super().__init__(text)


class Malformed(Refused):
    """An action the engine cannot read — a wrong key, a value of the wrong shape, a name that
    names no one or more than one object. No rule forbids it, so it cites none; every other
    refusal cites the rule whose words forbid the action (tests/test_engine_refusals.py)."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
