"""Effects about damage: dealing it (120), a Challenge between two Entities (701.17), shields that
prevent it (615) and redirections of it (614.6f). The damage itself is proposed through
perform.deal_damage, so replacement and prevention rewrite it before it is dealt.
"""

from __future__ import annotations

from judge.engine.core.events import event
from judge.engine.core.state import GameState, Redirect, Shield
from judge.engine.instructions.effect_context import Context
from judge.engine.instructions.effect_context import amount as _amount
from judge.engine.instructions.effect_context import label as _label
from judge.engine.instructions.effect_context import objects as _objects
from judge.engine.instructions.effect_context import origin as _origin
from judge.engine.instructions.effect_context import recipients as _recipients
from judge.engine.performing import perform
from judge.engine.reading import characteristics as ch


def deal_damage(s: GameState, a: dict, ctx: Context, log: list) -> None:
    for r in _recipients(s, a.get("to", "target"), ctx):
        perform.deal_damage(
            s, ctx.source, r, _amount(a.get("amount"), ctx), log, unpreventable=bool(a.get("unpreventable"))
        )


def redirect_damage(s: GameState, a: dict, ctx: Context, log: list) -> None:
    origin = _origin(s, ctx)
    onto = _recipients(s, a.get("onto"), ctx)
    for r in [x for x in _recipients(s, a.get("to", "target"), ctx) if x not in onto]:
        if onto:
            s.redirects.append(
                Redirect(r, onto[0], a.get("until", "end_of_turn"), s.next_ts, origin, controller=ctx.controller)
            )
            s.next_ts += 1
            log.append(
                event(
                    f"{origin}: the next damage that would be dealt to {_label(s, r)} will be dealt to "
                    f"{_label(s, onto[0])} instead",
                    "614.6f",
                    "614.1",
                )
            )


def prevent_damage(s: GameState, a: dict, ctx: Context, log: list) -> None:
    """615.3 amount shields, 615.4 next-instance shields, and shields watching one source (615.8)."""
    origin = _origin(s, ctx)
    source = None
    if "from" in a:
        found = _objects(s, a["from"], ctx)
        source = found[0] if found else None
        if source is None:
            log.append(event(f"{origin}: the source it would watch is gone; no shield is made", "615.8"))
            return
    amount = None if a.get("amount") in ("all", None) else _amount(a.get("amount"), ctx)
    recipients = [None] if source is not None and "to" not in a else _recipients(s, a.get("to", "target"), ctx)
    for r in recipients:
        sh = Shield(
            r,
            amount,
            a.get("until", "end_of_turn"),
            source=source,
            combat=bool(a.get("combat")),
            instances=1 if a.get("next_instance") else None,
            timestamp=s.next_ts,
            origin=origin,
            controller=ctx.controller,
        )
        s.next_ts += 1
        s.shields.append(sh)
        size = "the next instance of" if sh.instances else "all" if amount is None else f"the next {amount}"
        whom = _label(s, r) if r else "anything"
        frm = f" from {_label(s, source)}" if source else ""
        log.append(
            event(
                f"{origin}: a shield will prevent {size} {'combat ' if sh.combat else ''}damage{frm} "
                f"to {whom} ({sh.until.replace('_', ' ')})",
                "615.1",
                "615.4" if sh.instances else "615.3" if amount is not None else "615.8",
            )
        )


def challenge(s: GameState, a: dict, ctx: Context, log: list) -> None:
    """701.17a: each Entity deals damage equal to its Attack to the other (not combat damage), at
    once; 701.17b: if either has left the battlefield, stopped being an Entity or become an illegal
    target, neither deals damage; one that Challenges itself deals itself twice its Attack."""
    pair = [_one(s, a.get("to", "first_target"), ctx), _one(s, a.get("with", "second_target"), ctx)]
    fit = [
        o is not None
        and s.objects[o].zone == "battlefield"
        and ch.is_entity(s, s.objects[o])
        and (o == ctx.source or o in ctx.targets)
        for o in pair
    ]
    if not all(fit):
        log.append(
            event(
                f"{_origin(s, ctx)}: a challenger has left the battlefield, is no longer an Entity or is "
                f"no longer a legal target — neither deals damage",
                "701.17b",
            )
        )
        return
    first, second = pair
    assert first is not None and second is not None, "each challenger fits, so each was named"
    if first == second:
        hits = [(first, first, 2 * max(0, ch.attack(s, s.objects[first])))]
    else:
        hits = [
            (first, second, max(0, ch.attack(s, s.objects[first]))),
            (second, first, max(0, ch.attack(s, s.objects[second]))),
        ]
    log.append(
        event(
            f"{_label(s, first)} Challenges {_label(s, second) if first != second else 'itself'}: "
            + "; ".join(f"{_label(s, x)} deals {n} to {_label(s, y)}" for x, y, n in hits)
            + " (not combat damage)",
            "701.17a",
            *(("701.17b",) if first == second else ()),
        )
    )
    for source, recipient, n in hits:
        perform.deal_damage(s, source, recipient, n, log)


def _one(s: GameState, who: str, ctx: Context) -> str | None:
    """The one object a recipient word names, by its place among the announced targets."""
    if who == "self":
        return ctx.source
    place = {"target": 0, "first_target": 0, "second_target": 1, "third_target": 2}.get(who)
    if place is None:
        found = _objects(s, who, ctx)
        return found[0] if found else None
    announced = ctx.declared or ctx.targets
    return announced[place] if place < len(announced) else None
