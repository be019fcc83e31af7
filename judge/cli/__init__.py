"""The command line: a thin dispatcher over judge.cli.commands.<name> modules.

Each command module exposes `register(subparsers)` (adding its sub-parser and setting
`func`) and does its work through the corpus/search/engine/sheet layers. `main` is the one
place that turns what happened into an exit status (EXIT_CODES): errors a user can cause are a
message on stderr, a defect in judge is one line naming the log file that holds its traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys

# Command modules, in the order their help is listed. A module that is not there yet is skipped.
COMMANDS = (
    "show",
    "search",
    "card",
    "conflicts",
    "replay",
    "sheet",
    "ruling",
    "import",
    "diff",
    "trace",
    "serve",
    "doctor",
    "tui",
)

EXIT_FOUND = 0
EXIT_NOTHING_FOUND = 1
EXIT_BAD_INPUT = 2
EXIT_INTERNAL_ERROR = 3
EXIT_INTERRUPTED = 130

EXIT_CODES = f"""exit status:
  {EXIT_FOUND}    found / done
  {EXIT_NOTHING_FOUND}    nothing found (no match, no such entry, card or saved ruling);
       `judge replay`: an expectation failed or the replay stopped at a choice
  {EXIT_BAD_INPUT}    bad input: a usage error or a refusal, explained on stderr
  {EXIT_INTERNAL_ERROR}    internal error: a defect in judge; its traceback is written to a log file
       in <cache>/errors/ and the path printed on stderr (`judge replay`: an engine error)
  {EXIT_INTERRUPTED}  interrupted (Ctrl+C)"""


class UserError(Exception):
    """A problem with what the user asked for: printed as a message, exit status 2."""


class NothingFound(Exception):
    """Nothing matches what the user asked for: printed as a message, exit status 1."""


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line; with `only` (a name in COMMANDS), just that command's sub-parser —
    what parsing a command needs, without importing and registering the twelve others."""
    parser = argparse.ArgumentParser(
        prog="judge",
        description="Rules lookup and ruling assistant for card-game judges. With no command, opens the TUI.",
        epilog=EXIT_CODES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in (only,) if only else COMMANDS:
        try:
            module = importlib.import_module(f"judge.cli.commands.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"judge.cli.commands.{name}":
                continue
            raise
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    if argv is None:  # the program itself, not a caller in process
        argv = sys.argv[1:]
        _die_quietly_on_a_closed_pipe(argv)
    _tolerant_output()
    from judge.editions.errors import EditionError

    try:
        return _run(argv)
    except (UserError, EditionError) as exc:
        _say(str(exc))
        return EXIT_BAD_INPUT
    except NothingFound as exc:
        _say(str(exc))
        return EXIT_NOTHING_FOUND
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _silence_stdout()  # the reader has gone (`judge search … | head`): nothing more to say
        return EXIT_FOUND
    except Exception as exc:  # a defect: logged whole, reported in one line, never a traceback
        return _internal_error(exc, argv)


def _run(argv: list[str]) -> int:
    from judge.argv_text import bad_argument, bad_setting

    # A command named first is parsed by its own sub-parser alone (its usage, help and errors
    # read the same); anything else (no command, --help, a misspelt one) needs them all.
    if not argv:  # plain `judge` opens the TUI: its sub-parser alone, so the first screen comes sooner
        argv = ["tui"]
    parser = build_parser(argv[0] if argv[0] in COMMANDS else None)
    args = parser.parse_args(argv)
    refusal = bad_setting() or bad_argument(parser, args)
    if refusal:
        raise UserError(refusal)
    if not getattr(args, "func", None):
        parser.print_help()
        return EXIT_BAD_INPUT
    return int(args.func(args) or 0)


def _say(message: str) -> None:
    from judge.safe_text import for_terminal

    print(f"judge: {for_terminal(message)}", file=sys.stderr)


def _internal_error(exc: Exception, argv: list[str]) -> int:
    from judge import crash_log
    from judge.safe_text import one_line

    what = one_line(f"{type(exc).__name__}: {exc}")
    try:
        where = f"the traceback is in {one_line(str(crash_log.write(exc, argv)))}"
    except OSError as log_exc:
        where = f"the traceback could not be written down ({one_line(str(log_exc))})"
    print(f"judge: internal error, a defect in judge ({what}); {where}", file=sys.stderr)
    return EXIT_INTERNAL_ERROR


def _die_quietly_on_a_closed_pipe(argv: list[str]) -> None:
    """`judge search … | head`: when the reader goes, end as Unix tools do, killed by SIGPIPE
    (status 141 in the shell) — never 1, "nothing found", which rich's console would otherwise
    exit with. Not for the station and the TUI, which must outlive a closed socket or pipe."""
    import signal

    if argv[:1] not in (["serve"], ["tui"], []) and hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)


def _tolerant_output() -> None:
    """Text a strict terminal encoding cannot show is printed as \\x.. escapes, not a crash."""
    for stream in (sys.stdout, sys.stderr):
        if getattr(stream, "errors", None) == "strict" and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")


def _silence_stdout() -> None:
    """After a broken pipe, point stdout at /dev/null so that the exit's flush cannot fail."""
    import os

    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return  # not a real file (in-process callers): nothing will be flushed to a pipe
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)
