"""What a saved ruling's text fields may hold, checked before anything is stored.

Saved rulings are shared between judges and listed one per line, so the one-line fields (event,
table, judge) refuse line breaks, tabs and control characters, and the question and answer refuse
escape and control characters (they may run over several lines). Refusing on save keeps the log
clean; text stored by other programs is still made safe where it is shown (judge.safe_text).
"""

from __future__ import annotations

import unicodedata

from judge.safe_text import first_control

# Unicode gives control characters no names; the ones people meet have these.
CONTROL_NAMES = {
    "\n": "line feed",
    "\r": "carriage return",
    "\r\n": "CR LF",
    "\t": "tab",
    "\x1b": "escape",
    "\x00": "NUL",
    "\x07": "bell",
    "\x08": "backspace",
    "\x0b": "vertical tab",
    "\x0c": "form feed",
    "\x7f": "delete",
}

ONE_LINE = ("event", "table", "judge")
MULTI_LINE = ("question", "answer")


def problem(label: str, text: str, one_line: bool) -> str | None:
    """Why `text` cannot be stored in the field called `label`, or None."""
    found = first_control(text, line_breaks=not one_line)
    if found is None:
        return None
    position, char = found
    name = CONTROL_NAMES.get(char) or unicodedata.name(char, "").lower()
    code = "+".join(f"U+{ord(c):04X}" for c in char)
    kind = "a line break, tab or control character" if one_line else "an escape or control character"
    return f"{label} cannot hold {kind} ({code}{' ' + name if name else ''} at position {position})" + (
        "; it is listed on one line" if one_line else ""
    )


def check(labels: dict[str, str], values: dict[str, str]) -> str | None:
    """The first problem among `values` (field name -> text), each named by `labels`."""
    for field in MULTI_LINE + ONE_LINE:
        text = values.get(field) or ""
        why = problem(labels.get(field, field), text, one_line=field in ONE_LINE)
        if why:
            return why
    return None
