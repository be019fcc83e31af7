"""Wards: setting a Trap into a Haven's empty Ward slot (307.3), and springing a Trap set in an
attacked Haven's Wards (307.4, 509.2, 615.2).

One Trap per attack on a Haven, the Haven owner's choice, from that Haven's Wards; it is
revealed, acts on the attack (its `target` is the attacking Entity) and goes to the Spoils.
Whether it uses the stack is policy C5; the window it may be sprung in is policy C6.
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.checks import priority
from judge.engine.core.errors import Refused
from judge.engine.core.events import event
from judge.engine.core.state import GameState, StackItem
from judge.engine.instructions import effects
from judge.engine.mechanics import counting
from judge.engine.performing import costs, perform
from judge.engine.performing.zones import move

TRAP_SET = "trap"  # the kind of a Trap's set announcement on the stack (307.3)


def free_slots(s: GameState, haven: str) -> int:
    """A Haven's printed Wards less the Traps set there or announced toward it (116.2b, 307.3)."""
    card = s.known_card(haven)
    taken = sum(1 for p in s.players for w in p.wards if s.objects[w].attached_to == haven)
    taken += sum(1 for i in s.stack if i.kind == TRAP_SET and i.source == haven)
    return (card.wards or 0) - taken


def set_trap(s: GameState, player: str, oid: str, haven: str, log: list) -> None:
    """307.3: in a main phase of the setter's own turn, pay the Trap's Vitae cost and announce it
    onto the stack toward an empty Ward slot of a Haven they control; it rests face down there
    when the announcement resolves."""
    priority.require(s, player)
    card = s.card(oid)
    if card is None or not card.is_a("Trap") or oid not in s.known_player(player).hand:
        raise Refused(f"{s.objects[oid].card or 'that card'} is not a Trap in {player}'s hand", "307.3")
    if s.active != player or not s.in_main_phase():
        raise Refused("a Trap is set only during a main phase of its setter's own turn", "307.3")
    target = s.objects.get(haven)
    if (
        target is None
        or target.zone != "battlefield"
        or target.controller != player
        or not s.known_card(target).is_a("Haven")
    ):
        raise Refused(f"{s.known_card(target).name if target else haven} is not a Haven {player} controls", "307.3")
    if free_slots(s, haven) <= 0:
        raise Refused(f"{s.known_card(target).name} has no empty Ward slot", "307.3", "116.2b")
    vitae = costs.determine(s, player, card, oid, card.cost.vitae, log, doing=" to set")
    costs.pay(s, s.known_player(player), replace(card.cost, vitae=vitae), log, what=f"setting {card.name}")
    move(s, oid, "stack")
    s.stack.append(StackItem(TRAP_SET, player, obj=oid, source=haven, label="set Trap", uid=s.next_uid))
    s.next_uid += 1
    log.append(
        event(
            f"{player} announces the setting of a Trap (face down) into a Ward slot of "
            f"{s.known_card(target).name}: the announcement goes on the stack",
            "307.3",
            "405.6",
        )
    )
    priority.back(s, player, log, "116.3")


def resolve_set(s: GameState, item: StackItem, log: list) -> None:
    """The set announcement resolves: the Trap rests face down in the Haven's Ward slot (307.3) —
    or, the Haven gone, it cannot be placed and goes to its owner's Spoils (101.3)."""
    assert item.obj is not None, "a set announcement is its Trap's card object (307.3)"
    haven = s.objects.get(item.source) if item.source is not None else None
    if item.source is None or haven is None or haven.zone != "battlefield":
        went = perform.move(s, item.obj, "spoils", log)
        log.append(
            event(
                f"the set Trap's Haven is gone: it cannot be placed and goes to its owner's {went.title()}",
                "307.3",
                "101.3",
            )
        )
        return
    move(s, item.obj, "wards")
    s.edit(item.obj).attached_to = item.source
    log.append(
        event(
            f"{item.controller}'s set announcement resolves: the Trap rests face down in {s.known_card(haven).name}'s Wards",
            "307.3",
            "708.5",
        )
    )


def _in_window(s: GameState, attack) -> bool:
    if s.phase != "combat" or not s.attacks_declared:
        return False
    if s.step in ("declare_attackers", "declare_blockers"):
        return True
    # 307.4's reading: any time before the attack's own damage is dealt.
    return (
        s.policies.reading("C6") == "307.4" and s.step == "combat_damage" and not s.damage_dealt and s.damage_round == 0
    )


def spring(s: GameState, player: str, trap_id: str, attacker: str, log: list) -> None:
    trap = s.objects.get(trap_id)
    card = s.card(trap) if trap else None
    if trap is None or trap.zone != "wards" or trap.owner != player or card is None or card.type != "Trap":
        raise Refused(f"{card.name if card else trap_id} is not a Trap set in {player}'s Wards", "307.4", "509.2")
    attack = next((a for a in s.attacks if a.attacker == attacker), None)
    if attack is None:
        raise Refused(f"{s.objects[attacker].card if attacker in s.objects else attacker} is not attacking", "509.2")
    haven = s.objects.get(attack.target)
    if trap.attached_to != attack.target or haven is None:
        raise Refused(
            f"{card.name} wards {s.objects[trap.attached_to].card if trap.attached_to in s.objects else 'no Haven'}"
            f", not what that attack targets",
            "509.2",
            "307.4",
        )
    # the Ward is the player's own and arms that Haven, so the player is the Haven's owner (509.2)
    if attack.sprung:
        raise Refused("a Ward was already sprung against that attack: one per attack", "509.2", "408.3b", "307.4")
    if not _in_window(s, attack):
        raise Refused(
            f"the window to spring a Ward is closed {s.policies.note('C6')}", *s.policies.rules("C6"), policy="C6"
        )
    s.attacks = [replace(a, sprung=trap_id) if a is attack else a for a in s.attacks]
    ctx_targets = [attacker]
    name = card.name
    on_stack = s.policies.reading("C5") == "509.2"
    log.append(
        event(
            f"{player} springs {name} from the Wards of {s.known_card(haven).name} against "
            f"{s.objects[attacker].card}: it is revealed"
            + (" and put onto the stack" if on_stack else " and resolves at once, before the attack's damage")
            + f" {s.policies.note('C5')}",
            "509.2",
            "408.3b",
            "307.4",
            "615.2",
            *s.policies.rules("C5"),
            policy="C5",
        )
    )
    if on_stack:
        counting.scatter(s, card, attacker, log)  # a Scatter Trap's attacker counts as it is sprung at (702.45a)
        perform.move(s, trap_id, "spoils", log)
        s.stack.append(
            StackItem(
                "ability",
                player,
                source=trap_id,
                effects=card.spell_effects,
                targets=tuple(ctx_targets),
                label=f"{name} (a sprung Ward)",
                uid=s.next_uid,
            )
        )
        s.next_uid += 1
        return
    effects.run(s, card.spell_effects, effects.Context(player, trap_id, ctx_targets), log)
    counting.scatter(s, card, attacker, log)  # a Scatter Trap's attacker must count (702.45a)
    went = perform.move(s, trap_id, "spoils", log)
    log.append(event(f"the spent Ward {name} goes to its owner's {went.title()}", "307.5", "509.2"))
