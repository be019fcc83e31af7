"""The OmniFAQ's front matter: section anchors, the errata list and the General Topics.

Everything is recovered from the flattened text itself: the errata list from its
"Name (Faction) - SET SET" rhythm, the topic names by splitting the run-together list so that
every name reappears, in order, as the heading of a body further on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from judge.corpus.shadowfist.text import DATE_STAMP, Token, tokenize, vocabulary

_FACTION_DASH = re.compile(r" \(([A-Z][a-z]+)\) - ")
_SET_TOKEN = re.compile(r"^(?=(?:.*[A-Z0-9]){2})[A-Za-z0-9]{2,4}$")
_SENTENCE_END = re.compile(r"[.!?:][\"')\]]*$")
_MAX_TOPIC_WORDS = 12


class StructureError(ValueError):
    """The document does not have the shape the parser relies on (anchor missing…)."""


@dataclass
class Sections:
    header: tuple[int, int]
    errata_list: tuple[int, int]  # the items, after the intro sentence
    topics_intro: tuple[int, int]  # "General Topics: ..." up to the list of names
    topic_list: tuple[int, int]
    topic_bodies: tuple[int, int]
    cards_heading: tuple[int, int]
    cards: tuple[int, int]


@dataclass
class ErrataItem:
    name: str
    faction: str
    sets: list[str]
    start: int
    end: int


@dataclass
class Topic:
    name: str
    start: int  # the heading
    body_start: int
    end: int
    inline_refs: list = field(default_factory=list)


def find_sections(text: str) -> tuple[Sections, list[Token]]:
    """Locate the sections; also returns the topic-name list tokens."""
    anchors = vocabulary().anchors
    found = {}
    for key in ("errata", "topics", "cards"):
        m = re.search(anchors[key], text)
        if not m:
            raise StructureError(f"section anchor for {key!r} not found")
        found[key] = m
    errata, topics, cards = found["errata"], found["topics"], found["cards"]
    if not errata.end() < topics.start() < cards.start():
        raise StructureError("section anchors are out of order")
    list_tokens = _topic_list_tokens(text, topics.end(), cards.start())
    list_start, list_end = list_tokens[0].start, list_tokens[-1].end
    body_start = _next_token_start(text, list_end)
    sections = Sections(
        header=(0, errata.start()),
        errata_list=(_next_token_start(text, errata.end()), topics.start()),
        topics_intro=(topics.start(), list_start),
        topic_list=(list_start, list_end),
        topic_bodies=(body_start, cards.start()),
        cards_heading=(cards.start(), cards.end()),
        cards=(_next_token_start(text, cards.end()), len(text)),
    )
    return sections, list_tokens


def ends_sentence(word: str) -> bool:
    """A token after which a new heading or sentence may begin: final punctuation or a date stamp."""
    return bool(_SENTENCE_END.search(word) or DATE_STAMP.fullmatch(word))


def _next_token_start(text: str, pos: int) -> int:
    m = re.compile(r"\S").search(text, pos)
    return m.start() if m else len(text)


def _capitalised(word: str) -> bool:
    stripped = word.lstrip("\"'(")
    return bool(stripped) and (stripped[0].isupper() or stripped[0].isdigit())


def _topic_list_tokens(text: str, start: int, end: int) -> list[Token]:
    """The run of names after the section intro: the first sentence start whose next words are
    mostly capitalised, up to the first repeat of its first word (the first body's heading)."""
    tokens = tokenize(text, start, end)
    for i, tok in enumerate(tokens):
        if i > 0 and not ends_sentence(tokens[i - 1].word):
            continue
        window = tokens[i : i + 8]
        if len(window) < 8 or sum(map(_capitalised, (t.word for t in window))) < 0.6 * len(window):
            continue
        for j in range(i + 1, len(tokens)):
            if tokens[j].word == tok.word:
                run = tokens[i:j]
                if sum(map(_capitalised, (t.word for t in run))) > 0.5 * len(run):
                    return run
                break
    raise StructureError("the list of General Topics was not found")


def parse_errata_list(text: str, start: int, end: int) -> list[ErrataItem]:
    """'Amulet of the Turtle (Unaligned) - LS YotD TKB Arcanowave Reinforcer (Architect) - …'"""
    items: list[ErrataItem] = []
    anchors = list(_FACTION_DASH.finditer(text, start, end))
    name_start = start
    for k, m in enumerate(anchors):
        name = text[name_start : m.start()]
        stop = anchors[k + 1].start() if k + 1 < len(anchors) else end
        tokens = tokenize(text, m.end(), stop)
        n_sets = 0
        while n_sets < len(tokens) and _SET_TOKEN.match(tokens[n_sets].word):
            n_sets += 1
        if k + 1 < len(anchors) and n_sets == len(tokens):
            n_sets -= 1  # the next name is at least one word
        sets = [t.word for t in tokens[:n_sets]]
        item_end = tokens[n_sets - 1].end if n_sets else m.end()
        items.append(ErrataItem(name, m.group(1), sets, name_start, item_end))
        if n_sets < len(tokens):
            name_start = tokens[n_sets].start
    return items


def _is_heading_at(text: str, pos: int, name: str, region_start: int) -> bool:
    if not text.startswith(name, pos):
        return False
    if pos != region_start:
        # A body may end in a list of "Name (SET)" mentions rather than a full stop.
        before = text[text.rfind(" ", 0, pos - 1) + 1 : pos - 1]
        if pos < 2 or text[pos - 1] != " " or not (ends_sentence(before) or before.endswith(")")):
            return False
    after = pos + len(name)
    return after + 1 < len(text) and text[after] == " " and (text[after + 1].isupper() or text[after + 1] in '"(')


def split_topics(text: str, names_tokens: list[Token], region: tuple[int, int]) -> list[Topic]:
    """Split the run-together list into the fewest names such that each is, in order, the
    heading of a body in the region (a DP over (words used, position of the last heading))."""
    start, end = region
    words = [t.word for t in names_tokens]
    n = len(words)
    occurrences: dict[tuple[int, int], list[int]] = {}

    def heads(i: int, j: int) -> list[int]:
        if (i, j) not in occurrences:
            name = " ".join(words[i:j])
            spots = [m.start() for m in re.finditer(re.escape(name), text[start:end])]
            occurrences[(i, j)] = [start + p for p in spots if _is_heading_at(text, start + p, name, start)]
        return occurrences[(i, j)]

    # states[i]: {last heading position: (names used, previous (i, position))}
    states: list[dict[int, tuple[int, tuple[int, int] | None]]] = [dict() for _ in range(n + 1)]
    states[0][start - 1] = (0, None)
    for i in range(n):
        for pos, (count, _) in sorted(states[i].items()):
            for j in range(i + 1, min(n, i + _MAX_TOPIC_WORDS) + 1):
                later = [p for p in heads(i, j) if p > pos and (i > 0 or p == start)]
                if not later:
                    continue
                p = later[0]
                best = states[j].get(p)
                if best is None or count + 1 < best[0]:
                    states[j][p] = (count + 1, (i, pos))
    if not states[n]:
        raise StructureError("the General Topics list does not match the topic headings")
    pos = min(states[n], key=lambda p: (states[n][p][0], p))
    bounds: list[tuple[int, int]] = []  # (first word index, heading position)
    j = n
    while j > 0:
        count, back = states[j][pos]
        assert back is not None  # only states[0] lacks a predecessor, and j > 0 here
        i, prev = back
        bounds.append((i, pos))
        j, pos = i, prev
    bounds.reverse()
    topics: list[Topic] = []
    for k, (i, pos) in enumerate(bounds):
        j = bounds[k + 1][0] if k + 1 < len(bounds) else n
        name = " ".join(words[i:j])
        stop = bounds[k + 1][1] - 1 if k + 1 < len(bounds) else end
        while stop > pos and text[stop - 1] == " ":
            stop -= 1
        topics.append(Topic(name, pos, pos + len(name) + 1, stop))
    return topics
