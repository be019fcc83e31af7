"""The board's action picker: what (the engine's action kinds), who, then each value and the
targets from the board, one picker after another; or the action written as YAML. What it asks and
offers is judge.tui.action_picks' (action_picks.yaml); the board screen (judge.tui.screens.board)
runs it in a worker and adds the action it returns. Escape at any picker adds nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import App

from judge.tui import action_picks as ap
from judge.tui import board_model as bm
from judge.tui import engine_adapter as ea
from judge.tui.screens.dialogs import CardPicker, PromptScreen

WRITE_YAML = "(write the action as YAML…)"  # the last choice of the first picker
NO_MORE, NO_MORE_TARGETS = "(no more)", "(no targets)"
CANCELLED, LEFT_OUT = object(), object()  # Escape in a picker; a value the action goes without


class ActionPicker:
    """Asks on `app` for one action on the board `data` (the scenario data, only read here)."""

    def __init__(self, app: App, data: dict) -> None:
        self.app = app
        self.data = data

    async def pick(self) -> dict | str | None:
        """The action picked (a mapping, or the word `pass`); WRITE_YAML when the judge chose to
        write it as YAML; None when a picker was escaped or the action kinds cannot be read (said
        in a notification)."""
        try:
            kinds = ap.kinds()
        except ap.PicksError as exc:
            self.app.notify(str(exc), severity="error")
            return None
        kind = await self.app.push_screen_wait(
            CardPicker([*kinds, WRITE_YAML], "Add an action: what", placeholder="cast, attack, block, until…")
        )
        if kind is None or kind == WRITE_YAML:
            return kind
        who = None
        whos = ap.who_choices(self.data, kind)
        if whos:
            who = await self.app.push_screen_wait(CardPicker(whos, f"{kind}: who", placeholder="player…"))
            if who is None:
                return None
        values: dict = {}
        for key, source in ap.picks()[kind]:
            value = await self._pick_value(kind, key, source, who)
            if value is CANCELLED:
                return None
            if value is not LEFT_OUT:
                values[key] = value
        return ap.assemble(kind, who, values)

    async def _pick_value(self, kind: str, key: str, source, who: str | None):
        title = f"{kind} · {who}: {key}" if who not in (None, ap.EVERYONE) else f"{kind}: {key}"
        if source == "flag":
            return True
        if source == "point":
            rounds, phases, steps = ea.turn_vocabulary()
            phase = await self.app.push_screen_wait(CardPicker(list(phases), f"{title} · phase", placeholder="phase…"))
            if phase is None:
                return CANCELLED
            named = [s for s in steps.get(phase, ()) if s]
            step = (
                await self.app.push_screen_wait(CardPicker(named, f"{title} · step", placeholder="step…"))
                if named
                else None
            )
            if named and step is None:
                return CANCELLED
            return {"phase": phase, "step": step}
        if source == "typed":
            text = await self.app.push_screen_wait(PromptScreen(f"{title} (YAML):", "", "as in a scenario file"))
            if not text:
                return CANCELLED
            try:
                return bm.parse_value(text)
            except bm.BoardError as exc:
                self.app.notify(str(exc), severity="warning")
                return CANCELLED
        if source == "targets":
            return await self._pick_many(ap.choices("targets", self.data, who), f"{title}", NO_MORE_TARGETS)
        if isinstance(source, dict):  # declarations: attacker and target, blocker and attacker …
            declarations: list = []
            while True:
                declaration: dict[str, object] = {}
                for sub, sub_source in source.items():
                    offered = ap.choices(sub_source, self.data, who)
                    if not offered:
                        self._nothing_to_pick(kind, sub, sub_source, who)
                        return CANCELLED
                    extra = [NO_MORE] if declarations and not declaration else []
                    picked = await self._pick_one(offered, f"{title} {len(declarations) + 1} · {sub}", extra)
                    if picked is CANCELLED or picked is NO_MORE:
                        return CANCELLED if picked is CANCELLED else declarations
                    declaration[sub] = picked
                declarations.append(declaration)
        offered = ap.choices(source, self.data, who)
        if not offered:
            self._nothing_to_pick(kind, key, source, who)
            return CANCELLED
        return await self._pick_one(offered, title)

    async def _pick_one(self, offered, title: str, extra: Sequence[str] = ()):
        by_label = {c.label: c.value for c in offered}
        label = await self.app.push_screen_wait(CardPicker([*extra, *by_label], title, placeholder="name…"))
        if label is None:
            return CANCELLED
        return NO_MORE if label in extra else by_label[label]

    async def _pick_many(self, offered, title: str, none_label: str):
        picked: list = []
        while True:
            value = await self._pick_one(offered, f"{title} {len(picked) + 1}", [none_label if not picked else NO_MORE])
            if value is CANCELLED:
                return CANCELLED
            if value is NO_MORE:
                return picked or LEFT_OUT
            picked.append(value)

    def _nothing_to_pick(self, kind: str, key: str, source: str, who: str | None) -> None:
        where = {
            "hand": f"{who}'s hand",
            "spoils": f"{who}'s Spoils",
            "own": f"{who}'s battlefield",
            "permanent": "the battlefield",
            "opponent": "the other players",
            "attackable": "the other players and their battlefields",
        }.get(source, source)
        self.app.notify(
            f"Nothing to pick for {kind} {key}: {where} is empty. Add cards to the board first (a on a zone)",
            severity="warning",
        )
