"""Errors the engine reports: bad input files (with file and line) and refused actions."""
from __future__ import annotations


class ScenarioError(Exception):
    """A scenario or card file that cannot be used: names the file and the line."""

    def __init__(self, message: str, path: str | None = None, line: int | None = None) -> None:
        self.message = message
        self.path = path
        self.line = line
        super().__init__(self.describe())

    def describe(self) -> str:
        where = self.path or "<scenario>"
        if self.line is not None:
            where = f"{where}:{self.line}"
        return f"{where}: {self.message}"


class Refused(Exception):
    """An action the rules forbid. `rules` are the bare rule numbers that forbid it."""

    def __init__(self, text: str, *rules: str, policy: str | None = None) -> None:
        self.text = text
        self.rules = tuple(rules)
        self.policy = policy
        super().__init__(text)
