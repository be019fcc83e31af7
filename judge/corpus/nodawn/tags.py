"""No Dawn status tags (notes/nodawn.md §3): read the parenthesised notes into entry tags.

A note such as `(※ proposed)`, `(※ adopted 2026-07-24.)`, `(Struck 2026-07-26, with 208.5.)`
becomes tags (`proposed`, `adopted:2026-07-24`, `struck`) at the level it attaches to:
the group (heading suffix or stand-alone tag paragraph), the rule (at its start, its end, or
right after its run-in head), or a sentence. A sentence-level note gives the entry
`<status>:partial` and records what it covers in extra["tag_spans"]. The raw text is never
changed: the notes stay visible in it.
"""

from __future__ import annotations

import re

from judge.corpus.model import Entry

_DATE = r"\d{4}-\d{2}-\d{2}"
# Status notes never contain parentheses, so a flat match is exact.
NOTE_RE = re.compile(r"\((?:※|deferred|future —|Amended |Struck )[^()]*\)")
_LEADING_NOTE_RE = re.compile(r"^\((?:※|deferred|future —|Amended |Struck )[^()]*\)\s*")
# Engine notes may nest one level of parentheses.
ENGINE_NOTE_RE = re.compile(r"\(Engine: (?:[^()]|\([^()]*\))*\)")
# Appendix bullets write adoption without the ※ mark: `(rule 702.45; adopted 2026-07-24)`.
APPENDIX_ADOPTED_RE = re.compile(r"\([^()]*?\brules? [^()]*?; adopted (" + _DATE + r")[^()]*\)")
_SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"(])")
# A note after a lead sentence this short is in run-in-head position and covers the paragraph
# (408.5k "A non-lethal verdict still ends the journey. (※ adopted …)"); after a longer one it
# opens the sentences that follow (303.3b, 16 words).
_MAX_LEAD_WORDS = 8
# Statuses whose note scopes them to the rule's sub-rules as well (`proposed as a group`).
_GROUP_SCOPE = "as a group"


def classify(note: str) -> list[str]:
    """The tags one note stands for; [] for notes that carry no status."""
    inner = note.strip("()").strip()
    body = inner.lstrip("※").strip()
    lower = body.lower()
    dates = re.findall(_DATE, body)
    first_date = dates[0] if dates else ""
    tags: list[str] = []
    if lower.startswith("proposed"):
        tags.append("proposed")
        if "deferred" in lower:
            tags.append("deferred")
    elif lower.startswith("deferred"):
        tags.append("deferred")
    elif lower.startswith("future"):
        tags.append("future")
    elif lower.startswith("struck"):
        tags.append("struck")
    elif lower.startswith("amended"):
        tags.append(f"amended:{first_date}")
    elif m := re.match(r"(?:exception )?adopted (" + _DATE + ")", lower):
        tags.append(f"adopted:{m.group(1)}")
        tags += [f"amended:{d}" for d in re.findall(r"generalized (" + _DATE + ")", lower)]
    elif m := re.match(r"ratified (" + _DATE + ")", lower):
        tags.append(f"ratified:{m.group(1)}")
    elif m := re.match(r"renamed (" + _DATE + ")", lower):
        tags.append(f"renamed:{m.group(1)}")
    elif inner.startswith("※") and first_date:
        tags.append(f"amended:{dates[-1]}")  # a change note: "threshold raised …, 2026-08-02: …"
    return tags


def strip_leading_tag(text: str) -> str:
    return _LEADING_NOTE_RE.sub("", text, count=1)


def split_heading(heading: str) -> tuple[str, list[str], list[str]]:
    """A group heading's clean title, its tags and the raw notes stripped from it."""
    notes = NOTE_RE.findall(heading)
    tags = [t for n in notes for t in classify(n)]
    title = NOTE_RE.sub("", heading).strip()
    return title, tags, notes


def _add(entry: Entry, tags: list[str]) -> None:
    for tag in tags:
        if tag not in entry.tags:
            entry.tags.append(tag)


def _sentences(text: str) -> list[str]:
    return [s for s in _SENTENCE_BREAK.split(text.strip()) if s]


def _scope(before: str, after: str, note: str) -> str | None:
    """The sentence(s) a note covers, or None when it covers the whole paragraph."""
    lower = note.lower()
    if "second sentence" in lower:
        sentences = _sentences(before)
        return sentences[1] if len(sentences) > 1 else None
    if "exception" in lower and (at := before.rfind("except")) >= 0:
        return before[at:].strip()
    if not before or not after:
        return None  # rule-initial or paragraph-final
    last = _sentences(before)[-1] if before else ""
    if before.endswith(".") and len(_sentences(before)) == 1 and len(last.split()) <= _MAX_LEAD_WORDS:
        return None  # right after a run-in head: `Calling a Debt. (※ adopted …) During …`
    if after.startswith("."):
        return last  # closes the sentence it sits in: `… announcement (※ ratified …).`
    if before.endswith("."):
        return NOTE_RE.split(after, maxsplit=1)[0].strip()  # opens the sentences after it
    return None  # used as a predicate inside a sentence: `… is (deferred — content-gated);`


def _tag_paragraph(entry: Entry, paragraph: str, whole: bool) -> None:
    """Tags from the notes of one paragraph of `entry` (its numbered line, a bullet, a continuation)."""
    for match in NOTE_RE.finditer(paragraph):
        tags = classify(match.group(0))
        if not tags:
            continue
        before, after = paragraph[: match.start()].strip(), paragraph[match.end() :].strip()
        span = _scope(before, after, match.group(0)) if whole else NOTE_RE.sub("", paragraph).strip()
        if span is None:
            _add(entry, tags)
            continue
        _add(entry, [f"{tags[0].split(':')[0]}:partial"])
        entry.extra.setdefault("tag_spans", []).extend({"tag": t, "text": span} for t in tags)


def _label_and_body(entry: Entry) -> str:
    """The first line without its number label."""
    first = entry.text.split("\n", 1)[0]
    return first.split(" ", 1)[1] if " " in first else ""


def apply_tags(entries: list[Entry]) -> None:
    by_id = {e.id: e for e in entries}
    for entry in entries:
        if entry.kind in ("rule", "subrule"):
            _tag_rule(entry, by_id)
        elif entry.kind == "group" and "status_note" in entry.extra:
            _add(entry, classify(entry.extra["status_note"]))
        elif entry.kind == "glossary":
            _add(entry, [t for n in NOTE_RE.findall(entry.text) for t in classify(n)])
        elif entry.kind == "appendix":
            _add(entry, [t for n in NOTE_RE.findall(entry.text) for t in classify(n)])
            _add(entry, [f"adopted:{d}" for d in APPENDIX_ADOPTED_RE.findall(entry.text)])


def _tag_rule(entry: Entry, by_id: dict[str, Entry]) -> None:
    if m := ENGINE_NOTE_RE.search(entry.text):
        entry.extra["engine_note"] = m.group(0)
    body = _label_and_body(entry)
    if entry.extra.get("keyword"):
        # A keyword's title notes cover the keyword and all its sub-rules.
        inherited = [t for n in NOTE_RE.findall(body) for t in classify(n)]
        _add(entry, inherited)
    else:
        _tag_paragraph(entry, body, whole=True)
        inherited = list(entry.tags) if any(_GROUP_SCOPE in n for n in NOTE_RE.findall(body)) else []
    for segment in entry.extra.get("segments", []):
        _tag_paragraph(entry, segment, whole=False)
    if inherited:
        for child_id in entry.children:
            child = by_id.get(child_id)
            if child is not None and child.kind == "subrule":
                _add(child, inherited)
                child.extra["inherited_tags_from"] = entry.number
