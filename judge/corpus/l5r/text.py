"""Line and block reading shared by the three L5R parsers.

None of the L5R sources ends with a newline, so `str.splitlines()`-style counting is used, never
`wc -l`; a stray BOM or CRLF line ends would otherwise leak into the first entry or every text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field


@dataclass
class Block:
    """A run of non-blank lines: (1-based line number, line text) pairs."""

    lines: list[tuple[int, str]] = field(default_factory=list)

    @property
    def first(self) -> int:
        return self.lines[0][0]

    @property
    def last(self) -> int:
        return self.lines[-1][0]


def source_lines(text: str) -> list[str]:
    """The document's lines without line ends; the last line counts even without a newline."""
    text = text.lstrip("\ufeff")
    lines = text.split("\n")
    return [line.rstrip("\r") for line in lines]


def blocks(lines: list[str]) -> list[Block]:
    """Blank-line separated blocks, each line stripped of surrounding whitespace."""
    out: list[Block] = []
    current = Block()
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        if stripped:
            current.lines.append((number, stripped))
        elif current.lines:
            out.append(current)
            current = Block()
    if current.lines:
        out.append(current)
    return out


_MINUS = re.compile(r"\u2013(?=\d)")


def minus_signs(text: str) -> str:
    """An en dash written directly before a digit is a minus sign ("–19", "–3F"): make it "-"."""
    return _MINUS.sub("-", text)


_SPACES = re.compile(r"\s+")


def fingerprint_text(text: str) -> str:
    """The form anchors are hashed in: lower-case, U+2019 folded to ', whitespace collapsed."""
    return _SPACES.sub(" ", text.replace("\u2019", "'").lower()).strip()
