"""Carrying out proposed events: the pipeline's last stage.

Effects and turn-based actions propose an event (judge/engine/performing/proposals.py); replacement.py
rewrites it (614–616); this module carries out what it became — moving the card (zones.py),
dealing the damage (damage.py), adding the Vitae, drawing the card. An event that replaced
another meets the replacement effects in its turn (616.3).
"""

from __future__ import annotations

from collections.abc import Callable

from judge.engine.choosing import arranging
from judge.engine.core.events import event, not_modelled
from judge.engine.core.state import GameState, Unit
from judge.engine.performing import damage as damage_rules
from judge.engine.performing import replacement, zones
from judge.engine.performing.proposals import Draw, Draws, Gain, Hit, ZoneChange
from judge.engine.reading import characteristics as ch
from judge.engine.reading import layers


def happen(s: GameState, proposal, log: list) -> list:
    """Rewrite `proposal`, then carry out each event it became. Returns the events carried out."""
    done = []
    for ev in replacement.rewrite(s, proposal, log):
        if ev is proposal:
            CARRY[type(ev)](s, ev, log)
            done.append(ev)
        else:
            done += happen(s, ev, log)
    return done


# -- the doers, one per kind of proposed event -------------------------------------------------
def _move(s: GameState, mv: ZoneChange, log: list) -> None:
    obj = s.objects[mv.obj]
    if mv.dest in OWNED_ZONES and obj.controller != obj.owner and obj.zone == "battlefield":
        card = s.card(obj)
        log.append(
            event(
                f"{card.name if card else mv.obj} goes to its owner's {mv.dest.title()} ({obj.owner}'s), "
                f"not its controller's",
                "400.3",
            )
        )
    # "shuffled in": the position is not modelled, the bottom stands for it — and the replay says so
    hidden = s.objects[mv.obj].face_down
    mv.went = zones.move(s, mv.obj, mv.dest, bottom=mv.bottom or mv.dest == "domain")
    if mv.went == "domain" and not mv.bottom:
        moved = s.objects[mv.obj]
        log.append(
            not_modelled(
                f"not modelled here — the shuffle (701.20a): {moved.card or 'the card'} is shuffled "
                f"into {moved.owner}'s Domain; the engine does not randomize the Domain's order but "
                f"puts the card at the bottom, so the replay does not rule on where it lies",
                "701.20a",
            )
        )
    if hidden and not s.objects[mv.obj].face_down:
        log.append(
            event(
                f"the face-down card is revealed to all players as it goes to the {mv.went}: it was "
                f"{s.objects[mv.obj].card}",
                "708.9",
            )
        )
    card = s.card(s.objects[mv.obj])
    if card is not None and any(layers.defines_itself(st) for st in card.statics) and mv.went != "stack":
        obj = s.objects[mv.obj]
        log.append(
            event(
                f"{card.name} is {ch.attack(s, obj)}/{ch.vigor(s, obj)} in the {mv.went}: its "
                f"characteristic-defining ability works in every zone",
                "604.3",
                "613.4a",
            )
        )


OWNED_ZONES = ("domain", "hand", "spoils", "pit")  # a card put into one goes to its owner's (400.3)


def _gain(s: GameState, g: Gain, log: list) -> None:
    if g.amount > 0:
        s.known_player(g.player).own("pool").append(Unit(g.amount, g.source))


def _draw(s: GameState, d: Draw, log: list) -> None:
    arranging.settle(s, log, d.player, "domain", s.known_player(d.player).domain[:1])
    if zones.draw_top(s, d.player) is None:
        d.empty = True
        s.known_player(d.player).drew_from_empty = True
        log.append(event(f"{d.player} must draw but the Domain is empty", "121.4", "104.3c", "704.5b"))
    else:
        d.drawn = True


def _draws(s: GameState, ds: Draws, log: list) -> None:
    """Draw one card at a time (121.3); an empty Domain ends the drawing (704.5b)."""
    drawn = 0
    for _ in range(ds.n):
        done = happen(s, Draw(ds.player), log)
        drawn += sum(1 for d in done if isinstance(d, Draw) and d.drawn)
        if any(isinstance(d, Draw) and d.empty for d in done):
            break
    if drawn:
        log.append(event(f"{ds.player} draws {drawn} card(s)", *ds.rules, "121.3"))


CARRY: dict[type, Callable] = {
    Hit: damage_rules.carry_out,
    ZoneChange: _move,
    Gain: _gain,
    Draw: _draw,
    Draws: _draws,
}


# -- what the rest of the engine calls -------------------------------------------------------
def move(s: GameState, oid: str, dest: str, log: list, instead: str | None = None) -> str:
    """Move a card to `dest` after the replacement effects watching the move (614, 616; `instead`
    is the moving instruction's own self-replacement). Returns the zone it went to: a caller
    fires dies-triggers only if that is the Spoils."""
    mv = ZoneChange(oid, dest, dies=s.objects[oid].zone == "battlefield", instead=instead)
    went = [d.went for d in happen(s, mv, log) if isinstance(d, ZoneChange) and d.obj == oid]
    return went[0] if went else s.objects[oid].zone


def leave(s: GameState, oid: str, dest: str, log: list, instead: str | None = None) -> tuple[str, bool]:
    """Move a card like `move`; returns (the zone it went to, whether it died): a permanent dies as
    it is put into a Spoils from the battlefield (603.6c), or when a replacement that sends it
    elsewhere keeps its death (Exhume's banishment, 702.22a). The caller fires dies-triggers."""
    from_field = s.objects[oid].zone == "battlefield"
    mv = ZoneChange(oid, dest, dies=from_field, instead=instead)
    done = [d for d in happen(s, mv, log) if isinstance(d, ZoneChange) and d.obj == oid]
    went = done[0].went if done else s.objects[oid].zone
    return went, from_field and (went == "spoils" or any(d.still_dies for d in done))


def deal_damage(
    s: GameState,
    source: str | None,
    recipient: str,
    amount: int,
    log: list,
    combat: bool = False,
    unpreventable: bool = False,
) -> tuple[str, int]:
    """Deal `amount` damage from object `source` to an object id or a player name. Returns
    (the recipient it was finally dealt to, the amount dealt)."""
    hits = [h for h in happen(s, Hit(source, recipient, amount, combat, unpreventable), log) if isinstance(h, Hit)]
    return (hits[0].recipient, hits[0].dealt) if hits else (recipient, 0)


def add_to_pool(s: GameState, player: str, amount: int, source: str | None, log: list) -> bool:
    """Add Vitae to a player's pool unless a replacement turns the gain into something else.
    Returns whether the Vitae reached the pool."""
    return amount > 0 and any(isinstance(g, Gain) for g in happen(s, Gain(player, amount, source), log))


def draw(s: GameState, name: str, n: int, log: list, rules: tuple = ("121.1",)) -> None:
    happen(s, Draws(name, n, tuple(rules)), log)
