"""Reckoning N (702.50a, 122.2e): as the permanent enters it puts N Reckoning counters on a
target its controller chooses (603.3); at the beginning of each of its controller's upkeeps one
is removed from that victim; when the last goes, the effect its card telegraphs (`reckoning:`)
completes. Each step is a trigger on the stack. The link between the marker and its victim is
`state.marks` — it ends when either leaves the battlefield (400.7)."""

from __future__ import annotations

from judge.cards.model import Effect
from judge.engine.core import keywords
from judge.engine.core.state import GameState, Trigger
from judge.engine.reading import characteristics as ch

RECKONING = keywords.implements("Reckoning", "702.50", "number")

COUNTER = "reckoning"
CITES = ("702.50a", "122.2e")


def entered(s: GameState, oid: str) -> None:
    """The marking trigger of a permanent with Reckoning that has just entered."""
    obj = s.objects[oid]
    n = ch.keyword_value(s, obj, RECKONING)
    if n is None:
        return
    mark = (Effect("add_counters", {"kind": COUNTER, "n": keywords.number(RECKONING, n), "to": "target"}),)
    s.waiting.append(
        Trigger(
            obj.controller,
            oid,
            mark,
            f"{s.known_card(obj).name}'s Reckoning {n} trigger",
            "reckoning",
            target_kinds=("permanent",),
            cites=CITES,
        )
    )


def placed(s: GameState, source: str | None, target: str) -> None:
    """Reckoning counters a marker put on its victim: the two are linked from now on."""
    if source is not None and (source, target) not in s.marks:
        s.marks = s.marks + ((source, target),)


def at_upkeep(s: GameState, player: str) -> None:
    """The countdown trigger of each of the player's markers whose victim still bears counters."""
    for source, target in s.marks:
        src, victim = s.objects.get(source), s.objects.get(target)
        if (
            src is None
            or src.zone != "battlefield"
            or src.controller != player
            or victim is None
            or victim.zone != "battlefield"
            or not victim.counters.get(COUNTER)
        ):
            continue
        tick = (Effect("remove_counters", {"kind": COUNTER, "n": 1, "to": "target"}),)
        s.waiting.append(
            Trigger(
                player,
                source,
                tick,
                f"{s.known_card(src).name}'s Reckoning countdown",
                "reckoning",
                (target,),
                cites=CITES,
            )
        )


def removed(s: GameState, target: str) -> None:
    """The last Reckoning counter left `target`: each marker's telegraphed effect completes."""
    for source, victim in s.marks:
        src = s.objects.get(source)
        if victim != target or src is None or src.zone != "battlefield":
            continue
        card = s.known_card(src)
        s.waiting.append(
            Trigger(
                src.controller,
                source,
                card.reckoning,
                f"{card.name}'s Reckoning completes",
                "reckoning",
                (target,),
                cites=CITES,
            )
        )
    s.marks = tuple(m for m in s.marks if m[1] != target)
