"""Effects on a permanent that neither damage, move nor layer it: counters put on and removed
(122.1; a Reckoning mark, reckoning.py), replenishing (110.5b), attaching (701.4) and Immure
(702.47, immure.py).
"""

from __future__ import annotations

from judge.engine.core.events import event
from judge.engine.core.state import GameState
from judge.engine.instructions.effect_context import Context
from judge.engine.instructions.effect_context import amount as _amount
from judge.engine.instructions.effect_context import objects as _objects
from judge.engine.mechanics import reckoning
from judge.engine.procedures import attaching, immure
from judge.replay_words import counted


def add_counters(s: GameState, a: dict, ctx: Context, log: list) -> None:
    kind = str(a.get("kind", "growth")).lower()
    for oid in _objects(s, a.get("to", "target"), ctx):
        obj = s.edit(oid)
        obj.counters[kind] = obj.counters.get(kind, 0) + _amount(a.get("n", 1), ctx)
        log.append(
            event(
                f"{s.known_card(obj).name} gets {counted(a.get('n', 1), f'{kind} counter')}",
                "122.1",
                *(("122.2d",) if kind == "growth" else ()),
                *ctx.cites,
            )
        )
        if kind == reckoning.COUNTER:
            reckoning.placed(s, ctx.source, oid)


def remove_counters(s: GameState, a: dict, ctx: Context, log: list) -> None:
    kind = str(a.get("kind", "growth")).lower()
    for oid in _objects(s, a.get("to", "target"), ctx):
        obj = s.edit(oid)
        had = obj.counters.get(kind, 0)
        n = min(had, _amount(a.get("n", 1), ctx))
        if n <= 0:
            continue
        obj.counters[kind] = had - n
        if not obj.counters[kind]:
            del obj.counters[kind]
        log.append(
            event(
                f"{counted(n, f'{kind} counter')} removed from {s.known_card(obj).name} ({had - n} left)",
                "122.1",
                *ctx.cites,
            )
        )
        if kind == reckoning.COUNTER and had - n == 0:
            reckoning.removed(s, oid)


def replenish(s: GameState, a: dict, ctx: Context, log: list) -> None:
    for oid in _objects(s, a.get("to", "target"), ctx):
        obj = s.objects[oid]
        if obj.zone == "battlefield" and obj.drained:
            s.edit(oid).drained = False
            log.append(
                event(f"{s.known_card(obj).name} replenishes (no healing: its damage counters stay)", "110.5b", "502.2")
            )


def attach(s: GameState, a: dict, ctx: Context, log: list) -> None:
    for host in _objects(s, a.get("to", "target"), ctx):
        attaching.attach(s, ctx.source, host, ctx.controller, log)


def immure_each(s: GameState, a: dict, ctx: Context, log: list) -> None:
    for oid in _objects(s, a.get("to", "target"), ctx):
        immure.seal(s, ctx.source, oid, log)
