"""An entry's text as pieces to draw: plain text, links built from its resolved references, the
status notes the documents write in brackets, and the words a search matched.

The pieces are plain strings with a link target or a class; the templates escape every piece.
Nothing here writes mark-up, and no link is ever taken from the document's text itself: a link
exists only where the corpus resolved a reference (judge.corpus.model.Ref) to an entry.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from judge.corpus.model import Corpus, Ref
from judge.render import STATUS_NOTE_RE
from judge.safe_text import for_terminal
from judge.serve.permalinks import entry_path


@dataclass(frozen=True)
class Piece:
    text: str
    href: str | None = None  # a link to this entry page
    css: str | None = None  # "status" (a bracketed status note) or "hit" (a searched word)
    title: str | None = None  # a link's tooltip: the entry it leads to


def _surface_pattern(surface: str) -> re.Pattern:
    # A reference's words standing alone: "704.5" never inside "704.5j", "120" never in "1200".
    return re.compile(r"(?<![\w])(?<!\d\.)" + re.escape(surface) + r"(?![\w])")


def link_spans(corpus: Corpus, text: str, refs: Iterable[Ref]) -> list[tuple[int, int, str, str]]:
    """(start, end, href, title) for each resolved reference found in `text`: the first
    occurrence after the previous reference, else the first anywhere; never overlapping."""
    spans: list[tuple[int, int, str, str]] = []
    cursor = 0
    for ref in refs:
        target = corpus.get(ref.target) if ref.resolved else None
        if target is None or not ref.surface.strip():
            continue
        pattern = _surface_pattern(ref.surface)
        found = pattern.search(text, cursor) or pattern.search(text)
        if found is None:
            continue
        start, end = found.span()
        if any(start < e and s < end for s, e, _, _ in spans):
            continue
        spans.append((start, end, entry_path(target.id), target.citation or target.id))
        cursor = end
    return sorted(spans)


def pieces(corpus: Corpus, text: str, refs: Iterable[Ref] = (), terms: Iterable[str] = (),
           skip: int = 0) -> list[Piece]:
    """`text` (from character `skip`: a child's text without its repeated number) as pieces:
    references as links, status notes marked, words among `terms` marked as search hits.

    Control characters are made visible first (judge.safe_text), so offsets refer to what shows."""
    text = for_terminal(text)
    marks: list[tuple[int, int, str | None, str | None, str | None]] = []
    for start, end, href, title in link_spans(corpus, text, refs):
        if start >= skip:
            marks.append((start, end, href, None, title))
    wanted = set(terms)
    if wanted:
        from judge.search.analysis import term_spans

        for start, end, term in term_spans(text):
            if term in wanted and start >= skip and not _overlaps(marks, start, end):
                marks.append((start, end, None, "hit", None))
    for match in STATUS_NOTE_RE.finditer(text):
        start = max(match.start(), skip)
        if start < match.end() and not _overlaps(marks, start, match.end()):
            marks.append((start, match.end(), None, "status", None))
    out: list[Piece] = []
    at = skip
    for start, end, href, css, title in sorted(marks):
        if start > at:
            out.append(Piece(text[at:start]))
        out.append(Piece(text[start:end], href, css, title))
        at = end
    if at < len(text):
        out.append(Piece(text[at:]))
    return out


def _overlaps(marks, start: int, end: int) -> bool:
    return any(start < e and s < end for s, e, *_ in marks)


def snippet_pieces(text: str, terms: Iterable[str], width: int = 300) -> list[Piece]:
    """The start of `text` on one line, at most `width` characters, search hits marked."""
    from judge.render import snippet

    return pieces(Corpus(), snippet(text, width), terms=terms)
