"""Engine policies: readings of the rules' self-contradictions, from rulings/nodawn/policies.yaml."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from judge import paths
from judge.yamlio import LDict, ScenarioError, load_file, line_of


@dataclass(frozen=True)
class Policy:
    id: str
    topic: str
    rules: tuple[str, ...]
    default: str
    readings: dict
    why: str


def policies_path() -> Path:
    return paths.data_root() / "rulings" / "nodawn" / "policies.yaml"


def load_policies(path: Path | None = None) -> dict[str, Policy]:
    path = path or policies_path()
    raw = load_file(path)
    if not isinstance(raw, list):
        raise ScenarioError("the policy file holds a list of policies", str(path), line_of(raw))
    out: dict[str, Policy] = {}
    allowed = {"id", "topic", "rules", "default", "readings", "why"}
    for item in raw:
        if not isinstance(item, dict) or set(item) - allowed or not {"id", "rules", "default", "readings"} <= set(item):
            raise ScenarioError("a policy needs id, rules, default, readings (and topic, why)", str(path), line_of(item))
        if item["default"] not in item["readings"]:
            raise ScenarioError(f"policy {item['id']}: default is not one of its readings", str(path), line_of(item))
        out[item["id"]] = Policy(item["id"], item.get("topic", ""), tuple(str(r) for r in item["rules"]),
                                 str(item["default"]), {str(k): v for k, v in item["readings"].items()},
                                 item.get("why", ""))
    return out


class Policies:
    """The policies in force for one replay: the defaults, with a scenario's overrides."""

    def __init__(self, table: dict[str, Policy], overrides: dict | None = None, path: str | None = None,
                 line: int | None = None) -> None:
        self.table = table
        self.chosen = {pid: p.default for pid, p in table.items()}
        if overrides is not None and not isinstance(overrides, dict):
            raise ScenarioError(f"policies must map a policy id to a reading (C2: 701.11c), not {overrides!r:.60}",
                                path, line)
        for pid, reading in (overrides or {}).items():
            line = overrides.line_of(pid) if isinstance(overrides, LDict) else None
            if pid not in table:
                raise ScenarioError(f"unknown policy {pid!r} (known: {', '.join(sorted(table))})", path, line)
            reading = str(reading).removeprefix("nd:")
            if reading not in table[pid].readings:
                raise ScenarioError(f"policy {pid}: unknown reading {reading!r} (readings: "
                                    f"{', '.join(table[pid].readings)})", path, line)
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
