"""Events: what happened, in a sentence, and the rules that made it happen."""
from __future__ import annotations

from dataclasses import dataclass


def rule_id(number: str) -> str:
    """A bare rule number ("704.5j") as a corpus id ("nd:704.5j")."""
    number = str(number).strip()
    return number if number.startswith("nd:") else f"nd:{number}"


@dataclass(frozen=True)
class Event:
    text: str
    rules: tuple[str, ...] = ()  # corpus ids, "nd:704.5j"
    error: bool = False
    policy: str | None = None  # a policy id (C22) when a contradiction-register reading was applied

    def to_dict(self) -> dict:
        return {"text": self.text, "rules": list(self.rules)}


def event(text: str, *rules: str, error: bool = False, policy: str | None = None) -> Event:
    ids = tuple(dict.fromkeys(rule_id(r) for r in rules))  # each rule once, in citing order
    return Event(text, ids, error, policy)
