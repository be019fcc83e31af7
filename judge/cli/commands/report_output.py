"""Where `judge diff` and `judge trace` send what they render: the terminal, or a file written
whole through judge.files; the format asked, else the one the file's suffix names."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from judge.cli import UserError

if TYPE_CHECKING:
    from rich.console import ConsoleRenderable

FORMATS = ("terminal", "json", "markdown", "html")
SUFFIXES = {
    ".md": "markdown",
    ".markdown": "markdown",
    ".html": "html",
    ".htm": "html",
    ".json": "json",
    ".txt": "terminal",
}  # the terminal's text, without colours: the [- -] {+ +} marks


def add_options(parser) -> None:
    parser.add_argument(
        "--format",
        choices=FORMATS,
        help="default: terminal on screen; with -o, from the file's suffix (.md .html .json .txt)",
    )
    parser.add_argument("--json", action="store_true", help="the same as --format json")
    parser.add_argument("-o", "--output", type=Path, metavar="FILE", help="write it to this file")


def chosen_format(args) -> str:
    if args.json:
        if args.format not in (None, "json"):
            raise UserError(f"--json and --format {args.format} ask for two formats; give one")
        return "json"
    if args.format:
        return args.format
    if args.output is None:
        return "terminal"
    if args.output.suffix.lower() not in SUFFIXES:
        raise UserError(
            f"-o {args.output}: cannot tell the format from the suffix {args.output.suffix!r}; "
            f"give --format ({', '.join(FORMATS)})"
        )
    return SUFFIXES[args.output.suffix.lower()]


def emit_text(args, text: str) -> None:
    """Print `text` (json, markdown, html); with -o, write it."""
    if args.output is None:
        sys.stdout.write(text)
        return
    _write(args, text)


def emit_renderable(args, renderable: ConsoleRenderable) -> None:
    """Print `renderable` with rich (terminal); with -o, write its plain text."""
    if args.output is None:
        from judge.console import stdout_console

        stdout_console().print(renderable)
        return
    import io

    from rich.console import Console

    # Plain text with the [- -] {+ +} markers: a file has no colours.
    console = Console(width=100, record=True, file=io.StringIO(), color_system=None)
    console.print(renderable)
    _write(args, console.export_text())


def _write(args, text: str) -> None:
    from judge import files
    from judge.safe_text import one_line

    try:
        written = files.write_atomically(Path(args.output).expanduser(), text)
    except files.WriteError as exc:
        raise UserError(str(exc)) from None
    print(f"written to {one_line(str(written))}")
