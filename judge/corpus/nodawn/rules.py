"""Parser for the No Dawn comprehensive rules (doc "nd").

The source has one logical block per line, blocks separated by a blank line except bullet runs
(see notes/nodawn.md §1). Four regions: front matter, the numbered rules (sections 1–9), the
Glossary and Appendix A. This module splits the regions and builds the numbered hierarchy
(section → group → rule → sub-rule, with examples and design notes hung on the rule they
follow); the glossary and appendix, status tags and references have modules of their own.
"""

from __future__ import annotations

import re

from judge.corpus.model import Entry, ParsedDocument, Problem, Span
from judge.corpus.nodawn import glossary as nodawn_glossary
from judge.corpus.nodawn import refs as nodawn_refs
from judge.corpus.nodawn import tags as nodawn_tags

DOC = "nd"
GAME = "nodawn"
CITE = "No Dawn CR"

SECTION_RE = re.compile(r"^([1-9])\. (\S.*)$")
GROUP_RE = re.compile(r"^(\d{3})\. (\S.*)$")
RULE_RE = re.compile(r"^(\d{3}\.\d+)\. (.*)$")
SUBRULE_RE = re.compile(r"^(\d{3}\.\d+[a-z])\.? (.*)$")  # `307.4a.` carries a stray period
TAG_PARAGRAPH_RE = re.compile(r"^\((?:※|deferred)[^)]*\)$")
RESERVED_BODY = "Reserved for future NoDawn rules."
RESERVED_SUFFIX_RE = re.compile(r"^(?:(.*?) — )?Reserved$")
BULLET = "• "
_MAX_SECTION_HEADING = 40  # "1. Game Concepts"; longer "N. …" lines are prose
_MAX_CATEGORY_HEADING = 60
_KEYWORD_GROUPS = ("701", "702")
_MAX_HEAD_WORDS = 6
# A first sentence with one of these is a statement, not a run-in head ("Recovery is scarce.").
_STATEMENT_WORDS = frozenset(
    "is are was were be been has have had can cannot can't may must does do don't doesn't not never means".split()
)
_ORDINAL_OPENERS = ("First,", "Second,", "Third,")
_ABBREVIATIONS = ("St.", "cf.", "e.g.", "i.e.")


def split_lines(text: str) -> list[str]:
    """Physical lines, 1-based by index+1; the last line has no newline and must not be lost."""
    return re.split(r"\r\n|\r|\n", text)


def _regions(lines: list[str]) -> tuple[int, int, int]:
    """0-based indexes where the rules, the glossary and the appendix begin."""
    rules = next((i for i, l in enumerate(lines) if SECTION_RE.match(l) and len(l) < _MAX_SECTION_HEADING), len(lines))
    glossary = next((i for i in range(rules, len(lines)) if lines[i].strip() == "Glossary"), len(lines))
    appendix = next((i for i in range(glossary, len(lines)) if lines[i].startswith("Appendix A")), len(lines))
    return rules, glossary, appendix


def parse(text: str) -> ParsedDocument:
    lines = split_lines(text)
    rules_at, glossary_at, appendix_at = _regions(lines)
    problems: list[Problem] = []
    if rules_at == len(lines):
        problems.append(Problem(DOC, "structure", "no numbered section heading found; nothing parsed"))
    entries = _front_matter(lines[:rules_at])
    entries += _RulesBuilder(problems).build(lines, rules_at, glossary_at)
    entries += nodawn_glossary.parse_glossary(lines, glossary_at, appendix_at, problems)
    entries += nodawn_glossary.parse_appendix(lines, appendix_at, len(lines))
    for entry in entries:
        entry.doc, entry.game = DOC, GAME
    nodawn_tags.apply_tags(entries)
    for entry in entries:
        entry.extra.pop("segments", None)  # only the tagger needs a rule's paragraphs apart
    nodawn_refs.link(entries, problems)
    return ParsedDocument(entries, problems, facts={"title_line": lines[0].strip() if lines else ""})


# -- front matter ---------------------------------------------------------------------------


def _front_matter(lines: list[str]) -> list[Entry]:
    """Every non-blank line before section 1; its heading (a short unpunctuated line) is its title."""
    entries: list[Entry] = []
    heading, under_heading = "", 0
    for index, line in enumerate(lines):
        text = line.strip()
        if not text:
            continue
        is_heading = index > 0 and not text.startswith(BULLET) and not text.endswith((".", ":"))
        if is_heading:
            heading, under_heading = text, 0
            continue
        under_heading += 1
        k = len(entries) + 1
        citation = f"{CITE} — {heading} ¶{under_heading}" if heading else f"{CITE} — title line"
        entries.append(
            Entry(
                id=f"{DOC}:intro/{k}",
                doc=DOC,
                game=GAME,
                kind="front-matter",
                text=text,
                title=heading or text,
                span=Span(index + 1, index + 1),
                citation=citation,
            )
        )
    return entries


# -- the numbered rules ---------------------------------------------------------------------


def run_in_head(text: str) -> str:
    """The short lead phrase that titles a rule ("The drop."), or "" when it opens with a statement."""
    body = nodawn_tags.strip_leading_tag(text)
    match = re.match(r"^([A-Z\"].*?\.)(?:\s|$)", body)
    if not match:
        return ""
    head = match.group(1)
    words = head.rstrip(".").split()
    if len(words) > _MAX_HEAD_WORDS or head.startswith(_ORDINAL_OPENERS) or head.endswith(_ABBREVIATIONS):
        return ""
    if any(w.strip(',;:"()').lower() in _STATEMENT_WORDS for w in words):
        return ""
    return head


def keyword_name(number: str, text: str) -> str:
    """The name of a title-only keyword rule (701.x/702.x: `702.29. Siege (cf. …)` -> "Siege"), else ""."""
    if number.split(".")[0] not in _KEYWORD_GROUPS:
        return ""
    name = re.sub(r"\s*\([^()]*\)", "", text).strip()
    if not name or name.endswith(".") or "." in name:
        return ""
    return name


class _RulesBuilder:
    """Walks the rules region line by line, keeping the open section, group and rule."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        self.entries: list[Entry] = []
        self.by_id: dict[str, Entry] = {}
        self.section: Entry | None = None
        self.group: Entry | None = None
        self.rule: Entry | None = None  # last numbered rule or sub-rule: bullets and examples hang here
        self.block: Entry | None = None  # entry that a bullet or continuation line extends
        self.category = ""
        self.example_counts: dict[str, int] = {}

    def build(self, lines: list[str], start: int, stop: int) -> list[Entry]:
        for index in range(start, stop):
            line = lines[index].strip()
            if line:
                self._line(line, index + 1)
        return self.entries

    # Order matters: the census (notes §1.3) applies these tests in this order.
    def _line(self, line: str, lineno: int) -> None:
        if (m := SECTION_RE.match(line)) and len(line) < _MAX_SECTION_HEADING:
            self._section(m.group(1), m.group(2), lineno)
        elif m := RULE_RE.match(line):
            self._rule(m.group(1), m.group(2), line, lineno, "rule")
        elif m := SUBRULE_RE.match(line):
            self._rule(m.group(1), m.group(2), line, lineno, "subrule")
        elif m := GROUP_RE.match(line):
            self._group(m.group(1), m.group(2), lineno)
        elif line == RESERVED_BODY and self.group is not None and "reserved" in self.group.tags:
            self.group.text = line
            self.group.span.line_end = lineno
        elif TAG_PARAGRAPH_RE.match(line) and self.group is not None:
            self.group.extra["status_note"] = line
            self.group.span.line_end = lineno
        elif line.startswith("Example: "):
            self._attached("example", line, lineno)
        elif line.startswith("Design note"):
            self._attached("design-note", line, lineno)
        elif line.startswith(BULLET):
            self._extend(line, lineno, "bullet")
        elif self._is_category(line):
            self.category = line
        else:
            self._extend(line, lineno, "continuation")

    def _add(self, entry: Entry, parent: Entry | None) -> Entry:
        if entry.id in self.by_id:
            self.problems.append(
                Problem(DOC, "duplicate", f"{entry.id} appears twice (line {entry.span.line_start})", entry.id)
            )
            return self.by_id[entry.id]
        if parent is not None:
            entry.parent = parent.id
            parent.children.append(entry.id)
        self.entries.append(entry)
        self.by_id[entry.id] = entry
        return entry

    def _section(self, number: str, title: str, lineno: int) -> None:
        self.section = self._add(
            Entry(
                id=f"{DOC}:section/{number}",
                doc=DOC,
                game=GAME,
                kind="section",
                text=title,
                number=number,
                title=title,
                span=Span(lineno, lineno),
                citation=f"{CITE} section {number}",
            ),
            None,
        )
        self.group = self.rule = self.block = None

    def _group(self, number: str, heading: str, lineno: int) -> None:
        title, tags, notes = nodawn_tags.split_heading(heading)
        reserved = RESERVED_SUFFIX_RE.match(title)
        if reserved:
            title = reserved.group(1) or "Reserved"
            tags.append("reserved")
        entry = Entry(
            id=f"{DOC}:{number}",
            doc=DOC,
            game=GAME,
            kind="group",
            text=heading,
            number=number,
            title=title,
            tags=tags,
            span=Span(lineno, lineno),
            citation=f"{CITE} {number}",
        )
        if notes:
            entry.extra["tag_notes"] = notes
        if self.section is None or number[0] != self.section.number:
            self.problems.append(
                Problem(DOC, "structure", f"group {number} (line {lineno}) outside its section", entry.id)
            )
        self.group = self._add(entry, self.section)
        self.rule = self.block = None
        self.category = ""

    def _rule(self, number: str, body: str, line: str, lineno: int, kind: str) -> None:
        if kind == "rule":
            parent = self.by_id.get(f"{DOC}:{number.split('.')[0]}")
        else:
            parent = self.by_id.get(f"{DOC}:{number[:-1]}")
        if parent is None:
            self.problems.append(Problem(DOC, "structure", f"{number} (line {lineno}) has no parent in the document"))
            parent = self.group
        keyword = keyword_name(number, body) if kind == "rule" else ""
        entry = Entry(
            id=f"{DOC}:{number}",
            doc=DOC,
            game=GAME,
            kind=kind,
            text=line,
            number=number,
            title=keyword or run_in_head(body),
            span=Span(lineno, lineno),
            citation=f"{CITE} {number}",
        )
        if keyword:
            entry.extra["keyword"] = True
        if self.category and number.startswith("702."):
            entry.extra["category"] = self.category
        self.rule = self.block = self._add(entry, parent)

    def _attached(self, kind: str, line: str, lineno: int) -> None:
        """An example or design note: it belongs to the numbered rule it follows (notes §1.5)."""
        if self.rule is None:
            self.problems.append(Problem(DOC, "structure", f"{kind} at line {lineno} follows no rule; skipped"))
            return
        anchor = self.rule.number
        assert anchor is not None  # self.rule is only ever a numbered rule
        if kind == "example":
            k = self.example_counts[anchor] = self.example_counts.get(anchor, 0) + 1
            suffix, citation = f"example-{k}", f"{CITE} {anchor}, example {k}"
        else:
            suffix, citation = "design-note", f"{CITE} {anchor}, design note"
            if f"{self.rule.id}/{suffix}" in self.by_id:
                suffix += f"-{lineno}"
        entry = Entry(
            id=f"{self.rule.id}/{suffix}",
            doc=DOC,
            game=GAME,
            kind=kind,
            text=line,
            span=Span(lineno, lineno),
            citation=citation,
        )
        if self.group is not None:
            entry.extra["group"] = self.group.number
        self.block = self._add(entry, self.rule)

    def _extend(self, line: str, lineno: int, how: str) -> None:
        """A bullet or continuation paragraph joins the text of the block above it."""
        target = self.block if how == "bullet" else self.rule
        if target is None:
            self.problems.append(Problem(DOC, "structure", f"{how} at line {lineno} follows no rule; skipped"))
            return
        target.text += "\n" + line
        target.span.line_end = lineno
        target.extra.setdefault("segments", []).append(line)

    def _is_category(self, line: str) -> bool:
        """A short unpunctuated label between keyword rules (`Combat & evasion`), not a paragraph."""
        return (
            self.group is not None
            and self.group.number in _KEYWORD_GROUPS
            and len(line) < _MAX_CATEGORY_HEADING
            and not line.endswith((".", ":", ")", ";", '"'))
        )
