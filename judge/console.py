"""The console the commands print their rich output on.

At a terminal it is the terminal's width. Without one — a pipe, a file, `grep` — nothing is
wrapped at 80 columns and no table header is cut ("Corrup…"): each line is as long as its text
(up to UNWRAPPED_WIDTH), boxes fit what they hold, and a separating rule keeps a reading width.
$COLUMNS, when set, is the width wherever the output goes (rich reads it).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console

UNWRAPPED_WIDTH = 10_000  # a line longer than this is still folded: no rule text comes near it
RULE_WIDTH = 80  # a separator or a box without a terminal to size it


def stdout_console() -> Console:
    from rich.console import Console

    console = Console()
    if console.is_terminal or os.environ.get("COLUMNS"):
        return console
    return Console(width=UNWRAPPED_WIDTH)


def unwrapped(console: Console) -> bool:
    """Whether lines run as long as their text (no terminal to fit)."""
    return console.width >= UNWRAPPED_WIDTH


def rule_width(console: Console) -> int:
    """How wide a separating rule is drawn."""
    return RULE_WIDTH if unwrapped(console) else console.width
