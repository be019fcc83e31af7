"""Terrain statics that reach the attack on a Haven (303.5a, 604.4): the approach tax charged
for each Entity declared against the Terrain controller's Havens (`approach_tax`), and the word
of the statics that reach those besiegers (`affects: attacking_own_havens`, layers.covers). The
Traps' sharpening (`trap_bonus`) is a damage replacement (replacement.py)."""

from __future__ import annotations

from judge.engine.core.events import event
from judge.engine.core.state import GameState
from judge.engine.reading import layers


def on_declaration(s: GameState, log: list) -> None:
    """508.1: as the attacks are declared, the approach taxes are charged and the statics on
    besiegers take hold."""
    for src, st in list(layers.statics_of(s, "approach_tax")):
        for oid in sorted(layers.besiegers_of(s, src.controller), key=lambda o: s.objects[o].timestamp):
            p = s.known_player(s.objects[oid].controller)
            n = st["approach_tax"]["lose_vitae"]
            p.vitae -= n
            log.append(
                event(
                    f"{s.known_card(src).name}: {s.known_card(s.objects[oid]).name} is declared against a Haven "
                    f"{src.controller} controls — {p.name}'s Master loses {n} Vitae ({p.vitae})",
                    "604.4",
                    "303.5a",
                    "119.3",
                )
            )
    for src, st in list(layers.statics_of(s, "modify")):
        if st.get("affects") != "attacking_own_havens":
            continue
        reached = sorted(layers.besiegers_of(s, src.controller), key=lambda o: s.objects[o].timestamp)
        if reached:
            mod = st["modify"]
            log.append(
                event(
                    f"{s.known_card(src).name}: {', '.join(s.known_card(s.objects[o]).name for o in reached)} "
                    f"{'attacks' if len(reached) == 1 else 'attack'} a Haven {src.controller} controls and "
                    f"{'gets' if len(reached) == 1 else 'get'} {mod.get('attack', 0):+d}/{mod.get('vigor', 0):+d}"
                    f" while {'it does' if len(reached) == 1 else 'they do'}",
                    "303.5a",
                    "604.4",
                    "613.4c",
                )
            )
