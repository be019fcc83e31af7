"""An entry's text as pieces to draw: plain text, links built from its resolved references, the
status notes the documents write in brackets, and the words a search matched.

The pieces are plain strings with a link target or a class; the templates escape every piece.
Nothing here writes mark-up, and no link is ever taken from the document's text itself: a link
exists only where the corpus resolved a reference (judge.corpus.model.Ref) to an entry.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

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


def link_spans(
    corpus: Corpus, text: str, refs: Iterable[Ref], path: Callable[[str], str] = entry_path
) -> list[tuple[int, int, str, str]]:
    """(start, end, href, title) for each resolved reference found in `text`: the first
    occurrence after the previous reference, else the first anywhere; never overlapping. `path`
    makes an entry's address (an older edition's pages link within that edition)."""
    spans: list[tuple[int, int, str, str]] = []
    cursor = 0
    for ref in refs:
        target = corpus.get(ref.target) if ref.resolved and ref.target else None
        if target is None or not ref.surface.strip():
            continue
        pattern = _surface_pattern(ref.surface)
        found = pattern.search(text, cursor) or pattern.search(text)
        if found is None:
            continue
        start, end = found.span()
        if any(start < e and s < end for s, e, _, _ in spans):
            continue
        spans.append((start, end, path(target.id), target.citation or target.id))
        cursor = end
    return sorted(spans)


def pieces(
    corpus: Corpus | None,
    text: str,
    refs: Iterable[Ref] = (),
    terms: Iterable[str] = (),
    path: Callable[[str], str] = entry_path,
) -> list[Piece]:
    """`text` as pieces: references as links, words among `terms` marked as search hits, and
    status notes marked — a link inside a status note stays a link, marked as the note is.

    Control characters are made visible first (judge.safe_text), so offsets refer to what shows."""
    text = for_terminal(text)
    links = link_spans(corpus, text, refs, path) if corpus is not None else []
    hits: list[tuple[int, int]] = []
    wanted = set(terms)
    if wanted:
        from judge.search.analysis import term_spans  # deferred: start-up

        hits = [
            (start, end)
            for start, end, term in term_spans(text)
            if term in wanted and not any(start < e and s < end for s, e, _, _ in links)
        ]
    notes = [m.span() for m in STATUS_NOTE_RE.finditer(text)]
    cuts = sorted(
        {0, len(text), *(x for s, e, _, _ in links for x in (s, e)), *(x for span in hits + notes for x in span)}
    )
    out: list[Piece] = []
    for start, end in zip(cuts, cuts[1:]):
        link = next((span for span in links if span[0] <= start and end <= span[1]), None)
        in_note = any(s <= start and end <= e for s, e in notes)
        hit = any(s <= start and end <= e for s, e in hits)
        piece = Piece(
            text[start:end],
            link[2] if link else None,
            "hit" if hit else "status" if in_note else None,
            link[3] if link else None,
        )
        if (
            out
            and (out[-1].href, out[-1].css, out[-1].title) == (piece.href, piece.css, piece.title)
            and (piece.href is None or out[-1].href is None)
        ):
            out[-1] = Piece(out[-1].text + piece.text, piece.href, piece.css, piece.title)  # one run
        else:
            out.append(piece)
    return out


def snippet_pieces(text: str, terms: Iterable[str], width: int = 300) -> list[Piece]:
    """The start of `text` on one line, at most `width` characters, search hits marked."""
    from judge.render import snippet  # deferred: start-up

    return pieces(None, snippet(text, width), terms=terms)
