"""Replacement and prevention effects (614–616): they rewrite one proposed event at a time.

A proposed event (judge/engine/performing/proposals.py: damage, a zone change, Vitae to a pool, a draw) is
offered to every applicable effect; each applies at most once (614.3) and the chain follows the
modified event (616.3): a redirected hit meets the new recipient's shields. An effect either
changes the event in place or replaces it with other proposed events, which meet the
replacement effects in their turn when perform.py carries them out. Nothing here moves a card
or changes a pool: this module only rewrites (and spends the shields and redirections it uses).
Which effect applies first is chosen by the affected player, or the affected object's
controller (616.1): self-replacements first (616.1a), then the effects that player names in a
standing `prefer` (the order they choose); otherwise they are asked (asking.py), and the stated
default — only where a scenario opts in — is timestamp order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from judge.engine.choosing import arranging
from judge.engine.choosing.asking import ask
from judge.engine.core import keywords
from judge.engine.core.events import event
from judge.engine.core.state import GameState
from judge.engine.performing.proposals import Draw, Draws, Gain, Hit, ZoneChange
from judge.engine.reading import characteristics as ch
from judge.engine.reading import layers

SANCTITY = keywords.implements("Sanctity", "702.15", "quality")


@dataclass
class Candidate:
    key: str  # the same effect never applies twice to one event (614.3)
    origin: str  # the card it comes from, as named in events and in `prefer`
    origin_id: str | None
    timestamp: int
    apply: Callable  # (event, log) -> None, changing the event in place, or [events] replacing it
    self_replacement: bool = False
    rules: tuple = field(default_factory=tuple)


def affected_player(s: GameState, who: str) -> str | None:
    if s.player(who) is not None:
        return who
    obj = s.objects.get(who)
    return (obj.controller or obj.owner) if obj else None


def _choose(s: GameState, player: str | None, found: list[Candidate], log: list) -> Candidate:
    """616.1: self-replacements first (616.1a); then the affected player chooses — by their
    standing `prefer` order, else asked (the stated default: the earliest timestamp)."""
    selfish = [c for c in found if c.self_replacement]
    if selfish:
        return selfish[0]
    prefer = s.prefer.get(player, []) if player else []
    for name in prefer:
        for c in found:
            if name in (c.origin, c.origin_id):
                return c
    earliest = min(found, key=lambda c: c.timestamp)
    if player is None or len({c.origin for c in found}) == 1:
        return earliest  # alike: which applies first changes nothing
    labels = _labels(found)
    word = ask(
        s,
        log,
        "replacement-order",
        player,
        tuple(labels),
        "which replacement or prevention effect applies first: " + ", ".join(labels),
        keys=tuple(c.origin_id or label for c, label in zip(found, labels)),
        default=labels[found.index(earliest)],
    )
    return found[labels.index(word)]


def _labels(found: list[Candidate]) -> list[str]:
    counts: dict = {}
    out = []
    for c in found:
        counts[c.origin] = counts.get(c.origin, 0) + 1
        out.append(c.origin if counts[c.origin] == 1 else f"{c.origin} #{counts[c.origin]}")
    return out


def rewrite(s: GameState, ev, log: list) -> list:
    """Offer the proposed event `ev` to the applicable effects until none is left (616.1).
    Returns `[ev]` (changed in place, or not at all) or the events that replaced it."""
    gather, affected = GATHER[type(ev)]
    used: set[str] = set()
    for _ in range(50):  # each effect at most once; the bound is a guard
        found = [c for c in gather(s, ev) if c.key not in used]
        if not found:
            return [ev]
        who = affected(s, ev)
        pick = _choose(s, who, found, log)
        if len(found) > 1:
            log.append(
                event(
                    f"{who or 'the owner'} chooses which effect applies first: {pick.origin} "
                    f"(of {', '.join(c.origin for c in found)})",
                    "616.1",
                    "616.1a" if pick.self_replacement else "616.1d",
                )
            )
        used.add(pick.key)
        instead = pick.apply(ev, log)
        if instead is not None:
            return list(instead)
    raise RuntimeError("a replacement chain did not settle in 50 applications")


# -- damage ----------------------------------------------------------------------------------
def _name(s: GameState, who: str | None) -> str:
    if who is None:
        return "an effect"
    if s.player(who) is not None:
        return f"{who}'s Master"
    obj = s.objects.get(who)
    card = s.card(obj) if obj else None
    return card.name if card else who


def damage_candidates(s: GameState, hit: Hit) -> list[Candidate]:
    if hit.amount <= 0:
        return []  # 614.4: a 0-damage event does not happen, there is nothing to replace
    out: list[Candidate] = []
    for r in s.redirects:
        if r.protect == hit.recipient:
            out.append(_redirect(s, r))
    src = s.objects.get(hit.source) if hit.source else None
    if src is not None and (src.card_type or s.known_card(src).type) == "Trap":  # after type changes (613.1d)
        for holder, st in layers.statics_of(s, "trap_bonus"):
            if src.owner == holder.controller:  # a Trap its controller set in their own Havens (307.3)
                out.append(_sharpen(s, holder, st["trap_bonus"]["damage"]))
    if src is not None:
        for holder, st in layers.statics_of(s, "double_damage"):
            if layers.covers(s, holder, src, st.get("affects", "own_sources")):
                out.append(_double(s, holder))
    for i, sh in enumerate(s.shields):
        if (
            sh.recipient in (None, hit.recipient)
            and (sh.source is None or sh.source == hit.source)
            and (not sh.combat or hit.combat)
        ):
            out.append(_shield(s, sh, i))
    target = s.objects.get(hit.recipient)
    if target is not None:
        for holder, st in layers.statics_of(s, "reduce_damage"):
            if layers.covers(s, holder, target, st.get("affects", "self")):
                out.append(_reduce(s, holder, int(st["reduce_damage"])))
        quality = ch.keyword_value(s, target, SANCTITY)
        if quality and src is not None and quality in ch.qualities(s, src):
            out.append(_sanctity(s, target, quality))
    return out


def _prevent(hit: Hit, n: int | None) -> int:
    """Prevent up to n (None: all); returns how much was prevented (0 if unpreventable, 615.9)."""
    if hit.unpreventable:
        return 0
    stopped = hit.amount if n is None else min(n, hit.amount)
    hit.amount -= stopped
    hit.prevented += stopped
    return stopped


def _redirect(s: GameState, r) -> Candidate:
    def apply(hit: Hit, log: list) -> None:
        alive = (
            s.player(r.onto) is not None
            and not s.known_player(r.onto).lost
            or (r.onto in s.objects and s.objects[r.onto].zone == "battlefield")
        )
        if r.next_only and r in s.redirects:
            s.redirects.remove(r)
        if not alive:
            log.append(event(f"{r.origin}: the new recipient is gone, so the redirection does nothing", "614.6f"))
            return
        log.append(
            event(
                f"{r.origin}: the {hit.amount} damage to {_name(s, hit.recipient)} is dealt to "
                f"{_name(s, r.onto)} instead",
                "614.6f",
                "614.1",
                "616.3",
            )
        )
        hit.recipient = r.onto

    return Candidate(f"redirect:{r.timestamp}", r.origin or "a redirection", None, r.timestamp, apply)


def _double(s: GameState, holder) -> Candidate:
    name = s.known_card(holder).name

    def apply(hit: Hit, log: list) -> None:
        hit.amount *= 2
        log.append(
            event(
                f"{name}: the damage is doubled instead, to {hit.amount} (each doubler applies once)", "614.1", "614.3"
            )
        )

    return Candidate(f"double:{holder.id}", name, holder.id, holder.timestamp, apply)


def _sharpen(s: GameState, holder, n: int) -> Candidate:
    name = s.known_card(holder).name

    def apply(hit: Hit, log: list) -> None:
        hit.amount += n
        log.append(
            event(
                f"{name} sharpens the sprung Trap: it deals {n} more, {hit.amount} damage", "604.4", "303.5a", "614.1"
            )
        )

    return Candidate(f"sharpen:{holder.id}", name, holder.id, holder.timestamp, apply)


def _shield(s: GameState, sh, index: int) -> Candidate:
    def apply(hit: Hit, log: list) -> None:
        origin = sh.origin or "a prevention shield"
        if hit.unpreventable:
            log.append(
                event(
                    f"{origin} applies, but the damage can't be prevented: nothing is prevented and the "
                    f"shield is not spent",
                    "615.9",
                )
            )
            return
        rules: tuple[str, ...]
        if sh.instances is not None:
            stopped = _prevent(hit, None)
            spent = replace(sh, instances=sh.instances - 1)
            rules = ("615.4",)
        else:
            stopped = _prevent(hit, sh.amount)
            spent = replace(sh, amount=sh.amount - stopped) if sh.amount is not None else sh
            rules = ("615.3",) if sh.amount is not None else ("615.1",)
        if sh.source is not None and sh.combat:
            rules += ("615.2",)
        s.shields = [spent if x is sh else x for x in s.shields]
        s.shields = [
            x for x in s.shields if (x.amount is None or x.amount > 0) and (x.instances is None or x.instances > 0)
        ]
        log.append(
            event(
                f"{origin} prevents {stopped} damage to {_name(s, hit.recipient)}"
                + (f" ({spent.amount} left on the shield)" if spent.amount else ""),
                *rules,
            )
        )

    # the key outlives the spent copy that replaces the shield (614.3: it applies once to an event)
    return Candidate(f"shield:{sh.timestamp}", sh.origin or "a prevention shield", None, sh.timestamp, apply)


def _reduce(s: GameState, holder, n: int) -> Candidate:
    name = s.known_card(holder).name

    def apply(hit: Hit, log: list) -> None:
        stopped = _prevent(hit, n)
        log.append(
            event(
                f"{name} prevents {stopped} of the damage (a static reduction, per event)"
                + (" — it can't be prevented" if hit.unpreventable else ""),
                "615.5",
                *(("615.9",) if hit.unpreventable else ()),
            )
        )

    return Candidate(f"reduce:{holder.id}", name, holder.id, holder.timestamp, apply)


def _sanctity(s: GameState, target, quality: str) -> Candidate:
    name = s.known_card(target).name

    def apply(hit: Hit, log: list) -> None:
        stopped = _prevent(hit, None)
        log.append(
            event(
                f"{name} has Sanctity from {quality}: {stopped} damage from {_name(s, hit.source)} is prevented",
                "615.6",
                "702.15a",
                *(("615.9",) if hit.unpreventable else ()),
            )
        )

    return Candidate(f"sanctity:{target.id}", f"{name}'s Sanctity", target.id, target.timestamp, apply)


# -- a card about to be put into a Spoils -------------------------------------------------------
_INSTEAD = {
    "void": "banished to the Void",
    "hand": "returned to its owner's hand",
    "domain": "shuffled into its owner's Domain",
}


_SECOND_DEATH = {  # a mark -> the rules that send the marked permanent to the Void instead of anywhere else
    "exhumed": ("702.22a", "404.5", "406.6"),
    "restless": ("702.46a", "404.5", "709.5"),
}


def move_candidates(s: GameState, mv: ZoneChange) -> list[Candidate]:
    out = []
    obj = s.objects[mv.obj]
    for mark in obj.marks if obj.zone == "battlefield" and mv.dest not in ("void", "battlefield") else ():
        if mark in _SECOND_DEATH:

            def banish(m: ZoneChange, log: list, mark=mark, name=s.known_card(obj).name) -> None:
                # Exhume: "its death trigger, if any, still fires before it is banished" (702.22a)
                m.still_dies = mark == "exhumed" and m.dest == "spoils" and m.dies
                log.append(
                    event(
                        f"{name} would leave the battlefield ({'exhumed' if mark == 'exhumed' else 'restless'}):"
                        f" it is banished to the Void instead" + ("; it died all the same" if m.still_dies else ""),
                        *_SECOND_DEATH[mark],
                        "614.1",
                    )
                )
                m.dest = "void"

            out.append(Candidate(f"{mark}:{obj.id}", s.known_card(obj).name, obj.id, obj.timestamp, banish))
    if mv.dest != "spoils":
        return out
    if mv.instead:

        def own(m: ZoneChange, log: list, where=mv.instead) -> None:
            m.dest = where
            log.append(event(f"the instruction's own replacement: it is {_INSTEAD[where]} instead", "614.7"))

        out.append(Candidate("self", "the instruction itself", None, -1, own, self_replacement=True))
    card = s.card(obj)
    if mv.dies and card is not None and obj.zone == "battlefield":
        for st in card.statics:
            if "dies_to_domain" in st:

                def home(m: ZoneChange, log: list, name=card.name) -> None:
                    m.dest = "domain"
                    log.append(
                        event(f"{name} would die: it is shuffled into its owner's Domain instead", "614.1", "614.2")
                    )

                out.append(Candidate(f"home:{obj.id}", card.name, obj.id, obj.timestamp, home))
    for holder, _st in layers.statics_of(s, "spoils_to_void"):

        def to_void(m: ZoneChange, log: list, name=s.known_card(holder).name) -> None:
            m.dest = "void"
            log.append(
                event(
                    f"{name}: the card would be put into a Spoils, so it is banished to the Void instead",
                    "614.1",
                    "614.2",
                )
            )

        out.append(Candidate(f"void:{holder.id}", s.known_card(holder).name, holder.id, holder.timestamp, to_void))
    return out


# -- Vitae to a pool, and drawing a card (the 616.3 chain) ----------------------------------------
def _gain_candidates(s: GameState, ev: Gain) -> list[Candidate]:
    if ev.amount <= 0:
        return []
    out = []
    for holder, _ in layers.statics_of(s, "pool_to_draws"):
        if holder.controller == ev.player:

            def instead(g: Gain, log: list, name=s.known_card(holder).name) -> list:
                log.append(
                    event(
                        f"{name}: {g.player} would gain {g.amount} Vitae to the pool — they draw that many "
                        f"cards instead",
                        "614.1",
                        "616.3",
                    )
                )
                return [Draws(g.player, g.amount)]

            out.append(Candidate(f"gain:{holder.id}", s.known_card(holder).name, holder.id, holder.timestamp, instead))
    return out


def _draw_candidates(s: GameState, ev: Draw) -> list[Candidate]:
    out = []
    for holder, _ in layers.statics_of(s, "draw_to_recall"):
        if holder.controller == ev.player:

            def instead(d: Draw, log: list, name=s.known_card(holder).name) -> list:
                p = s.known_player(d.player)
                arranging.settle(s, log, d.player, "spoils", p.spoils[-1:])
                if p.spoils:
                    oid = p.spoils[-1]
                    log.append(
                        event(
                            f"{name}: instead of drawing, {d.player} returns {s.objects[oid].card or 'a card'} "
                            f"from the Spoils to hand",
                            "614.1",
                            "616.3",
                        )
                    )
                    return [ZoneChange(oid, "hand", dies=False)]
                log.append(
                    event(
                        f"{name}: instead of drawing, {d.player} would return a card from an empty "
                        f"Spoils — nothing happens",
                        "614.1",
                        "614.4",
                    )
                )
                return []

            out.append(Candidate(f"draw:{holder.id}", s.known_card(holder).name, holder.id, holder.timestamp, instead))
    return out


def _none(s: GameState, ev) -> list[Candidate]:
    return []


# The table of proposed-event kinds: (the effects that watch one, the player who chooses their order).
GATHER: dict[type, tuple[Callable, Callable]] = {
    Hit: (damage_candidates, lambda s, h: affected_player(s, h.recipient)),
    ZoneChange: (move_candidates, lambda s, m: affected_player(s, m.obj)),
    Gain: (_gain_candidates, lambda s, g: g.player),
    Draw: (_draw_candidates, lambda s, d: d.player),
    Draws: (_none, lambda s, d: d.player),  # each single draw is offered on its own (121.3)
}
