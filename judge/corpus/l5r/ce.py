"""L5R CCG comprehensive rules excerpt ("CE Physically marked card states") -> entries (doc `ce`).

Layout read from the text (blank-line blocks):
- the first line is the page title (`ce:front-matter`); a `---` line starts the footer, which is
  navigation, not rules (kept in facts["footer"]);
- a one-line block that is short and has no final punctuation is a heading: `ce:<slug>`, kind
  "topic". The excerpt does not mark heading levels, so all eleven are siblings;
- every other block opens with a rule paragraph, `ce:<topic>/<n>` (n counts the topic's
  paragraphs). Lines glued under it are its children: `Example:` -> kind "example" (`.ex1`),
  `EXCEPTION:` -> kind "exception" (`.x1`);
- `• ` bullets are children of the paragraph that introduced the list (`.b1`…), numbered across
  an EXCEPTION that interrupts the list (the bullet after it is still b5 of the same list);
- an EXCEPTION standing in its own block qualifies the rule or bullet just before it, so it
  becomes that entry's child as well. Decision: every EXCEPTION, glued or not, is its own
  "exception" entry under the rule it qualifies (never merged into the rule's text), so it can be
  cited alone and the rule's text stays the rule;
- `[CLARIFIED 15 Jul 2011]`-style marks become tags (`clarified:2011-07-15`) and are cut from
  `text` (the raw line stays in extra["raw"]);
- "See …"/"See also …" name pages of the full comprehensive rules, which this excerpt lacks: they
  are refs with status "external". "Page, Entry" is one target ("See also Glossary, Your."), and
  " and " separates targets only before a capitalised word ("Effects, Effects in and out of
  play and Timing, Leaving and entering play" is two targets).
"""

from __future__ import annotations

import re

from judge.corpus.l5r.text import Block, blocks, source_lines
from judge.corpus.model import Entry, ParsedDocument, Problem, Ref, Span
from judge.corpus.slug import slugify

DOC = "ce"
GAME = "l5r-ccg"
CITE = "L5R CCG Comprehensive Rules"

_BULLET = "\u2022 "
_EXCEPTION = re.compile(r"^EXCEPTIONS?:")
_EXAMPLE = re.compile(r"^Examples?:")
_DATED = re.compile(r"\s*\[(CLARIFIED|CHANGED|ADDED) (\d{1,2}) ([A-Z][a-z]{2}) (\d{4})\]")
_MONTHS = {
    m: i
    for i, m in enumerate(("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"), start=1)
}
_SEE = re.compile(r"\b[Ss]ee(?: also)? (?P<body>[^.)]+)")
_SMALL_WORDS = {"a", "an", "and", "as", "at", "but", "by", "for", "of", "on", "or", "the", "to"}
HEADING_MAX = 60


def parse(text: str) -> ParsedDocument:
    lines = source_lines(text)
    entries: list[Entry] = []
    problems: list[Problem] = []
    footer: list[str] = []
    topic: Entry | None = None
    ordinal = 0
    list_parent: Entry | None = None  # the paragraph whose bullet list is open
    last_rule: Entry | None = None  # the latest paragraph or bullet: what an EXCEPTION qualifies

    all_blocks = blocks(lines)
    for position, block in enumerate(all_blocks):
        first_line, first = block.lines[0]
        if footer or first == "---":
            footer.extend(line for _, line in block.lines)
            continue
        if position == 0:
            entries.append(_front_matter(block))
            continue
        if len(block.lines) == 1 and _is_heading(first):
            topic = _topic(first, first_line, entries, problems)
            entries.append(topic)
            ordinal, list_parent, last_rule = 0, None, None
            continue
        if topic is None:  # rules before any heading: file them under the front matter
            topic = entries[0]
        for number, line in block.lines:
            if line.startswith(_BULLET):
                parent = list_parent or last_rule or topic
                entry = _child(parent, "bullet", "b", line, number, entries)
                list_parent = parent
                last_rule = entry
            elif _EXCEPTION.match(line):
                _child(last_rule or topic, "exception", "x", line, number, entries)
            elif _EXAMPLE.match(line) and last_rule is not None:
                _child(last_rule, "example", "ex", line, number, entries)
            else:
                ordinal += 1
                entry = _paragraph(topic, ordinal, line, number)
                entries.append(entry)
                topic.children.append(entry.id)
                last_rule = entry
                list_parent = None if not line.endswith(":") else entry
    _close_spans(entries)
    return ParsedDocument(entries, problems, facts={"lines": len(lines), "footer": footer})


def _is_heading(line: str) -> bool:
    return (
        len(line) < HEADING_MAX
        and not line.endswith((".", ":", ";", ",", "!", "?", '"', "\u201d", ")", "]"))
        and not line.startswith((_BULLET, "EXCEPTION", "Example", "See ", "---"))
    )


def headline(title: str) -> str:
    """ "Bowed and unbowed" -> "Bowed and Unbowed" (for citations; `title` keeps the source)."""
    words = title.split()
    return " ".join(w if (i and w.lower() in _SMALL_WORDS) else w[:1].upper() + w[1:] for i, w in enumerate(words))


def _front_matter(block: Block) -> Entry:
    number, line = block.lines[0]
    return Entry(
        id=f"{DOC}:front-matter",
        doc=DOC,
        game=GAME,
        kind="front-matter",
        text=line,
        title=line,
        span=Span(number, block.last),
        citation=f"{CITE} — {line}",
    )


def _topic(heading: str, number: int, entries: list[Entry], problems: list[Problem]) -> Entry:
    slug = slugify(heading)
    entry_id = f"{DOC}:{slug}"
    if any(e.id == entry_id for e in entries):  # a repeated heading: keep both, numbered
        suffix = 2
        while any(e.id == f"{entry_id}-{suffix}" for e in entries):
            suffix += 1
        problems.append(Problem(DOC, "duplicate-heading", f'heading "{heading}" repeats at line {number}'))
        entry_id = f"{entry_id}-{suffix}"
    return Entry(
        id=entry_id,
        doc=DOC,
        game=GAME,
        kind="topic",
        text=heading,
        title=heading,
        span=Span(number, number),
        citation=f"{CITE} — {headline(heading)}",
    )


def _paragraph(topic: Entry, ordinal: int, line: str, number: int) -> Entry:
    entry = Entry(
        id=f"{topic.id}/{ordinal}",
        doc=DOC,
        game=GAME,
        kind="paragraph",
        text=line,
        title=topic.title,
        parent=topic.id,
        span=Span(number, number),
        citation=f"{topic.citation} ¶{ordinal}",
    )
    _finish_text(entry)
    return entry


def _child(parent: Entry, kind: str, marker: str, line: str, number: int, entries: list[Entry]) -> Entry:
    k = 1 + sum(
        1
        for c in parent.children
        if c.startswith(f"{parent.id}.{marker}") and c[len(parent.id) + 1 + len(marker) :].isdigit()
    )
    label = {"bullet": f"bullet {k}", "exception": "exception", "example": "example"}[kind]
    entry = Entry(
        id=f"{parent.id}.{marker}{k}",
        doc=DOC,
        game=GAME,
        kind=kind,
        text=line,
        title=parent.title,
        parent=parent.id,
        span=Span(number, number),
        citation=f"{parent.citation}, {label}",
    )
    _finish_text(entry)
    parent.children.append(entry.id)
    entries.append(entry)
    return entry


def _finish_text(entry: Entry) -> None:
    """Cut dated marks into tags, then read the See references."""
    raw = entry.text
    text = raw
    for match in _DATED.finditer(raw):
        kind, day, month, year = match.groups()
        if month in _MONTHS:  # an unreadable date stays in the text rather than vanish
            entry.tags.append(f"{kind.lower()}:{year}-{_MONTHS[month]:02d}-{int(day):02d}")
            text = text.replace(match.group(0), "")
    text = text.strip()
    if text != raw:
        entry.text = text
        entry.extra["raw"] = raw
    entry.refs.extend(see_refs(entry.text))


def see_refs(text: str) -> list[Ref]:
    refs: list[Ref] = []
    for match in _SEE.finditer(text):
        body = match.group("body").strip()
        for target in _targets(body):
            refs.append(
                Ref(
                    match.group(0).strip(),
                    None,
                    kind="see",
                    status="external",
                    note=f"{target} — in the full CCG comprehensive rules, not in this excerpt",
                )
            )
    return refs


def _targets(body: str) -> list[str]:
    """ "Effects, Effects in and out of play and Timing, Leaving and entering play" -> two targets,
    each "Page › Entry"; a quoted name "in the Glossary" -> "Glossary › name"."""
    body = body.replace("\u201c", '"').replace("\u201d", '"')
    quoted = re.fullmatch(r'"([^"]+)" in the (\w+)', body)
    if quoted:
        return [f"{quoted.group(2)} › {quoted.group(1)}"]
    section = re.fullmatch(r"the section on (?:the )?(.+?)(?: for .*)?", body)
    if section:
        return [section.group(1)]
    parts = re.split(r" and (?=[A-Z])", body)
    return [" › ".join(p.strip() for p in part.split(", ", 1)) for part in parts]


def _close_spans(entries: list[Entry]) -> None:
    by_id = {e.id: e for e in entries}
    for entry in entries:
        last = entry.span.line_end
        stack = list(entry.children)
        while stack:
            child = by_id[stack.pop()]
            last = max(last or 0, child.span.line_end or 0)
            stack.extend(child.children)
        entry.span.line_end = last
