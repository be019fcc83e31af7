"""Debt (702.48): the Ledger of Favors. A Debt is a marker on a player (the debtor), owed to a
specific other player (the creditor), 122.2i; an effect's rider creates it (`take_debt`), and it
endures for the game (122.3) until it is called.

The creditor calls it as a special action of their own main phase while they hold priority
(116.2g, 702.48b); the call is announced onto the stack (405.6), so it may be answered and
countered — countered, the Debt is unspent and stands. As the call resolves the debtor chooses
(702.48c): honor it — pay the price its creating card printed, or where none is printed lose 2
Vitae while the creditor gains 2 — or refuse it, which is scandal (702.48d): the Debt is spent
all the same, Suspicion rises 2 attributed to the debtor (123.2), and the creditor is Invited
across the debtor's thresholds (310.11)."""

from __future__ import annotations

from judge.cards.model import Cost
from judge.engine.choosing.asking import ask
from judge.engine.core import keywords
from judge.engine.core.errors import Refused
from judge.engine.core.events import event
from judge.engine.core.state import Debt, GameState, StackItem
from judge.engine.mechanics import suspicion
from judge.engine.performing import costs

DEBT = keywords.implements("Debt", "702.48")

CALL = "debt"  # the StackItem kind of a called Debt's announcement (405.6)
UNPRICED_LOSS = 2  # 702.48c: "losing 2 Vitae while the creditor gains 2"
SCANDAL = 2  # 702.48d: "Suspicion rises 2"
HONOR, REFUSE = "honor", "refuse"


def describe(debt: Debt) -> str:
    price = f"price {debt.price} Vitae" if debt.price is not None else "no printed price"
    return f"a {DEBT} to {debt.creditor} ({debt.origin or 'set by the scenario'}; {price})"


def take(s: GameState, debtor: str, creditor: str, price: int | None, origin: str, log: list) -> None:
    """702.48a: `debtor` takes on a Debt to `creditor`, a marker on the player (122.2i)."""
    if debtor == creditor:
        log.append(
            event(
                f"{origin}: a Debt is owed to another player — {debtor} cannot owe one to themself, so none is taken",
                "702.48a",
            )
        )
        return
    p = s.known_player(debtor)
    p.debts = p.debts + (Debt(creditor, price, origin),)
    log.append(
        event(
            f"{debtor} takes on {describe(p.debts[-1])}: a marker on the player, enduring until it is "
            f"called (now owes {len(p.debts)})",
            "702.48a",
            "122.2i",
            "122.3",
        )
    )


def call(s: GameState, creditor: str, debtor: str, log: list) -> None:
    """116.2g, 702.48b: the creditor calls a Debt the debtor owes them; the call goes on the stack.
    (The caller checks priority first and gives it back after: action_kinds._call_debt.)"""
    if s.active != creditor or not s.in_main_phase():
        raise Refused(f"{creditor} may call a Debt only during their own main phase", "116.2g", "702.48b")
    if debtor == creditor or s.player(debtor) is None:
        raise Refused(f"a Debt is called on an opponent who owes it, not {debtor}", "702.48b", "116.2g")
    owed = [i for i, d in enumerate(s.known_player(debtor).debts) if d.creditor == creditor]
    if not owed:
        raise Refused(f"{debtor} owes {creditor} no Debt", "702.48b", "122.2i")
    debts = s.known_player(debtor).debts
    index = owed[0]
    if len({debts[i] for i in owed}) > 1:  # Debts that differ: the creditor chooses which one is called
        words = tuple(str(n) for n in range(1, len(owed) + 1))
        listed = "; ".join(f"{n}: {describe(debts[i])}" for n, i in zip(words, owed))
        index = owed[
            int(
                ask(
                    s,
                    log,
                    "debt-call",
                    creditor,
                    words,
                    f"which Debt {debtor} owes {creditor} is called ({listed})",
                    cites=("702.48a",),
                )
            )
            - 1
        ]
    item = StackItem(
        CALL,
        creditor,
        targets=(debtor,),
        debt=debts[index],
        label=f"{creditor}'s call of a Debt",
        uid=s.next_uid,
        cites=("702.48b",),
    )
    s.next_uid += 1
    s.stack.append(item)
    log.append(
        event(
            f"{creditor} calls {describe(debts[index])} owed by {debtor}: a special action, announced onto "
            f"the stack where it may be answered and countered",
            "116.2g",
            "702.48b",
            "405.6",
            "116.1",
        )
    )


def countered(item: StackItem, log: list, cites: tuple = ()) -> None:
    log.append(
        event(f"{item.label} is countered: the Debt is unspent and stands", "702.48b", "405.6c", "701.7a", *cites)
    )


def resolve_call(s: GameState, item: StackItem, log: list) -> None:
    """702.48c-d: the debtor honors the called Debt or refuses it; either way it is spent."""
    creditor, debtor, debt = item.controller, item.targets[0], item.debt
    p = s.known_player(debtor)
    if debt not in p.debts or p.lost or s.known_player(creditor).lost:
        s.stack.remove(item)
        log.append(
            event(f"{item.label} resolves, but {debtor} no longer owes that Debt: nothing happens", "702.48a", "608.2")
        )
        return
    price = Cost(vitae=debt.price) if debt.price is not None else None
    payable = price is None or costs.can_pay(s, p, price)
    how = (
        f"pay {debt.price} Vitae, its printed price"
        if price is not None
        else f"lose {UNPRICED_LOSS} Vitae while {creditor} gains {UNPRICED_LOSS}"
    )
    options = (HONOR, REFUSE) if payable else (REFUSE,)
    answer = ask(
        s,
        log,
        "debt-honor",
        debtor,
        options,
        f"{creditor} calls {describe(debt)}: honor it ({how}) or refuse it (Suspicion rises "
        f"{SCANDAL}, attributed to {debtor}, and {creditor} is Invited across {debtor}'s thresholds)"
        + ("" if payable else f" — {debtor} cannot pay the price, so only refusal is left"),
        cites=("702.48a",),
    )
    s.stack.remove(item)
    index = p.debts.index(debt)
    p.debts = p.debts[:index] + p.debts[index + 1 :]
    if answer == HONOR and price is not None:
        costs.pay(s, p, price, log, what=f"the price of {debt.origin or 'the Debt'}", cites=("702.48c",))
        log.append(
            event(f"{debtor} honors the Debt to {creditor}, paying its printed price: the Debt is spent", "702.48c")
        )
    elif answer == HONOR:
        p.vitae -= UNPRICED_LOSS
        c = s.known_player(creditor)
        gained = max(0, min(UNPRICED_LOSS, c.cap - c.vitae))  # nothing recovers above the cap (119.1)
        c.vitae += gained
        log.append(
            event(
                f"{debtor} honors the Debt to {creditor}: the coin crosses the table — {debtor}'s Master "
                f"loses {UNPRICED_LOSS} Vitae ({p.vitae}), {creditor}'s gains {gained} ({c.vitae}, cap "
                f"{c.cap}); the Debt is spent",
                "702.48c",
                "119.3",
                "119.1",
            )
        )
    else:
        log.append(
            event(f"{debtor} refuses the Debt to {creditor}: scandal — the Debt is spent all the same", "702.48d")
        )
        suspicion.raise_(s, debtor, SCANDAL, f"{debtor}'s refused Debt", log, ("702.48d", "123.2"))
        if creditor not in p.invited:
            p.invited = p.invited + (creditor,)
        log.append(
            event(
                f"{creditor} is Invited across {debtor}'s thresholds, present and future: the broken "
                f"promise opens the door",
                "702.48d",
                "310.11",
            )
        )
