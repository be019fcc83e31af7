"""What every judge screen is told by the app: the library (once loaded), the game and the
program's archive searched for precedents (a URL, or None: fixed for the session).

Attributes down: the app sets `library` and `game` on each screen it makes; a screen that
cares overrides `library_changed` / `game_changed`, called only once the screen is mounted
(before that, its on_mount reads the attributes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.reactive import var
from textual.screen import ModalScreen, Screen

from judge.library import Library

# Told is mixed into screens only (JudgeScreen, JudgeModal below): typed as one, so that its
# reactive attributes and is_mounted are checked as a screen's; at run time a plain mixin.
if TYPE_CHECKING:
    _Mixin = Screen
else:
    _Mixin = object


class Told(_Mixin):
    library: var[Library | None] = var(None, init=False)
    game: var[str | None] = var(None, init=False)
    archive_url: str | None = None

    def watch_library(self, library: Library | None) -> None:
        if self.is_mounted and library is not None:
            self.library_changed(library)

    def watch_game(self, game: str | None) -> None:
        if self.is_mounted:
            self.game_changed(game)

    def library_changed(self, library: Library) -> None:
        """The rules have loaded."""

    def game_changed(self, game: str | None) -> None:
        """The searches are now limited to another game."""

    def loaded_library(self) -> Library:
        """The library, for what runs only once the rules have loaded (a result shown, a search
        started from one); before that, a defect, raised as one."""
        if self.library is None:
            raise RuntimeError(f"{type(self).__name__} used the rules before they were loaded")
        return self.library


class JudgeScreen(Told, Screen):
    pass


class JudgeModal(Told, ModalScreen):
    pass
