"""Declaring combat (506–509): what may attack what, and what may block which attacker; the
declare attackers and declare blockers actions, the drain and the triggers they start (Champion),
and how an attack's target is named. The damage that follows is in combat_damage.py."""

from __future__ import annotations

from dataclasses import replace

from judge.cards.model import Effect
from judge.engine.core import keywords
from judge.engine.core.errors import Refused
from judge.engine.core.events import event
from judge.engine.core.state import Attack, GameState, Trigger
from judge.engine.mechanics import counting
from judge.engine.procedures import grounds, processions
from judge.engine.reading import characteristics as ch
from judge.engine.reading import layers
from judge.engine.triggered import triggers

BLOODLUST = keywords.implements("Bloodlust", "702.9")
BULWARK = keywords.implements("Bulwark", "702.17")
VIGILANCE = keywords.implements("Vigilance", "702.4")
CHAMPION = keywords.implements("Champion", "702.28")
SANCTITY = keywords.implements("Sanctity", "702.15", "quality")
FLYING = keywords.implements("Flying", "702.10")
REACH = keywords.implements("Reach", "702.11")
DREAD = keywords.implements("Dread", "702.8")
PACK = keywords.implements("Pack", "702.44", "number")


def declare_attackers(s: GameState, player: str, decls: list, log: list) -> None:
    if s.active != player:
        raise Refused(f"only the active player declares attacks, not {player}", "508.1", "506.3")
    if (s.phase, s.step) != ("combat", "declare_attackers") or s.attacks_declared or s.stack:
        raise Refused("attacks are declared at the start of the declare attackers step", "508.1")
    attacks = []
    seen = set()
    hungry = False  # a newly turned attacker that Bloodlust lets attack (702.9a)
    for attacker, target in decls:
        obj = s.objects.get(attacker)
        name = s.known_card(obj).name if obj else attacker
        if obj is not None and obj.zone == "shelter":
            raise Refused(
                f"{name} is sheltered: it stands outside combat and cannot attack", "506.5", "408.2b", "514.4g"
            )
        if obj is None or obj.zone != "battlefield" or obj.controller != player or not ch.is_entity(s, obj):
            raise Refused(f"{name} is not an Entity {player} controls on the battlefield", "506.4", "508.1a")
        if attacker in seen:
            raise Refused(f"{name} is declared twice", "508.1a")
        seen.add(attacker)
        if obj.drained:
            raise Refused(f"{name} is drained and cannot attack", "508.1a")
        if obj.newly_turned and not ch.has(s, obj, BLOODLUST):
            raise Refused(f"{name} is newly turned and cannot attack", "110.5d", "302.6", "508.1a")
        hungry = hungry or obj.newly_turned
        if not ch.can_act_now(s, obj):
            raise Refused(f"{name}'s binding keeps it out of this round's fighting", "508.1a", "107.5b")
        if ch.has(s, obj, BULWARK):
            raise Refused(f"{name} has Bulwark and can't attack", "702.17a", "508.1c")
        if counting.counting(s, obj):
            raise Refused(f"{name} bears count counters: it is counting and cannot attack", "702.45b", "122.2j")
        defender = _target_owner(s, player, target)
        attacks.append(Attack(attacker, target, defender))
    vigilant = []
    if sum(1 for a in attacks if processions.piece(s, a.target) is not None) > 1:
        raise Refused("at most one attack a turn may be declared at a convoy's hidden pieces", "506.3e", "408.5b")
    for att in attacks:
        obj = s.objects[att.attacker]
        if ch.has(s, obj, VIGILANCE):
            vigilant.append(obj.card)
        else:
            s.edit(att.attacker).drained = True
        tobj = s.objects.get(att.target)
        if tobj is not None and ch.ctype(s, tobj) == "Haven":
            s.known_player(player).siege_count += 1
        triggers.fire(s, "attacks", att.attacker)
    s.attacks = attacks
    s.attacks_declared = True
    champions = _champion(s, player, attacks[0].attacker) if len(attacks) == 1 else []
    desc = (
        "; ".join(f"{s.objects[a.attacker].card} attacks {name_in_combat(s, a.target)}" for a in attacks)
        or "no attacks"
    )
    drain = "; attackers drain" + (f" ({', '.join(vigilant)}: Vigilance, it does not)" if vigilant else "")
    log.append(
        event(
            f"{player} declares attacks: {desc}{drain}",
            "508.1",
            "508.1e",
            "506.3",
            *(("508.2",) if any(_is_haven(s, a.target) for a in attacks) else ()),
            *(("506.3d", "311.6") if any(s.player(a.target) is not None for a in attacks) else ()),
            *(("702.4a",) if vigilant else ()),
            *(("702.9a",) if hungry else ()),
        )
    )
    log.extend(champions)
    grounds.on_declaration(s, log)


# Champion's bonus by policy C33's reading: until end of turn (702.28a), or for that combat (the glossary)
_CHAMPION_BONUS = {
    reading: (Effect("modify", {"attack": 1, "vigor": 1, "until": until, "to": "target"}),)
    for reading, until in (("702.28a", "end_of_turn"), ("glossary/champion", "end_of_combat"))
}


def _champion(s: GameState, player: str, attacker: str) -> list:
    """702.28a: each Champion its controller has triggers when an Entity they control attacks alone;
    how long the bonus lasts is policy C33's. Returns the events that say so."""
    reading = s.policies.reading("C33")
    said = []
    for oid in s.battlefield:
        obj = s.objects[oid]
        if obj.controller == player and ch.has(s, obj, CHAMPION):
            name = s.known_card(obj).name
            s.waiting.append(
                Trigger(player, oid, _CHAMPION_BONUS[reading], f"{name}'s Champion trigger", "champion", (attacker,))
            )
            said.append(
                event(
                    f"{name_in_combat(s, attacker)} attacks alone: {name}'s Champion triggers {s.policies.note('C33')}",
                    "702.28a",
                    *s.policies.rules("C33"),
                    policy="C33",
                )
            )
    return said


def _is_haven(s: GameState, target: str) -> bool:
    obj = s.objects.get(target)
    return obj is not None and ch.ctype(s, obj) == "Haven"


def name_in_combat(s: GameState, target: str) -> str:
    """An attacker, a blocker or what an attack strikes, by name: a permanent's card (its guise,
    face down: 708.2), a player's Master, or a hidden piece of the road."""
    obj = s.objects.get(target)
    if obj is None and target.startswith("piece:"):
        return f"a hidden piece of the road ({target})"
    return s.known_card(obj).name if obj else f"{target}'s Master"


def _target_owner(s: GameState, player: str, target: str) -> str:
    found = processions.piece(s, target)
    if found is not None:
        if found[0] == player:
            raise Refused("a player does not strike their own Procession", "408.5b", "506.3e")
        return found[0]
    p = s.player(target)
    if p is not None:
        if p.name == player or p.lost:
            raise Refused(f"{target} is not an opponent", "506.3")
        if s.is_day and _master_sheltered(s, p):
            raise Refused(
                f"{p.name}'s Master is sheltered in its refuge for the Day and cannot be attacked",
                "311.6",
                "506.3d",
                "506.5",
                "408.2b",
                "500.16",
            )
        companions = [
            o for o in s.battlefield if s.objects[o].controller == p.name and ch.ctype(s, s.objects[o]) == "Companion"
        ]
        if companions:
            raise Refused(f"{p.name} controls a Companion: the Master is shielded", "306.7", "311.6", "506.3d")
        return p.name
    obj = s.objects.get(target)
    if obj is not None and obj.zone == "shelter":
        raise Refused(
            f"{name_in_combat(s, target)} is sheltered and cannot be attacked: the siege must strike the Haven itself",
            "506.5",
            "408.2b",
            "514.4g",
        )
    if obj is None or obj.zone != "battlefield" or obj.controller == player:
        raise Refused(
            f"{name_in_combat(s, target)} is not an opponent's permanent on the battlefield", "506.3", "508.1b"
        )
    if ch.ctype(s, obj) not in ("Entity", "Haven", "Companion"):
        raise Refused(f"{name_in_combat(s, target)} cannot be attacked", "506.3")
    return obj.controller


def _master_sheltered(s: GameState, p) -> bool:
    """By Day the Master rests in its refuge (500.16), while that refuge stands."""
    refuge = s.objects.get(p.refuge) if p.refuge else None
    return refuge is not None and refuge.zone == "battlefield"


def declare_blockers(s: GameState, player: str, decls: list, log: list) -> None:
    if (s.phase, s.step) != ("combat", "declare_blockers") or s.blocks_declared or s.stack:
        raise Refused("blocks are declared at the start of the declare blockers step", "509.1")
    drained_blockers = []
    planned: dict[str, list] = {}
    evasion = []  # the keyword rules a legal block satisfied (702.10a, 702.11a)
    for blocker, attacker in decls:
        obj = s.objects.get(blocker)
        name = s.known_card(obj).name if obj else blocker
        attack = next((a for a in s.attacks if a.attacker == attacker), None)
        if attack is None:
            raise Refused(f"{name_in_combat(s, attacker)} is not attacking", "509.1a")
        if attack.defender != player:
            raise Refused(f"{player} is not the defending player of that attack", "509.1a", "506.3f")
        if obj is not None and obj.zone == "shelter":
            raise Refused(
                f"{name} is sheltered: it stands outside combat and cannot block", "506.5", "408.2b", "514.4g"
            )
        if obj is None or obj.zone != "battlefield" or obj.controller != player or not ch.is_entity(s, obj):
            raise Refused(f"{name} is not an Entity {player} controls", "506.4", "509.1a")
        quality = ch.keyword_value(s, s.objects[attacker], SANCTITY)
        if quality and quality in ch.qualities(s, obj):
            raise Refused(
                f"{name_in_combat(s, attacker)} has Sanctity from {quality}: {name} can't block it", "702.15a", "509.1d"
            )
        if counting.counting(s, obj):
            raise Refused(f"{name} bears count counters: it is counting and cannot block", "702.45b", "122.2j")
        if any(blocker in v for v in planned.values()):
            raise Refused(f"{name} can block only one attack", "509.1a")
        if attacker_has(s, attacker, FLYING):
            if not (ch.has(s, obj, FLYING) or ch.has(s, obj, REACH)):
                raise Refused(
                    f"{name_in_combat(s, attacker)} has Flying: {name} has neither Flying nor Reach",
                    "702.10a",
                    "702.11a",
                    "509.1d",
                )
            evasion += ["702.10a"] + (["702.11a"] if not ch.has(s, obj, FLYING) else [])
        if obj.drained:
            if s.policies.reading("C35") != "509.1c":
                raise Refused(
                    f"{name} is drained and cannot block {s.policies.note('C35')}",
                    *s.policies.rules("C35"),
                    policy="C35",
                )
            drained_blockers.append(blocker)
        planned.setdefault(attacker, []).append(blocker)
    for attacker, blockers in planned.items():
        if attacker_has(s, attacker, DREAD):
            if len(blockers) < 2:
                raise Refused(
                    f"{name_in_combat(s, attacker)} has Dread: it needs two or more blockers", "702.8a", "509.1d"
                )
            evasion.append("702.8a")
    lone = [a for a, bs in planned.items() if bs] if sum(len(bs) for bs in planned.values()) == 1 else []
    for attacker in lone:
        if _cant_be_blocked_alone(s, attacker):
            raise Refused(
                f"{name_in_combat(s, attacker)} has Pack {ch.keyword_value(s, s.objects[attacker], PACK)} and attacks "
                f"with the pack: it can't be blocked alone, and its blocker would be the only one declared",
                "702.44a",
                "506.7",
                "509.1d",
            )
    for blocker in drained_blockers:
        s.edit(blocker).damage += 1
        log.append(
            event(
                f"{s.objects[blocker].card} blocks while drained and takes 1 damage counter {s.policies.note('C35')}",
                "509.1c",
                *s.policies.rules("C35"),
                policy="C35",
            )
        )
    s.attacks = [
        replace(a, blockers=tuple(planned.get(a.attacker, ())), blocked=bool(planned.get(a.attacker)), order=None)
        for a in s.attacks
    ]
    for attack in s.attacks:
        for b in attack.blockers:
            triggers.fire(s, "blocks", b)
        if attack.blockers:
            # 509.3a, 700.1: becoming blocked is one event; each blocker is one more (603.2c)
            triggers.fire(s, "becomes_blocked", attack.attacker)
            for _ in attack.blockers:
                triggers.fire(s, "blocked_by_entity", attack.attacker)
    if any(s.known_card(a.attacker).triggers("blocked_by_entity") for a in s.attacks if len(a.blockers) > 1):
        log.append(
            event(
                "an attacker met by several blockers became blocked once, and was blocked by each of them: "
                "one trigger per blocker",
                "700.1",
                "603.2c",
                "509.3a",
            )
        )
    s.blocks_declared = True
    desc = "; ".join(f"{s.objects[b].card} blocks {s.objects[a].card}" for a, bs in planned.items() for b in bs)
    log.append(
        event(
            f"{player} declares blocks: {desc or 'none'}",
            "509.1",
            "509.1g",
            *(("509.1d", *evasion) if evasion else ()),
            *(("509.1c",) if drained_blockers else ()),
        )
    )


def _cant_be_blocked_alone(s: GameState, attacker: str) -> bool:
    """702.44a's second half, while its Pack condition holds (`while: pack`). "Alone" as 506.7
    defines it for blocking: the only blocker declared (the engine's reading; the rule does not
    say "by one Entity", which Dread, 702.8a, would say)."""
    return any(src.id == attacker for src, _ in layers.statics_of(s, "cant_be_blocked_alone"))


def attacker_has(s: GameState, oid: str, kw: str) -> bool:
    obj = s.objects.get(oid)
    return obj is not None and ch.has(s, obj, kw)
