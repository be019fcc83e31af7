"""What a resolving object's instructions run in and what their words name (608.2, 608.4).

The Context of one resolution (its controller, source, targets, X, the layers it has touched, a
Mandate's stolen choices); the readers of an effect's recipient words (`to:`, `who:`) and amounts;
the names events give its source and recipients; and `choose_for`, a choice made as the
instructions run, which a Mandate's controller makes for an opponent (702.35a, 723.4). The
handler modules (damage_effects, zone_effects, continuous_effects, player_effects,
permanent_effects, effects) read these; effects.py re-exports Context for its callers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from judge.cards.vocabulary import TARGET_SLOTS
from judge.engine.choosing.asking import ask
from judge.engine.core.events import event
from judge.engine.core.state import GameState
from judge.engine.reading import characteristics as ch


@dataclass
class Context:
    controller: str
    source: str | None  # the card or permanent the instructions come from
    targets: Sequence[
        str | None
    ]  # the targets by slot (object ids, player names, stack uids as "stack:N"); None: illegal now (608.3)
    x: int = 0
    layers: dict[str, set[str]] = field(
        default_factory=dict
    )  # object -> the layers this resolution's effects touched (613.6)
    declared: list[str | None] = field(
        default_factory=list
    )  # the targets as announced, in order (the legal ones are `targets`)
    mandate: bool = False  # a Mandate resolves: its controller makes its opponents' choices (702.35a, 723.4)
    decree: tuple[str, ...] = ()  # the ids the Mandate's controller announced as the decree (601.2b)
    cites: tuple[str, ...] = ()  # the rules of the keyword the instructions come from (a Toll trigger: 702.14a)


def amount(value, ctx: Context) -> int:
    return ctx.x if value == "X" else int(value or 0)


def targeted(to: str | None, ctx: Context) -> list[str] | None:
    """The targets a target word names, in their slots' order, the illegal ones (None) left out
    (608.3: an illegal target is left alone, and no other moves into its slot); None if `to` is
    not a target word."""
    if to in ("target", "each_target"):
        return [t for t in ctx.targets if t is not None]
    if to in TARGET_SLOTS:
        n = TARGET_SLOTS.index(to)
        return [t for t in ctx.targets[n : n + 1] if t is not None]
    return None


def objects(s: GameState, to: str | None, ctx: Context) -> list[str]:
    named = targeted(to, ctx)
    if named is not None:
        return [t for t in named if t in s.objects]
    if to == "self":
        return [ctx.source] if ctx.source in s.objects and s.objects[ctx.source].zone == "battlefield" else []
    if to == "attached":
        src = s.objects.get(ctx.source) if ctx.source is not None else None
        return [src.attached_to] if src and src.attached_to else []
    entities = [o for o in s.battlefield if ch.is_entity(s, s.objects[o])]
    if to == "each_entity":
        return entities
    if to == "each_other_entity":
        return [o for o in entities if o != ctx.source]
    if to == "each_opponent_entity":
        return [o for o in entities if s.objects[o].controller != ctx.controller]
    if to == "each_own_entity":
        return [o for o in entities if s.objects[o].controller == ctx.controller]
    return []


def players(s: GameState, who: str | None, ctx: Context) -> list[str]:
    if who is None or who == "controller":
        return [ctx.controller]
    if who == "owner":
        src = s.objects.get(ctx.source) if ctx.source is not None else None
        return [src.owner if src else ctx.controller]
    if who == "each_player":
        return [p.name for p in s.apnap()]
    if who == "each_opponent":
        return [p.name for p in s.apnap() if p.name != ctx.controller]
    if who == "target_player" or targeted(who, ctx) is not None:
        named = targeted("target" if who == "target_player" else who, ctx)
        assert named is not None, f"{who} is a target word: it names the targets in its slots"
        return [t for t in named if s.player(t) is not None]
    if who == "attached":  # the player a Ritual is bound to (702.19a, 303.3b)
        src = s.objects.get(ctx.source) if ctx.source else None
        bound = s.player(src.attached_to) if src is not None and src.attached_to else None
        return [bound.name] if bound is not None and not bound.lost else []
    return []


def recipients(s: GameState, to: str | None, ctx: Context) -> list[str]:
    """Objects or players, whichever `to` names; a `target` may be either."""
    named = targeted(to, ctx)
    if named is not None:
        return [t for t in named if t in s.objects or s.player(t) is not None]
    if to in ("controller", "owner", "each_player", "each_opponent", "target_player"):
        return players(s, to, ctx)
    return objects(s, to, ctx)


def label(s: GameState, who: str) -> str:
    if s.player(who) is not None:
        return f"{who}'s Master"
    obj = s.objects.get(who)
    return s.known_card(obj).name if obj is not None and s.card(obj) else who


def origin(s: GameState, ctx: Context) -> str:
    src = s.objects.get(ctx.source) if ctx.source else None
    card = s.card(src) if src is not None else None
    return (card.name or "a face-down permanent") if card is not None else "an effect"


def choose_for(
    s: GameState,
    log: list,
    ctx: Context,
    kind: str,
    player: str,
    options: tuple,
    prompt: str,
    count=(1, 1),
    default=None,
) -> tuple:
    """The choice `player` makes as the instructions run — made by the Mandate's controller
    instead when `player` is an opponent (702.35a, 723.4: from that player's resources, the
    hidden ones shown to the chooser while choosing, 723.4b); its decree, announced at
    casting, is that answer when it still fits (601.2b)."""
    if not (ctx.mandate and player != ctx.controller):
        return ask(s, log, kind, player, options, prompt, count=count, default=default)
    decreed = tuple(o for o in ctx.decree if o in options)
    if decreed and count[0] <= len(decreed) <= count[1]:
        log.append(
            event(
                f"Mandate: {ctx.controller}'s decree, announced at casting, chooses for {player}: "
                + ", ".join(s.objects[o].card or o for o in decreed),
                "702.35a",
                "601.2b",
                "723.4",
            )
        )
        return decreed
    if ctx.decree:
        log.append(
            event(
                f"Mandate: the decree ({', '.join(ctx.decree)}) no longer fits {prompt}; "
                f"{ctx.controller} chooses for {player} as it resolves",
                "702.35a",
                "723.4a",
            )
        )
    hidden = " (the cards are shown to them while they choose, 723.4b)" if kind == "discard-choice" else ""
    picked = ask(s, log, kind, ctx.controller, options, prompt + hidden, count=count, for_player=player)
    log.append(
        event(
            f"Mandate: {ctx.controller} makes {player}'s choice, with {player}'s resources",
            "702.35a",
            "723.4",
            "723.4a",
            *(("723.4b",) if hidden else ()),
        )
    )
    return picked
