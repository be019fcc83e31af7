"""Carrying out a resolving object's instructions in the order written (608.4).

Each effect name has one handler in HANDLERS (at the end). A handler proposes what is to happen
(perform.move, perform.deal_damage, perform.draw, perform.add_to_pool): the replacement effects
rewrite it before it is carried out.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from judge.cards.model import Cost
from judge.engine import characteristics as ch
from judge.engine import (arranging, arrival, attaching, control, costs, cycle, debts, dominance, faces, immure,
                          keywords, layers, offers, perform, processions, reckoning, rites, sleepers, suspicion,
                          triggers, zones)
from judge.engine.asking import ask
from judge.engine.choices import CHOICE_KINDS
from judge.engine.events import event
from judge.engine.state import DropRule, GameState, Modifier, Redirect, Shield
from judge.engine.targeting import legal_targets
from judge.engine.zones import move

DEATHLESS = keywords.implements("Deathless", "702.12")
CONSCRIPT = keywords.implements("Conscript", "702.38")
BLOODLUST = keywords.implements("Bloodlust", "702.9")  # granted by a co-opt (702.38a) or `bloodlust: true`
EXHUME = keywords.implements("Exhume", "702.22", "cost")  # what `return_to_battlefield` by: Exhume does
REVENANT = keywords.implements("Revenant", "702.46", "cost")  # and by: Revenant
TOLL = keywords.implements("Toll", "702.14", "cost")


@dataclass
class Context:
    controller: str
    source: str | None  # the card or permanent the instructions come from
    targets: list  # legal targets (object ids, player names, stack uids as "stack:N")
    x: int = 0
    layers: dict = field(default_factory=dict)  # object -> the layers this resolution's effects touched (613.6)
    declared: list = field(default_factory=list)  # the targets as announced, in order (the legal ones are `targets`)
    mandate: bool = False  # a Mandate resolves: its controller makes its opponents' choices (702.35a, 723.4)
    decree: tuple = ()  # the ids the Mandate's controller announced as the decree (601.2b)
    cites: tuple = ()  # the rules of the keyword the instructions come from (a Toll trigger: 702.14a)


def _touch(ctx: Context, oid: str, layer: str) -> tuple:
    """613.6: the parts of one resolving effect that fall in different layers all apply to the
    object it first applied to; cite it when a second layer's part reaches the same object."""
    seen = ctx.layers.setdefault(oid, set())
    cite = ("613.6",) if seen - {layer} else ()
    seen.add(layer)
    return cite


def _amount(value, ctx: Context) -> int:
    return ctx.x if value == "X" else int(value or 0)


def _objects(s: GameState, to: str, ctx: Context) -> list[str]:
    if to == "target":
        return [t for t in ctx.targets if t in s.objects]
    if to == "second_target":
        return [t for t in ctx.targets[1:2] if t in s.objects]
    if to == "self":
        return [ctx.source] if ctx.source in s.objects and s.objects[ctx.source].zone == "battlefield" else []
    if to == "attached":
        src = s.objects.get(ctx.source)
        return [src.attached_to] if src and src.attached_to else []
    entities = [o for o in s.battlefield if ch.is_entity(s, s.objects[o])]
    if to == "each_entity":
        return entities
    if to == "each_other_entity":
        return [o for o in entities if o != ctx.source]
    if to == "each_opponent_entity":
        return [o for o in entities if s.objects[o].controller != ctx.controller]
    if to == "each_own_entity":
        return [o for o in entities if s.objects[o].controller == ctx.controller]
    return []


def _players(s: GameState, who: str, ctx: Context) -> list[str]:
    if who in ("controller", None):
        return [ctx.controller]
    if who == "owner":
        src = s.objects.get(ctx.source)
        return [src.owner if src else ctx.controller]
    if who == "each_player":
        return [p.name for p in s.apnap()]
    if who == "each_opponent":
        return [p.name for p in s.apnap() if p.name != ctx.controller]
    if who in ("target_player", "target"):
        return [t for t in ctx.targets if s.player(t) is not None]
    if who == "attached":  # the player a Ritual is bound to (702.19a, 303.3b)
        src = s.objects.get(ctx.source) if ctx.source else None
        bound = s.player(src.attached_to) if src is not None and src.attached_to else None
        return [bound.name] if bound is not None and not bound.lost else []
    return []


def _recipients(s: GameState, to: str, ctx: Context) -> list[str]:
    """Objects or players, whichever `to` names; a `target` may be either."""
    if to == "target":
        return [t for t in ctx.targets if t in s.objects or s.player(t) is not None]
    if to == "second_target":
        return [t for t in ctx.targets[1:2] if t in s.objects or s.player(t) is not None]
    if to in ("controller", "owner", "each_player", "each_opponent", "target_player"):
        return _players(s, to, ctx)
    return _objects(s, to, ctx)


def run(s: GameState, effects: tuple, ctx: Context, log: list) -> None:
    for eff in effects:
        HANDLERS[eff.name](s, eff.args, ctx, log)


def enter(s: GameState, oid: str, log: list) -> None:
    """A permanent has just been put onto the battlefield: the replacements that modify how it
    enters (arrival.py), then a rite's clause I, read as it enters (714.3a)."""
    clause_one = arrival.enter_modified(s, oid, log)
    if clause_one:
        run(s, clause_one, Context(s.objects[oid].controller, oid, []), log)


# -- one handler per effect name (the table is at the end of the module) ----------------------
def _deal_damage(s: GameState, a: dict, ctx: Context, log: list) -> None:
    for r in _recipients(s, a.get("to", "target"), ctx):
        perform.deal_damage(s, ctx.source, r, _amount(a.get("amount"), ctx), log,
                            unpreventable=bool(a.get("unpreventable")))


def _to_zone(dest: str, rule: str, destroys: bool):
    """destroy (701.9a), banish (701.6a), return to hand (400.7): a card leaves for `dest`."""
    def handler(s: GameState, a: dict, ctx: Context, log: list) -> None:
        spoiled = []  # what this instruction puts into Spoils, all at once (404.3)
        for oid in _objects(s, a.get("to", "target"), ctx):
            obj = s.objects[oid]
            if destroys and ch.has(s, obj, DEATHLESS):
                log.append(event(f"{s.card(obj).name} has Deathless and is not destroyed", "702.12a"))
                continue
            controller, was_entity = obj.controller, ch.is_entity(s, obj)
            exhumed = "exhumed" in obj.marks
            went, died = perform.leave(s, oid, dest, log, instead=a.get("instead"))
            if went == "spoils":
                spoiled.append(oid)
            log.append(event(f"{s.card(obj).name} is moved to its owner's {went} (a new object)", rule, "400.7",
                             *(("702.22a", "404.5", "406.6") if exhumed and went == "void" else ()), *ctx.cites))
            if died and was_entity:
                triggers.fire(s, "dies", oid, controller)
                if destroys and went == "spoils":
                    rites.owe(s, oid, ctx.controller)  # the destroying effect's controller (709.2)
        arranging.into_spoils(s, log, spoiled, "the cards the instruction put into the Spoils at once")
    return handler


def _counter(s: GameState, a: dict, ctx: Context, log: list) -> None:
    for t in ctx.targets:
        counter(s, t, log, ctx.cites)


def _draw(s: GameState, a: dict, ctx: Context, log: list) -> None:
    for p in _players(s, a.get("who"), ctx):
        perform.draw(s, p, _amount(a.get("n"), ctx), log)


def _gain_vitae(s: GameState, a: dict, ctx: Context, log: list) -> None:
    if a.get("may"):  # the player chooses whether to take it (310.11: a gift may Invite its giver)
        for pname in _players(s, a.get("who"), ctx):
            offers.offer(s, pname, _amount(a.get("amount"), ctx), ctx.controller, a.get("invites") == "giver",
                         _origin(s, ctx), log)
        return
    for pname in _players(s, a.get("who"), ctx):
        p = s.player(pname)
        gained = max(0, min(_amount(a.get("amount"), ctx), p.cap - p.vitae))  # nothing recovers above the cap (119.1)
        p.vitae += gained
        log.append(event(f"{pname}'s Master gains {gained} Vitae ({p.vitae}, cap {p.cap})", "119.3", "119.1"))


def _lose_vitae(s: GameState, a: dict, ctx: Context, log: list) -> None:
    for pname in _players(s, a.get("who"), ctx):
        p = s.player(pname)
        n = _amount(a.get("amount"), ctx)
        p.vitae -= n
        log.append(event(f"{pname}'s Master loses {n} Vitae ({p.vitae})", "119.3"))


def _meter(name: str, rule: str):
    """corruption (122.2b) and wrath (122.2c): a signed change to the player's meter, floored at 0."""
    def handler(s: GameState, a: dict, ctx: Context, log: list) -> None:
        for pname in _players(s, a.get("who"), ctx):
            p = s.player(pname)
            n = _amount(a.get("amount"), ctx)
            setattr(p, name, max(0, getattr(p, name) + n))
            log.append(event(f"{pname} {'gains' if n >= 0 else 'loses'} {abs(n)} {name.title()} "
                             f"({getattr(p, name)})", rule))
    return handler


def _add_counters(s: GameState, a: dict, ctx: Context, log: list) -> None:
    kind = str(a.get("kind", "growth")).lower()
    for oid in _objects(s, a.get("to", "target"), ctx):
        obj = s.edit(oid)
        obj.counters[kind] = obj.counters.get(kind, 0) + _amount(a.get("n", 1), ctx)
        log.append(event(f"{s.card(obj).name} gets {a.get('n', 1)} {kind} counter(s)", "122.1",
                         *(("122.2d",) if kind == "growth" else ()), *ctx.cites))
        if kind == reckoning.COUNTER:
            reckoning.placed(s, ctx.source, oid)


def _remove_counters(s: GameState, a: dict, ctx: Context, log: list) -> None:
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
        log.append(event(f"{n} {kind} counter(s) removed from {s.card(obj).name} ({had - n} left)", "122.1",
                         *ctx.cites))
        if kind == reckoning.COUNTER and had - n == 0:
            reckoning.removed(s, oid)


def _redirect_damage(s: GameState, a: dict, ctx: Context, log: list) -> None:
    origin = _origin(s, ctx)
    onto = _recipients(s, a.get("onto"), ctx)
    for r in [x for x in _recipients(s, a.get("to", "target"), ctx) if x not in onto]:
        if onto:
            s.redirects.append(Redirect(r, onto[0], a.get("until", "end_of_turn"), s.next_ts, origin,
                                        controller=ctx.controller))
            s.next_ts += 1
            log.append(event(f"{origin}: the next damage that would be dealt to {_label(s, r)} will be dealt to "
                             f"{_label(s, onto[0])} instead", "614.6f", "614.1"))


def _shift(s: GameState, a: dict, ctx: Context, log: list) -> None:
    cycle.schedule_shift(s, a["type"], _origin(s, ctx), log)


def _extra_turn(s: GameState, a: dict, ctx: Context, log: list) -> None:
    for pname in _players(s, a.get("who"), ctx):
        cycle.grant_extra_turn(s, pname, log)


def _sacrifice(s: GameState, a: dict, ctx: Context, log: list) -> None:
    sacrifice_each(s, _players(s, a.get("who", "controller"), ctx), a.get("what", "Entity"), log, ctx)


def _discard(s: GameState, a: dict, ctx: Context, log: list) -> None:
    """701.10a: the discarding player chooses the cards (a Mandate's controller, for an opponent)."""
    for pname in _players(s, a.get("who"), ctx):
        p = s.player(pname)
        n = min(_amount(a.get("n", 1), ctx), len(p.hand))
        if n <= 0:
            continue
        picked = choose_for(s, log, ctx, "discard-choice", pname, tuple(p.hand),
                            f"the {n} card(s) {pname} discards", (n, n), default=tuple(p.hand[-n:]))
        for oid in picked:
            perform.move(s, oid, "spoils", log)
            log.append(event(f"{pname} discards {s.objects[oid].card or 'a card'}", "701.10a", *ctx.cites))
        arranging.into_spoils(s, log, picked, "the cards they discarded at once")


def choose_for(s: GameState, log: list, ctx: Context, kind: str, player: str, options: tuple, prompt: str,
               count=(1, 1), default=None) -> tuple:
    """The choice `player` makes as the instructions run — made by the Mandate's controller
    instead when `player` is an opponent (702.35a, 723.4: from that player's resources, the
    hidden ones shown to the chooser while choosing, 723.4b); its decree, announced at
    casting, is that answer when it still fits (601.2b)."""
    if not (ctx.mandate and player != ctx.controller):
        return ask(s, log, kind, player, options, prompt, count=count, default=default)
    decreed = tuple(o for o in ctx.decree if o in options)
    if decreed and count[0] <= len(decreed) <= count[1]:
        log.append(event(f"Mandate: {ctx.controller}'s decree, announced at casting, chooses for {player}: "
                         + ", ".join(s.objects[o].card or o for o in decreed), "702.35a", "601.2b", "723.4"))
        return decreed
    if ctx.decree:
        log.append(event(f"Mandate: the decree ({', '.join(ctx.decree)}) no longer fits {prompt}; "
                         f"{ctx.controller} chooses for {player} as it resolves", "702.35a", "723.4a"))
    hidden = " (the cards are shown to them while they choose, 723.4b)" if kind == "discard-choice" else ""
    picked = ask(s, log, kind, ctx.controller, options, prompt + hidden, count=count, for_player=player)
    log.append(event(f"Mandate: {ctx.controller} makes {player}'s choice, with {player}'s resources", "702.35a",
                     "723.4", "723.4a", *(("723.4b",) if hidden else ())))
    return picked


def _counter_unless_pays(s: GameState, a: dict, ctx: Context, log: list) -> None:
    """701.7b, 118.9: the spell's controller may pay; a player who cannot cover the cost in full
    has no choice (the vein may cover a shortfall, by Night)."""
    n = _amount(a.get("amount"), ctx)
    for target in _recipients_on_stack(s, a.get("to", "target"), ctx):
        item = s.stack_item(target)
        payer = s.player(item.controller)
        what = item.label or "the spell"
        can = payer.pool_total + (0 if s.is_day else payer.vitae) >= n
        if not can:
            log.append(event(f"{payer.name} cannot pay {n} Vitae in full: no choice, {what} is countered",
                             "701.7b", *ctx.cites))
            counter(s, target, log, ctx.cites)
            continue
        answer = ask(s, log, "unless-payment", payer.name, ("pay", "decline"),
                     f"pay {n} Vitae, or {what} is countered ({_origin(s, ctx)})")
        if answer == "pay":
            costs.pay(s, payer, Cost(vitae=n), log, what=f"{_origin(s, ctx)}'s price of {n} for {what}")
            log.append(event(f"{payer.name} pays {n}: {what} stands", "701.7b", "118.9", *ctx.cites))
        else:
            log.append(event(f"{payer.name} declines to pay {n}: {what} is countered", "701.7b", "118.9",
                             *ctx.cites))
            counter(s, target, log, ctx.cites)


def _recipients_on_stack(s: GameState, to: str, ctx: Context) -> list[str]:
    return [t for t in (ctx.targets if to == "target" else ctx.targets[1:2]) if s.stack_item(t) is not None]


def _foresee(s: GameState, a: dict, ctx: Context, log: list) -> None:
    """701.16a: look at the top N of your Domain, put any of them on the bottom in any order,
    the rest back on top; the Domain stays hidden (401.8)."""
    n = _amount(a.get("n"), ctx)
    for pname in _players(s, a.get("who"), ctx):
        if n <= 0:
            continue  # Foreseeing 0 is no Foresee event (701.16a)
        arranging.settle(s, log, pname, "domain", s.player(pname).domain[:n])
        seen = zones.look_at_top(s, pname, n)
        if not seen:
            log.append(event(f"{pname} Foresees {n}, but the Domain is empty", "701.16a"))
            continue
        if all(not s.objects[o].card for o in seen):
            log.append(event(f"{pname} Foresees {n}: the cards are unknown to the scenario, so how they are divided "
                             f"changes nothing it can tell; they stay on top", "701.16a", "401.8"))
            continue
        names = ", ".join(s.objects[o].card or "an unknown card" for o in seen)
        bottom = ask(s, log, "foresee", pname, tuple(seen),
                     f"which of the top {len(seen)} cards of {pname}'s Domain ({names}) go to the bottom, in order "
                     f"(the rest stay on top)", count=(0, len(seen)), default=())
        zones.put_on_bottom(s, pname, list(bottom))
        log.append(event(f"{pname} Foresees {n}: looks at {names} (looking is not revealing) and puts "
                         + (", ".join(s.objects[o].card or "a card" for o in bottom) + " on the bottom"
                            if bottom else "none on the bottom"), "701.16a", "401.8"))


def _raise_suspicion(s: GameState, a: dict, ctx: Context, log: list) -> None:
    suspicion.raise_(s, ctx.controller, _amount(a.get("amount"), ctx), _origin(s, ctx), log)


def _take_debt(s: GameState, a: dict, ctx: Context, log: list) -> None:
    """702.48a: "…and they take on a Debt to you" — each player `who` names owes the effect's
    controller a Debt; `price` is the Vitae its honoring costs (702.48c), if printed."""
    price = a.get("price")
    for pname in _players(s, a.get("who", "target_player"), ctx):
        debts.take(s, pname, ctx.controller, None if price is None else int(price), _origin(s, ctx), log)


def _mature(s: GameState, a: dict, ctx: Context, log: list) -> None:
    """A Sleeper matures (702.39, sleepers.py): a dormant one may wake, its waking striking a target
    that is not optional while one stands (702.39b); a gathering one gains its counter (702.39c)."""
    oid = ctx.source
    obj = s.objects.get(oid) if oid else None
    if obj is None or obj.zone != "battlefield":
        log.append(event("the Sleeper has left the battlefield: it does not mature", "702.39a", "608.2"))
        return
    shape = sleepers.form(s, oid)
    if shape is None:  # a new object since, with no Sleeper beneath (a copy's guise, 707.3)
        log.append(event("the permanent has no Sleeper beneath it now: nothing matures", "702.39a", "608.2"))
        return
    if not shape.dormant:
        armed = sleepers.gather(s, oid, log)
        if armed:
            log.append(event(f"{s.card(oid).name}'s {shape.arms_at} {shape.gathers} counters arm what its text says",
                             "702.39c"))
            run(s, armed, Context(ctx.controller, oid, [], cites=("702.39c",)), log)
        return
    if not sleepers.is_dormant(s, oid):
        log.append(event("the Sleeper is face up already: there is nothing to wake", "702.39b"))
        return
    answer = ask(s, log, "sleeper-wake", ctx.controller, (sleepers.WAKE, sleepers.SLEEP),
                 f"whether {ctx.controller} wakes the dormant Sleeper ({oid}) — turns it face up and does what "
                 f"waking does", cites=("702.39b",))
    if answer != sleepers.WAKE:
        log.append(event(f"{ctx.controller} lets the Sleeper lie in wait: it stays face down", "702.39b"))
        return
    struck = []
    for spec in shape.targets:
        options = tuple(legal_targets(s, ctx.controller, spec["kind"], oid))
        if options:  # not optional while a legal target stands (702.39b)
            struck += ask(s, log, "trigger-targets", ctx.controller, options,
                          f"the target ({spec['kind']}) the Sleeper's waking strikes", cites=("702.39b",))
    sleepers.wake(s, oid, log)
    if shape.targets and not struck:
        log.append(event("no legal target stands: the waking strikes nothing", "702.39b", "115.1"))
    run(s, shape.wakes, Context(ctx.controller, oid, list(struck), declared=list(struck), cites=("702.39b",)), log)


def _burden(s: GameState, a: dict, ctx: Context, log: list) -> None:
    """Dominance's trigger resolves (702.42a-b, dominance.py); a card's own failure consequence runs here."""
    fails = dominance.resolve(s, ctx.source, log)
    if fails:
        run(s, fails, Context(ctx.controller, ctx.source, [], cites=("702.42b",)), log)


def _drop_rule(forbid: bool):
    """101.2: "you may seal the Pit a second time" / "can't seal the Pit" for the turn; a "can't"
    prevails over any "may" (casting.seal reads them)."""
    def handler(s: GameState, a: dict, ctx: Context, log: list) -> None:
        origin = _origin(s, ctx)
        for pname in _players(s, a.get("who", "controller"), ctx):
            rule = DropRule(pname, forbid, a.get("until", "end_of_turn"), origin, 0 if forbid else int(a.get("extra", 1)))
            s.drop_rules = s.drop_rules + (rule,)
            what = "can't seal the Pit" if forbid else f"may seal the Pit {rule.extra} more time(s)"
            log.append(event(f"{origin}: {pname} {what} ({rule.until.replace('_', ' ')})", "101.2", "505.4d"))
    return handler


def _look(s: GameState, a: dict, ctx: Context, log: list) -> None:
    """309.4, 708.6: a look, not a reveal — its controller learns the card; the table does not."""
    for ref in ctx.targets:
        piece = processions.piece(s, ref)
        if piece is not None:
            seen = f"{piece[0]}'s Master" if piece[2] == processions.MASTER else s.objects[piece[2]].card
            log.append(event(f"{ctx.controller} looks at Procession piece {piece[1]} (known to {ctx.controller} "
                             f"alone; nothing is revealed): {seen}", "309.4", "708.6", "408.5a"))
        elif ref in s.objects:
            log.append(event(f"{ctx.controller} looks at the hidden card (known to {ctx.controller} alone; nothing "
                             f"is revealed): {s.objects[ref].card or 'an unknown card'}", "309.4", "708.6"))


def _add_vitae(s: GameState, a: dict, ctx: Context, log: list) -> None:
    perform.add_to_pool(s, ctx.controller, _amount(a.get("amount"), ctx), a.get("source"), log)
    log.append(event(f"{ctx.controller} adds {a.get('amount')} Vitae to the pool (a Vitae ability)", "106.7", "605.3"))


_LAYERED = {"modify": ("7c", "613.4c"), "set_stats": ("7b", "613.4b"), "switch_stats": ("7d", "613.4d"),
            "grant": ("6", "613.1f"), "remove_keywords": ("6", "613.1f"), "add_subtypes": ("4", "613.1d"),
            "set_type": ("4", "613.1d")}


def _label(s: GameState, who: str) -> str:
    if s.player(who) is not None:
        return f"{who}'s Master"
    obj = s.objects.get(who)
    return s.card(obj).name if obj is not None and s.card(obj) else who


def _origin(s: GameState, ctx: Context) -> str:
    src = s.objects.get(ctx.source) if ctx.source else None
    card = s.card(src) if src is not None else None
    return (card.name or "a face-down permanent") if card is not None else "an effect"


def _layered(name: str):
    return lambda s, a, ctx, log: _continuous(s, name, a, ctx, log)


def _continuous(s: GameState, name: str, a: dict, ctx: Context, log: list) -> None:
    """A resolution's continuous effect on the objects it names now (611.2, 611.2a: the set is
    locked; 611.2d: X is fixed now), in the layer it belongs to (613.1)."""
    layer, rule = _LAYERED[name]
    until = a.get("until", "end_of_turn")
    for oid in _objects(s, a.get("to", "target"), ctx):
        atk = _amount(a["attack"], ctx) if "attack" in a else (0 if layer == "7c" else None)
        vig = _amount(a["vigor"], ctx) if "vigor" in a else (0 if layer == "7c" else None)
        m = Modifier(oid, atk, vig, until, s.next_ts, layer=layer,
                     keywords=tuple(a.get("keywords", ())) if name == "grant" else (),
                     loses=tuple(a.get("keywords", ())) if name == "remove_keywords" else (),
                     subtypes=tuple(a.get("subtypes", ())), controller=ctx.controller,
                     card_type=a.get("type") if name == "set_type" else None)
        s.modifiers.append(m)
        s.next_ts += 1
        if m.card_type is not None:
            layers.retype(s, oid)
        obj = s.objects[oid]
        if name == "modify":
            what = f"gets {atk:+d}/{vig:+d}"
        elif name == "set_stats":
            what = "has its " + " and ".join(f"{k.title()} set to {v}" for k, v in (("attack", atk), ("vigor", vig))
                                             if v is not None)
        else:
            what = {"switch_stats": "has its Attack and Vigor switched", "grant": f"gains {', '.join(m.keywords)}",
                    "remove_keywords": f"loses {', '.join(m.loses)}",
                    "add_subtypes": f"becomes {', '.join(m.subtypes)} in addition",
                    "set_type": f"becomes a {m.card_type}"}[name]
        log.append(event(f"{s.card(obj).name} {what} until {until.replace('_', ' ')} "
                         f"({ch.attack(s, obj)}/{ch.vigor(s, obj)})", "611.2", "611.2a", rule, "613.7b",
                         *_touch(ctx, oid, layer[0])))


def _prevent_damage(s: GameState, a: dict, ctx: Context, log: list) -> None:
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
        sh = Shield(r, amount, a.get("until", "end_of_turn"), source=source, combat=bool(a.get("combat")),
                    instances=1 if a.get("next_instance") else None, timestamp=s.next_ts, origin=origin,
                    controller=ctx.controller)
        s.next_ts += 1
        s.shields.append(sh)
        size = ("the next instance of" if sh.instances else "all" if amount is None else f"the next {amount}")
        whom = _label(s, r) if r else "anything"
        frm = f" from {_label(s, source)}" if source else ""
        log.append(event(f"{origin}: a shield will prevent {size} {'combat ' if sh.combat else ''}damage{frm} "
                         f"to {whom} ({sh.until.replace('_', ' ')})", "615.1",
                         "615.4" if sh.instances else "615.3" if amount is not None else "615.8"))


def _gain_control(s: GameState, a: dict, ctx: Context, log: list) -> None:
    """Layer 2 (613.1b, 723.2): the effect's controller gains control of each permanent it names.
    On a card with Conscript it is a co-opt (702.38a, 701.27a): until end of turn, with Bloodlust
    while it lasts (723.2a); `bloodlust: true` grants the same on any card."""
    src = s.objects.get(ctx.source) if ctx.source else None
    card = s.card(src) if src is not None else None
    conscript = card is not None and card.has(CONSCRIPT)
    until = a.get("until", "end_of_turn")
    rules = ("702.38a", "701.27a", "723.2a") if conscript else ()
    for oid in _objects(s, a.get("to", "target"), ctx):
        if s.objects[oid].zone != "battlefield":
            continue
        control.gain(s, oid, ctx.controller, until, ctx.controller, _origin(s, ctx), log, rules + _touch(ctx, oid, "2"))
        if conscript or a.get("bloodlust"):
            s.modifiers.append(Modifier(oid, None, None, until, s.next_ts, layer="6", keywords=(BLOODLUST,),
                                        controller=ctx.controller))
            s.next_ts += 1
            log.append(event(f"{s.card(s.objects[oid]).name} gains {BLOODLUST} while under {ctx.controller}'s control: "
                             f"it may attack and be drained at once", "702.9a", "613.1f", *rules,
                             *_touch(ctx, oid, "6")))


def _replenish(s: GameState, a: dict, ctx: Context, log: list) -> None:
    for oid in _objects(s, a.get("to", "target"), ctx):
        obj = s.objects[oid]
        if obj.zone == "battlefield" and obj.drained:
            s.edit(oid).drained = False
            log.append(event(f"{s.card(obj).name} replenishes (no healing: its damage counters stay)", "110.5b",
                             "502.2"))


def _attach(s: GameState, a: dict, ctx: Context, log: list) -> None:
    for host in _objects(s, a.get("to", "target"), ctx):
        attaching.attach(s, ctx.source, host, ctx.controller, log)


def _return_to_battlefield(s: GameState, a: dict, ctx: Context, log: list) -> None:
    """A card returns from its owner's Spoils to the battlefield, under its owner's control. `by`
    names the keyword it returns by: Exhume (it rises hungry, 110.5d; banished if it would leave,
    702.22a) or Revenant (restless: banished when it would next leave, 702.46a)."""
    by = a.get("by")
    rules = {EXHUME: ("702.22a", "110.5d"), REVENANT: ("702.46a", "709.5")}.get(by, ())
    oids = [ctx.source] if a.get("to", "self") == "self" else [t for t in ctx.targets if t in s.objects]
    for oid in oids:
        obj = s.objects.get(oid) if oid else None
        if obj is None or obj.zone != "spoils":
            log.append(event(f"{_origin(s, ctx)}: the card is no longer in a Spoils; nothing returns", "608.3", *rules))
            continue
        perform.move(s, oid, "battlefield", log)
        obj = s.edit(oid)
        if by == EXHUME:
            obj.newly_turned = False
            obj.marks = obj.marks + ("exhumed",)
        elif by == REVENANT:
            obj.marks = obj.marks + ("restless",)
        enter(s, oid, log)
        how = {EXHUME: ": it rises hungry (not newly turned), to be banished at end of turn or if it would leave",
               REVENANT: ", restless: it will be banished when it would next leave the battlefield"}.get(by, "")
        log.append(event(f"{s.card(obj).name} returns from {obj.owner}'s Spoils to the battlefield{how}", "400.7",
                         *rules))
        triggers.fire(s, "enters", oid)
        reckoning.entered(s, oid)


def _may_pay(s: GameState, a: dict, ctx: Context, log: list) -> None:
    """"You may pay {cost}: [effects]" (608.4): the controller chooses as it resolves — asked
    (a "may": any other next action declines it), the instructions after it waiting for the
    answer. One who cannot pay has no choice. The choice is asked under `choice` (an engine
    keyword's own kind, Revenant's return) or as an optional instruction."""
    p = s.player(ctx.controller)
    revenant = a.get("choice") == "revenant-return"
    rule = CHOICE_KINDS["revenant-return" if revenant else "optional-instruction"].rule
    cost = a["cost"]
    if p is None or p.lost:
        return
    what = f"{_origin(s, ctx)}: {p.name} may pay {cost.vitae} Vitae"
    if not costs.can_pay(s, p, cost):
        log.append(event(f"{what}, but cannot: nothing is paid", rule, "118.2"))
        return
    if revenant:
        answer = ask(s, log, "revenant-return", p.name, ("pay", "decline"), what)
    else:
        answer = ask(s, log, "optional-instruction", p.name, ("pay", "decline"), what)
    if answer != "pay":
        return  # asking.ask logged the decline, citing the rule that gives the choice
    costs.pay(s, p, cost, log, what=_origin(s, ctx))
    log.append(event(f"{p.name} pays", rule))
    run(s, a["effects"], ctx, log)


def _challenge(s: GameState, a: dict, ctx: Context, log: list) -> None:
    """701.17a: each Entity deals damage equal to its Attack to the other (not combat damage), at
    once; 701.17b: if either has left the battlefield, stopped being an Entity or become an illegal
    target, neither deals damage; one that Challenges itself deals itself twice its Attack."""
    pair = [_one(s, a.get("to", "target"), ctx), _one(s, a.get("with", "second_target"), ctx)]
    fit = [o is not None and s.objects[o].zone == "battlefield" and ch.is_entity(s, s.objects[o])
           and (o == ctx.source or o in ctx.targets) for o in pair]
    if not all(fit):
        log.append(event(f"{_origin(s, ctx)}: a challenger has left the battlefield, is no longer an Entity or is "
                         f"no longer a legal target — neither deals damage", "701.17b"))
        return
    first, second = pair
    if first == second:
        hits = [(first, first, 2 * max(0, ch.attack(s, s.objects[first])))]
    else:
        hits = [(first, second, max(0, ch.attack(s, s.objects[first]))),
                (second, first, max(0, ch.attack(s, s.objects[second])))]
    log.append(event(f"{_label(s, first)} Challenges {_label(s, second) if first != second else 'itself'}: "
                     + "; ".join(f"{_label(s, x)} deals {n} to {_label(s, y)}" for x, y, n in hits)
                     + " (not combat damage)", "701.17a", *(("701.17b",) if first == second else ())))
    for source, recipient, n in hits:
        perform.deal_damage(s, source, recipient, n, log)


def _one(s: GameState, who: str, ctx: Context) -> str | None:
    """The one object a recipient word names, by its place among the announced targets."""
    if who == "self":
        return ctx.source
    place = {"target": 0, "second_target": 1}.get(who)
    if place is None:
        found = _objects(s, who, ctx)
        return found[0] if found else None
    announced = ctx.declared or ctx.targets
    return announced[place] if place < len(announced) else None


def _immure(s: GameState, a: dict, ctx: Context, log: list) -> None:
    for oid in _objects(s, a.get("to", "target"), ctx):
        immure.seal(s, ctx.source, oid, log)


def _delayed(s: GameState, a: dict, ctx: Context, log: list) -> None:
    origin = _origin(s, ctx)
    named = [t for t in ctx.targets if t in s.objects]
    triggers.delay(s, ctx.controller, ctx.source, a["at"], a["effects"], named, f"{origin}'s delayed trigger")
    log.append(event(f"{origin}: a delayed trigger waits for the next {a['at'].replace('_', ' ')}"
                     + (f", naming {', '.join(_label(s, t) for t in named)}" if named else ""), "603.7"))


def _create_token(s: GameState, a: dict, ctx: Context, log: list) -> None:
    """701.8a: put that many tokens onto the battlefield under the control of the player the
    effect names (its controller unless `who` says otherwise), who owns them (111.2); a copy
    takes the copiable values of what it copies (707.1, 707.2)."""
    face = {"face_down": False, "guise": None}
    if "copy_of" in a:
        originals = [o for o in _objects(s, a["copy_of"], ctx) if s.objects[o].zone == "battlefield"]
        if not originals:
            log.append(event(f"{_origin(s, ctx)}: there is nothing to copy; no token is created", "707.1", "608.3"))
            return
        face = faces.copy_of(s, originals[0])  # a face-down original's copy wears its guise (707.3)
        names, rules = [face.pop("card")], ("701.8a", "111.2", "707.1", "707.2",
                                            *(("707.3", "708.2") if face["face_down"] else ()))
    else:
        names, rules = [a["card"]] * _amount(a.get("n", 1), ctx), ("701.8a", "111.1", "111.2", "111.3")
    made = []
    for pname in _players(s, a.get("who"), ctx):
        mine = []
        for name in names:
            oid = _token_id(s, a.get("id") or f"{name.lower().replace(' ', '-') or 'face-down'}-token")
            arrival.put_token(s, oid, name, pname, **face)
            enter(s, oid, log)
            mine.append(oid)
        if mine:
            what = "face-down (a copy of a guise, with nothing beneath)" if face["face_down"] else names[0]
            tolled = face["face_down"] and s.card(mine[0]).has(TOLL)  # a Masquerade or Shroud guise (708.2a)
            log.append(event(f"{_origin(s, ctx)}: {pname} creates {len(mine)} {what} token(s)"
                             + (" copying it" if "copy_of" in a else "") + f" ({', '.join(mine)})", *rules,
                             *(("708.2a",) if tolled else ())))
        made += mine
    for oid in made:
        triggers.fire(s, "enters", oid)
        reckoning.entered(s, oid)


def _token_id(s: GameState, base: str) -> str:
    """The id a new token goes by: the effect's `id` (or its card's name), numbered when taken."""
    oid, n = base, 2
    while oid in s.objects:
        oid, n = f"{base}-{n}", n + 1
    return oid


def sacrifice_each(s: GameState, players: list[str], what: str, log: list, ctx: Context | None = None) -> None:
    """Each player, in APNAP order, chooses; then all are sacrificed at once (101.4, 701.12a)."""
    ctx = ctx or Context(players[0] if players else s.active, None, [])
    chosen = []
    for pname in players:
        mine = tuple(o for o in s.battlefield if s.objects[o].controller == pname
                     and ch.ctype(s, s.objects[o]) == what)
        if mine:
            oldest = min(mine, key=lambda o: s.objects[o].timestamp)
            pick = choose_for(s, log, ctx, "sacrifice-choice", pname, mine, f"the {what} {pname} sacrifices",
                              default=(oldest,))
            chosen.append((pname, pick[0]))
    for pname, oid in chosen:
        was_entity = ch.is_entity(s, s.objects[oid])
        if perform.leave(s, oid, "spoils", log)[1]:
            triggers.fire(s, "dies", oid, pname)
        if was_entity:
            triggers.fire_for_permanents(s, "sacrifices", pname)
    arranging.into_spoils(s, log, [o for _, o in chosen], "the permanents sacrificed into the Spoils at once")
    if chosen:
        names = "; ".join(f"{p} sacrifices {s.objects[o].card}" for p, o in chosen)
        log.append(event(f"In APNAP order each player chose, then all were sacrificed at once: {names} "
                         f"{s.policies.note('C39')}", "101.4", "701.12a", "603.6c", *s.policies.rules("C39"),
                         *ctx.cites, policy="C39"))
    if s.policies.reading("C39") == "106.5d":
        for pname, _ in chosen:
            s.player(pname).corruption += 1


def counter(s: GameState, target: str, log: list, cites: tuple = ()) -> None:
    """Remove a spell or announcement from the stack unresolved (701.7a); `cites`: the rules of
    the keyword that counters it (a Toll)."""
    item = s.stack_item(target)
    if item is None:
        return
    s.stack.remove(item)
    if item.kind == "seal":
        for oid in list(item.batch):
            move(s, oid, "hand")
        log.append(event(f"the seal is countered: nothing enters the Pit, no Vitae flows, the batch returns to "
                         f"{item.controller}'s hand, and the drop stays spent", "701.7a", "405.6a", "407.5",
                         "505.4a", "505.4d", "601.12c", *cites))
    elif item.kind in ("spell", "set", "trap"):
        dest = perform.move(s, item.obj, "void" if item.recalled else "spoils", log)
        extra = ("601.9", "404.5") if item.recalled else ("601.11d", "405.6b") if item.fired else ()
        log.append(event(f"{s.objects[item.obj].card} is countered and goes to its owner's {dest.title()}; nothing "
                         f"paid is refunded" + (" and it is not re-set" if item.fired else ""), "701.7a", "601.10",
                         "118.5", *extra, *cites))
        for oid in item.batch:  # a brew is one spell: every Component falls with it (710.4)
            perform.move(s, oid, "spoils", log)
        arranging.into_spoils(s, log, (item.obj, *item.batch), "the brew's cards, put into the Spoils at once")
        if item.batch:
            log.append(event(f"the whole brew is countered: {', '.join(s.objects[o].card for o in item.batch)} fall "
                             f"with its Base", "710.4", "701.7a"))
    elif item.kind == debts.CALL:
        debts.countered(item, log)
    else:
        log.append(event(f"{item.label} is countered", "701.7a", *cites))


# The effect table: every effect name the card format accepts (judge/cards/vocabulary.py EFFECTS)
# -> its handler(state, args, context, log). To add an effect: its keys in the vocabulary, its
# handler here; tests/test_engine_structure.py checks that the two agree.
HANDLERS: dict[str, Callable[[GameState, dict, Context, list], None]] = {
    "deal_damage": _deal_damage,
    "destroy": _to_zone("spoils", "701.9a", destroys=True),
    "banish": _to_zone("void", "701.6a", destroys=False),
    "return_to_hand": _to_zone("hand", "400.7", destroys=False),
    "counter": _counter,
    "draw": _draw,
    "gain_vitae": _gain_vitae,
    "lose_vitae": _lose_vitae,
    "corruption": _meter("corruption", "122.2b"),
    "wrath": _meter("wrath", "122.2c"),
    "add_counters": _add_counters,
    "remove_counters": _remove_counters,
    **{name: _layered(name) for name in _LAYERED},
    "prevent_damage": _prevent_damage,
    "redirect_damage": _redirect_damage,
    "shift": _shift,
    "extra_turn": _extra_turn,
    "sacrifice": _sacrifice,
    "discard": _discard,
    "add_vitae": _add_vitae,
    "gain_control": _gain_control,
    "replenish": _replenish,
    "attach": _attach,
    "create_token": _create_token,
    "delayed": _delayed,
    "return_to_battlefield": _return_to_battlefield,
    "may_pay": _may_pay,
    "challenge": _challenge,
    "immure": _immure,
    "counter_unless_pays": _counter_unless_pays,
    "foresee": _foresee,
    "raise_suspicion": _raise_suspicion,
    "take_debt": _take_debt,
    "mature": _mature,
    "burden": _burden,
    "permit_drop": _drop_rule(forbid=False),
    "forbid_drop": _drop_rule(forbid=True),
    "look": _look,
}

# What each effect's recipient keys can reach, read by judge/engine/support.py: a card aiming an
# effect elsewhere (a `destroy` of a player, a `draw` for an object) is refused at load instead
# of doing nothing. objects: OBJECT_RECIPIENTS; players: PLAYER_RECIPIENTS (and `target` for a
# targeted player); any: either; target: only the spell's target. An effect not listed reaches
# whatever its keys name.
REACHES: dict[str, dict[str, str]] = {
    "deal_damage": {"to": "any"},
    "destroy": {"to": "objects"},
    "banish": {"to": "objects"},
    "return_to_hand": {"to": "objects"},
    "counter": {"to": "target"},
    "draw": {"who": "players"},
    "gain_vitae": {"who": "players"},
    "lose_vitae": {"who": "players"},
    "corruption": {"who": "players"},
    "wrath": {"who": "players"},
    "add_counters": {"to": "objects"},
    **{name: {"to": "objects"} for name in _LAYERED},
    "prevent_damage": {"to": "any", "from": "objects"},
    "redirect_damage": {"to": "any", "onto": "any"},
    "extra_turn": {"who": "players"},
    "sacrifice": {"who": "players"},
    "discard": {"who": "players"},
    "take_debt": {"who": "players"},
}
