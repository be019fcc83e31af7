"""No Dawn's announcements (405.6), read as one table: rulings/nodawn/announcements.yaml.

405.6 lists what rides the stack besides spells and abilities, and 405.6c makes every member
"counterable as if it were a spell" (policy C42). Each row names the fields of the stack object
the engine makes for that member (`stack:`), so `member(item)` says which announcement a stack
object is, and targeting (601.2c, 115) and countering (701.7a) read that, never a list of kinds
of their own. A member the engine cannot play is `engine: refused` with `why` (the rule it
cannot follow); none is today."""

from __future__ import annotations

from dataclasses import dataclass, fields

from judge import paths
from judge.engine.core.state import StackItem
from judge.yamlio import ScenarioError, line_of, load_file

ROW_KEYS = {"id", "rules", "stack", "countered", "engine", "policy", "why"}
STACK_FIELDS = {f.name for f in fields(StackItem)}


@dataclass(frozen=True)
class Announcement:
    id: str
    rules: tuple[str, ...]
    stack: tuple  # ((field, value), ..) a stack object of this member has
    countered: str
    played: bool
    policy: str | None = None
    why: str = ""

    def matches(self, item: StackItem) -> bool:
        return all(getattr(item, name) == value for name, value in self.stack)

    @property
    def is_spell(self) -> bool:
        return dict(self.stack).get("kind") == "spell"


_TABLE: tuple[Announcement, ...] | None = None


def table_path():
    return paths.data_root() / "rulings" / "nodawn" / "announcements.yaml"


def table() -> tuple[Announcement, ...]:
    global _TABLE
    if _TABLE is None:
        _TABLE = _read(table_path())
    return _TABLE


def _read(path) -> tuple[Announcement, ...]:
    rows = load_file(path)
    if not isinstance(rows, list):
        raise ScenarioError("the announcement table is a list of rows", str(path))
    out = []
    for row in rows:
        line = line_of(row)
        if (
            not isinstance(row, dict)
            or set(row) - ROW_KEYS
            or not {"id", "rules", "stack", "countered", "engine"} <= set(row)
        ):
            raise ScenarioError(f"an announcement row has {', '.join(sorted(ROW_KEYS))}", str(path), line)
        stack = row["stack"]
        if not isinstance(stack, dict) or set(stack) - STACK_FIELDS or "kind" not in stack:
            raise ScenarioError(
                f"{row['id']}: `stack` names a kind and fields of a stack object ({', '.join(sorted(STACK_FIELDS))})",
                str(path),
                line,
            )
        if row["engine"] not in ("played", "refused") or (row["engine"] == "refused") != bool(row.get("why")):
            raise ScenarioError(f"{row['id']}: `engine` is played, or refused with `why`", str(path), line)
        out.append(
            Announcement(
                row["id"],
                tuple(str(r) for r in row["rules"]),
                tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in stack.items()),
                row["countered"],
                row["engine"] == "played",
                row.get("policy"),
                row.get("why", ""),
            )
        )
    ids = [a.id for a in out]
    if len(set(ids)) != len(ids):
        raise ScenarioError("an announcement is listed twice", str(path))
    return tuple(out)


def member(item: StackItem) -> Announcement | None:
    """The 405.6 announcement `item` is, if it is one."""
    return next((a for a in table() if a.matches(item)), None)
