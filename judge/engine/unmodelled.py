"""Rules the engine knows it does not play yet. Where one of them would apply, the engine says so
with a not-modelled event (events.not_modelled) instead of passing over it in silence; replays and
ruling sheets gather those events into a "Not modelled here" section (issue 15, item 1).

To model one of these rules: implement it where it applies, and delete its row and its calls here.
"""
from __future__ import annotations

from judge.engine.events import Event, not_modelled

# rule -> what the engine leaves to the players, in words
LEFT_TO_PLAYERS = {
    "709.2": "laying to rest: as an Entity would be put into a Spoils from the battlefield by lethal damage or a "
             "destroy effect, the undertaker may pay 1 Vitae to put it into the Void instead",
    "309.3": "a Mortal entering the battlefield raises Suspicion by 1, attributed to its controller (123.2)",
}


def suspicion(name: str, controller: str) -> Event:
    """309.3: the Suspicion a Mortal's arrival raises; the engine keeps no Suspicion meter (123)."""
    return not_modelled(f"not modelled here — Suspicion (309.3, 123.2): {name} is a Mortal, and its entering raises "
                        f"Suspicion by 1, attributed to {controller}; the engine keeps no Suspicion meter",
                        "309.3", "123.2")


def laying_to_rest(name: str, undertaker: str | None) -> Event:
    """709.2 was not offered at this death (only a death with an undertaker offers the rites)."""
    who = f"{undertaker}, the undertaker," if undertaker else "the undertaker (the controller of the source of the lethal damage)"
    return not_modelled(f"not modelled here — laying to rest (709.2): as {name} died, {who} could have paid 1 Vitae "
                        f"to put it into the Void instead; the engine does not offer it, and {name} lies in the Spoils",
                        "709.2")
