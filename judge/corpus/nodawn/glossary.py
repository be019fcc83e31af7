"""The No Dawn Glossary and Appendix A (notes/nodawn.md §1.4).

A glossary line is `<Term>[ <qualifier>] <Definition…>` with only a space between term and
definition, so the term is derived: it runs from the line start over lower-case words,
slash pairs and parenthetical disambiguators, and over a capitalised word only while the phrase
so far also occurs in the rules text ("Blood Seal", "Pit of Blood", "Ascension through
Damnation") — a capitalised word that starts no known phrase ("The", "A", "Harm") opens the
definition. A status qualifier (`(※ proposed)`, `(deferred — content-gated)`) ends the term.
The three entries whose pointer was broken over a blank line (`*(See rule` / `702.45.)*`) are
rejoined.
"""

from __future__ import annotations

import re

from judge.corpus.model import Entry, Problem, Ref, Span
from judge.corpus.nodawn.tags import NOTE_RE
from judge.corpus.slug import slugify

DOC, GAME, CITE = "nd", "nodawn", "No Dawn CR"
SPLIT_TAIL_RE = re.compile(r"^\d{3}(?:\.\d+[a-z]?)?\.\)\*$")
SEE_RE = re.compile(r"^(?P<term>.+?) — See (?P<target>.+)\.$")
RESKIN_RE = re.compile(r"\(the reskin of ([^();]+)")
APPENDIX_BULLET_RE = re.compile(r"^• (?P<term>.+?) — ")


def _phrase_re(phrase: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w-])" + re.escape(phrase) + r"(?![\w-])")


def split_term(line: str, rules_text: str) -> str:
    """The term that opens a glossary line (see the module docstring)."""
    see = SEE_RE.match(line)
    if see:
        return see.group("term")
    words = line.split(" ")
    term = [words[0]]
    i = 1
    while i < len(words):
        word = words[i]
        if word.startswith("("):
            j = i
            while j < len(words) - 1 and not words[j].endswith(")"):
                j += 1
            parenthetical = " ".join(words[i : j + 1])
            if NOTE_RE.match(parenthetical):
                break  # a status qualifier sits between the term and its definition
            term.append(parenthetical)
            i = j + 1
            continue
        if word.startswith('"'):
            break
        if word[:1].isupper() and term[-1] != "/":
            phrase = " ".join(term + [word]).rstrip(",")
            # The substring test first: the bounded regex is slow over the whole rules text.
            if phrase not in rules_text or not _phrase_re(phrase).search(rules_text):
                break
        term.append(word)
        i += 1
    return " ".join(term)


def reskin_of(text: str) -> list[str]:
    """The Magic keywords a glossary entry says it reskins: "(the reskin of raid/battalion)"."""
    names: list[str] = []
    for match in RESKIN_RE.finditer(text):
        names += [n.strip().lower() for n in match.group(1).split("/") if n.strip()]
    return names


def _blocks(lines: list[str], start: int, stop: int) -> list[tuple[str, int, int]]:
    """(text, first line, last line) of each non-blank line, split tails joined to their entry."""
    blocks: list[tuple[str, int, int]] = []
    for index in range(start, stop):
        line = lines[index].strip()
        if not line:
            continue
        if SPLIT_TAIL_RE.match(line) and blocks:
            text, first, _ = blocks[-1]
            blocks[-1] = (f"{text} {line}", first, index + 1)
        else:
            blocks.append((line, index + 1, index + 1))
    return blocks


def parse_glossary(lines: list[str], start: int, stop: int, problems: list[Problem]) -> list[Entry]:
    """The root `nd:glossary` and one entry per term; `start` is the index of the heading line."""
    if start >= stop:
        return []
    rules_text = "\n".join(lines[:start])
    blocks = _blocks(lines, start + 1, stop)
    intro = blocks.pop(0) if blocks else ("", start + 1, start + 1)
    root = Entry(
        id=f"{DOC}:glossary",
        doc=DOC,
        game=GAME,
        kind="section",
        title="Glossary",
        text=intro[0],
        span=Span(start + 1, stop),
        citation=f"{CITE} Glossary",
    )
    entries = [root]
    seen: set[str] = set()
    for text, first, last in blocks:
        term = split_term(text, rules_text)
        slug = slugify(term)
        if slug in seen:
            problems.append(Problem(DOC, "duplicate", f"glossary term {term!r} twice (line {first})"))
            slug = f"{slug}-{first}"
        seen.add(slug)
        entry = Entry(
            id=f"{DOC}:glossary/{slug}",
            doc=DOC,
            game=GAME,
            kind="glossary",
            text=text,
            title=term,
            parent=root.id,
            span=Span(first, last),
            citation=f"{CITE} Glossary — {term}",
        )
        names = reskin_of(text)
        if names:
            entry.extra["reskin_of"] = names
        entries.append(entry)
        root.children.append(entry.id)
    _link_see_entries(entries[1:], problems)
    return entries


def _link_see_entries(entries: list[Entry], problems: list[Problem]) -> None:
    """`Blood pool — See Vitae pool.`: a "see" reference to the entry it defers to."""
    by_slug = {e.id.rsplit("/", 1)[1]: e for e in entries}
    for entry in entries:
        see = SEE_RE.match(entry.text)
        if not see:
            continue
        target_name = see.group("target")
        target = by_slug.get(slugify(target_name))
        entry.extra["see"] = target_name
        if target is None:
            entry.refs.append(Ref(target_name, None, "see", "dangling", "no such glossary term"))
            problems.append(Problem(DOC, "dangling-ref", f"{entry.id}: see {target_name!r} — no such term", entry.id))
        else:
            entry.refs.append(Ref(target_name, target.id, "see"))


def parse_appendix(lines: list[str], start: int, stop: int) -> list[Entry]:
    """The root `nd:appendix-a` and one entry per `• term — definition` bullet."""
    if start >= stop:
        return []
    heading = lines[start].strip()
    blocks = _blocks(lines, start + 1, stop)
    intro = blocks.pop(0) if blocks and not blocks[0][0].startswith("• ") else ("", start + 1, start + 1)
    root = Entry(
        id=f"{DOC}:appendix-a",
        doc=DOC,
        game=GAME,
        kind="section",
        title=heading,
        text=intro[0],
        span=Span(start + 1, stop),
        citation=f"{CITE} Appendix A",
    )
    entries = [root]
    seen: set[str] = set()
    for text, first, last in blocks:
        match = APPENDIX_BULLET_RE.match(text)
        term = match.group("term") if match else text.removeprefix("• ")
        slug = slugify(term)
        if slug in seen:
            slug = f"{slug}-{first}"
        seen.add(slug)
        entries.append(
            Entry(
                id=f"{root.id}/{slug}",
                doc=DOC,
                game=GAME,
                kind="appendix",
                text=text,
                title=term,
                parent=root.id,
                span=Span(first, last),
                citation=f"{CITE} Appendix A — {term}",
            )
        )
        root.children.append(entries[-1].id)
    return entries
