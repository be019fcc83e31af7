"""Options several commands share, parsed the same way everywhere."""
from __future__ import annotations

from judge.cli import UserError

GAME_HELP = "nodawn, l5r-lcg, l5r-ccg, shadowfist (or nd, lcg, ccg, sf)"


def add_game_option(parser) -> None:
    parser.add_argument("--game", help=GAME_HELP)


def chosen_game(args) -> str | None:
    """The canonical game the user asked for with --game, or None; an unknown name is an error."""
    from judge.corpus.documents import normalize_game

    if not getattr(args, "game", None):
        return None
    game = normalize_game(args.game)
    if game is None:
        raise UserError(f"unknown game {args.game!r}; choose one of {GAME_HELP}")
    return game
