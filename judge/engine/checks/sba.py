"""State-based actions (704): every applicable check is found on one snapshot and performed
at once as a single event (704.3); the loop repeats until none applies. Last-known
information comes from the state before the sweep (704.7)."""

from __future__ import annotations

from operator import attrgetter

from judge.engine.checks import cleared, outcome, unchanged
from judge.engine.choosing import arranging
from judge.engine.choosing.asking import ask
from judge.engine.core import keywords
from judge.engine.core.events import event, outcome_event
from judge.engine.core.state import GameState, Obj
from judge.engine.mechanics import contracts, rites, shelter
from judge.engine.performing import perform
from judge.engine.reading import characteristics as ch
from judge.engine.reading import layers, lineages
from judge.engine.triggered import triggers
from judge.replay_words import counted

DEATHLESS = keywords.implements("Deathless", "702.12")
VENOM = keywords.implements("Venom", "702.6")  # the mark its damage leaves, read here (704.5k)
SANCTITY = keywords.implements("Sanctity", "702.15", "quality")
BIND = keywords.implements("Bind", "702.19", "object")


def _player_checks(s: GameState) -> tuple[list, list, list]:
    """(losers with their rule, ascenders, Wrath conversions) found on the current state."""
    losers, winners, wrath = [], [], []
    day = s.is_day
    for p in s.living:
        ascends, why = lineages.ascension(s.cards.get(p.master)) or (None, ())
        if p.vitae <= 0:
            losers.append((p.name, "704.5a", f"{p.name}'s Master's Vitae is {p.vitae}: the vein has run dry"))
        if p.drew_from_empty:
            losers.append((p.name, "704.5b", f"{p.name} drew from an empty Domain (deck-out)"))
        if ascends is not None:
            if p.corruption >= ascends:
                winners.append(
                    (
                        p.name,
                        f"{p.name} reaches {p.corruption} Corruption: Ascension (their Master ascends at "
                        f"{ascends}, exempt from liquidation at 10)",
                        why,
                    )
                )
        elif p.corruption >= 10:
            losers.append((p.name, "704.5c", f"{p.name} has {p.corruption} Corruption and is liquidated"))
        if p.wrath >= 5:
            wrath.append(p)
        if day and not _safe_refuge(s, p):
            whose = "of its own" if s.policies.reading("C26") == "704.5f" else f"{p.name} controls"
            stolen = (
                f" (its refuge is a Haven whose owner and controller differ) {s.policies.note('C26')}"
                if _refuge_changed_hands(s, p.name)
                else ""
            )
            losers.append(
                (
                    p.name,
                    "704.5f",
                    f"{p.name}'s Master has no live Haven {whose} to shelter in by Day: sunlight death{stolen}",
                )
            )
    return losers, winners, wrath


def _safe_refuge(s: GameState, p) -> bool:
    """704.5f: the refuge is a live Haven the player owns — or controls, under policy C26's other
    reading (704.5f's own proviso once Havens can be stolen; 514.4a lets a Master choose any Haven
    it controls as its refuge)."""
    if p.procession is not None:
        return True  # a Master on the road is exempt from the sun unless a strike finds it (408.5c, 500.16a)
    obj = s.objects.get(p.refuge) if p.refuge else None
    if obj is None or obj.zone != "battlefield" or ch.ctype(s, obj) != "Haven":
        return False
    return (obj.owner if s.policies.reading("C26") == "704.5f" else obj.controller) == p.name


def _refuge_changed_hands(s: GameState, name: str) -> bool:
    """Whether the player's refuge is a live Haven whose owner and controller differ: where
    policy C26's readings part."""
    p = s.player(name)
    obj = s.objects.get(p.refuge) if p is not None and p.refuge else None
    return obj is not None and obj.zone == "battlefield" and obj.owner != obj.controller


def _object_checks(s: GameState, log: list) -> list[tuple[str, str, str, str]]:
    """(object id, destination, rule, sentence) for each object-level check that applies."""
    found = []
    # Nothing in this loop writes to the state: every permanent's layers are read on the same
    # one, so what they share (the functioning statics, the effects by object) is read once, and
    # a committed permanent's are looked up when computed before (layers.Sweep).
    sweep = layers.Sweep(s)
    objects = s.objects
    permanents = s.permanents()
    # An incremental check (cleared.py): only the permanents whose verdict may have changed
    # since the last check that found nothing, in battlefield order (so `found` is in the order a
    # full check finds it); the others would find nothing again.
    since = cleared.to_read(s, sweep)
    reading: range | list[int]
    if since is None:
        now = tuple(map(objects.__getitem__, s.battlefield))
        reading = range(len(permanents))
    else:
        reading, now = since
    wider = []
    for i in reading:
        oid, card = permanents[i]
        obj = now[i]
        # its card types after type-changing effects (613.1d), whatever other type it bears (300.2)
        types = ((obj.card_type,) if obj.card_type else card.types) if card else ()
        kind = types[0] if types else ""
        if not cleared.is_local(obj, card, kind):
            wider.append(i)
        if "Entity" in types:
            _, vig, borne, _ = sweep.values(obj)
            if vig <= 0:
                found.append(
                    (oid, "spoils", "704.5i", f"{_name(card, oid)} has Vigor {vig} and is put into the Spoils")
                )
            elif obj.damage >= vig and ch.value_among(borne, DEATHLESS) is None:
                found.append(
                    (
                        oid,
                        "spoils",
                        "704.5j",
                        f"{_name(card, oid)} has {counted(obj.damage, 'damage counter')} against Vigor {vig}: "
                        f"it is destroyed",
                    )
                )
            elif obj.venom_hit and ch.value_among(borne, DEATHLESS) is None:
                found.append(
                    (
                        oid,
                        "spoils",
                        "704.5k",
                        f"{_name(card, oid)} was dealt damage by a {VENOM} source since the last check: destroyed",
                    )
                )
        elif kind == "Companion" and sweep.values(obj)[1] - obj.damage <= 0:
            found.append((oid, "spoils", "704.5m", f"the Companion {_name(card, oid)} falls"))
        elif kind == "Haven" and card.defense is not None and ch.defense(s, obj) <= 0:
            found.append((oid, "spoils", "704.5n", f"the Haven {_name(card, oid)} has Defense 0 and is destroyed"))
        if card is not None and card.clauses and contracts.complete(s, oid, card):
            found.append(
                (
                    oid,
                    "spoils",
                    "704.5t",
                    f"{_name(card, oid)} has spoken its final clause: the rite is complete and consigned to the Spoils",
                )
            )
        bound_player = s.player(obj.attached_to) if obj.attached_to is not None else None
        if bound_player is not None:  # a Ritual bound to a player falls as that player leaves (303.3b, 704.5r)
            if bound_player.lost:
                found.append(
                    (
                        oid,
                        "spoils",
                        "704.5r",
                        f"{_name(card, oid)} is bound to {bound_player.name}, who has "
                        f"left the game: it goes to the Spoils (Bind, 702.19a, 303.3b)",
                    )
                )
        elif obj.attached_to is not None:
            host = s.objects.get(obj.attached_to)
            legal = (
                ch.legal_host(s, obj, host)
                if kind in ("Ritual", "Weapon")
                else host is not None and host.zone == "battlefield"
            )
            quality = ch.keyword_value(s, host, SANCTITY) if legal and kind == "Ritual" and host is not None else None
            if quality and quality in ch.qualities(s, obj):
                assert host is not None, "a Sanctity quality was read on the host"
                found.append(
                    (
                        oid,
                        "spoils",
                        "702.15a",
                        f"{_name(card, oid)} is bound to {s.known_card(host).name}, which has "
                        f"Sanctity from {quality}: it can't be Bound by it and goes to the "
                        f"Spoils",
                    )
                )
            elif not legal and kind == "Ritual":
                found.append(
                    (
                        oid,
                        "spoils",
                        "704.5r",
                        f"{_name(card, oid)} is bound to nothing legal and goes to the Spoils"
                        + (" (Bind, 702.19a)" if card.has(BIND) else ""),
                    )
                )
            elif not legal:
                found.append(
                    (oid, "unattach", "704.5s", f"{_name(card, oid)} becomes unattached and stays on the battlefield")
                )
    for p in s.players:
        for oid in p.wards:  # 307.6 (proposed): a Haven that leaves takes its set Traps with it
            attached = s.objects[oid].attached_to
            haven = s.objects.get(attached) if attached is not None else None
            if haven is None or haven.zone != "battlefield":
                found.append(
                    (
                        oid,
                        "spoils",
                        "307.6",
                        f"the Ward {s.objects[oid].card} has no Haven left and goes to the Spoils unsprung",
                    )
                )
        for oid in p.laboratory:  # 312.3: the siege takes the workshop and everything on its benches
            attached = s.objects[oid].attached_to
            haven = s.objects.get(attached) if attached is not None else None
            if haven is None or haven.zone != "battlefield":
                found.append(
                    (
                        oid,
                        "spoils",
                        "312.3",
                        f"{s.objects[oid].card}, stored in a Laboratory whose Haven is "
                        f"gone, falls to its owner's Spoils",
                    )
                )
    for obj in (s.objects[t] for t in s.tokens):
        if obj.zone not in ("battlefield", "gone"):
            found.append((obj.id, "gone", "704.5g", f"the token {obj.card} outside the battlefield ceases to exist"))
    found += _eminent(s, log)
    if not found:  # kept by check_once if the check writes nothing either
        s.__dict__["_clearing"] = cleared.record(s, sweep, now, wider)
    return found


def _name(card, oid: str) -> str:
    """How a check's sentence names the permanent (only when a check applies: most find nothing)."""
    return (card.name or "a face-down permanent") if card else oid


def _eminent(s: GameState, log: list) -> list:
    """704.5q (policy C3): duplicates of an Eminent name under one player — that player chooses
    the one that stays (300.4's reading: the newest)."""
    found: list[tuple[str, str, str, str]] = []
    seen: dict[tuple[str, str], list[Obj]] = {}
    for oid, card in _eminent_permanents(s):
        obj = s.objects[oid]
        seen.setdefault((obj.controller, card.name), []).append(obj)
    for (controller, name), objs in seen.items():
        if len(objs) > 1:
            newest = max(objs, key=lambda o: o.timestamp).id
            if s.policies.reading("C3") == "704.5q":
                keep = ask(
                    s,
                    log,
                    "eminent-duplicate",
                    controller,
                    tuple(o.id for o in objs),
                    f"which Eminent {name} {controller} keeps (the rest go to the Spoils)",
                    default=(newest,),
                )[0]
            else:
                keep = newest
            for o in objs:
                if o.id != keep:
                    found.append(
                        (
                            o.id,
                            "spoils",
                            "704.5q",
                            f"Eminent duplicate {name}: {controller} keeps {keep}, this one goes to the Spoils "
                            f"{s.policies.note('C3')}",
                        )
                    )
    return found


def _eminent_permanents(s: GameState) -> list:
    """(id, card) of the Eminent permanents, in battlefield order: derived once per battlefield,
    as s.permanents() is (an object's card never changes)."""
    return s.memo(
        "eminent_permanents",
        lambda: [(oid, card) for oid, card in s.permanents() if card and "Eminent" in card.supertypes],
    )


def _find(s: GameState, log: list) -> tuple[tuple, list]:
    """What the checks find on `s`, without performing any of it: (the player checks, the object
    checks). It reads no part of the turn's position (unchanged.POSITION)."""
    return _player_checks(s), _object_checks(s, log)


_VENOM_HIT = attrgetter("venom_hit")


def _clear_venom(s: GameState) -> bool:
    """702.6a counts Venom damage "since the last state-based check": each check uses the mark up.
    Returns whether it cleared one."""
    objects = s.objects
    if not any(map(_VENOM_HIT, map(objects.__getitem__, s.battlefield))):  # most often none is marked
        return False
    cleared = False
    for oid in s.battlefield:
        if objects[oid].venom_hit:
            s.edit(oid).venom_hit = False
            cleared = True
    return cleared


def check_once(s: GameState, log: list, asked: bool = False) -> bool:
    """One simultaneous sweep. Returns whether anything was performed. `asked`: unchanged.holds
    has just said no on this very state (priority.settle), so it is not asked again."""
    if s.game_over:
        return False
    if not asked and unchanged.holds(
        s
    ):  # what the last sweep that found nothing read is still there: it finds nothing again
        return False
    (losers, winners, wrath), objects = _find(s, log)
    exposed = _refuges_falling(s, objects, losers)
    if exposed and s.policies.reading("C27") == "704.5f":
        losers = losers + [
            (
                name,
                "704.5f",
                f"the same sweep finds {name}'s Master standing in the light: sunlight death {s.policies.note('C27')}",
            )
            for name in exposed
        ]
    stolen = any(rule == "704.5f" and _refuge_changed_hands(s, n) for n, rule, _ in losers)  # said by _player_checks
    venom_cleared = _clear_venom(s)
    record = s.__dict__.pop("_clearing", None)
    if not (losers or winners or wrath or objects):
        if not venom_cleared:
            unchanged.take(s)  # found nothing and wrote nothing: the same content would find nothing again
            s.__dict__["_cleared"] = record  # and a permanent nothing changed for would find nothing (cleared.py)
        return False
    rules = sorted(
        {r for _, r, _ in losers}
        | {r for *_, r, _ in objects}
        | ({"704.5e"} if wrath else set())
        | ({"704.5d"} if winners else set())
        | {r for *_, why in winners for r in why}
    )
    parts = [t for *_, t in losers] + [t for _, t, _ in winners] + [t for *_, t in objects]
    for p in wrath:
        p.wrath -= 5
        p.corruption += 1
        parts.append(f"{p.name} converts 5 Wrath into 1 Corruption (Wrath {p.wrath}, Corruption {p.corruption})")
    # Objects first on the snapshot (last-known information is the pre-sweep state, 704.7).
    replaced: list = []  # what replacement effects made of the moves, told after the sweep itself
    died_here = False  # a permanent died in this sweep: with a loss or a win, what decided an outcome
    for oid, dest, rule, _ in objects:
        obj = s.objects[oid]
        if dest == "unattach":
            s.edit(oid).attached_to = None
        elif dest == "gone":
            zone_list = s.zone_list(obj)
            if zone_list is not None and oid in zone_list:
                zone_list.remove(oid)
            s.edit(oid).zone = "gone"
        elif obj.zone in ("wards", "laboratory"):
            perform.move(s, oid, dest, replaced)
        elif obj.zone == "battlefield":
            controller, undertaker = obj.controller, obj.undertaker
            was_entity = ch.is_entity(s, obj)
            went, died = perform.leave(s, oid, dest, replaced)
            died_here = died_here or died
            if was_entity and died:
                triggers.fire(s, "dies", oid, controller)
                if rule in ("704.5j", "704.5k") and went == "spoils":
                    rites.owe(s, oid, undertaker)  # lethal damage has an undertaker (709.2)
            if rule == "704.5n" and s.is_day:
                shelter.expose(s, oid, log)
    if exposed and s.policies.reading("C27") == "704.3":  # where policy C27's readings part
        parts.append(f"the sunlight death of {', '.join(exposed)} waits for the next sweep {s.policies.note('C27')}")
    text = "State-based check (one simultaneous event): " + "; ".join(parts)
    eminent = any(r == "704.5q" for *_, r, _ in objects)
    bound = any(r == "704.5r" and s.card(o) is not None and s.known_card(o).has(BIND) for o, _, r, _ in objects)
    telling = outcome_event if (losers or winners or died_here) else event
    log.append(
        telling(
            text,
            "704.3",
            "117.5",
            *rules,
            *(("704.7",) if len(parts) > 1 else ()),
            *(("702.6a",) if any(r == "704.5k" for *_, r, _ in objects) else ()),
            *(("702.19a",) if bound else ()),
            *(("301.5b",) if any(r == "704.5s" for *_, r, _ in objects) else ()),
            *(s.policies.rules("C3") if eminent else ()),
            *(("122.2c",) if wrath else ()),
            *(("700.6",) if any(r == "704.5j" for *_, r, _ in objects) else ()),
            *(("714.4",) if any(r == "704.5t" for *_, r, _ in objects) else ()),  # the rite's own rule
            *(s.policies.rules("C27") if exposed else ()),
            *(s.policies.rules("C26") if stolen else ()),
            policy="C3" if eminent else "C27" if exposed else "C26" if stolen else None,
        )
    )
    log.extend(replaced)
    spoiled = [oid for oid, dest, *_ in objects if dest == "spoils" and s.objects[oid].zone == "spoils"]
    arranging.into_spoils(s, log, spoiled, "the cards the state-based check put into the Spoils at once")
    if losers or winners:
        # 104.3g: Ascension prevails over a simultaneous liquidation; any other loss wins out.
        loser_names = []
        winner_names = [n for n, *_ in winners]
        for name, rule, _ in losers:
            if name in winner_names and rule == "704.5c":
                continue
            loser_names.append(name)
        rules_out = ("104.3g",) if set(loser_names) & set(winner_names) or (winners and losers) else ()
        outcome.settle_results(s, loser_names, winner_names, log, ("704.3", *rules_out))
    return True


def _refuges_falling(s: GameState, objects: list, losers: list) -> list[str]:
    """By Day, the living players not already losing whose refuge this sweep destroys (704.5n)
    with their Master sheltering in it: 704.5f says "the same sweep that destroys the Haven finds
    the Master standing in the light", 704.3 that a sweep performs only what it found before it
    began. Policy C27 decides; the names are returned either way."""
    if not s.is_day:
        return []
    falling = {oid for oid, _, rule, _ in objects if rule == "704.5n"}
    if not falling:
        return []
    losing = {name for name, *_ in losers}
    return [p.name for p in s.living if p.refuge in falling and p.procession is None and p.name not in losing]


def run(s: GameState, log: list, asked: bool = False) -> bool:
    """Repeat the sweep until nothing applies (704.3). Returns whether anything happened.
    `asked`: as check_once's, for the first sweep."""
    any_done = False
    for _ in range(100):  # a mandatory loop that never settles is a draw (104.4b); 100 is ample
        if not check_once(s, log, asked):
            break
        asked = False
        any_done = True
    return any_done
