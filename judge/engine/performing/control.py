"""Control changes (layer 2, 613.1b; 723): who controls a permanent when an effect says otherwise.

A control-changing effect is a Modifier of layer "2" (state.py) on one permanent: the player it
gives control to (`gains`) and the controller to go back to once no such effect is left
(`base`). An object's `controller` is the outcome of layer 2, kept up to date here as the
effects begin and end, so that every rule reading it reads layer 2's result: the latest effect
wins (613.7), and when the last one ends control reverts (723.3). Seizing control never changes
ownership and removes nothing from the permanent; the permanent is newly turned for its new
controller (723.3, 110.5d) and is removed from combat (506.6).

Durations end with the other continuous effects (`expire`): at cleanup, at the end of combat,
as the maker's next turn begins.
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.core.events import event
from judge.engine.core.state import GameState, Modifier
from judge.engine.reading import layers


def _name(s: GameState, oid: str) -> str:
    card = s.card(s.objects[oid])
    return card.name if card else oid


def gain(s: GameState, oid: str, player: str, until: str, by: str, origin: str, log: list, rules: tuple = ()) -> None:
    """`player` gains control of the permanent `oid` for `until` (an effect `by` made, from `origin`)."""
    obj = s.objects[oid]
    current = [m for m in s.modifiers if m.obj == oid and m.layer == "2"]
    base = current[0].base if current else obj.controller
    s.modifiers.append(Modifier(oid, None, None, until, s.next_ts, layer="2", controller=by, gains=player, base=base))
    s.next_ts += 1
    if obj.controller == player:
        log.append(
            event(
                f"{origin}: {player} already controls {_name(s, oid)}; the effect changes nothing now",
                "613.1b",
                "723.3",
                *rules,
            )
        )
        return
    _change(
        s,
        oid,
        player,
        log,
        f"{origin}: {player} gains control of {_name(s, oid)} "
        f"({'until ' + until.replace('_', ' ') if until != 'permanent' else 'for good'})",
        ("613.1b", "723.3", *rules),
    )


def _change(s: GameState, oid: str, player: str, log: list, text: str, rules: tuple) -> None:
    obj = s.edit(oid)
    owner = obj.owner
    obj.controller = player
    obj.newly_turned = True  # not under this controller since their turn began (723.3, 110.5d)
    removed = remove_from_combat(s, oid)
    log.append(
        event(
            f"{text}; its owner is still {owner}, and it is newly turned for its new controller"
            + ("; it is removed from combat" if removed else ""),
            *rules,
            "110.5d",
            *(("506.6",) if removed else ()),
        )
    )


def remove_from_combat(s: GameState, oid: str) -> bool:
    """506.6: an attacker's attack ends; a blocker stops blocking (its attacker stays blocked, 509.1g);
    an attack target stops being attacked (the attack has no target left: it deals nothing, 510.2b).
    Returns whether it was in combat."""
    found = False
    attacks = []
    for a in s.attacks:
        if a.attacker == oid:
            found = True
            continue
        if oid in a.blockers:
            found = True
            a = replace(a, blockers=tuple(b for b in a.blockers if b != oid))
        if a.target == oid:
            found = True
            a = replace(a, target="")  # names nothing any more
        attacks.append(a)
    if found:
        s.attacks = attacks
    return found


def expire(s: GameState, ends, log: list) -> list:
    """End every continuous effect for which `ends(effect)` holds — modifiers, shields and
    redirections alike — and let control revert where a control effect ended. Returns the
    modifiers that ended."""
    ended = [m for m in s.modifiers if ends(m)] if s.modifiers else []
    if s.shields and any(ends(sh) for sh in s.shields):
        s.shields = [sh for sh in s.shields if not ends(sh)]
    if s.redirects and any(ends(r) for r in s.redirects):
        s.redirects = [r for r in s.redirects if not ends(r)]
    if not ended:
        return ended
    s.modifiers = [m for m in s.modifiers if not ends(m)]
    _restore(s, [m for m in ended if m.layer == "2"], log)
    for oid in dict.fromkeys(m.obj for m in ended if m.card_type is not None):
        layers.retype(s, oid)
    return ended


def _restore(s: GameState, ended: list, log: list) -> None:
    if not ended:
        return
    for oid in dict.fromkeys(m.obj for m in ended):
        obj = s.objects.get(oid)
        if obj is None or obj.zone != "battlefield":
            continue
        left = [m for m in s.modifiers if m.obj == oid and m.layer == "2"]
        to = max(left, key=lambda m: m.timestamp).gains if left else next(m.base for m in ended if m.obj == oid)
        assert to is not None, "a control effect names the player it gives control to, and the one it reverts to"
        if to != obj.controller:
            _change(
                s,
                oid,
                to,
                log,
                f"the control-changing effect on {_name(s, oid)} ends: control reverts to {to}",
                ("723.3", "613.1b"),
            )


STATIC = "while_it_applies"  # the duration of a control effect a static ability makes (611.3)


def statics_may_apply(s: GameState) -> bool:
    """Whether a static control effect applies or may start to (settle_statics has work to do)."""
    if s.static_control:
        return True
    found = s._memo.get("control_statics")  # (memo's lookup, without its call when found)
    if found is None:
        found = s.memo(
            "control_statics",
            lambda: [oid for oid, plans in layers.static_sources(s) if any("control" in st for st, *_ in plans)],
        )
    return bool(found)


def settle_statics(s: GameState, log: list) -> None:
    """611.3, 613.1b: a static `control` ability ("You control the bound Entity") applies to what
    it covers for as long as it does; its control effect carries its source's timestamp (613.7a).
    Checked each time a player would receive priority, before the state-based actions."""
    wanted = {}
    for src, st in layers.statics_of(s, "control"):
        for oid in s.battlefield:
            target = s.objects[oid]
            if oid != src.id and layers.covers(s, src, target, st.get("affects", "attached")):
                wanted[(src.id, oid)] = src
    current = {(m.origin, m.obj): m for m in s.modifiers if m.until == STATIC}
    if not wanted and not current:
        return
    ended = [m for key, m in current.items() if key not in wanted or wanted[key].controller != m.gains]
    if ended:
        s.modifiers = [m for m in s.modifiers if m not in ended]
        _restore(s, ended, log)
    for (src_id, oid), src in wanted.items():
        if (src_id, oid) in current and current[(src_id, oid)] not in ended:
            continue
        obj = s.objects[oid]
        others = [m for m in s.modifiers if m.obj == oid and m.layer == "2"]
        base = others[0].base if others else obj.controller
        s.modifiers.append(
            Modifier(
                oid,
                None,
                None,
                STATIC,
                src.timestamp,
                layer="2",
                controller=src.controller,
                gains=src.controller,
                base=base,
                origin=src_id,
            )
        )
        s.modifiers.sort(key=lambda m: m.timestamp)
        left = [m for m in s.modifiers if m.obj == oid and m.layer == "2"]
        winner = max(left, key=lambda m: m.timestamp).gains
        assert winner is not None, "a control effect names the player it gives control to"
        if winner != obj.controller:
            _change(
                s,
                oid,
                winner,
                log,
                f"{s.known_card(src).name}'s static ability: {winner} controls {_name(s, oid)} while it applies",
                ("611.3", "613.1b", "723.3"),
            )
    s.static_control = any(m.until == STATIC for m in s.modifiers)
