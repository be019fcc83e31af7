"""What a screen asks of the app: messages that bubble up from the screen to the app.

Screens never reach into the app; they post one of these and the app (judge.tui.app) decides
what happens: it owns the modes, the basket and the game. What the screens need to know (the
library, the game) the app sets on them as attributes (judge.tui.screens.base).
"""

from __future__ import annotations

from textual.message import Message

from judge.tui.basket import StepItem
from judge.tui.omnibox import Command


class CiteEntry(Message):
    """Put an entry (a rule, a card, a ruling) in the citation basket."""

    def __init__(self, entry_id: str) -> None:
        super().__init__()
        self.entry_id = entry_id


class CiteStep(Message):
    """Put a replay step in the citation basket."""

    def __init__(self, step: StepItem) -> None:
        super().__init__()
        self.step = step


class ShowEntry(Message):
    """Open an entry in a lookup screen over the current one (Escape comes back)."""

    def __init__(self, entry_id: str) -> None:
        super().__init__()
        self.entry_id = entry_id


class ShowRuling(Message):
    """Open a saved ruling (judge ruling save) as it now stands: a search found it."""

    def __init__(self, number: int) -> None:
        super().__init__()
        self.number = number


class ShowNote(Message):
    """Open a conflict or anomaly note in full (judge.conflicts.notes.Note)."""

    def __init__(self, note) -> None:
        super().__init__()
        self.note = note


class ShowTrace(Message):
    """Follow an entry through every edition of its document."""

    def __init__(self, entry_id: str) -> None:
        super().__init__()
        self.entry_id = entry_id


class ShowDiff(Message):
    """Show what changed between the last two editions of a document."""

    def __init__(self, doc: str) -> None:
        super().__init__()
        self.doc = doc


class ShowCard(Message):
    """Show a card on the card screen."""

    def __init__(self, card_id: str) -> None:
        super().__init__()
        self.card_id = card_id


class RunCommand(Message):
    """A `:command` typed in the omnibox."""

    def __init__(self, command: Command) -> None:
        super().__init__()
        self.command = command


class CycleGame(Message):
    """Limit searches to the next game (a click on the game label)."""


class ShowReplay(Message):
    """Show a replay (of the board on screen) on the replay screen."""

    def __init__(self, view) -> None:
        super().__init__()
        self.view = view


class FileRuling(Message):
    """File the basket's ruling: judge.tui.filing's EXPORT, SAVE or PRINT."""

    def __init__(self, action: str) -> None:
        super().__init__()
        self.action = action


class BasketChanged(Message):
    """A screen changed the basket the app gave it (the app keeps the session)."""


class HistoryChanged(Message):
    """The lookup history the app gave a screen moved on (the app keeps the session)."""
