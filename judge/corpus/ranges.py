"""Ranges of printed numbers as rules cite them: `116.2b–c`, `123.4–123.5`, `123.4–5`, `801–805`.

One reading for every layer that takes a number: the search query language, `judge show`,
ruling sheets. A range covers the numbered entries of the same level between its ends in the
document's own order, so `703.4m–r` skips a letter the document skips. And the printed number's
own helpers: its parts, its sort key, its shape (which numbering scheme it is written in).
"""

from __future__ import annotations

import re

from judge.corpus.model import Corpus, Entry

# The two ends: 116.2b–c (letters), 123.4–123.5 or 123.4–5 (rules), 801–805 (groups), and L5R
# CCG's section numbers 4.1–4.3 (a short number needs its dot: "2-3" is a quantity, not a range).
# An en dash or a hyphen; a trailing period (a range ending a sentence) is not part of it.
_END = r"(?:\d{3}(?:\.\d+)?|\d{1,2}\.\d+)[a-z]?"
RANGE_RE = re.compile(rf"^({_END})[-–]({_END}|\d+|[a-z])$")


def parse(text: str) -> tuple[str, str] | None:
    """The two full numbers of a range (`116.2b–c` -> 116.2b, 116.2c), or None for anything else."""
    m = RANGE_RE.match(text.strip().rstrip("."))
    if not m:
        return None
    return m.group(1), complete_end(m.group(1), m.group(2))


def complete_end(start: str, end: str) -> str:
    """`123.4–5` means 123.4–123.5; `116.2b–c` means 116.2b–116.2c."""
    if re.fullmatch(r"[a-z]", end):
        return start[:-1] + end
    if re.fullmatch(r"\d+", end) and "." in start and len(end) < 3:
        return start.rsplit(".", 1)[0] + "." + end
    return end


def expand(corpus: Corpus, doc: str, start: str, end: str) -> list[Entry]:
    """The numbered entries of one kind from start to end, as the document has them. When an end
    is missing, or the ends are of two kinds (a rule and a sub-rule) or run backwards, there is
    no run between them: the ends that exist, in the order given."""
    first, last = corpus.by_number(doc, start), corpus.by_number(doc, end)
    if not first or not last or first.kind != last.kind:
        return [e for e in (first, last) if e]
    same_level = [e for e in corpus.in_doc(doc) if e.kind == first.kind and e.number]
    ids = [e.id for e in same_level]
    i, j = ids.index(first.id), ids.index(last.id)
    return same_level[i : j + 1] if i <= j else [first, last]


def number_key(number: str) -> tuple:
    """Sort key that orders 702.2 < 702.10 and 704.5k < 704.5m."""
    key: list = []
    for part in re.findall(r"\d+|[a-z]+", number):
        # digits compared by length, then text: numeric order without int(), which refuses a
        # typed number past 4,300 digits
        digits = part.lstrip("0")
        key.append((0, len(digits), digits) if part.isdigit() else (1, 0, part))
    return tuple(key)


def number_parts(number: str) -> list[str]:
    """704.5z -> ['704', '5', 'z']."""
    return re.findall(r"\d+|[a-z]+", number)


def number_shape(number: str) -> tuple:
    """How a number is written: 704.5z -> (3, 'd', 'a'); two numbers of one shape are siblings
    or cousins in one numbering scheme (No Dawn's 704.5z is not L5R CCG's 4.5)."""
    found = number_parts(number)
    return (len(found[0]),) + tuple("d" if p.isdigit() else "a" for p in found[1:])
