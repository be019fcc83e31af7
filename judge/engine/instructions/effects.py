"""Carrying out a resolving object's instructions in the order written (608.4).

Each effect name has one handler in HANDLERS (at the end). A handler proposes what is to happen
(perform.move, perform.deal_damage, perform.draw, perform.add_to_pool): the replacement effects
rewrite it before it is carried out.

The handlers live by kind: damage_effects.py (damage, Challenge, prevention, redirection),
zone_effects.py (destroy, banish, return to hand, draw, discard, sacrifice, countering, Foresee,
look), continuous_effects.py (the layered effects, gaining control, drop rules),
player_effects.py (Vitae, the meters, Suspicion, Debt, shifts and extra turns),
permanent_effects.py (counters, replenish, attach, Immure); what their words name is read by
effect_context.py (Context). Here: the dispatch, entering the battlefield, and the effects that
carry further instructions (may_pay, delayed, mature, burden) or put a permanent onto the
battlefield (create_token, return_to_battlefield), since they run instructions through this table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from judge.engine.choosing.asking import ask
from judge.engine.choosing.choices import CHOICE_KINDS
from judge.engine.core import keywords
from judge.engine.core.events import event
from judge.engine.core.state import GameState
from judge.engine.instructions import (
    arrival,
    continuous_effects,
    damage_effects,
    permanent_effects,
    player_effects,
    zone_effects,
)
from judge.engine.instructions.effect_context import Context, targeted
from judge.engine.instructions.effect_context import amount as _amount
from judge.engine.instructions.effect_context import label as _label
from judge.engine.instructions.effect_context import objects as _objects
from judge.engine.instructions.effect_context import origin as _origin
from judge.engine.instructions.effect_context import players as _players
from judge.engine.mechanics import dominance, reckoning, sleepers
from judge.engine.performing import costs, perform
from judge.engine.procedures import faces
from judge.engine.reading.targeting import legal_targets
from judge.engine.triggered import triggers

EXHUME = keywords.implements("Exhume", "702.22", "cost")  # what `return_to_battlefield` by: Exhume does
REVENANT = keywords.implements("Revenant", "702.46", "cost")  # and by: Revenant
TOLL = keywords.implements("Toll", "702.14", "cost")


def run(s: GameState, effects: tuple, ctx: Context, log: list) -> None:
    for eff in effects:
        HANDLERS[eff.name](s, eff.args, ctx, log)


def enter(s: GameState, oid: str, log: list) -> None:
    """A permanent has just been put onto the battlefield: the replacements that modify how it
    enters (arrival.py), then a rite's clause I, read as it enters (714.3a)."""
    clause_one = arrival.enter_modified(s, oid, log)
    if clause_one:
        run(s, clause_one, Context(s.objects[oid].controller, oid, []), log)


# -- the handlers that run instructions through the table (the table is at the end of the module) ----
def _mature(s: GameState, a: dict, ctx: Context, log: list) -> None:
    """A Sleeper matures (702.39, sleepers.py): a dormant one may wake, its waking striking a target
    that is not optional while one stands (702.39b); a gathering one gains its counter (702.39c)."""
    oid = ctx.source
    obj = s.objects.get(oid) if oid else None
    if oid is None or obj is None or obj.zone != "battlefield":
        log.append(event("the Sleeper has left the battlefield: it does not mature", "702.39a", "608.2"))
        return
    shape = sleepers.form(s, oid)
    if shape is None:  # a new object since, with no Sleeper beneath (a copy's guise, 707.3)
        log.append(event("the permanent has no Sleeper beneath it now: nothing matures", "702.39a", "608.2"))
        return
    if not shape.dormant:
        armed = sleepers.gather(s, oid, log)
        if armed:
            log.append(
                event(
                    f"{s.known_card(oid).name}'s {shape.arms_at} {shape.gathers} counters arm what its text says",
                    "702.39c",
                )
            )
            run(s, armed, Context(ctx.controller, oid, [], cites=("702.39c",)), log)
        return
    if not sleepers.is_dormant(s, oid):
        log.append(event("the Sleeper is face up already: there is nothing to wake", "702.39b"))
        return
    answer = ask(
        s,
        log,
        "sleeper-wake",
        ctx.controller,
        (sleepers.WAKE, sleepers.SLEEP),
        f"whether {ctx.controller} wakes the dormant Sleeper ({oid}) — turns it face up and does what waking does",
        cites=("702.39b",),
    )
    if answer != sleepers.WAKE:
        log.append(event(f"{ctx.controller} lets the Sleeper lie in wait: it stays face down", "702.39b"))
        return
    struck = []
    for spec in shape.targets:
        options = tuple(legal_targets(s, ctx.controller, spec["kind"], oid))
        if options:  # not optional while a legal target stands (702.39b)
            struck += ask(
                s,
                log,
                "trigger-targets",
                ctx.controller,
                options,
                f"the target ({spec['kind']}) the Sleeper's waking strikes",
                cites=("702.39b",),
            )
    sleepers.wake(s, oid, log)
    if shape.targets and not struck:
        log.append(event("no legal target stands: the waking strikes nothing", "702.39b", "115.1"))
    run(s, shape.wakes, Context(ctx.controller, oid, list(struck), declared=list(struck), cites=("702.39b",)), log)


def _burden(s: GameState, a: dict, ctx: Context, log: list) -> None:
    """Dominance's trigger resolves (702.42a-b, dominance.py); a card's own failure consequence runs here."""
    fails = dominance.resolve(s, ctx.source, log)
    if fails:
        run(s, fails, Context(ctx.controller, ctx.source, [], cites=("702.42b",)), log)


def _return_to_battlefield(s: GameState, a: dict, ctx: Context, log: list) -> None:
    """A card returns from its owner's Spoils to the battlefield, under its owner's control. `by`
    names the keyword it returns by: Exhume (it rises hungry, 110.5d; banished if it would leave,
    702.22a) or Revenant (restless: banished when it would next leave, 702.46a)."""
    by = a.get("by")
    rules: tuple[str, ...] = {EXHUME: ("702.22a", "110.5d"), REVENANT: ("702.46a", "709.5")}.get(by or "", ())
    oids = (
        [ctx.source] if a.get("to", "self") == "self" else [t for t in targeted(a["to"], ctx) or [] if t in s.objects]
    )
    for oid in oids:
        obj = s.objects.get(oid) if oid else None
        if oid is None or obj is None or obj.zone != "spoils":
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
        how = {
            EXHUME: ": it rises hungry (not newly turned), to be banished at end of turn or if it would leave",
            REVENANT: ", restless: it will be banished when it would next leave the battlefield",
        }.get(by or "", "")
        log.append(
            event(
                f"{s.known_card(obj).name} returns from {obj.owner}'s Spoils to the battlefield{how}", "400.7", *rules
            )
        )
        triggers.fire(s, "enters", oid)
        reckoning.entered(s, oid)


def _may_pay(s: GameState, a: dict, ctx: Context, log: list) -> None:
    """ "You may pay {cost}: [effects]" (608.4): the controller chooses as it resolves — asked
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


def _delayed(s: GameState, a: dict, ctx: Context, log: list) -> None:
    origin = _origin(s, ctx)
    named = [t for t in ctx.targets if t is not None and t in s.objects]  # by slot: the delayed effects name theirs
    triggers.delay(s, ctx.controller, ctx.source, a["at"], a["effects"], named, f"{origin}'s delayed trigger")
    log.append(
        event(
            f"{origin}: a delayed trigger waits for the next {a['at'].replace('_', ' ')}"
            + (f", naming {', '.join(_label(s, t) for t in named)}" if named else ""),
            "603.7",
        )
    )


def _create_token(s: GameState, a: dict, ctx: Context, log: list) -> None:
    """701.8a: put that many tokens onto the battlefield under the control of the player the
    effect names (its controller unless `who` says otherwise), who owns them (111.2); a copy
    takes the copiable values of what it copies (707.1, 707.2)."""
    face: dict[str, Any] = {"face_down": False, "guise": None}  # faces.copy_of's: put_token's arguments
    if "copy_of" in a:
        originals = [o for o in _objects(s, a["copy_of"], ctx) if s.objects[o].zone == "battlefield"]
        if not originals:
            log.append(event(f"{_origin(s, ctx)}: there is nothing to copy; no token is created", "707.1", "608.3"))
            return
        face = faces.copy_of(s, originals[0])  # a face-down original's copy wears its guise (707.3)
        names, rules = (
            [face.pop("card")],
            ("701.8a", "111.2", "707.1", "707.2", *(("707.3", "708.2") if face["face_down"] else ())),
        )
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
            tolled = face["face_down"] and s.known_card(mine[0]).has(TOLL)  # a Masquerade or Shroud guise (708.2a)
            log.append(
                event(
                    f"{_origin(s, ctx)}: {pname} creates {len(mine)} {what} token(s)"
                    + (" copying it" if "copy_of" in a else "")
                    + f" ({', '.join(mine)})",
                    *rules,
                    *(("708.2a",) if tolled else ()),
                )
            )
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


# The effect table: every effect name the card format accepts (judge/cards/vocabulary.py EFFECTS)
# -> its handler(state, args, context, log). To add an effect: its keys in the vocabulary, its
# handler in the module of its kind (or here); tests/test_engine_structure.py checks that the two agree.
HANDLERS: dict[str, Callable[[GameState, dict, Context, list], None]] = {
    "deal_damage": damage_effects.deal_damage,
    "destroy": zone_effects.to_zone("spoils", "701.9a", destroys=True),
    "banish": zone_effects.to_zone("void", "701.6a", destroys=False),
    "return_to_hand": zone_effects.to_zone("hand", "400.7", destroys=False),
    "counter": zone_effects.counter_targets,
    "draw": zone_effects.draw,
    "gain_vitae": player_effects.gain_vitae,
    "lose_vitae": player_effects.lose_vitae,
    "corruption": player_effects.meter("corruption", "122.2b"),
    "wrath": player_effects.meter("wrath", "122.2c"),
    "add_counters": permanent_effects.add_counters,
    "remove_counters": permanent_effects.remove_counters,
    **{name: continuous_effects.layered(name) for name in continuous_effects.LAYERED},
    "prevent_damage": damage_effects.prevent_damage,
    "redirect_damage": damage_effects.redirect_damage,
    "shift": player_effects.shift,
    "extra_turn": player_effects.extra_turn,
    "sacrifice": zone_effects.sacrifice,
    "discard": zone_effects.discard,
    "add_vitae": player_effects.add_vitae,
    "gain_control": continuous_effects.gain_control,
    "replenish": permanent_effects.replenish,
    "attach": permanent_effects.attach,
    "create_token": _create_token,
    "delayed": _delayed,
    "return_to_battlefield": _return_to_battlefield,
    "may_pay": _may_pay,
    "challenge": damage_effects.challenge,
    "immure": permanent_effects.immure_each,
    "counter_unless_pays": zone_effects.counter_unless_pays,
    "foresee": zone_effects.foresee,
    "raise_suspicion": player_effects.raise_suspicion,
    "take_debt": player_effects.take_debt,
    "mature": _mature,
    "burden": _burden,
    "permit_drop": continuous_effects.drop_rule(forbid=False),
    "forbid_drop": continuous_effects.drop_rule(forbid=True),
    "look": zone_effects.look,
}


# What each effect's recipient keys can reach, read by judge/engine/coverage/support.py: a card aiming an
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
    **{name: {"to": "objects"} for name in continuous_effects.LAYERED},
    "prevent_damage": {"to": "any", "from": "objects"},
    "redirect_damage": {"to": "any", "onto": "any"},
    "extra_turn": {"who": "players"},
    "sacrifice": {"who": "players"},
    "discard": {"who": "players"},
    "take_debt": {"who": "players"},
}
