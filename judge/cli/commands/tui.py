"""`judge tui [SCENARIO.yaml] [--replay] [--archive URL]`: the terminal interface (also plain
`judge`, which takes $JUDGE_ARCHIVE as the archive, as the other commands do)."""

from __future__ import annotations


def register(sub) -> None:
    p = sub.add_parser(
        "tui",
        help="open the terminal interface (the default with no command)",
        description="Open the terminal interface: rules lookup, cards, board and replay. "
        "With a scenario file, open it on the board (or, with --replay, step through it).",
    )
    p.add_argument("scenario", nargs="?", help="a scenario file to open on the board")
    p.add_argument("--replay", action="store_true", help="open the scenario in the replay screen")
    p.add_argument(
        "--archive",
        metavar="URL",
        help="also search a judge program's PostgreSQL archive of rulings for precedents "
        "from other events, listed after the rules (judge[archive]; default $JUDGE_ARCHIVE)",
    )
    p.set_defaults(func=run)


def run(args) -> int:
    from pathlib import Path

    from judge.cli import UserError

    if args.scenario and not Path(args.scenario).is_file():
        raise UserError(f"no scenario file {args.scenario!r}")
    from judge.tui.app import run as run_app

    mode = "replay" if args.replay else ("board" if args.scenario else "lookup")
    return run_app(scenario=args.scenario, mode=mode, archive_url=archive_url(args))


def archive_url(args) -> str | None:
    """--archive, else $JUDGE_ARCHIVE (plain `judge` has no flags: the variable is its way)."""
    import os

    return args.archive or os.environ.get("JUDGE_ARCHIVE") or None
