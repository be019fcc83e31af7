"""The feast calendar (730): the world cycle's count and the feasts that recolor a round.

The feasts the rules give a law to live in rulings/nodawn/feasts.yaml; LAWS below says which
law words the engine gives meaning to (each is read where it applies: targeting.py reads
`thresholds_fail`). A scenario announces its calendar (`feasts:`, 730.2); a feast's law holds
for its round of its cycle only (730.3).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from judge import paths
from judge.engine.core.events import event
from judge.engine.core.state import GameState
from judge.yamlio import ScenarioError, line_of, load_file

LAWS = {"thresholds_fail": "310.12"}  # law word -> the rule that states it


@dataclass(frozen=True)
class Feast:
    name: str
    laws: tuple
    rules: tuple


@lru_cache(maxsize=1)
def feast_table() -> dict[str, Feast]:
    path = paths.data_root() / "rulings" / "nodawn" / "feasts.yaml"
    raw = load_file(path)
    out = {}
    for item in raw or []:
        if not isinstance(item, dict) or set(item) != {"name", "laws", "rules"}:
            raise ScenarioError("a feast needs exactly name, laws, rules", str(path), line_of(item))
        unknown = [law for law in item["laws"] if law not in LAWS]
        if unknown:
            raise ScenarioError(
                f"feast {item['name']}: law {unknown[0]!r} is not modelled by the engine "
                f"(known: {', '.join(sorted(LAWS))})",
                str(path),
                line_of(item),
            )
        out[str(item["name"])] = Feast(str(item["name"]), tuple(item["laws"]), tuple(str(r) for r in item["rules"]))
    return out


def tonight(s: GameState) -> list[Feast]:
    """The feasts whose round this is (730.3)."""
    table = feast_table()
    return [table[name] for name, cycle, round_name in s.feasts if cycle == s.cycle and round_name == s.round_name]


def law_holds(s: GameState, law: str) -> Feast | None:
    """The feast whose `law` holds now, if one does."""
    return next((f for f in tonight(s) if law in f.laws), None) if s.feasts else None


def wrap(s: GameState, log: list) -> None:
    """730.1, 730.2: the return of The Hunt begins the next cycle and announces the feasts of
    the cycle after it."""
    s.cycle += 1
    ahead = [f"{name} on {round_name}" for name, cycle, round_name in s.feasts if cycle == s.cycle + 1]
    log.append(
        event(
            f"The Hunt returns: cycle {s.cycle} begins"
            + (f"; announced for cycle {s.cycle + 1}: " + ", ".join(ahead) if ahead else ""),
            "730.1",
            *(("730.2",) if ahead else ()),
        )
    )
    for feast in tonight(s):
        log.append(event(f"tonight is {feast.name}", "730.3", *feast.rules))


def round_begins(s: GameState, log: list) -> None:
    """A feast's law holds for its round: say so as the round begins (730.3)."""
    for feast in tonight(s):
        log.append(event(f"this round is {feast.name}: its law holds until the round ends", "730.3", *feast.rules))
