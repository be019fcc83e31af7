"""The citation basket: entries and replay steps a judge collects for a ruling.

It becomes a ruling sheet through judge.tui.filing (the same sheets as `judge sheet`); an id the
loaded rules no longer hold is refused there by name, never written around.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class StepItem:
    """One replay step: what was done and what happened, with the rules each event cites."""

    scenario: str
    n: int
    action: str
    events: tuple[tuple[str, tuple[str, ...]], ...]
    deciding: tuple[int, ...] | None = None  # the events that decided the step (None: not known, all)

    @property
    def key(self) -> str:
        return f"step:{self.scenario}:{self.n}"

    @property
    def rules(self) -> list[str]:
        """The rules a ruling from this step cites: those of the events that decided it."""
        seen: list[str] = []
        for i, (_, rules) in enumerate(self.events):
            if self.deciding is None or i in self.deciding:
                seen += [r for r in rules if r not in seen]
        return seen


@dataclass
class Basket:
    entries: list[str] = field(default_factory=list)  # entry ids, in the order added
    steps: list[StepItem] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.entries) + len(self.steps)

    def add_entry(self, entry_id: str) -> bool:
        """Add an entry; False when it was already there."""
        if entry_id in self.entries:
            return False
        self.entries.append(entry_id)
        return True

    def add_step(self, step: StepItem) -> bool:
        if any(s.key == step.key for s in self.steps):
            return False
        self.steps.append(step)
        return True

    def remove(self, key: str) -> None:
        self.entries = [e for e in self.entries if e != key]
        self.steps = [s for s in self.steps if s.key != key]

    def clear(self) -> None:
        self.entries.clear()
        self.steps.clear()

    def cited_ids(self) -> list[str]:
        """Every entry the basket cites: the entries themselves, then the steps' rules."""
        out = list(self.entries)
        for step in self.steps:
            out += [r for r in step.rules if r not in out]
        return out
