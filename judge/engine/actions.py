"""`apply(state, action) -> (state, events)`: the only way a game state changes.

An action is a mapping in the scenario format (scenario-format.md, "Actions") or the word
"pass". `apply` works on a copy; a refused action returns the original state untouched and
a single refusal event citing the rule that forbids it. An exception inside the engine is a
defect, not a ruling: it returns the original state and a single engine-error event (with the
traceback in its `detail`). `apply` never raises.
"""
from __future__ import annotations

import traceback

from judge.engine import casting, combat, outcome, passing, priority, shelter, triggers, wards
from judge.engine.errors import Refused
from judge.engine.events import Event, engine_error, event, refusal
from judge.engine import turn
from judge.engine.state import STEPS, GameState

ACTION_KEYS = {
    "pass": {"player", "pass"},
    "cast": {"player", "cast", "targets", "x", "pay", "tribute", "recall"},
    "set": {"player", "set"},
    "fire": {"player", "fire", "targets"},
    "activate": {"player", "activate", "ability", "targets"},
    "seal": {"player", "seal", "pit_marked"},
    "drain": {"player", "drain"},
    "sacrifice": {"player", "sacrifice"},
    "attack": {"player", "attack"},
    "block": {"player", "block"},
    "order": {"player", "order"},
    "assign": {"player", "assign"},
    "choose": {"player", "choose"},
    "until": {"until"},
    "concede": {"player", "concede"},
    # additions (tests/scenarios/README.md): spring a Ward (509.2); a standing 616.1 order
    "spring": {"player", "spring", "attacker"},
    "prefer": {"player", "prefer"},
}
MAX_PASSES = 5000  # `until` gives up after this many passes (a guard, never reached in play)


def action_kind(action) -> str | None:
    if action == "pass":
        return "pass"
    if not isinstance(action, dict):
        return None
    for kind in ("cast", "set", "fire", "activate", "seal", "drain", "sacrifice", "attack", "block", "order", "assign",
                 "choose", "until", "concede", "spring", "prefer", "pass"):
        if kind in action:
            return kind
    return None


def apply(state: GameState, action) -> tuple[GameState, list[Event]]:
    return guarded(state, lambda s, log: _dispatch(s, action, log))


def guarded(state: GameState, work) -> tuple[GameState, list[Event]]:
    """Run `work(s, log)` on a working copy: its state and events, or the untouched `state`
    with one refusal (Refused) or one engine-error event (any other exception)."""
    s = state.clone()
    log: list[Event] = []
    try:
        work(s, log)
    except Refused as why:
        return state, [refusal(why.text, *why.rules, policy=why.policy)]
    except Exception as exc:  # a defect: reported as such, never as a refusal, and the session goes on
        return state, [engine_error(exc, traceback.format_exc())]
    return s, log


# -- references ------------------------------------------------------------------------------
def resolve_ref(s: GameState, ref, player: str | None = None, zone: str | None = None) -> str:
    """An object id, player name, `seal`/`top`/a spell's name on the stack -> an id."""
    ref = str(ref)
    if ref == "top":
        if not s.stack:
            raise Refused("the stack is empty: there is no top object", "405.2")
        item = s.stack[-1]
        return item.obj or f"stack:{item.uid}"
    if ref in ("seal", "set"):
        for item in reversed(s.stack):
            if item.kind == ref:
                return f"stack:{item.uid}"
        raise Refused(f"there is no {ref} announcement on the stack", "405.6a" if ref == "seal" else "405.6")
    if ref == "fire":
        for item in reversed(s.stack):
            if item.fired:
                return item.obj
        raise Refused("there is no Fired Power on the stack", "405.6b")
    if s.player(ref) is not None and zone is None:
        return ref
    if ref in s.objects:
        return ref
    candidates = [o for o in s.objects.values() if o.card == ref and o.zone != "gone"]
    if zone is not None:
        candidates = [o for o in candidates if o.zone == zone and (player is None or o.owner == player)]
    if len(candidates) > 1:
        for preferred in ("stack", "battlefield", "hand"):
            narrowed = [o for o in candidates if o.zone == preferred]
            if len(narrowed) == 1:
                return narrowed[0].id
        raise Refused(f"{ref!r} names more than one object; use an id")
    if not candidates:
        where = f" in {player}'s {zone}" if zone else ""
        raise Refused(f"there is no {ref!r}{where}", "601.1" if zone == "hand" else "115.1")
    return candidates[0].id


def _player(s: GameState, name) -> str:
    p = s.player(str(name))
    if p is None:
        raise Refused(f"there is no player {name!r}")
    if p.lost:
        raise Refused(f"{name} has left the game", "104.5")
    return p.name


def _as_list(value) -> list:
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


# -- dispatch --------------------------------------------------------------------------------
def _dispatch(s: GameState, action, log: list) -> None:
    kind = action_kind(action)
    if kind is None:
        raise Refused(f"not an action: {action!r}")
    if s.game_over and kind != "concede":
        raise Refused("the game is over", "104.1")
    if s.pending and kind not in ("choose", "prefer"):
        _decline_returns(s, log)
    if kind not in ("order", "assign", "concede", "prefer") and _damage_waiting(s):
        combat.deal_combat_damage(s, log)
        priority.give_priority(s, s.active, log)
    if kind == "pass":
        if action == "pass" or "player" not in action:
            _all_pass(s, log)
        else:
            who = _player(s, action["player"])
            if s.priority != who:
                raise Refused(f"{who} does not hold priority ({s.priority} does)", "117.1")
            log.append(event(f"{who} passes priority", "117.3b"))
            passing.pass_one(s, log)
        return
    if kind == "until":
        _until(s, action["until"], log)
        return
    who = _player(s, action.get("player"))
    if kind == "concede":
        outcome.settle_results(s, [who], [], log, ("104.3a",))
        if s.priority == who and not s.game_over:
            priority.give_priority(s, s.next_living(who).name, log)
        return
    if kind == "cast":
        recall = bool(action.get("recall"))
        oid = resolve_ref(s, action["cast"], who, "spoils" if recall else "hand")
        targets = [resolve_ref(s, t) for t in _as_list(action.get("targets"))]
        casting.cast(s, who, oid, targets, action.get("x"), action.get("pay"), bool(action.get("tribute")), log,
                     recall=recall)
    elif kind == "set":
        casting.set_power(s, who, resolve_ref(s, action["set"], who, "hand"), log)
    elif kind == "fire":
        oid = resolve_ref(s, action["fire"], who, "slot")
        casting.fire_power(s, who, oid, [resolve_ref(s, t) for t in _as_list(action.get("targets"))], log)
    elif kind == "seal":
        oids = [resolve_ref(s, c, who, "hand") for c in _as_list(action["seal"])]
        marked = [resolve_ref(s, c, who, "hand") for c in _as_list(action.get("pit_marked"))]
        casting.seal(s, who, oids, log, marked)
    elif kind == "drain":
        casting.field_drain(s, who, resolve_ref(s, action["drain"]), log)
    elif kind == "sacrifice":
        casting.field_sacrifice(s, who, resolve_ref(s, action["sacrifice"]), log)
    elif kind == "activate":
        targets = [resolve_ref(s, t) for t in _as_list(action.get("targets"))]
        n = action.get("ability", 1)
        if isinstance(n, bool) or not isinstance(n, int):
            raise Refused(f"ability names an activated ability by its number, not {n!r}", "602.1")
        casting.activate(s, who, resolve_ref(s, action["activate"]), n, targets, log)
    elif kind == "attack":
        decls = [(resolve_ref(s, d["attacker"]), resolve_ref(s, d["target"])) for d in _as_list(action["attack"])]
        combat.declare_attackers(s, who, decls, log)
        priority.give_priority(s, s.active, log, ("508.3",))
    elif kind == "block":
        decls = [(resolve_ref(s, d["blocker"]), resolve_ref(s, d["attacker"])) for d in _as_list(action["block"])]
        combat.declare_blockers(s, who, decls, log)
        priority.give_priority(s, s.active, log, ("509.3",))
    elif kind == "order":
        ids = [resolve_ref(s, o) for o in _as_list(action["order"])]
        if (s.phase, s.step) == ("combat", "combat_damage") and not s.damage_dealt:
            combat.set_order(s, who, ids, log)
            if s.damage_dealt:
                priority.give_priority(s, s.active, log, ("510.6",))
        elif not triggers.reorder(s, who, ids, log):
            raise Refused("that order names neither a blocked attacker's blockers in the combat damage step nor "
                          "the sources of the player's simultaneous triggers on top of the stack", "603.3", "510.2c")
    elif kind == "assign":
        raw = action["assign"]
        if not isinstance(raw, dict) or not all(isinstance(v, int) and not isinstance(v, bool) for v in raw.values()):
            raise Refused(f"an assignment maps each recipient to a whole number of damage, not {raw!r}", "510.2")
        assignment = {resolve_ref(s, k): v for k, v in raw.items()}
        combat.set_assignment(s, who, assignment, log)
        if s.damage_dealt:
            priority.give_priority(s, s.active, log, ("510.6",))
    elif kind == "spring":
        wards.spring(s, who, resolve_ref(s, action["spring"], who, "wards"), resolve_ref(s, action.get("attacker")), log)
        priority.settle(s, log)
    elif kind == "prefer":
        names = [str(n) for n in _as_list(action["prefer"])]
        s.prefer[who] = names
        log.append(event(f"{who} will apply replacement and prevention effects affecting them or their permanents "
                         f"in this order: {', '.join(names) or 'the default (timestamps)'}", "616.1", "616.1d"))
    elif kind == "choose":
        if not s.pending:
            raise Refused("no choice is waiting to be answered", "608.4")
        chosen = [resolve_ref(s, c) for c in _as_list(action["choose"])]
        shelter.answer(s, who, chosen, log)
        if not s.pending:
            turn.finish_upkeep(s, log)


def _decline_returns(s: GameState, log: list) -> None:
    """The next action does not answer the return-from-shelter choice: it is declined."""
    shelter.decline_all(s, log)
    turn.finish_upkeep(s, log)


def _damage_waiting(s: GameState) -> bool:
    return (s.phase, s.step) == ("combat", "combat_damage") and not s.damage_dealt and bool(s.attacks)


def _all_pass(s: GameState, log: list) -> None:
    if s.priority is None:
        raise Refused("no player holds priority", "117.1")
    log.append(event("all players pass in succession", "117.4"))
    for _ in range(len(s.players) + 1):
        if s.game_over or passing.pass_one(s, log) != "passed":
            return


def _until(s: GameState, target, log: list) -> None:
    if not isinstance(target, dict):
        raise Refused(f"until needs {{phase, step}}, not {target!r}")
    phase = target.get("phase")
    step = target.get("step")
    if phase not in STEPS or step not in STEPS[phase]:
        raise Refused(f"{phase}/{step} is not a point of the turn", "500.1", "500.1a")
    # Already there: the next occurrence is meant (the next turn's), so at least one pass happens.
    start = (s.phase, s.step, s.active, s.round_index, len(s.stack))
    log.append(event(f"every player passes until {phase}" + (f", {step} step" if step else ""), "117.4", "500.2"))
    for _ in range(MAX_PASSES):
        here = (s.phase, s.step)
        if s.game_over or (here == (phase, step) and (s.phase, s.step, s.active, s.round_index, len(s.stack)) != start):
            return
        if s.pending:  # passing on is not an answer: the return from shelter is declined
            _decline_returns(s, log)
            continue
        if _damage_waiting(s):
            combat.deal_combat_damage(s, log)
            priority.give_priority(s, s.active, log)
            continue
        if s.priority is None:
            raise Refused("no player holds priority", "117.1")
        passing.pass_one(s, log)
    raise Refused(f"{phase}/{step} was never reached", "500.1")
