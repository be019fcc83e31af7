"""The judge TUI: lookup, card, board and replay screens, a citation basket, help.

The app only wires screens to the layers below (judge.library for rules and cards,
judge.tui.engine_adapter for scenarios and replays). The corpus and search index load in a
worker thread after the first frame, so the omnibox takes input at once.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable
from functools import partial
from pathlib import Path
from typing import TypeVar

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from judge.context import event_game
from judge.corpus.documents import GAMES, normalize_game
from judge.library import Library
from judge.tui import filing, messages, session
from judge.tui.basket import StepItem
from judge.tui.game_names import GAME_NAMES
from judge.tui.omnibox import Command
from judge.tui.screens.base import JudgeScreen, Told

ToldScreen = TypeVar("ToldScreen", bound=Told)
ModeScreen = TypeVar("ModeScreen", bound=JudgeScreen)

# mode -> (module in judge.tui.screens, screen class); built on first use, so start-up only
# pays for the lookup screen
MODE_SCREENS = {
    "lookup": ("lookup", "LookupScreen"),
    "card": ("card", "CardScreen"),
    "board": ("board", "BoardScreen"),
    "replay": ("replay", "ReplayScreen"),
    "log": ("log", "LogScreen"),
}
LIGHT_THEME, DARK_THEME = "textual-light", "textual-dark"


class JudgeApp(App):
    """Screens post judge.tui.messages upward; the app sets `library` and `game` on them."""

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
        Binding("f9", "switch_mode('log')", "Log", show=False),
        Binding("ctrl+t", "toggle_theme", "Theme", show=False),
    ]

    def __init__(
        self,
        library: Library | None = None,
        scenario: str | None = None,
        mode: str = "lookup",
        session_file: Path | None = None,
        archive_url: str | None = None,
    ) -> None:
        super().__init__()
        self.library: Library | None = library
        self.archive_url = archive_url  # a program's archive searched for precedents (Lookup)
        # the basket and the lookup history survive a restart (judge.tui.session)
        self.session_file = session_file or session.session_path()
        kept, self._session_problem = session.load(self.session_file)
        self.basket, self.history = kept.basket, kept.history
        self.filed = kept.filed  # how the basket's ruling was filed since it changed ("" while not)
        self.particulars = filing.Particulars()  # asked once, remembered for the session
        self.sheet_format = "markdown"
        self.sheet_folder: Path | None = None
        self.game: str | None = None
        self._game_problem = ""
        try:  # the event's game ($JUDGE_GAME), if the judge set one
            self.game = event_game()
        except ValueError as exc:
            self._game_problem = f"{exc}: searching all games"
        self._start_scenario = scenario
        self._start_mode = mode
        self._told: weakref.WeakSet[Told] = weakref.WeakSet()  # screens that hear library/game
        self._mode_screens: dict[str, JudgeScreen] = {}
        for name, (module, cls) in MODE_SCREENS.items():
            self.add_mode(name, partial(self._make_mode, name, module, cls))

    DEFAULT_MODE = "lookup"

    def _make_mode(self, name: str, module: str, cls: str) -> JudgeScreen:
        screen = self._mode_screens[name] = self.tell(_screen(module, cls))
        if name == "lookup":
            from judge.tui.screens.lookup import LookupScreen  # loaded by _screen just now

            _check_kind(screen, LookupScreen, name).history = self.history  # the history kept between runs
        return screen

    def tell(self, screen: ToldScreen) -> ToldScreen:
        """Attributes down: a new screen learns the library, the game and the archive, and hears changes."""
        screen.library, screen.game, screen.archive_url = self.library, self.game, self.archive_url
        self._told.add(screen)
        return screen

    async def mode_screen(self, mode: str, kind: type[ModeScreen]) -> ModeScreen:
        """Switch to a mode and return its screen, mounted: a `kind` (MODE_SCREENS), else TypeError."""
        await self.switch_mode(mode)
        return _check_kind(self._mode_screens[mode], kind, mode)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity="information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """Textual's notify, with markup off by default: a notification quotes what the judge
        typed, a file name or an error's message, which must show as written."""
        from judge.safe_text import for_terminal

        super().notify(
            for_terminal(message), title=for_terminal(title), severity=severity, timeout=timeout, markup=markup
        )

    def on_mount(self) -> None:
        self.theme = default_theme()
        if self._game_problem:
            self.notify(self._game_problem, severity="warning", timeout=10)
        if self._session_problem:
            self.notify(self._session_problem, severity="warning", timeout=15)
        self.switch_mode(self._start_mode)
        if self.library is None:  # after the first frame: unpickling the rules holds the GIL
            self.call_after_refresh(
                self.run_worker, self._load_library, thread=True, name="load-library", exit_on_error=False
            )
        if self._start_scenario:
            self.call_later(self.open_scenario, self._start_scenario, self._start_mode)

    def _load_library(self) -> None:
        try:
            library = Library.load()
        except Exception as exc:  # a broken data set is reported, the app stays usable
            self.call_from_thread(self.notify, f"Could not load the rules: {exc}", severity="error", timeout=30)
            return
        self.call_from_thread(self._library_loaded, library)

    def _library_loaded(self, library: Library) -> None:
        self.library = library
        for screen in list(self._told):
            screen.library = library

    # -- shared actions ----------------------------------------------------------------------
    def set_game(self, game: str | None) -> None:
        self.game = game
        for screen in list(self._told):
            screen.game = game
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
            self.push_screen(self.tell(BasketScreen(self.basket, self.filed)))

    # -- what the screens ask (judge.tui.messages) ---------------------------------------------
    def on_cite_entry(self, message: messages.CiteEntry) -> None:
        self.cite_entry(message.entry_id)

    def on_cite_step(self, message: messages.CiteStep) -> None:
        self.cite_step(message.step)

    def on_show_entry(self, message: messages.ShowEntry) -> None:
        self.show_entry(message.entry_id)

    def on_show_ruling(self, message: messages.ShowRuling) -> None:
        from judge.tui.screens.log import RulingScreen

        self.push_screen(self.tell(RulingScreen(message.number)))

    def on_show_note(self, message: messages.ShowNote) -> None:
        from judge.tui.screens.note import NoteScreen

        self.push_screen(self.tell(NoteScreen(message.note)))

    def on_show_trace(self, message: messages.ShowTrace) -> None:
        from judge.tui.screens.trace import TraceScreen

        entry = self.library.get(message.entry_id) if self.library else None
        if entry is not None and not self.say_one_edition(
            entry.doc, f"no edition to trace {entry.citation or entry.id} through"
        ):
            return
        self.push_screen(self.tell(TraceScreen(message.entry_id)))

    def say_one_edition(self, doc: str, what: str) -> bool:
        """True when `doc` has an edition beside the bundled one; else say so, and how to add one."""
        from judge.changes.editions_diff import has_editions
        from judge.corpus.documents import spec

        if has_editions(doc):
            return True
        self.notify(
            f"{spec(doc).title} has one edition here, the bundled one: {what}. "
            f"`judge import FILE --doc {doc}` adds a newer one.",
            severity="warning",
            timeout=8,
        )
        return False

    def on_show_diff(self, message: messages.ShowDiff) -> None:
        self.show_diff(message.doc)

    def show_diff(self, doc: str) -> None:
        from judge.tui.screens.diff import DiffScreen

        if not self.say_one_edition(doc, "nothing to compare it with"):
            return
        self.push_screen(self.tell(DiffScreen(doc)))

    def on_show_card(self, message: messages.ShowCard) -> None:
        self.call_later(self.show_card, message.card_id)

    def on_basket_changed(self, _message: messages.BasketChanged) -> None:
        self.basket_touched()

    def on_history_changed(self, _message: messages.HistoryChanged) -> None:
        self.keep_session()

    def on_file_ruling(self, message: messages.FileRuling) -> None:
        self.file_ruling(message.action)

    def on_run_command(self, message: messages.RunCommand) -> None:
        self.run_command(message.command)

    def on_cycle_game(self, _message: messages.CycleGame) -> None:
        self.action_cycle_game()

    async def on_show_replay(self, message: messages.ShowReplay) -> None:
        from judge.tui.screens.replay import ReplayScreen

        (await self.mode_screen("replay", ReplayScreen)).show_replay(message.view)

    def cite_entry(self, entry_id: str) -> None:
        entry = self.library.get(entry_id) if self.library else None
        name = entry.citation if entry is not None and entry.citation else entry_id
        if self.basket.add_entry(entry_id):
            self.basket_touched()
            self.notify(f"Cited {name} · basket: {len(self.basket)}", timeout=3)
        else:
            self.notify(f"{name} is already in the basket", timeout=3)

    def clear_basket(self) -> None:
        self.basket.clear()
        self.basket_touched()
        self.notify("The basket is empty", timeout=2)

    def cite_step(self, step: StepItem) -> None:
        if self.basket.add_step(step):
            self.basket_touched()
            self.notify(f"Cited step {step.n} · basket: {len(self.basket)}", timeout=3)
        else:
            self.notify(f"Step {step.n} is already in the basket", timeout=3)

    def basket_touched(self) -> None:
        """The basket changed: its ruling is no longer the one filed."""
        self.filed = ""
        self.keep_session()
        self.tell_filed()

    def tell_filed(self) -> None:
        """An open basket says how its ruling was filed (attributes down, as for the library)."""
        from judge.tui.screens.basket import BasketScreen

        for screen in self.screen_stack:
            if isinstance(screen, BasketScreen):
                screen.filed = self.filed

    @property
    def basket_filed(self) -> bool:
        return bool(self.filed)

    def keep_session(self) -> None:
        """Write the basket, whether its ruling was filed, and the history; a failure is said, once."""
        try:
            session.save(session.Session(self.basket, self.history, self.filed), self.session_file)
        except OSError as exc:
            if not self._session_problem:
                self._session_problem = f"The basket is not kept: cannot write {self.session_file} ({exc})"
                self.notify(self._session_problem, severity="warning", timeout=15)

    # -- filing the ruling (judge.tui.filing) --------------------------------------------------
    def file_ruling(self, action: str) -> None:
        """Ask for the particulars (one dialog, remembered), then write, save or print."""
        from judge.tui.screens.ruling_form import RulingForm

        if self.library is None:
            self.notify("The rules are still loading", severity="warning")
            return
        if not len(self.basket):
            self.notify("The basket is empty: Ctrl+B cites the entry or step you are looking at", severity="warning")
            return
        self.push_screen(RulingForm(self.particulars, action, self.sheet_format, self.sheet_folder), self._filed)

    def _filed(self, chosen) -> None:
        if chosen is None:
            return
        self.particulars, self.sheet_format = chosen.particulars, chosen.fmt
        if self.library is None:  # file_ruling opens the form only once the rules have loaded
            raise RuntimeError("a ruling was filed before the rules were loaded")
        try:
            done = self._file(chosen, self.library.corpus)
        except filing.FilingError as exc:
            self.notify(str(exc), severity="error", timeout=12)
            return
        if done:
            self.filed = done
            self.keep_session()
            self.tell_filed()

    def _file(self, chosen, corpus) -> str:
        """Do what the form chose; how the ruling is now on paper or in the log ('' if it is not)."""
        if chosen.action == filing.EXPORT:
            written = filing.export(corpus, self.basket, chosen.particulars, chosen.fmt, chosen.path)
            self.sheet_folder = written.parent
            self.notify(f"Sheet written to {written}", timeout=8)
            return f"sheet written to {written}"
        if chosen.action == filing.SAVE:
            saved = filing.save(self.basket, chosen.particulars)
            self.notify(f"Saved as ruling #{saved.number} ({len(saved.cites)} cited)", timeout=8)
            return f"saved as ruling #{saved.number}"
        result = filing.send_to_printer(corpus, self.basket, chosen.particulars)
        self.notify(
            f"Printing: {result.message}" if result.sent else f"Not printed: {result.message}",
            severity="information" if result.sent else "error",
            timeout=10,
        )
        return "sent to the printer" if result.sent else ""

    # -- leaving ---------------------------------------------------------------------------------
    def unsaved_work(self) -> list[str]:
        """What quitting now would leave behind, in the judge's words."""
        left = []
        made = self._mode_screens.get("board")
        if made is not None:
            from judge.tui.screens.board import BoardScreen  # loaded when the screen was made

            board = _check_kind(made, BoardScreen, "board")
            if board.dirty:
                left.append(f"the board “{board.title_text}” is not saved")
        if len(self.basket) and not self.basket_filed:
            left.append(
                f"the basket's {len(self.basket)} citation(s) are not filed as a ruling "
                "(the basket itself is kept for next time)"
            )
        return left

    async def action_quit(self) -> None:
        """Ctrl+Q: at once when nothing would be lost, else after asking."""
        from judge.tui.screens.dialogs import ConfirmScreen

        left = self.unsaved_work()
        if not left or isinstance(self.screen, ConfirmScreen):  # nothing to lose, or asked twice
            self.exit()
            return
        question = "Quit? " + "; ".join(left) + ". (Ctrl+Q again quits too.)"
        self.push_screen(ConfirmScreen(question, yes="quit", no="stay"), lambda yes: self.exit() if yes else None)

    def show_entry(self, entry_id: str) -> None:
        """Open an entry in a lookup screen over the current one; Escape comes back."""
        from judge.tui.screens.lookup import LookupScreen

        if self.library is None or self.library.get(entry_id) is None:
            self.notify(f"No entry {entry_id} in the loaded rules", severity="warning")
            return
        self.push_screen(self.tell(LookupScreen(initial=entry_id, returnable=True)))

    async def show_card(self, card_id: str) -> None:
        from judge.tui.screens.card import CardScreen

        (await self.mode_screen("card", CardScreen)).show_card(card_id)

    async def search_card(self, name: str) -> None:
        from judge.tui.screens.card import CardScreen

        (await self.mode_screen("card", CardScreen)).search_card(name)

    def open_scenario(self, path: str, mode: str = "board") -> None:
        self.call_later(self._open_scenario, path, "replay" if mode == "replay" else "board")

    async def _open_scenario(self, path: str, mode: str) -> None:
        if mode == "replay":
            from judge.tui.screens.replay import ReplayScreen

            (await self.mode_screen(mode, ReplayScreen)).load_path(path)
        else:
            from judge.tui.screens.board import BoardScreen

            (await self.mode_screen(mode, BoardScreen)).load_path(path)

    async def _load_board(self) -> None:
        from judge.tui.screens.board import BoardScreen

        (await self.mode_screen("board", BoardScreen)).action_load()

    async def _new_board(self) -> None:
        from judge.tui.screens.board import BoardScreen

        (await self.mode_screen("board", BoardScreen)).action_new_board()

    async def _load_replay(self) -> None:
        from judge.tui.screens.replay import ReplayScreen

        (await self.mode_screen("replay", ReplayScreen)).action_load()

    def run_command(self, command: Command) -> None:
        name, arg = command.name, command.arg
        if name == "card":
            if arg:
                self.call_later(self.search_card, arg)
            else:
                self.switch_mode("card")
        elif name == "log":
            self.switch_mode("log")
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
            self.call_later(self.action_quit)
        elif name == "game":
            if arg.lower() in ("", "all", "any", "*"):
                self.set_game(None)
            elif normalize_game(arg):
                self.set_game(normalize_game(arg))
            else:
                self.notify(f"Unknown game {arg!r}: nodawn, l5r-lcg, l5r-ccg, shadowfist or all", severity="warning")
        else:
            self.notify(f"Unknown command :{name} — F1 lists them", severity="warning")

    # -- command palette ---------------------------------------------------------------------
    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("Lookup screen", "Search rules, glossaries, FAQs (F2)", lambda: self.switch_mode("lookup"))
        yield SystemCommand(
            "Card screen", "A card's text, errata, rulings, topics (F3)", lambda: self.switch_mode("card")
        )
        yield SystemCommand(
            "Board screen", "Set up a board snippet; load and save scenarios (F4)", lambda: self.switch_mode("board")
        )
        yield SystemCommand(
            "Replay screen", "Step through a scenario with cited rules (F5)", lambda: self.switch_mode("replay")
        )
        yield SystemCommand("Citation basket", "Cited entries and steps (F6)", self.action_basket)
        yield SystemCommand(
            "Rulings log",
            "Saved rulings: show one, amend, overturn or withdraw it (F9)",
            lambda: self.switch_mode("log"),
        )
        yield SystemCommand(
            "Ruling sheet of the basket",
            "Write it as Markdown, HTML or text, where you choose",
            lambda: self.file_ruling(filing.EXPORT),
        )
        yield SystemCommand(
            "Save the ruling to the ruling log",
            "Question, ruling, event, table, judge",
            lambda: self.file_ruling(filing.SAVE),
        )
        yield SystemCommand(
            "Print the ruling sheet",
            "Send the basket's sheet to the printer (lp)",
            lambda: self.file_ruling(filing.PRINT),
        )
        yield SystemCommand(
            "Load a scenario on the board",
            "Open a scenario file for editing",
            lambda: self.call_later(self._load_board),
        )
        yield SystemCommand("New board", "An empty two-player board", lambda: self.call_later(self._new_board))
        yield SystemCommand(
            "Replay a scenario file",
            "Step through a scenario with its cited rules",
            lambda: self.call_later(self._load_replay),
        )
        yield SystemCommand("Clear the basket", "Drop every cited entry and step", self.clear_basket)
        yield from self._edition_commands(screen)
        yield SystemCommand("Help", "Keys and omnibox commands (F1)", self.action_help)
        yield SystemCommand("Light/dark theme", "Switch theme (Ctrl+T)", self.action_toggle_theme)
        for game in (None, *GAMES):
            yield SystemCommand(
                f"Game: {GAME_NAMES[game]}", "Limit searches to this game", lambda g=game: self.set_game(g)
            )

    def _edition_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """A diff for each document that has editions beside the bundled one; a trace of the
        entry the lookup screen shows."""
        from judge.changes.editions_diff import has_editions
        from judge.corpus.documents import DOCUMENTS

        for spec in DOCUMENTS:
            if has_editions(spec.key):
                yield SystemCommand(
                    f"Diff: {spec.title}",
                    "What changed between its last two editions",
                    lambda doc=spec.key: self.show_diff(doc),
                )
        entry = getattr(screen, "current_entry", None)
        if entry is not None:
            yield SystemCommand(
                f"Trace {entry.id}",
                "This entry through every edition of its document (F7)",
                lambda: self.post_message(messages.ShowTrace(entry.id)),
            )


def default_theme() -> str:
    """JUDGE_THEME (light/dark) if set, else a light theme on a terminal that says its
    background is light (COLORFGBG "fg;bg" with a light bg colour), else dark."""
    import os

    wanted = os.environ.get("JUDGE_THEME", "").strip().lower()
    if wanted in ("light", "dark"):
        return LIGHT_THEME if wanted == "light" else DARK_THEME
    background = os.environ.get("COLORFGBG", "").rsplit(";", 1)[-1]
    return LIGHT_THEME if background in ("7", "15") else DARK_THEME


def _screen(module: str, name: str) -> JudgeScreen:
    import importlib

    screen = getattr(importlib.import_module(f"judge.tui.screens.{module}"), name)()
    return _check_kind(screen, JudgeScreen, module)


def _check_kind(screen: object, kind: type[ModeScreen], mode: str) -> ModeScreen:
    """`screen`, as the `kind` of screen MODE_SCREENS names for `mode`; a TypeError if it is not one."""
    if not isinstance(screen, kind):
        raise TypeError(f"the {mode} screen is a {type(screen).__name__}, not a {kind.__name__}")
    return screen


def run(scenario: str | None = None, mode: str = "lookup", archive_url: str | None = None) -> int:
    JudgeApp(scenario=scenario, mode=mode, archive_url=archive_url).run()
    return 0
