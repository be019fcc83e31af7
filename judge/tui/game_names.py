"""The names the TUI shows for the game searches are limited to."""

from __future__ import annotations

from judge.corpus.documents import GAME_TITLES

GAME_NAMES: dict[str | None, str] = {None: "All games"}
GAME_NAMES.update(GAME_TITLES.items())


def game_name(game: str | None) -> str:
    return GAME_NAMES.get(game, game or "")


def game_label(game: str | None) -> str:
    """The omnibox's label: `[No Dawn]`, `[All games]`."""
    return f"[{game_name(game)}]"
