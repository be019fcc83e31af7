"""Cards put into one place of a zone at once, in an order their owner chooses: the Pit's flush
to the bottom of the Domain (407.4, 401.5) and several cards put into one Spoils at once (404.3).

The owner's order is asked when something first reads it — a draw or a look reaching one of the
cards, an effect taking the Spoils' topmost card — and not before: until then no order can be
told from another by anything the engine models, so (like a choice with one possible answer,
asking.py) there is nothing to ask. Meanwhile the cards lie in the order they arrived, and the
arrangement is recorded in `state.arrangements` (and logged) as still the owner's to choose. An
answer lists the cards from the top down (the first listed is drawn, or taken from the Spoils,
first); the stated default, where a scenario opts in, is the order they arrived in.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from judge.engine.choosing.asking import ask
from judge.engine.choosing.choices import CHOICE_KINDS
from judge.engine.core.events import event
from judge.engine.core.state import GameState

# where in each zone a card arrives: the Domain's list is top first, the Spoils' top last (state.py)
Arranged = Literal["domain", "spoils"]  # the zones whose cards' order is arranged
TOP_FIRST = {"domain": True, "spoils": False}


@dataclass(frozen=True)
class Arrangement:
    """Cards that arrived together in the owner's `zone`, their order not yet chosen."""

    kind: str  # the choices.CHOICE_KINDS kind it is asked under
    owner: str
    zone: Arranged
    ids: tuple[str, ...]  # in the order they arrived
    prompt: str  # what is being chosen, in words


def together(s: GameState, log: list, kind: str, owner: str, zone: Arranged, ids, what: str) -> None:
    """`ids` (the owner's cards) have just arrived together in the owner's `zone`."""
    ids = tuple(o for o in dict.fromkeys(ids) if not s.objects[o].token)  # a token ceases to exist there (704.5g)
    if len(ids) < 2:
        return
    names = ", ".join(s.objects[o].card or "a card" for o in ids)
    prompt = f"the order of {what} ({names}), from the top down"
    s.arrangements = s.arrangements + (Arrangement(kind, owner, zone, ids, prompt),)
    log.append(
        event(
            f"{owner} chooses the order of {what} ({names}); nothing reads that order yet, so it is "
            f"asked when something does",
            CHOICE_KINDS[kind].rule,
        )
    )


def settle(s: GameState, log: list, owner: str, zone: Arranged, reached) -> None:
    """Before something reads the cards `reached` of the owner's `zone`: the order of any
    arrangement among them is asked now (its cards still there), and the cards take it."""
    reached = set(reached)
    for arr in s.arrangements:
        if arr.owner != owner or arr.zone != zone or not reached & set(arr.ids):
            continue
        container = s.known_player(owner).own(zone)
        here = tuple(o for o in arr.ids if o in container)
        top_down = here if TOP_FIRST[zone] else here[::-1]
        order = ask(s, log, arr.kind, owner, top_down, arr.prompt, default=top_down)
        places = sorted(container.index(o) for o in here)
        for place, oid in zip(places, order if TOP_FIRST[zone] else order[::-1]):
            container[place] = oid
        s.arrangements = tuple(a for a in s.arrangements if a is not arr)


def into_spoils(s: GameState, log: list, oids, what: str) -> None:
    """`oids` were put into Spoils at once: each owner stacks the ones now in their Spoils in an
    order of their choosing (404.3)."""
    there = [o for o in oids if s.objects[o].zone == "spoils"]
    for owner in dict.fromkeys(s.objects[o].owner for o in there):
        together(s, log, "spoils-order", owner, "spoils", [o for o in there if s.objects[o].owner == owner], what)
