"""L5R CCG Diamond Edition rulebook -> entries (doc `ccg`).

The file has no blank lines: every heading, paragraph and bullet is one line, so structure is
found lexically:

- lines before the first `Table of Contents` are front matter (`ccg:front-matter`); the table of
  contents (`ccg:contents`) lists the level-1 sections, which are matched in the body **in
  order**: the longest in-order alignment of TOC entries to body lines (the first `Actions` line
  is a sub-heading of "Card Types in Detail"; matching it would put six later TOC entries out of
  order, so the section is the later one). A TOC entry never found is a Problem ("toc-mismatch")
  and its lines stay with the heading before it;
- other headings: at most 60 characters, no final `.:;,]`, not lower-case, not a bullet or an
  example. `4.1. Declaration Segment` nests under `4. …`; an unnumbered heading met while a
  numbered one is open (Terrains, Other Battle Rules, After the Battle) is its sibling;
- ids: `ccg:<section>` (kind "section"), `ccg:<section>/<heading>[/<heading>]` ("subsection",
  the printed number in `number`, e.g. "4.1"), `<heading id>/<n>` for each body line, n counting
  the lines under that heading: kind "paragraph", "bullet" (`- `) or "example" (`Example:`);
- the Glossary and Rokugani Terms sections hold `term — definition` lines: `ccg:glossary/<term>`
  (kind "glossary") and `ccg:rokugani-terms/<term>` (kind "term"), separate namespaces because
  Mujina, oni and seppuku are in both;
- errata lines `Card: text [errata]` / `[MRP]` under a set-name heading: `ccg:errata/<card>`
  (kind "errata"), the marker as a tag ("errata", "mrp");
- the en dash used as a minus sign (`–19`, `–3F`) becomes "-" in `text`, so the number is
  searchable; the raw line is in extra["raw"] whenever `text` differs from it;
- references: `see "Heading"` (kind "see"), `the "Heading" section` / `see the X section`
  (kind "section"), and in glossary lines `See X.` / `See also X.` / `See Glossary.`
  (kind "see"), all resolved to ids; one that cannot be resolved is kept as "dangling" and
  reported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from judge.corpus.l5r.text import minus_signs, source_lines
from judge.corpus.model import Entry, ParsedDocument, Problem, Ref, Span
from judge.corpus.slug import slugify

DOC = "ccg"
GAME = "l5r-ccg"
CITE = "L5R CCG Rulebook"

TOC_HEADING = "Table of Contents"
# Sections whose lines are "term — definition": section slug -> entry kind.
TERM_LISTS = {"glossary": "glossary", "rokugani-terms": "term"}
TERM_SEPARATOR = " \u2014 "
HEADING_MAX = 60

_NUMBERED = re.compile(r"^(?P<number>\d+(?:\.\d+)*)\.\s+(?P<title>.+)$")
_EXAMPLE = re.compile(r"^Example(?: \d+)?:")
_ERRATA = re.compile(r"^(?P<card>[^:]{1,60}): (?P<body>.+?)\s*\[(?P<marker>errata|MRP)\]$")
_SEE_QUOTED = re.compile(r'\b[Ss]ee "(?P<name>[^"]+)"')
_SECTION_QUOTED = re.compile(r'\bthe "(?P<name>[^"]+)" section\b')
_SECTION_NAMED = re.compile(r"\bsee the (?P<name>[A-Z][\w ]*?) section\b")
_SEE_TERM = re.compile(r'\b[Ss]ee(?: also)? (?P<quote>"?)(?P<name>[^".]+)(?P=quote)')


@dataclass
class _Open:
    """The heading entries currently open, outermost first."""

    chain: list[Entry] = field(default_factory=list)

    @property
    def deepest(self) -> Entry | None:
        return self.chain[-1] if self.chain else None


def parse(text: str) -> ParsedDocument:
    lines = [(n, line.strip()) for n, line in enumerate(source_lines(text), start=1) if line.strip()]
    entries: list[Entry] = []
    problems: list[Problem] = []
    position = _front_matter(lines, entries)
    toc, position = _contents(lines, position, entries)
    _body(lines[position:], toc, entries, problems)
    _resolve_refs(entries, problems)
    _close_spans(entries)
    return ParsedDocument(entries, problems, facts={"lines": len(source_lines(text))})


# -- front matter and contents -----------------------------------------------------------------
def _front_matter(lines: list[tuple[int, str]], entries: list[Entry]) -> int:
    end = next((i for i, (_, line) in enumerate(lines) if line == TOC_HEADING), 0)
    if end == 0:
        return 0
    title = lines[0][1]
    entries.append(
        Entry(
            id=f"{DOC}:front-matter",
            doc=DOC,
            game=GAME,
            kind="front-matter",
            text="\n".join(line for _, line in lines[:end]),
            title=title,
            span=Span(lines[0][0], lines[end - 1][0]),
            citation=f"{CITE} — {title}",
        )
    )
    return end


def _contents(lines: list[tuple[int, str]], position: int, entries: list[Entry]) -> tuple[list[str], int]:
    start = position
    while position < len(lines) and lines[position][1] == TOC_HEADING:
        position += 1
    if position == start:
        return [], position
    toc: list[str] = []
    while position < len(lines) and lines[position][1].startswith("- "):
        toc.append(lines[position][1][2:].strip())
        position += 1
    entry = Entry(
        id=f"{DOC}:contents",
        doc=DOC,
        game=GAME,
        kind="contents",
        text="\n".join(line for _, line in lines[start:position]),
        title=TOC_HEADING,
        span=Span(lines[start][0], lines[position - 1][0]),
        citation=f"{CITE} — {TOC_HEADING}",
    )
    if position - start - len(toc) > 1:
        entry.tags.append("repeated-heading")
    entries.append(entry)
    return toc, position


# -- body ----------------------------------------------------------------------------------------
def is_heading(line: str) -> bool:
    return (
        len(line) <= HEADING_MAX
        and not line.endswith((".", ":", ";", ",", "]"))
        and not line[:1].islower()
        and not line.startswith("- ")
        and not _EXAMPLE.match(line)
    )


def align_contents(toc: list[str], lines: list[str]) -> dict[int, int]:
    """Line index -> TOC index: the longest alignment that keeps both in order (an LCS)."""
    candidates = [i for i, line in enumerate(lines) if line in set(toc)]
    n, m = len(toc), len(candidates)
    best = [[0] * (m + 1) for _ in range(n + 1)]
    for a in range(1, n + 1):
        for b in range(1, m + 1):
            if toc[a - 1] == lines[candidates[b - 1]]:
                best[a][b] = best[a - 1][b - 1] + 1
            else:
                best[a][b] = max(best[a - 1][b], best[a][b - 1])
    matched: dict[int, int] = {}
    a, b = n, m
    while a and b:
        if toc[a - 1] == lines[candidates[b - 1]] and best[a][b] == best[a - 1][b - 1] + 1:
            matched[candidates[b - 1]] = a - 1
            a, b = a - 1, b - 1
        elif best[a][b] == best[a][b - 1]:
            b -= 1
        else:
            a -= 1
    return matched


def _body(lines: list[tuple[int, str]], toc: list[str], entries: list[Entry], problems: list[Problem]) -> None:
    contents = entries[-1] if entries and entries[-1].kind == "contents" else None
    open_ = _Open()
    counts: dict[str, int] = {}
    ids = {e.id for e in entries}
    sections = align_contents(toc, [line for _, line in lines])
    section_refs: dict[int, Ref] = {}
    for index, (number, line) in enumerate(lines):
        section = open_.chain[0] if open_.chain else None
        term_kind = TERM_LISTS.get(section.id.split(":", 1)[1]) if section else None
        if index in sections:
            entry = _heading(f"{DOC}:{slugify(line)}", "section", line, None, number, None, ids, problems)
            open_.chain = [entry]
            entries.append(entry)
            section_refs[sections[index]] = Ref(line, entry.id, kind="section")
            continue
        if term_kind and TERM_SEPARATOR in line and section is not None:
            entries.append(_term(line, number, term_kind, section, ids, problems))
            continue
        errata = _ERRATA.match(line)
        if errata and open_.deepest is not None:
            entries.append(_errata(errata, line, number, open_.deepest, ids, problems))
            continue
        if section is not None and is_heading(line):
            entries.append(_subheading(line, number, open_, ids, problems))
            continue
        container = open_.deepest
        if container is None:  # text before any section: keep it, filed under the front matter
            container = entries[0] if entries else None
            if container is None:
                container = _heading(
                    f"{DOC}:front-matter", "front-matter", "", "Front matter", number, None, ids, problems
                )
                entries.append(container)
        entries.append(_line_entry(line, number, container, counts))
    for position, title in enumerate(toc):
        if position in section_refs:
            ref = section_refs[position]
        else:
            problems.append(
                Problem(
                    DOC,
                    "toc-mismatch",
                    f'table of contents entry "{title}" has no heading in the body; '
                    "its text stays under the heading before it",
                )
            )
            ref = Ref(title, None, kind="section", status="dangling", note="no such heading")
        if contents is not None:
            contents.refs.append(ref)


def _heading(
    entry_id: str,
    kind: str,
    line: str,
    title: str | None,
    number: int,
    parent: Entry | None,
    ids: set[str],
    problems: list[Problem],
) -> Entry:
    entry_id = _unique(entry_id, ids, line, number, problems)
    title = title or line
    shown = line or title
    path = f"{parent.extra['path']} › {shown}" if parent is not None else shown
    entry = Entry(
        id=entry_id,
        doc=DOC,
        game=GAME,
        kind=kind,
        text=line,
        title=title,
        parent=parent.id if parent else None,
        span=Span(number, number),
        citation=f"{CITE} — {path}",
        extra={"path": path},
    )
    if parent is not None:
        parent.children.append(entry.id)
    return entry


def _subheading(line: str, number: int, open_: _Open, ids: set[str], problems: list[Problem]) -> Entry:
    numbered = _NUMBERED.match(line)
    section = open_.chain[0]
    if numbered:
        printed = numbered.group("number")
        depth = printed.count(".") + 1  # "4" -> 1, "4.1" -> 2
        parents = [e for e in open_.chain[1:] if e.number and printed.startswith(e.number + ".")]
        parent = parents[-1] if depth > 1 and parents else section
        title = numbered.group("title")
    else:
        printed = None
        numbered_open = [e for e in open_.chain[1:] if e.number and "." not in e.number]
        parent = numbered_open[-1] if numbered_open else section
        title = line
    entry = _heading(f"{parent.id}/{slugify(title)}", "subsection", line, title, number, parent, ids, problems)
    entry.number = printed
    open_.chain = open_.chain[: open_.chain.index(parent) + 1] + [entry]
    return entry


def _line_entry(line: str, number: int, container: Entry, counts: dict[str, int]) -> Entry:
    counts[container.id] = counts.get(container.id, 0) + 1
    ordinal = counts[container.id]
    kind = "bullet" if line.startswith("- ") else "example" if _EXAMPLE.match(line) else "paragraph"
    entry = Entry(
        id=f"{container.id}/{ordinal}",
        doc=DOC,
        game=GAME,
        kind=kind,
        text=line,
        title=container.title,
        parent=container.id,
        span=Span(number, number),
        citation=f"{container.citation} ¶{ordinal}",
    )
    _normalise(entry)
    _body_refs(entry)
    container.children.append(entry.id)
    return entry


def _term(line: str, number: int, kind: str, section: Entry, ids: set[str], problems: list[Problem]) -> Entry:
    term, definition = line.split(TERM_SEPARATOR, 1)
    label = "Glossary" if kind == "glossary" else section.title
    entry = Entry(
        id=_unique(f"{section.id}/{slugify(term)}", ids, line, number, problems),
        doc=DOC,
        game=GAME,
        kind=kind,
        text=line,
        title=term.strip(),
        parent=section.id,
        span=Span(number, number),
        citation=f"{CITE} — {label}: {term.strip()}",
        extra={"definition": definition.strip()},
    )
    _normalise(entry)
    for match in _SEE_TERM.finditer(definition):
        entry.refs.append(Ref(match.group(0), None, kind="see", note=f"term:{match.group('name').strip()}"))
    section.children.append(entry.id)
    return entry


def _errata(match: re.Match, line: str, number: int, parent: Entry, ids: set[str], problems: list[Problem]) -> Entry:
    card = match.group("card").strip()
    marker = match.group("marker")
    card_set = parent.title if parent.kind == "subsection" else ""
    entry = Entry(
        id=_unique(f"{DOC}:errata/{slugify(card)}", ids, line, number, problems),
        doc=DOC,
        game=GAME,
        kind="errata",
        text=line,
        title=card,
        parent=parent.id,
        span=Span(number, number),
        tags=[marker.lower()],
        citation=f"{CITE} — Errata: {card}" + (f" ({card_set})" if card_set else ""),
        extra={"card": card, "set": card_set, "marker": f"[{marker}]"},
    )
    _normalise(entry)
    parent.children.append(entry.id)
    return entry


def _unique(entry_id: str, ids: set[str], line: str, number: int, problems: list[Problem]) -> str:
    if entry_id in ids:
        suffix = 2
        while f"{entry_id}-{suffix}" in ids:
            suffix += 1
        problems.append(Problem(DOC, "duplicate-id", f"line {number} ({line[:40]!r}) repeats {entry_id}"))
        entry_id = f"{entry_id}-{suffix}"
    ids.add(entry_id)
    return entry_id


def _normalise(entry: Entry) -> None:
    text = minus_signs(entry.text)
    if text != entry.text:
        entry.extra["raw"] = entry.text
        entry.text = text


# -- references ----------------------------------------------------------------------------------
def _body_refs(entry: Entry) -> None:
    for match in _SEE_QUOTED.finditer(entry.text):
        entry.refs.append(Ref(match.group(0), None, kind="see", note=f"heading:{match.group('name')}"))
    for pattern in (_SECTION_QUOTED, _SECTION_NAMED):
        for match in pattern.finditer(entry.text):
            entry.refs.append(Ref(match.group(0), None, kind="section", note=f"heading:{match.group('name')}"))


def _key(name: str) -> str:
    """Heading comparison: no numbering, no "(Optional)", no final period, folded quotes/ellipsis."""
    name = name.replace("\u2026", "...").replace("\u201c", '"').replace("\u201d", '"').strip()
    name = _NUMBERED.sub(lambda m: m.group("title"), name)
    name = re.sub(r"\s*\([^)]*\)$", "", name).rstrip(".").strip()
    return name.lower()


def _resolve_refs(entries: list[Entry], problems: list[Problem]) -> None:
    headings: dict[str, list[Entry]] = {}
    terms: dict[str, dict[str, Entry]] = {"glossary": {}, "term": {}}
    for entry in entries:
        if entry.kind in ("section", "subsection"):
            headings.setdefault(_key(entry.text), []).append(entry)
        elif entry.kind in terms:
            terms[entry.kind][entry.title.lower()] = entry

    def heading(name: str) -> Entry | None:
        found = headings.get(_key(name), [])
        sections = [e for e in found if e.kind == "section"]
        return (sections or found)[0] if found else None

    for entry in entries:
        for ref in entry.refs:
            if ref.target is not None or not ref.note:
                continue
            space, _, name = ref.note.partition(":")
            target: Entry | None = None
            if space == "heading":
                target = heading(name)
            elif space == "term":
                own = terms.get(entry.kind, {})
                other = terms["glossary" if entry.kind == "term" else "term"]
                if name.lower() == "glossary":  # "Mujina — See Glossary." -> the Glossary's Mujina
                    target = terms["glossary"].get(entry.title.lower()) or heading(name)
                else:
                    target = own.get(name.lower()) or other.get(name.lower()) or heading(name)
            if target is not None:
                ref.target, ref.status, ref.note = target.id, "resolved", ""
            else:
                ref.status, ref.note = "dangling", f'no heading or glossary entry "{name}"'
                problems.append(
                    Problem(
                        DOC, "dangling-ref", f"{entry.id}: {ref.surface!r} names nothing in this rulebook", entry.id
                    )
                )


def _close_spans(entries: list[Entry]) -> None:
    by_id = {e.id: e for e in entries}
    for entry in reversed(entries):  # children come after parents: close the deepest first
        for child_id in entry.children:
            child = by_id[child_id]
            end = child.span.line_end or child.span.line_start
            if end and end > (entry.span.line_end or 0):
                entry.span.line_end = end
