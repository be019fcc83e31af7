"""Paying the four-part cost block (107.4, 118, 601.2h) and the Master-Blood tax (118.6)."""

from __future__ import annotations

from math import ceil

from judge.cards.model import Cost
from judge.engine.core import keywords
from judge.engine.core.errors import Refused
from judge.engine.core.events import event
from judge.engine.core.state import GameState, Player, Unit
from judge.engine.reading import characteristics as ch
from judge.engine.reading import layers

PIT_MARKED = keywords.implements("Pit-marked", "702.24", "cost")


def _eligible(unit: Unit, source: str | None) -> bool:
    return source is None or unit.source == source


def tax(s: GameState, player: Player, amount: int, log: list) -> None:
    """118.6: +1 Corruption per action drawing on the Master; Wrath = ceil(turn total / 3)."""
    before = player.spent_from_master
    player.spent_from_master += amount
    d_wrath = ceil(player.spent_from_master / 3) - ceil(before / 3)
    player.corruption += 1
    player.wrath += d_wrath
    log.append(
        event(
            f"{player.name} opened the vein for {amount}: Master-Blood tax +1 Corruption ({player.corruption}), "
            f"+{d_wrath} Wrath ({player.wrath}); Master Vitae spent this turn {before} -> {player.spent_from_master}",
            "118.6",
            "106.5b",
        )
    )


def vein_closed(s: GameState, player: Player) -> bool:
    """304.6, 106.5b: the vein is closed while the Master shelters, on a Day round; a Master out on
    a Procession does not shelter — "(a Day round, not on a Procession)" — and policy C25 decides
    whether that opens the vein on the road."""
    return s.is_day and (player.procession is None or s.policies.reading("C25") == "500.16")


def on_the_road_by_day(s: GameState, player: Player) -> bool:
    """Where policy C25's readings part: a Day round with the player's Master on a Procession."""
    return s.is_day and player.procession is not None


def pay(
    s: GameState,
    player: Player,
    cost: Cost,
    log: list,
    *,
    extra_vitae: int = 0,
    split: dict | None = None,
    what: str = "the cost",
    recall_only: bool = False,
    cites: tuple = (),
) -> None:
    """Pay a whole cost block or raise Refused with nothing changed (118.2). `cites`: the rules
    that make this the cost paid (a keyword's alternative cost), cited by the payment."""
    generic = cost.vitae + extra_vitae
    # Signed meter costs: a negative one spends what the player must already hold (107.4c–d).
    if cost.corruption < 0 and player.corruption < -cost.corruption:
        raise Refused(
            f"{player.name} holds {player.corruption} Corruption and cannot pay ✚{cost.corruption}", "107.4c", "601.2h"
        )
    if cost.wrath < 0 and player.wrath < -cost.wrath:
        raise Refused(f"{player.name} holds {player.wrath} Wrath and cannot pay ▷{cost.wrath}", "107.4d", "601.2h")
    eligible = sum(u.amount for u in player.pool if _eligible(u, cost.source))
    if split is not None:
        from_pool = int(split.get("pool", 0) or 0)
        from_master = int(split.get("master", 0) or 0)
        if from_pool < 0 or from_master < 0 or from_pool + from_master != generic:
            raise Refused(
                f"the payment ({from_pool} from the pool + {from_master} from the Master) does not "
                f"equal the Vitae cost {generic}",
                "118.2",
                "601.2h",
            )
    else:
        from_pool = min(eligible, generic)
        from_master = generic - from_pool
    if from_pool > eligible:
        where = f" {cost.source}-tagged" if cost.source else ""
        raise Refused(
            f"{player.name}'s pool holds only {eligible}{where} Vitae, not {from_pool}",
            *(("106.4", "601.5") if cost.source else ("118.2",)),
        )
    vein = from_master + cost.master
    if vein and vein_closed(s, player):
        if on_the_road_by_day(s, player):
            raise Refused(
                f"it is a Day round and {player.name}'s Master is out on a Procession: the vein is "
                f"closed (no open-the-vein funding, no ◇ cost) {s.policies.note('C25')}",
                *s.policies.rules("C25"),
                "107.4b",
                policy="C25",
            )
        raise Refused(
            f"it is a Day round and {player.name}'s Master shelters: the vein is closed "
            f"(no open-the-vein funding, no ◇ cost)",
            "304.6",
            "505.8",
            "107.4b",
        )
    if vein and recall_only:
        raise Refused("a Recall cost is paid from the Vitae pool only", "702.20a", "601.9")
    if vein > player.vitae:
        raise Refused(f"{player.name}'s Master has {player.vitae} Vitae and cannot pay {vein}", "119.4a", "118.2")
    # -- everything is payable: pay it in one act (118.3) ----------------------------------
    remaining = from_pool
    left = [u.amount for u in player.pool]
    order = sorted(
        (i for i, u in enumerate(player.pool) if _eligible(u, cost.source)),
        key=lambda i: player.pool[i].source is not None,
    )  # untagged Vitae first
    for i in order:
        take = min(left[i], remaining)
        left[i] -= take
        remaining -= take
    player.pool = [Unit(n, u.source) for n, u in zip(left, player.pool) if n > 0]
    parts = []
    if from_pool:
        parts.append(f"{from_pool} from the pool")
    if vein:
        player.vitae -= vein
        parts.append(f"{vein} from the Master's Vitae (now {player.vitae})")
    rules = ["601.2h", *cites]
    if cost.source and (from_pool or from_master):
        rules += ["106.4", "601.5"]
    if from_master:
        rules += ["106.5b"]
    if cost.master:
        rules += ["107.4b", "202.3"]
    road = bool(vein) and on_the_road_by_day(s, player)  # the vein open on the road: policy C25's default
    if road:
        parts.append(f"the vein open by Day: the Master is out on a Procession {s.policies.note('C25')}")
        rules += s.policies.rules("C25")
    log.append(
        event(
            f"{player.name} paid {what}: " + (", ".join(parts) if parts else "nothing"),
            *rules,
            policy="C25" if road else None,
        )
    )
    if vein:
        tax(s, player, vein, log)
    if cost.corruption:
        player.corruption += cost.corruption
        log.append(
            event(
                f"{player.name} {'incurred' if cost.corruption > 0 else 'spent'} "
                f"{abs(cost.corruption)} Corruption for {what} (now {player.corruption})",
                "107.4c",
                "202.4",
                "118.5",
            )
        )
    if cost.wrath:
        player.wrath += cost.wrath
        log.append(
            event(
                f"{player.name} {'incurred' if cost.wrath > 0 else 'spent'} "
                f"{abs(cost.wrath)} Wrath for {what} (now {player.wrath})",
                "107.4d",
                "202.5",
                "118.5",
            )
        )


def determine(s: GameState, player: str, card, oid: str, vitae: int, log: list, doing: str = "") -> int:
    """601.2f: the total Vitae owed for casting `card` (or setting it, a Trap, 307.3), after the
    reductions that apply — its own `reduce_cost` statics (which work wherever it is cast from,
    113.5) and the functioning ones of its caster's permanents that reduce cards of a type it
    bears (300.2) — never below zero, and locked from here on."""
    cut, sources = 0, []
    for st in card.statics:
        if "reduce_cost" in st and "of" not in st["reduce_cost"]:
            n = _reduction(s, player, st["reduce_cost"])
            if n:
                cut += n
                sources.append(f"its own text ({n})")
    for holder, st in layers.statics_of(s, "reduce_cost"):
        rc = st["reduce_cost"]
        if holder.controller != player or holder.id == oid or "of" not in rc or not card.is_a(rc["of"]):
            continue
        n = _reduction(s, player, rc)
        if n:
            cut += n
            sources.append(f"{s.known_card(holder).name} ({n})")
    if not cut:
        return vitae
    locked = max(0, vitae - cut)
    log.append(
        event(
            f"{card.name}'s cost{doing} is determined: {vitae} Vitae less {cut} ({', '.join(sources)}) = "
            f"{locked}{' — a discount never refunds' if cut > vitae else ''}; it is locked now",
            "601.2f",
            "113.5",
        )
    )
    return locked


def _reduction(s: GameState, player: str, rc: dict) -> int:
    per = rc.get("per")
    if per is None:
        return rc["vitae"]
    subtype = per["subtype"]
    count = sum(
        1
        for oid, _ in s.permanents()
        if s.objects[oid].controller == player and subtype in ch.subtypes(s, s.objects[oid])
    )
    return rc["vitae"] * count


def can_pay(s: GameState, player: Player, cost: Cost) -> bool:
    """Whether `pay` would accept this cost now, paid the default way (pool first, then the vein)."""
    if cost.corruption < 0 and player.corruption < -cost.corruption:
        return False
    if cost.wrath < 0 and player.wrath < -cost.wrath:
        return False
    eligible = sum(u.amount for u in player.pool if _eligible(u, cost.source))
    vein = max(0, cost.vitae - eligible) + cost.master
    return not vein or (not vein_closed(s, player) and vein <= player.vitae)


def marked_cost(s: GameState, oid: str) -> int:
    value = s.known_card(oid).keyword_value(PIT_MARKED) if s.card(oid) else None
    return keywords.number(PIT_MARKED, value or "")
