"""How entries look: rich renderables for the terminal and plain dicts for --json.

Shared by `judge show`, `judge search`, the ruling sheets and the TUI, so an entry reads the
same everywhere: breadcrumb, citation, tags, text (status tags and search hits marked),
examples, sub-rules, outgoing links and "cited by".
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rich.console import Group
from rich.text import Text

from judge.corpus.model import Corpus, Entry, Ref
from judge.editions import status
from judge.safe_text import for_terminal, one_line
from judge.search.analysis import term_spans

# Parenthesised status notes as they appear in the No Dawn text: (※ …), (deferred …), (Struck …)…
STATUS_NOTE_RE = re.compile(r"\((?:※|deferred|future|Amended|Struck|Engine:)[^()]*(?:\([^()]*\)[^()]*)*\)")
TAG_STYLE = {
    "proposed": "bold yellow",
    "deferred": "bold magenta",
    "struck": "bold red strike",
    "truncated": "bold red",
    "lost-word": "bold red",
    "lost-icon": "bold red",
    "missing-list": "bold red",
    "reserved": "dim",
}


FULL_CHILDREN = 30  # up to this many children are shown in full, more as one line each


def label(entry: Entry) -> str:
    """A short name for lists: '704.5j Wrath', 'Glossary — Overrun', 'Charmed Life'."""
    if entry.number and entry.title:
        return f"{entry.number} {entry.title}"
    if entry.number:
        return entry.number
    if entry.title:
        return entry.title
    return entry.citation or entry.id


def child_label(child: Entry, parent: Entry) -> str:
    """How a child is named under its parent: '704.5j', '¶3', 'ruling', or its own title."""
    if child.number:
        return child.number
    if parent.citation and child.citation.startswith(parent.citation):
        tail = child.citation[len(parent.citation) :].strip(" ,—:")
        # A Shadowfist ruling is cited by its first words, which its text shown next repeats.
        if tail and not child.text.startswith(tail.strip("“”").rstrip("…")):
            return tail
        if tail:
            return child.kind
    if child.title and child.title != parent.title:
        return child.title
    return child.kind


def snippet(text: str, width: int = 90) -> str:
    text = " ".join(for_terminal(text).split())
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


def breadcrumb(corpus: Corpus, entry: Entry) -> str:
    info = corpus.documents.get(entry.doc)
    parts = [info.title if info else entry.doc]
    for ancestor in corpus.ancestors(entry):
        parts.append(label(ancestor))
    return " › ".join(parts)


def tag_text(tags: Iterable[str]) -> Text:
    out = Text()
    for tag in tags:
        style = TAG_STYLE.get(tag.split(":")[0], "cyan")
        out.append(one_line(f"[{tag}]"), style=style)
        out.append(" ")
    return out


def marked_text(text: str, terms: Iterable[str] = ()) -> Text:
    """The text with status notes coloured and the words matching `terms` highlighted.

    Escape sequences are removed first: saved rulings written by anyone are entries too."""
    text = for_terminal(text)
    out = Text(text)
    for match in STATUS_NOTE_RE.finditer(text):
        out.stylize("yellow", match.start(), match.end())
    wanted = set(terms)
    if wanted:
        for start, end, term in term_spans(text):
            if term in wanted:
                out.stylize("bold reverse", start, end)
    return out


def ref_line(corpus: Corpus, ref: Ref) -> Text:
    target = corpus.get(ref.target) if ref.target else None
    line = Text("  → ")
    if target is not None and ref.status == "resolved":
        line.append(one_line(target.citation or target.id), style="bold")
        line.append(f"  {snippet(target.title or target.text, 60)}", style="dim")
    elif ref.status == "external":
        line.append(one_line(ref.surface), style="italic")
        line.append(f"  ({ref.note or 'outside this document'})", style="dim")
    else:
        line.append(one_line(ref.surface), style="red")
        line.append(f"  (unresolved{': ' + ref.note if ref.note else ''})", style="red dim")
    return line


def entry_renderable(
    corpus: Corpus,
    entry: Entry,
    terms: Iterable[str] = (),
    with_children: bool = True,
    with_links: bool = True,
    as_of: str | None = None,
    edition: str = "",
) -> Group:
    """`as_of` (YYYY-MM-DD) marks what is not in force on that day; `edition` names the edition
    read (shown when given: a document with more than one)."""
    parts: list = [Text(one_line(breadcrumb(corpus, entry)), style="dim")]
    head = Text()
    head.append(one_line(entry.citation or entry.id), style="bold cyan")
    if entry.title and entry.title not in (entry.citation or ""):
        head.append(f"  {one_line(entry.title)}", style="bold")
    parts.append(head)
    if edition:
        parts.append(Text(one_line(f"edition {edition}"), style="dim"))
    if entry.tags:
        parts.append(tag_text(entry.tags))
    for span in entry.extra.get("tag_spans", []):
        parts.append(Text(f"  [{span.get('tag')}] applies to: {snippet(span.get('text', ''), 100)}", style="yellow"))
    if as_of:
        parts += in_force_lines(corpus, entry, as_of)
    parts.append(marked_text(entry.text, terms))
    examples = corpus.children(entry, "example")
    if examples:
        parts.append(Text("\nExamples", style="bold underline"))
        for ex in examples:
            parts.append(marked_text(ex.text, terms))
    notes = [c for c in corpus.children(entry) if c.kind not in ("example",)]
    if with_children and notes:
        parts.append(Text("\nContains", style="bold underline"))
        for child in notes:
            line = Text("  ")
            line.append(child_label(child, entry), style="bold")
            line.append(" ")
            if as_of and not status.whole_entry_in_force(status.not_in_force(corpus, child, as_of)):
                line.append(NOT_IN_FORCE_MARK, style="bold red")
            text = child_body(child)
            # In full when there are few (a rule's sub-rules), as a line each when many.
            line.append_text(marked_text(text if len(notes) <= FULL_CHILDREN else snippet(text, 110), terms))
            parts.append(line)
    if with_links:
        refs = unique_refs(entry.refs)
        if refs:
            parts.append(Text("\nLinks", style="bold underline"))
            parts += [ref_line(corpus, r) for r in refs]
        cited = corpus.cited_by(entry.id)
        if cited:
            parts.append(Text(f"\nCited by ({len(cited)})", style="bold underline"))
            for source in cited:
                line = Text("  ← ")
                line.append(one_line(source.citation or source.id), style="bold")
                line.append(f"  {snippet(source.text, 60)}", style="dim")
                parts.append(line)
    return Group(*parts)


NOT_IN_FORCE_MARK = "[not in force] "


def in_force_lines(corpus: Corpus, entry: Entry, as_of: str) -> list[Text]:
    """Whether the entry is in force on `as_of`, and each sentence of it that is not."""
    marks = status.not_in_force(corpus, entry, as_of)
    whole = [m for m in marks if not m.text]
    if whole:
        why = "; ".join(m.reason + ("" if m.source == entry.id else f" (as {m.source})") for m in whole)
        lines = [Text(one_line(f"NOT IN FORCE on {as_of}: {why}"), style="bold red")]
    else:
        lines = [Text(f"in force on {as_of}", style="green")]
    for mark in marks:
        if mark.text:
            lines.append(
                Text(one_line(f"  not in force on {as_of} ({mark.reason}): {snippet(mark.text, 100)}"), style="red")
            )
    return lines


def child_body(child: Entry) -> str:
    """A child's text without the number its label already shows ("704.5a 704.5a A player…")."""
    return child.body()


# Entries whose children are chapters of their own, read one at a time, not the entry's body.
OUTLINE_KINDS = ("section", "group", "contents", "front-matter", "appendix")


def family_renderable(
    corpus: Corpus, entry: Entry, terms: Iterable[str] = (), as_of: str | None = None
) -> Group | None:
    """An entry's sub-rules, paragraphs or rulings, each in full, in document order: how the TUI
    shows a rule family (704.5) or an L5R LCG topic whole. None when it has none to show.
    `as_of` marks the children not in force that day."""
    if entry.kind in OUTLINE_KINDS:
        return None
    children = [c for c in corpus.children(entry) if c.kind != "example"]
    if not children:
        return None
    parts: list = []
    for child in children:
        line = Text("\n")
        line.append(child_label(child, entry), style="bold")
        line.append(" ")
        if as_of and not status.whole_entry_in_force(status.not_in_force(corpus, child, as_of)):
            line.append(NOT_IN_FORCE_MARK, style="bold red")
        line.append_text(marked_text(child_body(child), terms))
        parts.append(line)
    return Group(*parts)


def unique_refs(refs: list[Ref]) -> list[Ref]:
    seen, out = set(), []
    for ref in refs:
        key = (ref.target, ref.surface if ref.target is None else "")
        if key not in seen:
            seen.add(key)
            out.append(ref)
    return out


def ref_dict(corpus: Corpus, ref: Ref) -> dict:
    target = corpus.get(ref.target) if ref.target else None
    return {
        "surface": ref.surface,
        "target": ref.target,
        "kind": ref.kind,
        "status": ref.status,
        "title": (target.title or target.citation) if target else None,
        "citation": target.citation if target else None,
        "note": ref.note,
    }


def brief_dict(entry: Entry) -> dict:
    return {
        "id": entry.id,
        "kind": entry.kind,
        "number": entry.number,
        "title": entry.title,
        "citation": entry.citation,
        "text": entry.text,
    }


def entry_json(corpus: Corpus, entry: Entry, with_children: bool = True, as_of: str | None = None) -> dict:
    """`as_of` adds the "in_force" field (judge.editions.status.as_of_dict), on the entry and on
    each of its children."""
    doc = _entry_json(corpus, entry, with_children)
    if as_of:
        doc["in_force"] = status.as_of_dict(corpus, entry, as_of)
        for child in doc["children"]:
            child["in_force"] = status.whole_entry_in_force(
                status.not_in_force(corpus, corpus.entries[child["id"]], as_of)
            )
    return doc


def _entry_json(corpus: Corpus, entry: Entry, with_children: bool) -> dict:
    parent = corpus.parent(entry)
    children = corpus.children(entry)
    return {
        "entry": entry.to_dict() | {"extra": entry.extra},
        "breadcrumb": [brief_dict(a) for a in corpus.ancestors(entry)],
        "parent": brief_dict(parent) if parent else None,
        "examples": [brief_dict(c) for c in children if c.kind == "example"],
        "children": [brief_dict(c) for c in children if c.kind != "example"] if with_children else [],
        "refs": [ref_dict(corpus, r) for r in entry.refs],
        "cited_by": [brief_dict(e) for e in corpus.cited_by(entry.id)],
    }
