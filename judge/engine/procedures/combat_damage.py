"""Combat damage (510) and the end of combat (511): the damage steps (a first one for Celerity and
Frenzy), the damage assignment order and the assignment, all the damage dealt at once, the attacked
Entity's strike back (510.2f), which source's damage a shield meets first (615.3), Contagion's
trigger; then the end of combat. What attacks and blocks is declared in combat_declarations.py."""

from __future__ import annotations

from dataclasses import replace
from itertools import islice, permutations

from judge.cards.model import Effect
from judge.engine.choosing.asking import ask
from judge.engine.core import keywords
from judge.engine.core.errors import Refused
from judge.engine.core.events import event
from judge.engine.core.frozen import FrozenDict
from judge.engine.core.state import Attack, GameState, Trigger
from judge.engine.performing import control, perform, replacement
from judge.engine.procedures import processions
from judge.engine.procedures.combat_declarations import name_in_combat
from judge.engine.reading import characteristics as ch
from judge.engine.reading import layers

SANCTITY = keywords.implements("Sanctity", "702.15", "quality")
CELERITY = keywords.implements("Celerity", "702.2")
FRENZY = keywords.implements("Frenzy", "702.3")
VENOM = keywords.implements("Venom", "702.6")
OVERRUN = keywords.implements("Overrun", "702.7")
CONTAGION = keywords.implements("Contagion", "702.40")
FEED = keywords.implements("Feed", "702.5")


def _update(s: GameState, attack: Attack, **changes) -> Attack:
    """Replace `attack` in the combat by a copy with `changes` (attacks are values)."""
    new = replace(attack, **changes)
    s.attacks = [new if a is attack else a for a in s.attacks]
    return new


def needs_order(s: GameState) -> list[Attack]:
    return [a for a in s.attacks if len(a.blockers) > 1 and a.order is None and a.assign is None]


def _combatants(s: GameState) -> list[str]:
    ids = [a.attacker for a in s.attacks] + [b for a in s.attacks for b in a.blockers]
    ids += [a.target for a in s.attacks if not a.blockers and a.target in s.objects]  # duels strike back
    return [o for o in dict.fromkeys(ids) if s.objects[o].zone == "battlefield"]


def begin_damage_step(s: GameState, log: list) -> None:
    s.damage_dealt = False
    if s.damage_round == 0:
        fighters = _combatants(s)
        s.strikers = tuple(o for o in fighters if ch.has(s, s.objects[o], CELERITY) or ch.has(s, s.objects[o], FRENZY))
        s.frenzied = tuple(o for o in s.strikers if ch.has(s, s.objects[o], FRENZY))
        if s.strikers:
            s.damage_round = 1
            log.append(
                event(
                    "an Entity with Celerity or Frenzy is in combat: this is the first of two combat damage "
                    "steps, and only Celerity and Frenzy strike in it",
                    "510.1",
                    "702.2a",
                    "702.3a",
                )
            )
    if not needs_order(s):
        deal_combat_damage(s, log)
    else:
        log.append(event(f"{s.active} announces how each blocked attacker assigns its damage", "510.2"))


def second_damage_step_due(s: GameState) -> bool:
    return s.damage_round == 1 and s.damage_dealt


def begin_second_damage_step(s: GameState, log: list) -> None:
    s.damage_round = 2
    log.append(
        event(
            "the normal combat damage step follows: the remaining combatants strike, and Frenzy strikes again",
            "510.1",
            "702.2a",
            "702.3a",
        )
    )
    begin_damage_step(s, log)


def _strikes(s: GameState, oid: str) -> bool:
    """Whether `oid` deals combat damage in the current damage step (510.1)."""
    if s.damage_round == 1:
        return oid in s.strikers
    if s.damage_round == 2:
        return oid not in s.strikers or oid in s.frenzied
    return True


def set_order(s: GameState, player: str, order: list, log: list) -> None:
    """The damage assignment order of one blocked attacker, in the combat damage step before the
    damage is dealt (the caller, action_kinds._order, sends it here only then)."""
    attack = next((a for a in s.attacks if a.blockers and set(a.blockers) == set(order)), None)
    if attack is None:
        raise Refused("that order does not name exactly the blockers of one attacker", "510.2c")
    if s.objects[attack.attacker].controller != player:
        raise Refused(f"{player} does not control that attacker", "510.2")
    attack = _update(s, attack, order=tuple(order))
    log.append(
        event(
            f"{player} orders {s.objects[attack.attacker].card}'s blockers: "
            + ", ".join(s.objects[b].card for b in order),
            "510.2c",
        )
    )
    if not needs_order(s):
        deal_combat_damage(s, log)


def set_assignment(s: GameState, player: str, assign: dict, log: list) -> None:
    if (s.phase, s.step) != ("combat", "combat_damage") or s.damage_dealt:
        raise Refused("damage is assigned in the combat damage step", "510.2")
    keys = set(assign)
    attack = next(
        (a for a in s.attacks if a.blockers and set(a.blockers) <= keys and keys <= set(a.blockers) | {a.target}), None
    )
    if attack is None or s.objects[attack.attacker].controller != player:
        raise Refused("that assignment does not match one of the player's blocked attackers", "510.2c", "510.2g")
    obj = s.objects[attack.attacker]
    total = max(0, ch.attack(s, obj))
    if sum(assign.values()) != total or any(v < 0 for v in assign.values()):
        raise Refused(f"{obj.card} must assign exactly its Attack {total}", "510.2a", "510.2g")
    order = [b for b in (attack.order or attack.blockers) if b in assign] + [
        b for b in attack.blockers if b not in assign
    ]
    venom = ch.has(s, obj, VENOM)
    short = False
    for b in order:
        need = ch.lethal(s, s.objects[b], venom)
        if short and assign.get(b, 0):
            raise Refused("each blocker must be assigned lethal damage before any goes past it", "510.2c", "510.2g")
        if assign.get(b, 0) < need:
            short = True
    if assign.get(attack.target, 0):
        if not ch.has(s, obj, OVERRUN):
            raise Refused(f"{obj.card} has no Overrun: nothing may go past its blockers", "510.2d", "702.7a", "510.2g")
        if short:
            raise Refused("Overrun assigns onward only what exceeds lethal to every blocker", "702.7a", "510.2g")
    attack = _update(s, attack, assign=FrozenDict(assign))
    log.append(
        event(
            f"{player} assigns {obj.card}'s damage: "
            + ", ".join(f"{v} to {name_in_combat(s, k)}" for k, v in assign.items()),
            "510.2",
            "510.2c",
        )
    )
    if not needs_order(s):
        deal_combat_damage(s, log)


def _default_assignment(s: GameState, attack: Attack, log: list) -> dict:
    obj = s.objects[attack.attacker]
    total = max(0, ch.attack(s, obj))
    order = attack.order or list(attack.blockers)
    venom = ch.has(s, obj, VENOM)
    out: dict = {}
    left = total
    for b in order:
        give = min(left, ch.lethal(s, s.objects[b], venom))
        out[b] = out.get(b, 0) + give
        left -= give
    overrun = ch.has(s, obj, OVERRUN)
    if left:
        if overrun:
            out[attack.target] = out.get(attack.target, 0) + left
        elif order:
            out[order[-1]] += left
    rules = ["510.2c"] + (["510.2d", "702.7a"] if overrun and left else [])
    how = (
        "lethal to each blocker in order, the excess onward by Overrun"
        if overrun and left
        else "lethal to each blocker in order, the rest to the last"
        if left and order
        else "lethal to each blocker in order"
    )
    log.append(
        event(
            f"{obj.card} assigns {total}: "
            + ", ".join(f"{v} to {name_in_combat(s, k)}" for k, v in out.items())
            + f" ({how})",
            *rules,
        )
    )
    return out


def deal_combat_damage(s: GameState, log: list) -> None:
    """510.2 assignment (attackers, then blockers), then 510.3: all dealt at once."""
    if s.damage_dealt:
        return
    s.damage_dealt = True
    hits: list[tuple[str, str, int]] = []  # (source, recipient, amount)
    dueled: list = []  # the attacked Entities that strike back, once each, after every attacker (510.2)
    for attack in s.attacks:
        obj = s.objects.get(attack.attacker)
        if obj is None or obj.zone != "battlefield":
            continue
        strikes = _strikes(s, attack.attacker)
        power = max(0, ch.attack(s, obj)) if strikes else 0
        if attack.blocked:
            if strikes:
                assignment = attack.assign or _default_assignment(s, attack, log)
                attack = _update(s, attack, assign=None)  # a Frenzy attacker assigns afresh in the second step
                for k, v in assignment.items():
                    if v > 0:
                        hits.append((attack.attacker, k, v))
            backers = [
                b
                for b in attack.blockers
                if s.objects[b].zone == "battlefield" and _strikes(s, b) and ch.attack(s, s.objects[b]) > 0
            ]
            for b in backers:
                hits.append((b, attack.attacker, ch.attack(s, s.objects[b])))
            if backers:
                log.append(event(f"the blockers of {obj.card} strike back", "510.2e"))
        elif attack.target.startswith("piece:"):
            if strikes:  # 408.5b: no damage is dealt to a road-box; the strike lands or bounces
                processions.strike(s, attack.attacker, attack.target, log)
        else:
            target_alive = (
                s.player(attack.target) is not None
                and not s.known_player(attack.target).lost
                or (attack.target in s.objects and s.objects[attack.target].zone == "battlefield")
            )
            if not target_alive:
                if strikes:
                    log.append(event(f"{obj.card}'s target is gone: it assigns nothing", "510.2b", "506.6c"))
                continue
            if power:
                hits.append((attack.attacker, attack.target, power))
                log.append(
                    event(
                        f"{obj.card} is unblocked and assigns {power} to {name_in_combat(s, attack.target)}", "510.2b"
                    )
                )
            tobj = s.objects.get(attack.target)
            if (
                tobj is not None
                and ch.is_entity(s, tobj)
                and ch.attack(s, tobj) > 0
                and _strikes(s, tobj.id)
                and tobj.id not in dueled
            ):
                dueled.append(tobj.id)
    for target in dueled:
        hits += _strike_back(s, s.objects[target], log)
    log.append(event("all combat damage is dealt at once", "510.3"))
    struck: dict[str, list] = {}
    for source, recipient, amount in _shield_order(s, hits, log):
        landed, dealt = perform.deal_damage(s, source, recipient, amount, log, combat=True)
        if dealt > 0:
            struck.setdefault(source, []).append(landed)
    _contagion(s, struck)


def _duelists(s: GameState, target: str) -> list[str]:
    """The attackers still in combat whose unblocked attacks are at `target` (510.2f's duels)."""
    return [
        a.attacker
        for a in s.attacks
        if a.target == target
        and not a.blocked
        and a.attacker in s.objects
        and s.objects[a.attacker].zone == "battlefield"
    ]


def _strike_back(s: GameState, tobj, log: list) -> list:
    """510.2f: the attacked Entity assigns its combat damage to its attacker. Attacked by several
    unblocked attackers, policy C46 decides: each its own duel in full, or divided (510.2e)."""
    power = ch.attack(s, tobj)
    attackers = _duelists(s, tobj.id)
    if len(attackers) == 1:
        log.append(event(f"{tobj.card} strikes back: the attack is a duel", "510.2f", "509.1b"))
        return [(tobj.id, attackers[0], power)]
    names = ", ".join(s.objects[a].card for a in attackers)
    if s.policies.reading("C46") == "510.2f":
        log.append(
            event(
                f"{tobj.card} strikes back at each of its attackers ({names}) with its full {power}: "
                f"each attack is its own duel {s.policies.note('C46')}",
                *s.policies.rules("C46"),
                policy="C46",
            )
        )
        return [(tobj.id, a, power) for a in attackers]
    division = ask(
        s,
        log,
        "duel-division",
        tobj.controller,
        attackers,
        f"how {tobj.card} ({tobj.id}) divides its {power} combat damage among the Entities attacking it (policy C46)",
        count=(power, power),
        default=_lethal_first(s, tobj, attackers, power),
        cites=("510.2f",),
    )
    log.append(
        event(
            f"{tobj.card} strikes back, dividing its {power} among its attackers: "
            + ", ".join(f"{n} to {s.objects[a].card}" for a, n in division)
            + f" {s.policies.note('C46')}",
            "510.2e",
            *s.policies.rules("C46"),
            policy="C46",
        )
    )
    return [(tobj.id, a, n) for a, n in division if n > 0]


def _lethal_first(s: GameState, tobj, attackers: list, power: int) -> tuple:
    """The stated default of a divided strike back: lethal to each attacker in the order of the
    attacks (1 is lethal from Venom), the rest to the last."""
    venom = ch.has(s, tobj, VENOM)
    left, out = power, []
    for a in attackers:
        give = min(left, ch.lethal(s, s.objects[a], venom))
        out.append([a, give])
        left -= give
    out[-1][1] += left
    return tuple((a, n) for a, n in out)


def _preference(s: GameState, recipient: str) -> list[str]:
    """The standing `prefer` order of the player a recipient's damage affects (none: empty)."""
    who = replacement.affected_player(s, recipient)
    return s.prefer.get(who, []) if who is not None else []


def _shield_order(s: GameState, hits: list, log: list) -> list:
    """615.3: when several sources strike a shielded recipient at once, its controller (or the
    player) chooses what the shield eats: the sources named in their standing `prefer` list
    first; otherwise, where the shields cannot stop it all, they are asked (the stated default:
    the order of assignment)."""

    def rank(hit) -> int:
        source, recipient, _ = hit
        prefer = _preference(s, recipient)
        names = (source, s.objects[source].card)
        return next((i for i, name in enumerate(prefer) if name in names), len(prefer))

    ordered = sorted(hits, key=rank)
    chosen: dict = {}
    for recipient in dict.fromkeys(r for _, r, _ in ordered):
        mine = [h for h in ordered if h[1] == recipient]
        sources = tuple(dict.fromkeys(src for src, _, _ in mine))
        if len(sources) < 2 or any(rank(h) < len(_preference(s, recipient)) for h in mine):
            continue  # one source, or the player's standing order answers it
        if not _order_can_matter(s, recipient, mine):
            continue  # 615.3 gives the choice only where it can change what the shields eat
        who = replacement.affected_player(s, recipient)
        assert who is not None, f"{recipient}, dealt damage, is a player or an object"
        chosen[recipient] = ask(
            s,
            log,
            "shield-allocation",
            who,
            sources,
            f"which source's damage to {name_in_combat(s, recipient)} meets the prevention shield first",
            default=sources,
        )
    if not chosen:
        return ordered
    return sorted(ordered, key=lambda h: chosen[h[1]].index(h[0]) if h[1] in chosen else 0)


def _order_can_matter(s: GameState, recipient: str, hits: list) -> bool:
    """Whether the order in which the sources' hits on `recipient` meet its shields can change
    the game: 615.3 gives the choice "if damage from several sources would strike the shielded
    one simultaneously", and "only the amount matters, not the number of sources". Each order
    is played out on the shields' amounts alone; it matters only if two orders leave a source
    whose damage does something of its own (or whose controller differs) dealing a different
    amount. So a sprung Ward's shield that watches one of two attackers (509.2, 615.8), shields
    that stop it all and interchangeable sources ask nothing."""
    sources = list(dict.fromkeys(src for src, _, _ in hits))
    if len(sources) < 2 or not any(sh.source is None and sh.recipient in (None, recipient) for sh in s.shields):
        return False
    shields = [
        sh for sh in s.shields if sh.recipient in (None, recipient) and (sh.source is None or sh.source in sources)
    ]
    watched = {sh.source for sh in shields if sh.source is not None}
    who = {src: _what_its_damage_does(s, src, recipient, src in watched) for src in sources}
    seen = set()
    for order in islice(permutations(sources), 24):
        left = [[sh.amount, sh.instances] for sh in shields]
        dealt: dict = {}
        for src in order:
            for _, _, n in (h for h in hits if h[0] == src):
                for sh, room in zip(shields, left):
                    if n <= 0 or sh.source not in (None, src):
                        continue
                    if room[1] is not None:  # the next instance (615.4)
                        if room[1] > 0:
                            room[1], n = room[1] - 1, 0
                    elif room[0] is None:  # all of it
                        n = 0
                    else:
                        stop = min(room[0], n)
                        room[0], n = room[0] - stop, n - stop
                controller, own = who[src]
                dealt["total"] = dealt.get("total", 0) + n
                dealt[controller] = dealt.get(controller, 0) or n > 0  # whose damage landed (709.2)
                if own == "amount":
                    dealt[src] = dealt.get(src, 0) + n
                elif own == "landed":
                    dealt[src] = dealt.get(src, False) or n > 0
        seen.add(tuple(sorted(dealt.items(), key=repr)))
        if len(seen) > 1:
            return True
    return False


def _what_its_damage_does(s: GameState, source: str, recipient: str, watched: bool) -> tuple:
    """What depends on which source deals damage to `recipient`, beyond the total: (its
    controller, and "landed" when its damage landing does something of its own — Venom's mark
    (702.6a), Contagion (702.40a), a "deals damage" trigger (603.2e) —, "amount" when how much of
    it lands does — Feed (702.5a), a shield or replacement that watches it (615.8, 614), a Trap's
    bonus, a Sanctity naming its quality (702.15) —, else None)."""
    obj = s.objects.get(source)
    if obj is None:
        return (None, None)
    card = s.card(obj)
    target = s.objects.get(recipient)
    quality = ch.keyword_value(s, target, SANCTITY) if target is not None else None
    if (
        watched
        or ch.has(s, obj, FEED)
        or (obj.card_type or (card.type if card else None)) == "Trap"
        or any(
            layers.covers(s, holder, obj, st.get("affects", "own_sources"))
            for holder, st in layers.statics_of(s, "double_damage")
        )
        or bool(quality and quality in ch.qualities(s, obj))
    ):
        return (obj.controller, "amount")
    if ch.has(s, obj, VENOM) or ch.has(s, obj, CONTAGION) or bool(card is not None and card.triggers("deals_damage")):
        return (obj.controller, "landed")
    return (obj.controller, None)


def _contagion(s: GameState, struck: dict) -> None:
    """702.40a: a Contagion source's combat damage to an Entity or a Master triggers a Corruption
    counter for that recipient; it spreads through blocking (its blockers; the attacker it blocks)."""
    for source, recipients in struck.items():
        src = s.objects.get(source)
        if src is None or not ch.has(s, src, CONTAGION):
            continue
        reached = [
            r for r in recipients if s.player(r) is not None or (r in s.objects and ch.is_entity(s, s.objects[r]))
        ]
        for attack in s.attacks:
            if attack.attacker == source:
                reached += attack.blockers
            elif source in attack.blockers:
                reached.append(attack.attacker)
        reached = [r for r in dict.fromkeys(reached) if s.player(r) is not None or s.objects[r].zone == "battlefield"]
        if reached:
            s.waiting.append(
                Trigger(
                    src.controller,
                    source,
                    _CONTAGION,
                    f"{s.known_card(src).name}'s Contagion trigger",
                    "contagion",
                    reached,
                )
            )


_CONTAGION = (
    Effect("add_counters", {"kind": "corruption", "n": 1, "to": "target"}),
    Effect("corruption", {"amount": 1, "who": "target_player"}),
)


def end_of_combat(s: GameState, log: list) -> None:
    control.expire(s, lambda e: e.until == "end_of_combat", log)
    if s.attacks:  # (left alone when already empty: an unchanged state lets the next check be skipped, unchanged.py)
        s.attacks = []
    s.damage_round, s.strikers, s.frenzied = 0, (), ()
    log.append(
        event(
            "the combat phase ends: every permanent is removed from combat; until-end-of-combat effects expire",
            "511.3",
            "511.2",
        )
    )
