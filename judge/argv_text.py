"""Arguments and settings that are not text: refused by name before any command sees them.

On Linux, a command-line argument or environment variable that is not valid UTF-8 reaches Python
with each bad byte as a lone surrogate (PEP 383). Such a string cannot be stored in SQLite,
written to a UTF-8 file or printed to a strict terminal, so judge refuses it, naming the option.
"""

from __future__ import annotations

import argparse
import os
import re
from pathlib import PurePath

_SURROGATE = re.compile("[\ud800-\udfff]")


def undecodable(text: str) -> str | None:
    """Why `text` is not text ("the byte 0xff at position 4"), or None if it is."""
    m = _SURROGATE.search(text)
    if m is None:
        return None
    code = ord(m.group())
    what = f"the byte 0x{code - 0xDC00:02x}" if 0xDC80 <= code <= 0xDCFF else f"the lone surrogate U+{code:04X}"
    return f"{what} at position {m.start()}"


def bad_argument(parser: argparse.ArgumentParser, args: argparse.Namespace) -> str | None:
    """A message naming the first parsed argument that is not valid UTF-8, or None."""
    names = _option_names(parser)
    for dest, value in vars(args).items():
        for item in value if isinstance(value, (list, tuple)) else [value]:
            if isinstance(item, (str, PurePath)):
                why = undecodable(str(item))
                if why:
                    return f"{names.get(dest, dest)}: not valid UTF-8 ({why}); judge reads its arguments as UTF-8 text"
    return None


def bad_setting(prefix: str = "JUDGE_") -> str | None:
    """A message naming the first environment variable of judge's that is not valid UTF-8."""
    for name, value in sorted(os.environ.items()):
        if name.startswith(prefix):
            why = undecodable(value)
            if why:
                return f"${name}: not valid UTF-8 ({why})"
    return None


def _option_names(parser: argparse.ArgumentParser) -> dict[str, str]:
    """Each destination's name as the user typed it: '--answer/-a', 'QUERY'."""
    names: dict[str, str] = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                for dest, name in _option_names(sub).items():
                    names.setdefault(dest, name)
        elif action.option_strings:
            names.setdefault(action.dest, "/".join(sorted(action.option_strings, key=len, reverse=True)))
        else:
            metavar = action.metavar if isinstance(action.metavar, str) else None
            names.setdefault(action.dest, metavar or action.dest.upper())
    return names
