"""References inside the No Dawn CR (notes/nodawn.md §2), resolved to entry ids.

Numeric references come in chains — a keyword (`rule`, `rules`, `Rules`, `cf.`) and numbers
joined by `,` / `and` / `or`, each number possibly an en-dash range: `rules 107.6 and 116.2a`,
`rule 703.4m–r`, `rules 123.4–123.5`, `Rules 801–805` — plus a few bare ones
(`(506.1, 506.1a, and so on)`, `rule group 704`, `steps 601.2a–h`). A range expands over the
numbers that exist: 703.4 has no `o`, so `703.4m–r` is m, n, p, q, r. Value ranges (`1–3`,
`layers 2–6`) are never references: they have no three-digit rule number.
`section N` links to the section; glossary terms found in rule text link to their entry.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from judge.corpus.model import Entry, Problem, Ref
from judge.corpus.nodawn.glossary import SPLIT_TAIL_RE

DOC = "nd"

_NUM = r"(?<!\d)\d{3}(?:\.\d+[a-z]?)?(?!\w)"
_ITEM = _NUM + r"(?:–(?:" + _NUM + r"|[a-z](?!\w)))?"
_SEP = r"(?:,\s+(?:and\s+|or\s+)?|\s+(?:and|or)\s+)"
CHAIN_RE = re.compile(r"(?<![\w-])(?:[Rr]ules?|cf\.)\s+(" + _ITEM + r"(?:" + _SEP + _ITEM + r")*)")
ITEM_RE = re.compile(_ITEM)
BARE_GROUP_RE = re.compile(r"(?<![\w-])rule group (\d{3})(?!\w)")
BARE_RE = re.compile(r"(?<![\w.])\d{3}\.\d+[a-z]?(?:–[a-z](?!\w))?(?![\w])")
_SECTION_NUM = r"[1-9](?!\.?\d)(?!\w)"  # "section 9." ends a sentence; "9.1" would be no section
SECTION_RE = re.compile(
    r"(?<![\w-])[Ss]ections?\s+(" + _SECTION_NUM + r"(?:(?:,\s*|\s+and\s+|\s+or\s+)" + _SECTION_NUM + r")*)"
)
_DIGIT_RE = re.compile(r"[1-9]")
LABEL_RE = re.compile(r"^\d{3}(?:\.\d+[a-z]?)?\.? ")
TERM_KINDS = ("rule", "subrule", "example", "design-note")


@dataclass(frozen=True)
class NumericRef:
    surface: str  # the number or range as printed, e.g. "703.4m–r"
    number: str  # one expanded target, e.g. "703.4n"
    form: str  # "chain" or "bare"
    is_range: bool


def _level(number: str) -> str:
    if "." not in number:
        return "group"
    return "subrule" if number[-1].isalpha() else "rule"


def expand(surface: str, known: set[str] | None) -> list[str]:
    """The numbers a printed item stands for; over `known` numbers, or naively when known is None."""
    if "–" not in surface:
        return [surface]
    start, end = surface.split("–", 1)
    if len(end) == 1 and start[-1].isalpha():  # letter range: 703.4m–r
        stem = start[:-1]
        candidates = [stem + chr(c) for c in range(ord(start[-1]), ord(end) + 1)]
    elif "." not in start and "." not in end:  # group range: 801–805
        candidates = [str(n) for n in range(int(start), int(end) + 1)]
    elif (
        "." in start
        and "." in end
        and start.split(".")[0] == end.split(".")[0]
        and not start[-1].isalpha()
        and not end[-1].isalpha()
    ):  # rule range: 123.4–123.5
        group = start.split(".")[0]
        candidates = [f"{group}.{n}" for n in range(int(start.split(".")[1]), int(end.split(".")[1]) + 1)]
    else:
        return [start, end]  # a shape the document never uses: keep both ends
    return candidates if known is None else [c for c in candidates if c in known]


def find_numeric(text: str, known: set[str] | None) -> list[NumericRef]:
    """Every numeric reference in `text` (without its own number label), ranges expanded."""
    found: list[tuple[int, NumericRef]] = []
    taken: list[tuple[int, int]] = []
    for chain in CHAIN_RE.finditer(text):
        taken.append(chain.span())
        for item in ITEM_RE.finditer(chain.group(1)):
            at = chain.start(1) + item.start()
            for number in expand(item.group(0), known) or [""]:  # "": written, resolving to no rule
                found.append((at, NumericRef(item.group(0), number, "chain", "–" in item.group(0))))
    for pattern in (BARE_GROUP_RE, BARE_RE):
        for match in pattern.finditer(text):
            if any(s <= match.start() < e for s, e in taken):
                continue
            taken.append(match.span())
            surface = match.group(1) if match.groups() else match.group(0)
            for number in expand(surface, known) or [""]:
                found.append((match.start(), NumericRef(surface, number, "bare", "–" in surface)))
    found.sort(key=lambda pair: pair[0])
    return [ref for _, ref in found]


def section_numbers(text: str) -> list[tuple[str, str]]:
    """(surface, section number) for each `section N` / `sections 3 and 7`."""
    out = []
    for match in SECTION_RE.finditer(text):
        out += [(match.group(0), n) for n in _DIGIT_RE.findall(match.group(1))]
    return out


def body_of(entry: Entry) -> str:
    """The text a reference may sit in: numbered entries lose their own label."""
    if entry.kind in ("rule", "subrule"):
        return LABEL_RE.sub("", entry.text, count=1)
    return entry.text


def known_numbers(entries: Iterable[Entry]) -> set[str]:
    return {e.number for e in entries if e.number and e.kind in ("group", "rule", "subrule")}


def count_numeric_references(entries: list[Entry], naive_ranges: bool = False) -> tuple[int, int]:
    """(references, distinct targets) over the document, every range member counted once.

    `naive_ranges` expands letter ranges over the alphabet, as the census script did: that adds
    `703.4o` (from `703.4m–r`), a rule 703.4 deliberately skips.
    """
    known = None if naive_ranges else known_numbers(entries)
    refs = [r for e in entries for r in find_numeric(body_of(e), known) if r.number]
    return len(refs), len({r.number for r in refs})


def census_count(text: str) -> tuple[int, int]:
    """(references, distinct targets) counted the way notes/nodawn.md §1.7 did: line by line, with
    letter ranges expanded naively. That gives the published 867 / 372, which differs from
    `count_numeric_references` (869 / 371) in two known ways: the three numbers of the glossary
    pointers broken over a blank line (`*(See rule` / `702.45.)*`) are missed, and 703.4o is counted."""
    numbers: list[str] = []
    for line in re.split(r"\r\n|\r|\n", text):
        if SPLIT_TAIL_RE.match(line.strip()):
            continue  # a pointer's broken-off tail: the census saw no reference keyword before it
        numbers += [r.number for r in find_numeric(LABEL_RE.sub("", line, count=1), None) if r.number]
    return len(numbers), len(set(numbers))


def link(entries: list[Entry], problems: list[Problem]) -> None:
    """Attach numeric, section and glossary-term references to every entry."""
    known = known_numbers(entries)
    ids = {e.id for e in entries}
    terms = TermMatcher(entries)
    for entry in entries:
        body = body_of(entry)
        for ref in find_numeric(body, known):
            target = f"{DOC}:{ref.number}" if ref.number else None
            kind = "range" if ref.is_range else "rule"
            if target in ids:
                entry.refs.append(Ref(ref.surface, target, kind))
            else:
                note = f"no rule {ref.number or ref.surface} in the No Dawn CR"
                entry.refs.append(Ref(ref.surface, None, kind, "dangling", note))
                problems.append(Problem(DOC, "dangling-ref", f"{entry.id}: {ref.surface!r} — {note}", entry.id))
        for surface, number in section_numbers(body):
            target = f"{DOC}:section/{number}"
            if target in ids:
                entry.refs.append(Ref(surface, target, "section"))
            else:
                entry.refs.append(Ref(surface, None, "section", "dangling", f"no section {number}"))
                problems.append(
                    Problem(DOC, "dangling-ref", f"{entry.id}: {surface!r} — no section {number}", entry.id)
                )
        if entry.kind in TERM_KINDS:
            entry.refs += terms.refs(body, entry.id)


class TermMatcher:
    """Glossary terms found in running text: only multi-word or hyphenated terms, whose match is
    unlikely to be a plain English word ("Pit of Blood", "state-based actions", "Day-bound"),
    and never a term the glossary itself disambiguates with a parenthesis ("Counter (verb)")."""

    def __init__(self, entries: list[Entry]) -> None:
        glossary = [e for e in entries if e.kind == "glossary"]
        targets: dict[str, set[str]] = {}
        for entry in glossary:
            target = next((r.target for r in entry.refs if r.kind == "see" and r.target), entry.id)
            for phrase in self.phrases(entry.title):
                targets.setdefault(phrase.lower(), set()).add(target)
        self.phrase_for: dict[str, str] = {}
        self.target: dict[str, str] = {}
        alternatives = []
        for entry in glossary:
            for phrase in self.phrases(entry.title):
                key = phrase.lower()
                if len(targets[key]) != 1 or key in self.phrase_for.values():
                    continue  # ambiguous, or already listed
                name = f"t{len(self.phrase_for)}"
                self.phrase_for[name] = key
                self.target[name] = next(iter(targets[key]))
                alternatives.append((len(phrase), name, phrase))
        alternatives.sort(reverse=True)  # longest first, so "Blood Seal" wins over "Blood"
        pattern = "|".join(f"(?P<{name}>{self._pattern(phrase)})" for _, name, phrase in alternatives)
        self.regex = re.compile(r"(?<![\w-])(?:" + pattern + r")(?![\w-])") if pattern else None

    @staticmethod
    def phrases(term: str) -> list[str]:
        if "(" in term:
            return []
        term = re.sub(r",\s*the$", "", term)
        out = []
        for part in term.split(" / "):
            words = [w for w in part.split() if re.search(r"\w", w)]
            phrase = " ".join(words)
            if len(words) > 1 or "-" in phrase:
                out.append(phrase)
        return out

    @staticmethod
    def _pattern(phrase: str) -> str:
        """First letter in either case (sentence start), the rest as printed, an optional plural.
        Round names are proper names printed "The Hunt": "of the Hunt" is a card's name."""
        head = phrase[0]
        proper = phrase.startswith("The ")
        first = f"[{head.upper()}{head.lower()}]" if head.isalpha() and not proper else re.escape(head)
        plural = "" if phrase.endswith("s") else "(?:s|es)?"
        return first + re.escape(phrase[1:]) + plural

    def refs(self, text: str, source_id: str) -> list[Ref]:
        if self.regex is None:
            return []
        out: list[Ref] = []
        seen: set[str] = set()
        for match in self.regex.finditer(text):
            name = match.lastgroup
            assert name is not None  # every alternative of the pattern is a named group
            target = self.target[name]
            if target == source_id or target in seen:
                continue
            seen.add(target)
            out.append(Ref(match.group(0), target, "term"))
        return out
