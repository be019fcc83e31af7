"""The citation basket: entries and replay steps a judge collects for a ruling.

It becomes Markdown through the ruling-sheet module (judge.sheet.markdown_for_ids); if that
is missing or refuses (an id the corpus no longer holds), the small writer below quotes each
cited entry verbatim with its citation, so a basket is never lost.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from judge.corpus.model import Corpus


@dataclass(frozen=True)
class StepItem:
    """One replay step: what was done and what happened, with the rules each event cites."""

    scenario: str
    n: int
    action: str
    events: tuple[tuple[str, tuple[str, ...]], ...]

    @property
    def key(self) -> str:
        return f"step:{self.scenario}:{self.n}"

    @property
    def rules(self) -> list[str]:
        seen: list[str] = []
        for _, rules in self.events:
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

    def to_markdown(self, corpus: Corpus, title: str = "Ruling", question: str = "",
                    ruling: str = "") -> str:
        sheet = _sheet_writer()
        if sheet is not None:
            try:
                return sheet(corpus, self.cited_ids(), title=title, steps=list(self.steps),
                             question=question, ruling=ruling)
            except Exception:  # e.g. an id the corpus no longer holds: the plain writer copes
                pass
        return basket_markdown(corpus, self, title, question, ruling)


def _sheet_writer():
    try:
        from judge.sheet import markdown_for_ids  # the ruling-sheet module's entry point, if any
    except ImportError:
        return None
    return markdown_for_ids


def basket_markdown(corpus: Corpus, basket: Basket, title: str = "Ruling", question: str = "",
                    ruling: str = "") -> str:
    lines = [f"# {title}", ""]
    for label, text in (("Question", question), ("Ruling", ruling)):
        if text.strip():
            lines += [f"**{label}:** {text.strip()}", ""]
    if basket.steps:
        lines += ["## Steps", ""]
        for step in basket.steps:
            lines.append(f"**{step.scenario} — step {step.n}:** {step.action}")
            lines.append("")
            for text, rules in step.events:
                cites = ", ".join(_citation(corpus, r) for r in rules)
                lines.append(f"- {text}" + (f" ({cites})" if cites else ""))
            lines.append("")
    ids = basket.cited_ids()
    if ids:
        lines += ["## Cited rules", ""]
        for entry_id in ids:
            entry = corpus.get(entry_id)
            if entry is None:
                lines += [f"### {entry_id}", "", "_(not in the loaded corpus)_", ""]
                continue
            lines += [f"### {entry.citation or entry.id}", ""]
            lines += ["> " + line if line else ">" for line in entry.text.splitlines()]
            lines += ["", f"<sub>{entry.id}</sub>", ""]
    return "\n".join(lines).rstrip() + "\n"


def _citation(corpus: Corpus, entry_id: str) -> str:
    entry = corpus.get(entry_id)
    return entry.citation if entry is not None and entry.citation else entry_id
