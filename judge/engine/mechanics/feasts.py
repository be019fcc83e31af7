"""Enter-modifiers that take objects (614.8): Devour N (702.43a) on the entering permanent, and
`feast: N` statics of other permanents ("as an Entity enters under your control, you may
sacrifice any number of other Entities; put N Growth counters on this for each").

Their choices are made before the permanent enters, as one answer
`{player: P, choose: {HOLDER: [ids], ..}}`: never the entering object itself, and no Entity for
two of them (614.8). Each is a "may": any other next action declines them all.
"""

from __future__ import annotations

from judge.engine.choosing import arranging
from judge.engine.choosing.asking import ask
from judge.engine.core import keywords
from judge.engine.core.events import event
from judge.engine.core.state import GameState
from judge.engine.performing import perform
from judge.engine.reading import characteristics as ch
from judge.engine.reading import layers
from judge.engine.triggered import triggers
from judge.replay_words import counted

DEVOUR = keywords.implements("Devour", "702.43", "number")


def _offers(s: GameState, oid: str, controller: str) -> list[tuple[str, int, str]]:
    """(holder id, Growth counters per Entity, the rule) for each effect offering a feast."""
    obj = s.objects[oid]
    card = s.card(obj)
    out = []
    devour = card.keyword_value(DEVOUR) if card else None
    if devour is not None:
        out.append((oid, keywords.number(DEVOUR, devour), "702.43a"))
    if card is not None and card.type == "Entity":
        for holder, st in layers.statics_of(s, "feast"):
            if holder.controller == controller and layers.covers(
                s, holder, obj, st.get("affects", "own_entities"), card
            ):
                out.append((holder.id, int(st["feast"]), "614.8"))
    return out


def before_entering(s: GameState, oid: str, controller: str, log: list) -> list:
    """Ask, then sacrifice what each feast takes. Returns [(holder, n per Entity, rule, taken)]."""
    offers = _offers(s, oid, controller)
    if not offers:
        return []
    food = tuple(
        o for o in s.battlefield if o != oid and s.objects[o].controller == controller and ch.is_entity(s, s.objects[o])
    )
    names = ", ".join(s.known_card(h).name for h, _, _ in offers)
    answer = dict(
        ask(
            s,
            log,
            "enter-choices",
            controller,
            food,
            f"which other Entities {controller} sacrifices to {names} as {s.known_card(oid).name} enters",
            keys=tuple(h for h, _, _ in offers),
        )
    )
    out = []
    for holder, n, rule in offers:
        taken = answer.get(holder, ())
        for victim in taken:
            if perform.leave(s, victim, "spoils", log)[1]:
                triggers.fire(s, "dies", victim, controller)
            triggers.fire_for_permanents(s, "sacrifices", controller)
        if taken:
            log.append(
                event(
                    f"{controller} sacrifices {', '.join(s.objects[v].card for v in taken)} to "
                    f"{s.known_card(holder).name} as {s.known_card(oid).name} enters",
                    rule,
                    "614.8",
                    "701.12a",
                )
            )
        out.append((holder, n, rule, taken))
    arranging.into_spoils(
        s, log, [v for *_, taken in out for v in taken], "the Entities sacrificed into the Spoils at once"
    )
    return out


def fed(s: GameState, oid: str, fed_list: list, log: list) -> None:
    """The Growth counters each feast earned: the entering permanent's own arrive with it."""
    for holder, n, rule, taken in fed_list:
        if not taken or s.objects[holder].zone != "battlefield":
            continue
        obj = s.edit(holder)
        obj.counters["growth"] = obj.counters.get("growth", 0) + n * len(taken)
        what = "enters with" if holder == oid else "gets"
        log.append(
            event(
                f"{s.known_card(holder).name} {what} {counted(n * len(taken), 'Growth counter')} for the "
                f"{len(taken)} Entit{'y' if len(taken) == 1 else 'ies'} devoured",
                rule,
                "614.8",
                "122.2d",
                *(("614.6b",) if holder == oid else ()),
            )
        )
