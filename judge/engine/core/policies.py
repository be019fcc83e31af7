"""Engine policies: the readings in force for one replay (the file is read by
judge.conflicts.policy_file, which the readers that show a conflict share)."""

from __future__ import annotations

from judge.conflicts.policy_file import Policy, load_policies, policies_path
from judge.yamlio import LDict, ScenarioError

__all__ = ["Policies", "Policy", "default_table", "load_policies", "policies_path"]


class Policies:
    """The policies in force for one replay: the defaults, with a scenario's overrides."""

    def __init__(
        self, table: dict[str, Policy], overrides: dict | None = None, path: str | None = None, line: int | None = None
    ) -> None:
        self.table = table
        self.chosen = {pid: p.default for pid, p in table.items()}
        if overrides is not None and not isinstance(overrides, dict):
            raise ScenarioError(
                f"policies must map a policy id to a reading (C2: 701.11c), not {overrides!r:.60}", path, line
            )
        for pid, reading in (overrides or {}).items():
            line = overrides.line_of(pid) if isinstance(overrides, LDict) else None
            if pid not in table:
                raise ScenarioError(f"unknown policy {pid!r} (known: {', '.join(sorted(table))})", path, line)
            reading = str(reading).removeprefix("nd:")
            if reading not in table[pid].readings:
                raise ScenarioError(
                    f"policy {pid}: unknown reading {reading!r} (readings: {', '.join(table[pid].readings)})",
                    path,
                    line,
                )
            self.chosen[pid] = reading

    def reading(self, pid: str) -> str:
        return self.chosen[pid]

    def rules(self, pid: str) -> tuple[str, ...]:
        return self.table[pid].rules

    def note(self, pid: str) -> str:
        return f"[policy {pid}: {self.table[pid].readings[self.chosen[pid]]}]"


_TABLE: dict[str, Policy] | None = None


def default_table() -> dict[str, Policy]:
    global _TABLE
    if _TABLE is None:
        _TABLE = load_policies()
    return _TABLE
