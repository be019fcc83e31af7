"""Effects that move cards between zones or rearrange a zone: destroy, banish and return to hand
(701.9a, 701.6a, 400.7), draw, discard (701.10a), sacrifice (701.12a), countering a spell off
the stack (701.7a-b), Foresee (701.16a) and looking at a hidden card (309.4, 708.6). A move is
proposed through perform (perform.leave, perform.move, perform.draw), so replacements apply.
"""

from __future__ import annotations

from judge.cards.model import Cost
from judge.engine.choosing import arranging
from judge.engine.choosing.asking import ask
from judge.engine.core import keywords
from judge.engine.core.events import event, outcome_event
from judge.engine.core.state import GameState
from judge.engine.instructions.effect_context import Context, choose_for, targeted
from judge.engine.instructions.effect_context import amount as _amount
from judge.engine.instructions.effect_context import objects as _objects
from judge.engine.instructions.effect_context import origin as _origin
from judge.engine.instructions.effect_context import players as _players
from judge.engine.mechanics import debts, rites
from judge.engine.performing import costs, perform, zones
from judge.engine.performing.zones import move
from judge.engine.procedures import processions
from judge.engine.reading import announcements
from judge.engine.reading import characteristics as ch
from judge.engine.triggered import triggers
from judge.replay_words import counted

DEATHLESS = keywords.implements("Deathless", "702.12")


def to_zone(dest: str, rule: str, destroys: bool):
    """destroy (701.9a), banish (701.6a), return to hand (400.7): a card leaves for `dest`."""

    def handler(s: GameState, a: dict, ctx: Context, log: list) -> None:
        spoiled = []  # what this instruction puts into Spoils, all at once (404.3)
        for oid in _objects(s, a.get("to", "target"), ctx):
            obj = s.objects[oid]
            if destroys and ch.has(s, obj, DEATHLESS):
                log.append(event(f"{s.known_card(obj).name} has Deathless and is not destroyed", "702.12a"))
                continue
            controller, was_entity = obj.controller, ch.is_entity(s, obj)
            exhumed = "exhumed" in obj.marks
            went, died = perform.leave(s, oid, dest, log, instead=a.get("instead"))
            if went == "spoils":
                spoiled.append(oid)
            log.append(
                (outcome_event if died else event)(
                    f"{s.known_card(obj).name} is moved to its owner's {went} (a new object)",
                    rule,
                    "400.7",
                    *(("702.22a", "404.5", "406.6") if exhumed and went == "void" else ()),
                    *ctx.cites,
                )
            )
            if died and was_entity:
                triggers.fire(s, "dies", oid, controller)
                if destroys and went == "spoils":
                    rites.owe(s, oid, ctx.controller)  # the destroying effect's controller (709.2)
        arranging.into_spoils(s, log, spoiled, "the cards the instruction put into the Spoils at once")

    return handler


def counter_targets(s: GameState, a: dict, ctx: Context, log: list) -> None:
    for t in targeted(a.get("to", "target"), ctx) or []:
        counter(s, t, log, ctx.cites)


def draw(s: GameState, a: dict, ctx: Context, log: list) -> None:
    for p in _players(s, a.get("who"), ctx):
        perform.draw(s, p, _amount(a.get("n"), ctx), log)


def sacrifice(s: GameState, a: dict, ctx: Context, log: list) -> None:
    sacrifice_each(s, _players(s, a.get("who", "controller"), ctx), a.get("what", "Entity"), log, ctx)


def discard(s: GameState, a: dict, ctx: Context, log: list) -> None:
    """701.10a: the discarding player chooses the cards (a Mandate's controller, for an opponent)."""
    for pname in _players(s, a.get("who"), ctx):
        p = s.known_player(pname)
        asked = _amount(a.get("n", 1), ctx)
        n = min(asked, len(p.hand))
        if asked > n:  # 609.3: an effect that attempts the impossible does as much as it can
            log.append(
                event(
                    f"{pname} is to discard {asked} but holds {counted(len(p.hand), 'card')}: "
                    f"{'they discard every one' if n else 'nothing is discarded'}",
                    "609.3",
                    "701.10a",
                    *ctx.cites,
                )
            )
        if n <= 0:
            continue
        picked = choose_for(
            s,
            log,
            ctx,
            "discard-choice",
            pname,
            tuple(p.hand),
            f"the {n} card(s) {pname} discards",
            (n, n),
            default=tuple(p.hand[-n:]),
        )
        for oid in picked:
            perform.move(s, oid, "spoils", log)
            log.append(event(f"{pname} discards {s.objects[oid].card or 'a card'}", "701.10a", *ctx.cites))
        arranging.into_spoils(s, log, picked, "the cards they discarded at once")


def counter_unless_pays(s: GameState, a: dict, ctx: Context, log: list) -> None:
    """701.7b, 118.9: the spell's controller may pay; a player who cannot cover the cost in full
    has no choice (the vein may cover a shortfall while it is open, costs.vein_closed)."""
    n = _amount(a.get("amount"), ctx)
    for target in _recipients_on_stack(s, a.get("to", "target"), ctx):
        item = s.stack_item(target)
        assert item is not None, "_recipients_on_stack keeps the targets on the stack"
        payer = s.known_player(item.controller)
        what = item.label or "the spell"
        can = payer.pool_total + (0 if costs.vein_closed(s, payer) else payer.vitae) >= n
        if not can:
            log.append(
                event(
                    f"{payer.name} cannot pay {n} Vitae in full: no choice, {what} is countered", "701.7b", *ctx.cites
                )
            )
            counter(s, target, log, ctx.cites)
            continue
        answer = ask(
            s,
            log,
            "unless-payment",
            payer.name,
            ("pay", "decline"),
            f"pay {n} Vitae, or {what} is countered ({_origin(s, ctx)})",
        )
        if answer == "pay":
            costs.pay(s, payer, Cost(vitae=n), log, what=f"{_origin(s, ctx)}'s price of {n} for {what}")
            log.append(event(f"{payer.name} pays {n}: {what} stands", "701.7b", "118.9", *ctx.cites))
        else:
            log.append(event(f"{payer.name} declines to pay {n}: {what} is countered", "701.7b", "118.9", *ctx.cites))
            counter(s, target, log, ctx.cites)


def _recipients_on_stack(s: GameState, to: str, ctx: Context) -> list[str]:
    return [t for t in targeted(to, ctx) or [] if s.stack_item(t) is not None]


def foresee(s: GameState, a: dict, ctx: Context, log: list) -> None:
    """701.16a: look at the top N of your Domain, put any of them on the bottom in any order,
    the rest back on top; the Domain stays hidden (401.8)."""
    n = _amount(a.get("n"), ctx)
    for pname in _players(s, a.get("who"), ctx):
        if n <= 0:
            continue  # Foreseeing 0 is no Foresee event (701.16a)
        arranging.settle(s, log, pname, "domain", s.known_player(pname).domain[:n])
        seen = zones.look_at_top(s, pname, n)
        if not seen:
            log.append(event(f"{pname} Foresees {n}, but the Domain is empty", "701.16a"))
            continue
        if all(not s.objects[o].card for o in seen):
            log.append(
                event(
                    f"{pname} Foresees {n}: the cards are unknown to the scenario, so how they are divided "
                    f"changes nothing it can tell; they stay on top",
                    "701.16a",
                    "401.8",
                )
            )
            continue
        names = ", ".join(s.objects[o].card or "an unknown card" for o in seen)
        bottom = ask(
            s,
            log,
            "foresee",
            pname,
            tuple(seen),
            f"which of the top {len(seen)} cards of {pname}'s Domain ({names}) go to the bottom, in order "
            f"(the rest stay on top)",
            count=(0, len(seen)),
            default=(),
        )
        zones.put_on_bottom(s, pname, list(bottom))
        log.append(
            event(
                f"{pname} Foresees {n}: looks at {names} (looking is not revealing) and puts "
                + (
                    ", ".join(s.objects[o].card or "a card" for o in bottom) + " on the bottom"
                    if bottom
                    else "none on the bottom"
                ),
                "701.16a",
                "401.8",
            )
        )


def look(s: GameState, a: dict, ctx: Context, log: list) -> None:
    """309.4, 708.6: a look, not a reveal — its controller learns the card; the table does not."""
    named = targeted("target", ctx)
    assert named is not None, "`target` is a target word: it names the targets"
    for ref in named:
        piece = processions.piece(s, ref)
        if piece is not None:
            seen = f"{piece[0]}'s Master" if piece[2] == processions.MASTER else s.objects[piece[2]].card
            log.append(
                event(
                    f"{ctx.controller} looks at Procession piece {piece[1]} (known to {ctx.controller} "
                    f"alone; nothing is revealed): {seen}",
                    "309.4",
                    "708.6",
                    "408.5a",
                )
            )
        elif ref in s.objects:
            log.append(
                event(
                    f"{ctx.controller} looks at the hidden card (known to {ctx.controller} alone; nothing "
                    f"is revealed): {s.objects[ref].card or 'an unknown card'}",
                    "309.4",
                    "708.6",
                )
            )


def sacrifice_each(s: GameState, players: list[str], what: str, log: list, ctx: Context | None = None) -> None:
    """Each player, in APNAP order, chooses; then all are sacrificed at once (101.4, 701.12a)."""
    ctx = ctx or Context(players[0] if players else s.active, None, [])
    chosen = []
    for pname in players:
        mine = tuple(o for o in s.battlefield if s.objects[o].controller == pname and ch.ctype(s, s.objects[o]) == what)
        if mine:
            oldest = min(mine, key=lambda o: s.objects[o].timestamp)
            pick = choose_for(
                s, log, ctx, "sacrifice-choice", pname, mine, f"the {what} {pname} sacrifices", default=(oldest,)
            )
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
        log.append(
            event(
                f"In APNAP order each player chose, then all were sacrificed at once: {names} {s.policies.note('C39')}",
                "101.4",
                "701.12a",
                "603.6c",
                *s.policies.rules("C39"),
                *ctx.cites,
                policy="C39",
            )
        )
    if s.policies.reading("C39") == "106.5d":
        for pname, _ in chosen:
            s.known_player(pname).corruption += 1


def counter(s: GameState, target: str, log: list, cites: tuple = ()) -> None:
    """Remove a spell or announcement from the stack unresolved (701.7a); `cites`: the rules of
    the keyword that counters it (a Toll)."""
    item = s.stack_item(target)
    if item is None:
        return
    s.stack.remove(item)
    found = announcements.member(item)
    if found is not None:  # 405.6c: an announcement countered runs its stated countered consequence
        cites = (*cites, "405.6c", *found.rules)
    if item.kind == "seal":
        for oid in list(item.batch):
            move(s, oid, "hand")
        log.append(
            event(
                f"the seal is countered: nothing enters the Pit, no Vitae flows, the batch returns to "
                f"{item.controller}'s hand, and the drop stays spent",
                "701.7a",
                "405.6a",
                "407.5",
                "505.4a",
                "505.4d",
                "601.12c",
                *cites,
            )
        )
    elif item.kind in ("spell", "set", "trap"):
        assert item.obj is not None, f"a {item.kind} on the stack is a card object"
        dest = perform.move(s, item.obj, "void" if item.recalled else "spoils", log)
        extra = ("601.9", "404.5") if item.recalled else ("601.11d", "405.6b") if item.fired else ()
        log.append(
            event(
                f"{s.objects[item.obj].card} is countered and goes to its owner's {dest.title()}; nothing "
                f"paid is refunded" + (" and it is not re-set" if item.fired else ""),
                "701.7a",
                "601.10",
                "118.5",
                *extra,
                *cites,
            )
        )
        for oid in item.batch:  # a brew is one spell: every Component falls with it (710.4)
            perform.move(s, oid, "spoils", log)
        arranging.into_spoils(s, log, (item.obj, *item.batch), "the brew's cards, put into the Spoils at once")
        if item.batch:
            log.append(
                event(
                    f"the whole brew is countered: {', '.join(s.objects[o].card for o in item.batch)} fall "
                    f"with its Base",
                    "710.4",
                    "701.7a",
                )
            )
    elif item.kind == debts.CALL:
        debts.countered(item, log, cites)
    elif found is not None and found.id == "procession-departure":
        processions.departure_countered(s, item, log, cites)
    elif found is not None:
        log.append(event(f"{item.label} is countered: {found.countered}", "701.7a", "118.5", *cites))
    else:
        log.append(event(f"{item.label} is countered", "701.7a", *cites))
