"""Is a parsed text an edition of the document it claims to be? Its structure is compared with
the first (bundled) edition's, read by the same parser.

An edition may reword, renumber, add and delete rules; what it keeps is the document's shape:
- every kind of entry the first edition has (a No Dawn text without a glossary or an appendix
  is cut short, or is another document);
- at least half as many entries of each kind (a file cut inside its last part; a real edition
  does not lose half its rules);
- every numbered section the first edition has, under the same number and title;
- printed numbers in the same numbering scheme (704.5j is not L5R CCG's 4.5);
- no more parser problems of any kind than the first edition has (lines it could not place,
  a structure it did not find). Dangling references are not refusals: an edition that deletes a
  rule another still cites says so; they are reported as notes.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from judge.corpus.model import ParsedDocument
from judge.corpus.ranges import number_shape

# Problems that are about what the text says, not about whether the parser could read it.
REFERENCE_PROBLEMS = ("dangling-ref",)
MIN_SHARE = 0.5  # of each kind's entries in the first edition


@dataclass
class Shape:
    kinds: Counter
    sections: dict  # id -> title of each top-level section
    schemes: set  # the ways printed numbers are written
    problems: Counter  # by kind, reference problems apart
    messages: dict  # kind -> the first messages of that kind

    @property
    def entries(self) -> int:
        return sum(self.kinds.values())


def shape_of(parsed: ParsedDocument) -> Shape:
    messages: dict = {}
    problems: Counter = Counter()
    for problem in parsed.problems:
        if problem.kind in REFERENCE_PROBLEMS:
            continue
        problems[problem.kind] += 1
        messages.setdefault(problem.kind, []).append(problem.message)
    return Shape(
        kinds=Counter(e.kind for e in parsed.entries),
        sections={e.id: e.title for e in parsed.entries if e.kind == "section" and e.parent is None},
        schemes={number_shape(e.number) for e in parsed.entries if e.number},
        problems=problems,
        messages=messages,
    )


def refusals(first: Shape, new: Shape) -> list[str]:
    """Why `new` is not an edition of the document `first` is; [] when it is."""
    if not new.kinds or set(new.kinds) <= {"front-matter"}:
        return ["the parser found no entries in it"]
    reasons: list[str] = []
    for kind, count in sorted(new.problems.items()):
        allowed = first.problems.get(kind, 0)
        if count > allowed:
            shown = "; ".join(new.messages[kind][:3])
            reasons.append(f"{count} parser problem(s) of kind {kind!r} (the first edition has {allowed}): {shown}")
    missing_kinds = [k for k in first.kinds if k not in new.kinds]
    if missing_kinds:
        reasons.append(
            f"it has no entries of kind {', '.join(sorted(missing_kinds))} (cut short, or another document?)"
        )
    thin = [
        f"{kind} {new.kinds[kind]} of {count}"
        for kind, count in sorted(first.kinds.items())
        if kind in new.kinds and new.kinds[kind] < count * MIN_SHARE
    ]
    if thin:
        reasons.append(f"it has less than half the entries of the first edition ({', '.join(thin)}): cut short?")
    missing_sections = [f"{title} ({id_})" for id_, title in first.sections.items() if new.sections.get(id_) != title]
    if missing_sections:
        reasons.append(f"sections missing or renamed: {', '.join(missing_sections)}")
    foreign = new.schemes - first.schemes
    if foreign or (first.schemes and not new.schemes):
        reasons.append("its rule numbers are not written in the document's numbering scheme")
    return reasons
