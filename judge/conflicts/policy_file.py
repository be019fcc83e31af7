"""The policy file: the readings of the rules' self-contradictions (rulings/nodawn/policies.yaml).

Read here, below the engine, so that the engine (which applies a policy) and the readers
(`judge show`, search, the TUI, sheets, which show it where the rules stand) share one loader.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from judge import paths

ALLOWED_KEYS = {"id", "topic", "rules", "default", "readings", "why", "entries"}
REQUIRED_KEYS = {"id", "rules", "default", "readings"}


@dataclass(frozen=True)
class Policy:
    id: str
    topic: str
    rules: tuple[str, ...]
    default: str
    readings: dict
    why: str
    # Other entries the policy concerns besides its rules (glossary entries, examples), as ids
    # of its document ("glossary/drain", "505.4d/example-1").
    entries: tuple[str, ...] = ()
    line: int | None = None


def policies_path() -> Path:
    return paths.data_root() / "rulings" / "nodawn" / "policies.yaml"


def load_policies(path: Path | None = None) -> dict[str, Policy]:
    from judge.yamlio import ScenarioError, line_of, load_file  # deferred: start-up (the cached notes need no YAML)

    path = path or policies_path()
    raw = load_file(path)
    if not isinstance(raw, list):
        raise ScenarioError("the policy file holds a list of policies", str(path), line_of(raw))
    out: dict[str, Policy] = {}
    for item in raw:
        if not isinstance(item, dict) or set(item) - ALLOWED_KEYS or not set(item) >= REQUIRED_KEYS:
            raise ScenarioError(
                "a policy needs id, rules, default, readings (and topic, why, entries)", str(path), line_of(item)
            )
        if item["default"] not in item["readings"]:
            raise ScenarioError(f"policy {item['id']}: default is not one of its readings", str(path), line_of(item))
        if item["id"] in out:
            raise ScenarioError(f"policy {item['id']} is listed twice", str(path), line_of(item))
        entries = item.get("entries", [])
        if not isinstance(entries, list):
            raise ScenarioError(f"policy {item['id']}: entries must be a list of entry ids", str(path), line_of(item))
        out[item["id"]] = Policy(
            item["id"],
            item.get("topic", ""),
            tuple(str(r) for r in item["rules"]),
            str(item["default"]),
            {str(k): v for k, v in item["readings"].items()},
            item.get("why", ""),
            tuple(str(e) for e in entries),
            line_of(item),
        )
    return out
