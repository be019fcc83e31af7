"""L5R LCG Rules Reference -> entries (doc `lcg`).

The source is an A–Z glossary whose topic headings were stripped. Topics are recovered from the
curated anchor table (see judge.corpus.l5r.lcg_topics); everything else is read from the text:

- a blank-line block is one rule paragraph; an `Example:` line glued under it becomes an
  "example" child (`lcg:<topic>/<n>.ex1`), a `Related:` line becomes the topic's "related"
  entry (`lcg:<topic>/related`) whose refs name whole topics (names contain commas, so they
  are matched greedily against the topic table, never split blindly);
- a topic may have sub-headings in the table (the format rules inside "Winning the Game"):
  `lcg:<slug>/<sub>` (kind "subtopic"), its paragraphs `lcg:<slug>/<sub>/<n>`;
- a topic name glued after the last sentence of a paragraph (line 695 ends "… token pool.
  Tokens, Running Out of") is cut off: it is a heading, not text;
- ids: `lcg:<slug>` (kind "topic"), `lcg:<slug>/<n>` (kind "paragraph", n counts the topic's
  paragraphs from 1); identical paragraphs under different topics stay distinct entries;
- `text` has the private-use icon glyphs U+E900/U+E901 spelled "military"/"political" so they
  are searchable (such entries are tagged `icon-glyph`); the raw line is kept in extra["raw"];
- damage is tagged, not hidden: `lost-icon` where a skill icon vanished ("+2 and +2 ,"),
  `missing-list` where a paragraph introduces a list ("…as follows:") that is not in the file;
- lines before the first anchored topic are front matter (`lcg:front-matter`), never filed
  under a topic.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from judge.corpus.l5r.lcg_topics import Anchor, Topic, TopicTableError, load_topics, match_anchors
from judge.corpus.l5r.text import blocks, source_lines
from judge.corpus.model import Entry, ParsedDocument, Problem, Ref, Span

DOC = "lcg"
GAME = "l5r-lcg"
CITE = "L5R LCG Rules Reference"

GLYPHS = {"\ue900": "military", "\ue901": "political"}
_GLYPH = re.compile("[\ue900\ue901]")
# A signed number followed by a space and punctuation: the skill icon after it was lost.
_LOST_ICON = re.compile(r"[+\-\u2013]\d+ (?=[,.;:])")
_SEE = re.compile(r"\(see ([^)]+)\)", re.IGNORECASE)
_PAGE = re.compile(r"\s+on page \d+$", re.IGNORECASE)


@dataclass
class Unit:
    """One rule paragraph with what was glued under it."""

    line: int
    raw: str
    text: str
    examples: list[tuple[int, str]] = field(default_factory=list)
    related: tuple[int, str] | None = None
    glued_heading: str | None = None


def parse(text: str, topics: list[Topic] | None = None) -> ParsedDocument:
    problems: list[Problem] = []
    if topics is None:
        try:
            topics = load_topics()
        except TopicTableError as exc:
            problems.append(Problem(DOC, "topic-table", str(exc)))
            topics = []
    units = _units(source_lines(text), topics)
    paragraphs = [(u.line, u.text) for u in units]
    anchors, anchor_problems = match_anchors(topics, paragraphs)
    problems.extend(anchor_problems)
    sub_anchors = _sub_anchors(anchors, paragraphs, problems)
    entries = _build(units, anchors, sub_anchors, topics, problems)
    return ParsedDocument(
        entries,
        problems,
        facts={
            "lines": len(source_lines(text)),
            "paragraphs": len(units),
            "topics": len(anchors),
        },
    )


def _sub_anchors(anchors: list[Anchor], paragraphs: list[tuple[int, str]], problems: list[Problem]) -> list[Anchor]:
    """Sub-headings are anchored like topics, but only among their own topic's paragraphs."""
    found: list[Anchor] = []
    for position, anchor in enumerate(anchors):
        if not anchor.topic.subtopics:
            continue
        end = anchors[position + 1].index if position + 1 < len(anchors) else len(paragraphs)
        # the topic's own first paragraph opens the topic, never a sub-heading
        inside, sub_problems = match_anchors(list(anchor.topic.subtopics), paragraphs[anchor.index + 1 : end])
        problems.extend(sub_problems)
        found.extend(Anchor(a.topic, a.index + anchor.index + 1, a.method) for a in inside)
    return found


# -- reading ---------------------------------------------------------------------------------
def _units(lines: list[str], topics: list[Topic]) -> list[Unit]:
    titles = sorted((t.title for t in topics), key=len, reverse=True)
    units: list[Unit] = []
    for block in blocks(lines):
        unit: Unit | None = None
        for number, line in block.lines:
            if unit is not None and line.startswith("Example:"):
                unit.examples.append((number, line))
            elif unit is not None and line.startswith("Related:"):
                unit.related = (number, line)
            else:  # a line that is neither is a paragraph of its own, never merged
                unit = Unit(number, line, line)
                _cut_glued_heading(unit, titles)
                units.append(unit)
    return units


def _cut_glued_heading(unit: Unit, titles: list[str]) -> None:
    """ "…returned to the token pool. Tokens, Running Out of" -> text + heading."""
    for title in titles:
        tail = " " + title
        if unit.text.endswith(tail) and unit.text[: -len(tail)].endswith((".", ":", "?", "!", '"')):
            unit.text = unit.text[: -len(tail)]
            unit.glued_heading = title
            return


def spell_glyphs(text: str) -> str:
    """U+E900/U+E901 -> "military"/"political", with a space where a glyph touched a word."""

    def word(match: re.Match) -> str:
        start, end = match.span()
        out = GLYPHS[match.group()]
        if start > 0 and text[start - 1].isalnum():
            out = " " + out
        if end < len(text) and text[end].isalnum():
            out += " "
        return out

    return _GLYPH.sub(word, text)


# -- building --------------------------------------------------------------------------------
def _build(
    units: list[Unit], anchors: list[Anchor], sub_anchors: list[Anchor], topics: list[Topic], problems: list[Problem]
) -> list[Entry]:
    starts = {a.index: a for a in anchors}
    sub_starts = {a.index: a for a in sub_anchors}
    by_title = {t.title.lower(): t for t in topics}
    entries: list[Entry] = []
    topic: Entry | None = None  # the current topic (or the front matter)
    current: Entry | None = None  # what paragraphs are filed under: the topic or a sub-topic
    ordinal = 0
    text_ids: dict[str, list[str]] = {}
    paragraph_of_unit: dict[int, Entry] = {}
    first_anchor = anchors[0].index if anchors else len(units)

    skip: set[int] = set()
    if first_anchor > 0:
        topic = current = _front_matter(units[:first_anchor], entries)
        if current.extra.get("title_line") is not None:
            skip.add(0)  # the document title is the front-matter entry itself

    for index, unit in enumerate(units):
        if index in skip:
            continue
        if index in starts:
            topic = current = _topic_entry(starts[index], units)
            entries.append(topic)
            ordinal = 0
        elif index in sub_starts and topic is not None:
            current = _subtopic_entry(sub_starts[index], topic, unit)
            entries.append(current)
            ordinal = 0
        assert current is not None and topic is not None
        ordinal += 1
        paragraph = _paragraph_entry(unit, current, ordinal)
        entries.append(paragraph)
        current.children.append(paragraph.id)
        paragraph_of_unit[index] = paragraph
        text_ids.setdefault(paragraph.text, []).append(paragraph.id)
        for k, (line, example) in enumerate(unit.examples, start=1):
            child = _leaf(
                f"{paragraph.id}.ex{k}",
                "example",
                example,
                line,
                current,
                f"{paragraph.citation}, example" + (f" {k}" if len(unit.examples) > 1 else ""),
            )
            child.parent = paragraph.id
            paragraph.children.append(child.id)
            entries.append(child)
        if unit.related:
            line, related = unit.related
            child = _leaf(f"{topic.id}/related", "related", related, line, topic, f"{topic.citation}, Related")
            child.refs = _related_refs(related, by_title)
            topic.children.append(child.id)
            entries.append(child)
        if unit.glued_heading:
            paragraph.tags.append("glued-heading")
            paragraph.extra["glued_heading"] = unit.glued_heading

    _see_refs(units, paragraph_of_unit, by_title, problems)
    by_id = {e.id: e for e in entries}
    for ids in text_ids.values():
        if len(ids) > 1:
            for entry_id in ids:
                by_id[entry_id].extra["same_text_as"] = [i for i in ids if i != entry_id]
    _close_spans(entries)
    return entries


def _front_matter(front: list[Unit], entries: list[Entry]) -> Entry:
    first = front[0]
    looks_like_title = len(first.text.split()) <= 6 and not first.text.endswith((".", ":"))
    title = first.text if looks_like_title else "Front matter"
    entry = Entry(
        id=f"{DOC}:front-matter",
        doc=DOC,
        game=GAME,
        kind="front-matter",
        text=first.text if looks_like_title else "",
        title=title,
        span=Span(first.line, first.line),
        citation=f"{CITE} — {title}",
    )
    if looks_like_title:
        entry.extra["title_line"] = first.line
    entries.append(entry)
    return entry


def _topic_entry(anchor: Anchor, units: list[Unit]) -> Entry:
    topic = anchor.topic
    entry = Entry(
        id=f"{DOC}:{topic.slug}",
        doc=DOC,
        game=GAME,
        kind="topic",
        text=topic.title,
        title=topic.title,
        span=Span(units[anchor.index].line, units[anchor.index].line),
        citation=f"{CITE} — {topic.title}",
        tags=["recovered-heading"] + (["inferred-heading"] if topic.evidence == "inf" else []),
        extra={"evidence": topic.evidence, "n": topic.n, "anchor": anchor.method},
    )
    glued = units[anchor.index - 1].glued_heading if anchor.index > 0 else None
    if glued == topic.title:
        entry.extra["heading_line"] = units[anchor.index - 1].line
    return entry


def _subtopic_entry(anchor: Anchor, topic: Entry, unit: Unit) -> Entry:
    sub = anchor.topic
    path = f"{topic.title} › {sub.title}"
    entry = Entry(
        id=f"{DOC}:{sub.slug}",
        doc=DOC,
        game=GAME,
        kind="subtopic",
        text=sub.title,
        title=path,
        parent=topic.id,
        span=Span(unit.line, unit.line),
        citation=f"{CITE} — {path}",
        tags=["recovered-heading"] + (["inferred-heading"] if sub.evidence == "inf" else []),
        extra={"evidence": sub.evidence, "anchor": anchor.method},
    )
    topic.children.append(entry.id)
    return entry


def _paragraph_entry(unit: Unit, topic: Entry, ordinal: int) -> Entry:
    entry = _leaf(f"{topic.id}/{ordinal}", "paragraph", unit.text, unit.line, topic, f"{topic.citation} ¶{ordinal}")
    if unit.raw != entry.text:
        entry.extra["raw"] = unit.raw
    if entry.text.endswith(":"):
        entry.tags.append("missing-list")
    return entry


def _leaf(entry_id: str, kind: str, raw: str, line: int, topic: Entry, citation: str) -> Entry:
    text = spell_glyphs(raw)
    entry = Entry(
        id=entry_id,
        doc=DOC,
        game=GAME,
        kind=kind,
        text=text,
        title=topic.title,
        parent=topic.id,
        span=Span(line, line),
        citation=citation,
    )
    if text != raw:
        entry.extra["raw"] = raw
        entry.tags.append("icon-glyph")
    if _LOST_ICON.search(raw):
        entry.tags.append("lost-icon")
    return entry


def _related_refs(line: str, by_title: dict[str, Topic]) -> list[Ref]:
    """ "Related: Ability, Action, Action Ability, Cost" -> one ref per topic, longest names first."""
    parts = [p.strip() for p in line.split(":", 1)[1].split(",")]
    refs: list[Ref] = []
    i = 0
    while i < len(parts):
        for j in range(len(parts), i, -1):
            name = ", ".join(parts[i:j])
            topic = by_title.get(name.lower())
            if topic:
                refs.append(Ref(name, f"{DOC}:{topic.slug}", kind="related"))
                i = j
                break
        else:
            refs.append(Ref(parts[i], None, kind="related", status="dangling", note="no topic of this name"))
            i += 1
    return refs


def _see_refs(
    units: list[Unit], paragraphs: dict[int, Entry], by_title: dict[str, Topic], problems: list[Problem]
) -> None:
    """ "(see below)" -> the next paragraph; "(see Topic on page 15)" -> that topic."""
    for index in range(len(units)):
        entry = paragraphs.get(index)
        if entry is None:
            continue
        for match in _SEE.finditer(entry.text):
            surface = match.group(0)
            name = _PAGE.sub("", match.group(1).strip())
            if name.lower() == "below":
                following = paragraphs.get(index + 1)
                if following is not None and following.parent == entry.parent:
                    entry.refs.append(Ref(surface, following.id, kind="see"))
                    continue
            topic = by_title.get(name.lower())
            if topic:
                entry.refs.append(Ref(surface, f"{DOC}:{topic.slug}", kind="see"))
                continue
            entry.refs.append(
                Ref(
                    surface,
                    None,
                    kind="see",
                    status="dangling",
                    note=f'"{name}" is not in this copy of the Rules Reference',
                )
            )
            problems.append(
                Problem(
                    DOC, "dangling-ref", f'{entry.id}: {surface!r} names "{name}", which this document lacks', entry.id
                )
            )


def _close_spans(entries: list[Entry]) -> None:
    """A topic's span runs from its first line to the last line of its last descendant."""
    by_id = {e.id: e for e in entries}
    for entry in entries:
        if entry.kind not in ("topic", "subtopic", "front-matter"):
            continue
        last = entry.span.line_end or entry.span.line_start
        stack = list(entry.children)
        while stack:
            child = by_id[stack.pop()]
            if child.span.line_end and (last is None or child.span.line_end > last):
                last = child.span.line_end
            stack.extend(child.children)
        entry.span.line_end = last
