"""Word-level diff of two texts, and the word tokens the matcher measures similarity on.

Texts are cut into words and punctuation marks (`Vigor.` → `Vigor`, `.`), so a changed comma is
one changed token, not a changed word. difflib's SequenceMatcher is used because it aligns on the
longest common runs (what a reader calls "the same sentence with one word changed") rather than
a minimal edit script that may interleave unrelated words; it is in the standard library and
fast enough on rules text (see bench/speed/bench_diff.py). autojunk is off: it would treat common words
of a long entry ("the", "a") as noise and misalign them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import SequenceMatcher

# A word (with inner apostrophes: can't, player's), or one punctuation mark; trailing whitespace
# rides with the token before it so that the pieces join back into the text.
_TOKEN = re.compile(r"(\w+(?:['’]\w+)*|[^\w\s])(\s*)")
_LEADING_SPACE = re.compile(r"^\s*")

EQUAL, DELETE, INSERT = "=", "-", "+"


@dataclass(frozen=True)
class Piece:
    """A run of the diff: kept (=), only in the old text (-), or only in the new text (+)."""

    op: str
    text: str

    def to_dict(self) -> dict:
        return {"op": self.op, "text": self.text}


def tokens(text: str) -> list[tuple[str, str]]:
    """(token, the whitespace after it), in order; leading whitespace is dropped."""
    leading = _LEADING_SPACE.match(text)
    assert leading is not None, "^\\s* matches every text, if only with the empty string"
    return _TOKEN.findall(text[leading.end() :])


def words(text: str) -> list[str]:
    return [token for token, _ in tokens(text)]


def normalized(text: str) -> str:
    """The text with runs of whitespace as one space: reflowing a paragraph changes nothing."""
    return " ".join(text.split())


def diff(old: str, new: str, opcodes: list | None = None) -> list[Piece]:
    """The pieces that turn `old` into `new`: joining the = and + pieces gives the words of
    `new`, = and - those of `old`, in order. A kept word is spaced as in the new text unless
    only the old one had a space after it (so that "the [-the-]" does not read "the[-the-]").
    Adjacent pieces of one kind are merged. `opcodes`: an alignment of `words(old)` with
    `words(new)` already made (the matcher's), else one is made here."""
    a, b = tokens(old), tokens(new)
    if opcodes is None:
        opcodes = SequenceMatcher(None, [t for t, _ in a], [t for t, _ in b], autojunk=False).get_opcodes()
    elif opcodes and (opcodes[-1][2], opcodes[-1][4]) != (len(a), len(b)):
        raise ValueError(
            f"an alignment of {opcodes[-1][2]} and {opcodes[-1][4]} words given for texts of {len(a)} and {len(b)}"
        )
    pieces: list[Piece] = []
    for op, i1, i2, j1, j2 in opcodes:
        if op == "equal":
            _add(
                pieces,
                EQUAL,
                [(token, new_space or old_space) for (token, new_space), (_, old_space) in zip(b[j1:j2], a[i1:i2])],
            )
            continue
        if op in ("delete", "replace"):
            _add(pieces, DELETE, a[i1:i2])
        if op in ("insert", "replace"):
            _add(pieces, INSERT, b[j1:j2])
    return pieces


def _add(pieces: list[Piece], op: str, run: list[tuple[str, str]]) -> None:
    text = "".join(token + space for token, space in run)
    if not text:
        return
    if pieces and pieces[-1].op == op:
        pieces[-1] = Piece(op, pieces[-1].text + text)
    else:
        pieces.append(Piece(op, text))


def changed_words(pieces: list[Piece]) -> tuple[int, int]:
    """How many tokens were removed and how many added."""
    removed = sum(len(words(p.text)) for p in pieces if p.op == DELETE)
    added = sum(len(words(p.text)) for p in pieces if p.op == INSERT)
    return removed, added
