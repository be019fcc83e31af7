"""The command line: a thin dispatcher over judge.commands.<name> modules.

Each command module exposes `register(subparsers)` (adding its sub-parser and setting
`func`) and does its work through the corpus/search/engine/sheet layers. Errors a user can
cause are reported on stderr with a non-zero exit, never as a traceback.
"""
from __future__ import annotations

import argparse
import importlib
import sys

# Command modules, in the order their help is listed. A module that is not there yet is skipped.
COMMANDS = ("show", "search", "card", "conflicts", "replay", "sheet", "ruling", "doctor", "tui")


class UserError(Exception):
    """A problem with what the user asked for: printed as a message, exit status 2."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="judge",
        description="Rules lookup and ruling assistant for card-game judges. "
        "With no command, opens the TUI.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"judge.commands.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"judge.commands.{name}":
                continue
            raise
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser()
    if not argv:
        argv = ["tui"] if "tui" in parser._subparsers._group_actions[0].choices else ["--help"]
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except UserError as exc:
        print(f"judge: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
