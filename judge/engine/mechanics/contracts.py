"""Contracts and Liturgies (714) and Great Works (715): clause abilities awakened by Lore
counters, and the rite consigned once complete (704.5t, in sba.py)."""

from __future__ import annotations

from judge.engine.core.events import event
from judge.engine.core.state import GameState, Trigger
from judge.replay_words import counted

LORE = "lore"
ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")


def is_great_work(card) -> bool:
    return card is not None and card.is_a("Contract") and "Great Work" in card.subtypes


def add_lore(s: GameState, oid: str, n: int, log: list, *rules: str, first_read: bool = False) -> None:
    """Put N Lore counters on the rite: each clause whose numeral the count crosses triggers
    (714.2: "if the count was less than k and became at least k"); several at once are
    ordered by their controller (714.5). `first_read`: clause I was read as the rite entered."""
    obj = s.edit(oid)
    card = s.known_card(obj)
    before = obj.counters.get(LORE, 0)
    obj.counters[LORE] = before + n
    log.append(event(f"{card.name} gets {counted(n, 'Lore counter')} ({obj.counters[LORE]})", "714.3", *rules))
    for k in range(before + 1 + first_read, min(before + n, len(card.clauses)) + 1):
        s.waiting.append(
            Trigger(obj.controller, oid, card.clauses[k - 1], f"{card.name}'s clause {ROMAN[k - 1]}", "clause")
        )


def enter_with_lore(s: GameState, oid: str, log: list) -> tuple:
    """714.3a, 715.3: a rite enters with its first Lore counter and clause I is read as it
    enters — a replacement of the entering event, not a trigger: no stack, no answer. Returns
    clause I's effects, for the caller to carry out now ((): no rite)."""
    card = s.card(oid)
    if card is None or not card.clauses:
        return ()
    great = ("715.3",) if is_great_work(card) else ()
    add_lore(s, oid, 1, log, "714.3a", *great, first_read=True)
    log.append(event(f"{card.name} reads clause I as it enters (not a trigger: it uses no stack)", "714.3a", *great))
    return card.clauses[0]


def upkeep_lore(s: GameState, log: list) -> None:
    """714.3b: at the beginning of its controller's upkeep, each of their rites with clause
    abilities gets a Lore counter (a turn-based action, 703.4f) — but no Great Work (715.2)."""
    for oid, card in s.permanents():
        if card is not None and card.clauses and not is_great_work(card) and s.objects[oid].controller == s.active:
            add_lore(s, oid, 1, log, "714.3b", "703.4f")


def wrap_lore(s: GameState, log: list) -> None:
    """703.4u, 715.2: as the world cycle wraps, each Great Work gets a Lore counter."""
    for oid, card in s.permanents():
        if is_great_work(card) and card.clauses:
            add_lore(s, oid, 1, log, "715.2", "703.4u")


def complete(s: GameState, oid: str, card) -> bool:
    """704.5t: its Lore counters reach its final clause number and no clause of it is still on
    the stack or waiting to go there."""
    if not card.clauses or s.objects[oid].counters.get(LORE, 0) < len(card.clauses):
        return False
    return not any(i.source == oid and i.kind == "ability" for i in s.stack) and not any(
        t.source == oid for t in s.waiting
    )
