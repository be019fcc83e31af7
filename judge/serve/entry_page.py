"""The entry pages (`/nd/704.5j`, one per id: see permalinks.py) and the document pages (`/nd`,
a table of contents).

An entry page reads as `judge show` does: breadcrumb, citation, status tags, the notes on it
(policy conflicts, recorded damage), its text with every resolved reference a link, examples,
sub-rules, its outgoing links, "cited by", and the form to log a ruling citing it. A card's
entry is the card page (cards_page.card_view). A path that names no entry is a 404 page with
the nearest entries (judge.lookup, as `judge show` offers them).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from judge.corpus.model import Corpus, Entry
from judge.serve import pages, reading
from judge.serve.cards_page import card_view
from judge.serve.linked_text import pieces, snippet_pieces
from judge.serve.permalinks import MAX_ID_CHARS, entry_id, entry_path

LINE = 110  # a sub-entry shown as one line (a section's many rules)
READ_WHOLE = "all"  # ?read=all: the entry and everything under it, in full, in document order


async def entry_page(request: Request) -> Response:
    from judge.lookup import entries_named, resolve  # deferred: start-up

    doc, rest = request.path_params["doc"], request.path_params["rest"]
    corpus = reading.library(request).corpus
    wanted = entry_id(doc, rest)
    if wanted is None:
        shown = rest if len(rest) <= MAX_ID_CHARS else rest[:MAX_ID_CHARS] + "…"
        raise HTTPException(
            404, f"No entry {doc}:{shown}: an entry id is at most {MAX_ID_CHARS} letters, digits and . _ / -"
        )
    entry = corpus.entries.get(wanted)  # a former id (issue 31's re-cut) is sent on below
    if entry is None:
        looked = resolve(corpus, wanted)
        if looked.members:  # "/nd/116.2b-c": a range is a list of entries, which search shows
            from urllib.parse import urlencode

            query = urlencode({"q": f"doc:{doc} {rest}"})
            return RedirectResponse(request.app.url_path_for("search") + "?" + query, status_code=303)
        named = [] if looked.entry is not None else entries_named(corpus, rest.replace("-", " "), [doc])
        found = looked.entry or (named[0] if named else None)
        if looked.alone and looked.entry is not None and entry_path(looked.entry.id) + "." == request.url.path:
            # "/nd/704.5." as `judge show 704.5.`: the rule without its sub-rules
            return pages.render(request, "entry.html", **entry_view(request, corpus, looked.entry, alone=True))
        if found is not None:  # "/nd/1" is section 1, "/nd/overrun" the glossary term
            return RedirectResponse(entry_path(found.id), status_code=308)
        return _not_found(request, wanted, looked)
    if entry.kind == "card":
        return pages.render(request, "card.html", **card_view(request, entry))
    read = request.query_params.get("read")
    if read is not None and read != READ_WHOLE:
        raise HTTPException(
            400, f"?read= takes only '{READ_WHOLE}' (the whole entry, everything under it in document order)"
        )
    return pages.render(request, "entry.html", **entry_view(request, corpus, entry, whole=read == READ_WHOLE))


def _not_found(request: Request, wanted: str, looked) -> Response:
    from judge.render import child_body, label, snippet  # deferred: start-up

    nearest = [
        {"href": entry_path(e.id), "label": label(e) if e.number else e.id, "detail": snippet(child_body(e), 70)}
        for e in looked.suggestions
    ]
    return pages.render(
        request,
        "not_found.html",
        status_code=404,
        title="Not found",
        message=f"No entry {wanted}" + (f" ({looked.note})" if looked.note else "") + ".",
        nearest=nearest,
    )


def entry_view(
    request: Request,
    corpus: Corpus,
    entry: Entry,
    alone: bool = False,
    path: Callable[[str], str] = entry_path,
    whole: bool = False,
) -> dict:
    """What the entry page shows; `alone`: without its sub-rules (their notes still listed);
    `whole`: every entry under it, in full and in document order, as judges read a section
    through. `path` makes the address of each entry it links (edition_pages: within an older
    edition)."""
    from judge.conflicts import present  # deferred: start-up
    from judge.render import FULL_CHILDREN, child_body, child_label, snippet  # deferred: start-up

    notes = reading.notes_for(entry.id)
    children = [c for c in corpus.children(entry) if c.kind != "example"]
    under = [c for c in corpus.descendants(entry) if c.parent != entry.id or c.kind != "example"]
    shown = [] if alone else under if whole else children
    in_full = whole or len(children) <= FULL_CHILDREN
    # Offered where the page does not already show everything under the entry in full.
    whole_href = (
        path(entry.id) + f"?read={READ_WHOLE}"
        if not (alone or whole) and (not in_full or len(under) > len(children))
        else ""
    )
    depth = len(corpus.ancestors(entry)) + 1
    below = [
        {
            "href": path(c.id),
            "label": child_label(c, entry),
            "line": present.below_line(child_label(c, entry), reading.notes_for(c.id)),
        }
        for c in children
        if reading.notes_for(c.id)
    ]
    return {
        "entry": entry,
        "crumbs": reading.crumbs(request, corpus, entry, path),
        "heading": entry.citation or entry.id,
        "permalink": path(entry.id),
        "title": entry.title if entry.title and entry.title not in (entry.citation or "") else "",
        "tags": entry.tags,
        "tag_spans": [
            {"tag": s.get("tag", ""), "text": snippet(s.get("text", ""), 100)} for s in entry.extra.get("tag_spans", [])
        ],
        "notes": [note_view(n) for n in notes],
        "below": below,
        "text": pieces(corpus, entry.text, entry.refs, path=path),
        "examples": [pieces(corpus, e.text, e.refs, path=path) for e in corpus.children(entry, "example")],
        "children": [
            {
                "href": path(c.id),
                "label": child_label(c, corpus.parent(c) or entry),
                "tags": c.tags,
                "depth": len(corpus.ancestors(c)) - depth,
                "text": pieces(corpus, child_body(c), c.refs, path=path)
                if in_full
                else snippet_pieces(child_body(c), (), LINE),
            }
            for c in shown
        ],
        "whole": whole,
        "whole_href": whole_href,
        "under_count": len(under),
        "links": link_list(corpus, entry, path),
        "cited_by": [
            {"href": path(s.id), "label": s.citation or s.id, "text": snippet(s.text, 90)}
            for s in corpus.cited_by(entry.id)
        ],
        "cites": [entry.id],
        "question": "",
        "reading_on": reading_on(corpus, entry, path),
    }


def reading_on(corpus: Corpus, entry: Entry, path: Callable[[str], str] = entry_path) -> dict:
    """The entries before and after it in its document (judge.neighbours), as links."""
    from judge.neighbours import around, name_of  # deferred: start-up

    def link(e: Entry | None) -> dict | None:
        return None if e is None else {"href": path(e.id), "label": name_of(e)}

    near = around(corpus, entry)
    return {"previous": link(near.previous), "next": link(near.next)}


def note_view(note) -> dict:
    """A policy conflict or recorded damage as `judge show` words it, the entries it concerns
    as links."""
    from judge.conflicts import present  # deferred: start-up

    view = {"kind": note.kind, "heading": present.heading(note), "lines": present.body_lines(note)}
    if note.kind == "conflict":
        view["lines"] = view["lines"][:-1]  # "Concerns: …" is drawn as links
        view["concerns"] = [{"href": entry_path(e), "label": present.short_id(e)} for e in note.entries]
    else:
        view["concerns"] = []
    return view


def link_list(corpus: Corpus, entry: Entry, path: Callable[[str], str] = entry_path) -> list[dict]:
    """Every reference once: resolved ones as links, the others said as what they are."""
    from judge.render import snippet, unique_refs  # deferred: start-up

    out: list[dict[str, str | None]] = []
    for ref in unique_refs(entry.refs):
        target = corpus.get(ref.target) if ref.target else None
        if target is not None and ref.status == "resolved":
            out.append(
                {
                    "href": path(target.id),
                    "label": target.citation or target.id,
                    "detail": snippet(target.title or target.text, 60),
                }
            )
        elif ref.status == "external":
            out.append({"href": None, "label": ref.surface, "detail": ref.note or "outside this document"})
        else:
            out.append(
                {"href": None, "label": ref.surface, "detail": "unresolved" + (f": {ref.note}" if ref.note else "")}
            )
    return out


# Kinds of top-level entries read rarely at a table: their group starts folded.
FOLDED_KINDS = ("front-matter", "contents")


async def document_page(request: Request) -> Response:
    """The document's top-level entries grouped by kind in document order (front matter,
    sections, topics, cards…); a section's groups or rules one tap further."""
    doc = request.path_params["doc"]
    corpus = reading.library(request).corpus
    info = corpus.documents.get(doc)
    if info is None or not info.loaded:
        why = f": {info.error}" if info is not None and info.error else ""
        raise HTTPException(404, f"The document {doc} is not available on this judge station{why}.")
    return pages.render(request, "document.html", info=info, toc=table_of_contents(corpus, doc))


def table_of_contents(corpus: Corpus, doc: str) -> list[dict]:
    """The contents page's groups (the offline bundle carries the same: offline_bundle)."""
    from judge.render import OUTLINE_KINDS, label, snippet  # deferred: start-up

    groups: dict[str, list[dict]] = {}
    tops = [e for e in corpus.in_doc(doc) if e.parent is None]
    labels = Counter(label(e) for e in tops)
    for top in tops:
        kids = corpus.children(top) if top.kind in OUTLINE_KINDS else []
        groups.setdefault(top.kind, []).append(
            {
                "href": entry_path(top.id),
                "label": label(top),
                # Paragraphs under one heading ("Introduction" ×2) are told apart by their start.
                "detail": snippet(top.text, 70) if labels[label(top)] > 1 else "",
                "children": [{"href": entry_path(k.id), "label": label(k)} for k in kids if k.kind != "example"],
            }
        )
    return [
        {
            "kind": kind,
            "heading": f"{kind.replace('-', ' ').capitalize()} ({len(items)})",
            "folded": kind in FOLDED_KINDS,
            "entries": items,
        }
        for kind, items in groups.items()
    ]


def routes() -> list[Route]:
    return [
        Route("/{doc:doc}", document_page, name="document"),
        Route("/{doc:doc}/{rest:path}", entry_page, name="entry"),
    ]
