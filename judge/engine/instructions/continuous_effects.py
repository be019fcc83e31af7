"""Effects that make a continuous effect as they resolve (611.2): the layered ones — modify,
set_stats, switch_stats (layer 7), grant and remove_keywords (layer 6), add_subtypes and set_type
(layer 4) — gaining control (layer 2, 613.1b; a co-opt, 702.38a), and the turn's permissions and
prohibitions on sealing the Pit (101.2). The parts of one effect that fall in different layers all
apply to the object it first applied to (613.6).
"""

from __future__ import annotations

from judge.engine.core import keywords
from judge.engine.core.events import event
from judge.engine.core.state import DropRule, GameState, Modifier
from judge.engine.instructions.effect_context import Context
from judge.engine.instructions.effect_context import amount as _amount
from judge.engine.instructions.effect_context import objects as _objects
from judge.engine.instructions.effect_context import origin as _origin
from judge.engine.instructions.effect_context import players as _players
from judge.engine.performing import control
from judge.engine.reading import characteristics as ch
from judge.engine.reading import layers

CONSCRIPT = keywords.implements("Conscript", "702.38")
BLOODLUST = keywords.implements("Bloodlust", "702.9")  # granted by a co-opt (702.38a) or `bloodlust: true`


def _touch(ctx: Context, oid: str, layer: str) -> tuple:
    """613.6: the parts of one resolving effect that fall in different layers all apply to the
    object it first applied to; cite it when a second layer's part reaches the same object."""
    seen = ctx.layers.setdefault(oid, set())
    cite = ("613.6",) if seen - {layer} else ()
    seen.add(layer)
    return cite


def drop_rule(forbid: bool):
    """101.2: "you may seal the Pit a second time" / "can't seal the Pit" for the turn; a "can't"
    prevails over any "may" (sealing.seal reads them)."""

    def handler(s: GameState, a: dict, ctx: Context, log: list) -> None:
        origin = _origin(s, ctx)
        for pname in _players(s, a.get("who", "controller"), ctx):
            rule = DropRule(
                pname, forbid, a.get("until", "end_of_turn"), origin, 0 if forbid else int(a.get("extra", 1))
            )
            s.drop_rules = s.drop_rules + (rule,)
            what = "can't seal the Pit" if forbid else f"may seal the Pit {rule.extra} more time(s)"
            log.append(event(f"{origin}: {pname} {what} ({rule.until.replace('_', ' ')})", "101.2", "505.4d"))

    return handler


LAYERED = {
    "modify": ("7c", "613.4c"),
    "set_stats": ("7b", "613.4b"),
    "switch_stats": ("7d", "613.4d"),
    "grant": ("6", "613.1f"),
    "remove_keywords": ("6", "613.1f"),
    "add_subtypes": ("4", "613.1d"),
    "set_type": ("4", "613.1d"),
}


def layered(name: str):
    return lambda s, a, ctx, log: _continuous(s, name, a, ctx, log)


def _continuous(s: GameState, name: str, a: dict, ctx: Context, log: list) -> None:
    """A resolution's continuous effect on the objects it names now (611.2, 611.2a: the set is
    locked; 611.2d: X is fixed now), in the layer it belongs to (613.1)."""
    layer, rule = LAYERED[name]
    until = a.get("until", "end_of_turn")
    for oid in _objects(s, a.get("to", "target"), ctx):
        atk = _amount(a["attack"], ctx) if "attack" in a else (0 if layer == "7c" else None)
        vig = _amount(a["vigor"], ctx) if "vigor" in a else (0 if layer == "7c" else None)
        m = Modifier(
            oid,
            atk,
            vig,
            until,
            s.next_ts,
            layer=layer,
            keywords=tuple(a.get("keywords", ())) if name == "grant" else (),
            loses=tuple(a.get("keywords", ())) if name == "remove_keywords" else (),
            subtypes=tuple(a.get("subtypes", ())),
            controller=ctx.controller,
            card_type=a.get("type") if name == "set_type" else None,
        )
        s.modifiers.append(m)
        s.next_ts += 1
        if m.card_type is not None:
            layers.retype(s, oid)
        obj = s.objects[oid]
        if name == "modify":
            what = f"gets {atk:+d}/{vig:+d}"
        elif name == "set_stats":
            what = "has its " + " and ".join(
                f"{k.title()} set to {v}" for k, v in (("attack", atk), ("vigor", vig)) if v is not None
            )
        else:
            what = {
                "switch_stats": "has its Attack and Vigor switched",
                "grant": f"gains {', '.join(m.keywords)}",
                "remove_keywords": f"loses {', '.join(m.loses)}",
                "add_subtypes": f"becomes {', '.join(m.subtypes)} in addition",
                "set_type": f"becomes a {m.card_type}",
            }[name]
        log.append(
            event(
                f"{s.known_card(obj).name} {what} until {until.replace('_', ' ')} ({ch.attack(s, obj)}/{ch.vigor(s, obj)})",
                "611.2",
                "611.2a",
                rule,
                "613.7b",
                *_touch(ctx, oid, layer[0]),
            )
        )


def gain_control(s: GameState, a: dict, ctx: Context, log: list) -> None:
    """Layer 2 (613.1b, 723.2): the effect's controller gains control of each permanent it names.
    On a card with Conscript it is a co-opt (702.38a, 701.27a): until end of turn, with Bloodlust
    while it lasts (723.2a); `bloodlust: true` grants the same on any card."""
    src = s.objects.get(ctx.source) if ctx.source else None
    card = s.card(src) if src is not None else None
    conscript = card is not None and card.has(CONSCRIPT)
    until = a.get("until", "end_of_turn")
    # a borrowed Entity with Bloodlust until end of turn is 701.27a's co-opt on any card
    coopt = conscript or (a.get("bloodlust") and until == "end_of_turn")
    rules = ("702.38a", "701.27a", "723.2a") if conscript else ("701.27a",) if coopt else ()
    for oid in _objects(s, a.get("to", "target"), ctx):
        if s.objects[oid].zone != "battlefield":
            continue
        control.gain(s, oid, ctx.controller, until, ctx.controller, _origin(s, ctx), log, rules + _touch(ctx, oid, "2"))
        if conscript or a.get("bloodlust"):
            s.modifiers.append(
                Modifier(oid, None, None, until, s.next_ts, layer="6", keywords=(BLOODLUST,), controller=ctx.controller)
            )
            s.next_ts += 1
            log.append(
                event(
                    f"{s.known_card(s.objects[oid]).name} gains {BLOODLUST} while under {ctx.controller}'s control: "
                    f"it may attack and be drained at once",
                    "702.9a",
                    "613.1f",
                    *rules,
                    *_touch(ctx, oid, "6"),
                )
            )
