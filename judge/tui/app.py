"""The judge TUI: lookup, card, board and replay screens, a citation basket, help.

The app only wires screens to the layers below (judge.tui.library for rules and cards,
judge.tui.engine_adapter for scenarios and replays). The corpus and search index load in a
worker thread after the first frame, so the omnibox takes input at once.
"""
from __future__ import annotations

from pathlib import Path
from typing import Iterable

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen
from textual.signal import Signal

from judge.context import event_game
from judge.corpus.documents import GAME_TITLES, GAMES, normalize_game
from judge.tui.basket import Basket, StepItem
from judge.tui.library import Library
from judge.tui.omnibox import Command

GAME_NAMES = {None: "All games", **GAME_TITLES}
LIGHT_THEME, DARK_THEME = "textual-light", "textual-dark"


class JudgeApp(App):
    TITLE = "judge"
    CSS_PATH = str(Path(__file__).with_name("app.tcss"))  # absolute: subclasses live elsewhere
    ENABLE_COMMAND_PALETTE = True

    BINDINGS = [
        Binding("f1", "help", "Help"),
        Binding("f2", "switch_mode('lookup')", "Lookup", show=False),
        Binding("f3", "switch_mode('card')", "Card", show=False),
        Binding("f4", "switch_mode('board')", "Board", show=False),
        Binding("f5", "switch_mode('replay')", "Replay", show=False),
        Binding("f6", "basket", "Basket", show=False),
        Binding("ctrl+t", "toggle_theme", "Theme", show=False),
    ]

    def __init__(self, library: Library | None = None, scenario: str | None = None,
                 mode: str = "lookup") -> None:
        super().__init__()
        self.library: Library | None = library
        self.basket = Basket()
        self.game: str | None = None
        self._game_problem = ""
        try:  # the event's game ($JUDGE_GAME), if the judge set one
            self.game = event_game()
        except ValueError as exc:
            self._game_problem = f"{exc}: searching all games"
        self.library_ready: Signal = Signal(self, "library-ready")
        self.game_changed: Signal = Signal(self, "game-changed")
        self._start_scenario = scenario
        self._start_mode = mode

    # Modes are built on first use, so start-up only pays for the lookup screen.
    MODES = {
        "lookup": lambda: _screen("lookup", "LookupScreen"),
        "card": lambda: _screen("card", "CardScreen"),
        "board": lambda: _screen("board", "BoardScreen"),
        "replay": lambda: _screen("replay", "ReplayScreen"),
    }
    DEFAULT_MODE = "lookup"

    def notify(self, message: str, *, title: str = "", severity="information",
               timeout: float | None = None, markup: bool = False) -> None:
        """Textual's notify, with markup off by default: a notification quotes what the judge
        typed, a file name or an error's message, which must show as written."""
        from judge.safe_text import for_terminal

        super().notify(for_terminal(message), title=for_terminal(title), severity=severity,
                       timeout=timeout, markup=markup)

    def on_mount(self) -> None:
        self.theme = default_theme()
        if self._game_problem:
            self.notify(self._game_problem, severity="warning", timeout=10)
        self.switch_mode(self._start_mode)
        if self.library is None:
            self.run_worker(self._load_library, thread=True, name="load-library", exit_on_error=False)
        else:
            self.call_later(self.library_ready.publish, self.library)
        if self._start_scenario:
            self.call_later(self.open_scenario, self._start_scenario, self._start_mode)

    def _load_library(self) -> None:
        try:
            library = Library.load()
        except Exception as exc:  # a broken data set is reported, the app stays usable
            self.call_from_thread(self.notify, f"Could not load the rules: {exc}",
                                  severity="error", timeout=30)
            return
        self.call_from_thread(self._library_loaded, library)

    def _library_loaded(self, library: Library) -> None:
        self.library = library
        self.library_ready.publish(library)

    # -- shared actions ----------------------------------------------------------------------
    def game_label(self) -> str:
        return f"[{GAME_NAMES.get(self.game, self.game)}]"

    def set_game(self, game: str | None) -> None:
        self.game = game
        self.game_changed.publish(game)
        self.notify(f"Searching {GAME_NAMES.get(game, game)}", timeout=2)

    def action_all_games(self) -> None:
        self.set_game(None)

    def action_cycle_game(self) -> None:
        order = [None, *GAMES]
        self.set_game(order[(order.index(self.game) + 1) % len(order)])

    def action_toggle_theme(self) -> None:
        self.theme = LIGHT_THEME if self.theme == DARK_THEME else DARK_THEME

    def action_help(self) -> None:
        from judge.tui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_basket(self) -> None:
        from judge.tui.screens.basket import BasketScreen

        if not isinstance(self.screen, BasketScreen):
            self.push_screen(BasketScreen())

    def cite_entry(self, entry_id: str) -> None:
        entry = self.library.get(entry_id) if self.library else None
        name = entry.citation if entry is not None and entry.citation else entry_id
        if self.basket.add_entry(entry_id):
            self.notify(f"Cited {name} · basket: {len(self.basket)}", timeout=3)
        else:
            self.notify(f"{name} is already in the basket", timeout=3)

    def clear_basket(self) -> None:
        self.basket.clear()
        self.notify("The basket is empty", timeout=2)

    def cite_step(self, step: StepItem) -> None:
        if self.basket.add_step(step):
            self.notify(f"Cited step {step.n} · basket: {len(self.basket)}", timeout=3)
        else:
            self.notify(f"Step {step.n} is already in the basket", timeout=3)

    def show_entry(self, entry_id: str) -> None:
        """Open an entry in a lookup screen over the current one; Escape comes back."""
        from judge.tui.screens.lookup import LookupScreen

        if self.library is None or self.library.get(entry_id) is None:
            self.notify(f"No entry {entry_id} in the loaded rules", severity="warning")
            return
        self.push_screen(LookupScreen(initial=entry_id, returnable=True))

    def show_card(self, card_id: str) -> None:
        self.call_later(self._in_mode, "card", "show_card", card_id)

    def open_scenario(self, path: str, mode: str = "board") -> None:
        self.call_later(self._in_mode, "replay" if mode == "replay" else "board", "load_path", path)

    async def _in_mode(self, mode: str, method: str, *args) -> None:
        """Switch to a mode's screen, wait until it is mounted, then call one of its methods."""
        await self.switch_mode(mode)
        getattr(self.screen, method)(*args)

    def run_command(self, command: Command) -> None:
        name, arg = command.name, command.arg
        if name == "card":
            if arg:
                self.call_later(self._in_mode, "card", "search_card", arg)
            else:
                self.switch_mode("card")
        elif name in ("board", "replay"):
            if arg:
                self.open_scenario(arg, name)
            else:
                self.switch_mode(name)
        elif name == "basket":
            self.action_basket()
        elif name == "help":
            self.action_help()
        elif name == "theme":
            self.action_toggle_theme()
        elif name == "quit":
            self.exit()
        elif name == "game":
            if arg.lower() in ("", "all", "any", "*"):
                self.set_game(None)
            elif normalize_game(arg):
                self.set_game(normalize_game(arg))
            else:
                self.notify(f"Unknown game {arg!r}: nodawn, l5r-lcg, l5r-ccg, shadowfist or all",
                            severity="warning")
        else:
            self.notify(f"Unknown command :{name} — F1 lists them", severity="warning")

    # -- command palette ---------------------------------------------------------------------
    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("Lookup screen", "Search rules, glossaries, FAQs (F2)",
                            lambda: self.switch_mode("lookup"))
        yield SystemCommand("Card screen", "A card's text, errata, rulings, topics (F3)",
                            lambda: self.switch_mode("card"))
        yield SystemCommand("Board screen", "Set up a board snippet; load and save scenarios (F4)",
                            lambda: self.switch_mode("board"))
        yield SystemCommand("Replay screen", "Step through a scenario with cited rules (F5)",
                            lambda: self.switch_mode("replay"))
        yield SystemCommand("Citation basket", "Cited entries and steps; export Markdown (F6)",
                            self.action_basket)
        yield SystemCommand("Load a scenario on the board", "Open a scenario file for editing",
                            lambda: self.call_later(self._in_mode, "board", "action_load"))
        yield SystemCommand("New board", "An empty two-player board",
                            lambda: self.call_later(self._in_mode, "board", "action_new_board"))
        yield SystemCommand("Replay a scenario file", "Step through a scenario with its cited rules",
                            lambda: self.call_later(self._in_mode, "replay", "action_load"))
        yield SystemCommand("Clear the basket", "Drop every cited entry and step", self.clear_basket)
        yield SystemCommand("Help", "Keys and omnibox commands (F1)", self.action_help)
        yield SystemCommand("Light/dark theme", "Switch theme (Ctrl+T)", self.action_toggle_theme)
        for game in (None, *GAMES):
            yield SystemCommand(f"Game: {GAME_NAMES[game]}", "Limit searches to this game",
                                lambda g=game: self.set_game(g))


def default_theme() -> str:
    """JUDGE_THEME (light/dark) if set, else a light theme on a terminal that says its
    background is light (COLORFGBG "fg;bg" with a light bg colour), else dark."""
    import os

    wanted = os.environ.get("JUDGE_THEME", "").strip().lower()
    if wanted in ("light", "dark"):
        return LIGHT_THEME if wanted == "light" else DARK_THEME
    background = os.environ.get("COLORFGBG", "").rsplit(";", 1)[-1]
    return LIGHT_THEME if background in ("7", "15") else DARK_THEME


def _screen(module: str, name: str) -> Screen:
    import importlib

    return getattr(importlib.import_module(f"judge.tui.screens.{module}"), name)()


def run(scenario: str | None = None, mode: str = "lookup") -> int:
    JudgeApp(scenario=scenario, mode=mode).run()
    return 0
