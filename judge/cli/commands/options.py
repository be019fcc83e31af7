"""Options several commands share, parsed the same way everywhere."""

from __future__ import annotations

from judge.cli import UserError

GAME_HELP = "nodawn, l5r-lcg, l5r-ccg, shadowfist (or nd, lcg, ccg, sf)"


def add_game_option(parser, event_default: bool = False) -> None:
    extra = "; default $JUDGE_GAME, the event's game (all: every game)" if event_default else ""
    parser.add_argument("--game", help=GAME_HELP + extra)


def add_db_option(parser, purpose: str = "") -> None:
    """--db PATH: the rulings file, for every command that reads or writes the rulings log
    (`purpose`: what the command reads it for, said in the help)."""
    from pathlib import Path

    parser.add_argument(
        "--db",
        type=Path,
        metavar="PATH",
        help=f"the rulings database{' ' + purpose if purpose else ''} "
        "(default: $JUDGE_RULINGS_DB or <data dir>/rulings.sqlite3)",
    )


def chosen_game(args) -> str | None:
    """The canonical game the user asked for with --game, or None; an unknown name is an error."""
    from judge.corpus.documents import normalize_game

    if not getattr(args, "game", None):
        return None
    if args.game.strip().lower() == "all":
        return None
    game = normalize_game(args.game)
    if game is None:
        raise UserError(f"unknown game {args.game!r}; choose one of {GAME_HELP}")
    return game


def game_or_event_game(args) -> str | None:
    """--game if given (`all` for every game), else the event's game from $JUDGE_GAME."""
    from judge import context

    if getattr(args, "game", None):
        return chosen_game(args)
    try:
        return context.event_game()
    except ValueError as exc:
        raise UserError(f"{exc}; choose one of {GAME_HELP}, or all") from None
