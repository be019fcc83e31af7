"""What the rules fix by a Master's lineage (rulings/nodawn/lineages.yaml): a player's lineage
is their Master's (105.2); a Garethean Master ascends at Corruption 15 and is never liquidated
(104.2c, 104.3d, 704.5d) — unless the Master card prints its own threshold (`ascends: N`)."""

from __future__ import annotations

from dataclasses import dataclass

from judge import paths
from judge.yamlio import ScenarioError, line_of, load_file


@dataclass(frozen=True)
class Lineage:
    name: str
    clan: str
    ascends_at: int | None
    rules: tuple[str, ...]


_TABLE: dict[str, Lineage] | None = None


def table() -> dict[str, Lineage]:
    global _TABLE
    if _TABLE is None:
        path = paths.data_root() / "rulings" / "nodawn" / "lineages.yaml"
        rows = load_file(path)
        out = {}
        for row in rows if isinstance(rows, list) else []:
            if (
                not isinstance(row, dict)
                or set(row) - {"lineage", "clan", "ascends_at", "rules"}
                or not {"lineage", "clan", "rules"} <= set(row)
            ):
                raise ScenarioError("a lineage row has lineage, clan, rules (and ascends_at)", str(path), line_of(row))
            out[row["lineage"]] = Lineage(row["lineage"], row["clan"], row.get("ascends_at"), tuple(row["rules"]))
        if len(out) != 6:
            raise ScenarioError(f"the lineage table lists {len(out)} lineages, not the six of 105.1", str(path))
        _TABLE = out
    return _TABLE


def ascension(master) -> tuple[int, tuple[str, ...]] | None:
    """(the Corruption at which this Master ascends, the rules) — or None: liquidated at 10 (704.5c)."""
    if master is None:
        return None
    if master.ascends is not None:
        return master.ascends, ("104.2c", "704.5d")
    lineage = table().get(master.lineage or "")
    if lineage is not None and lineage.ascends_at is not None:
        return lineage.ascends_at, lineage.rules
    return None
