"""The LCG Rules Reference topic table (rules/l5r-lcg/topics.yaml) and in-order anchor matching.

The source lost its topic headings, so each topic is found by the paragraph that opens it. Anchors
are matched strictly in document order, because opening words repeat (the first ten words of the
"Limits of Triggered Abilities" anchor also open a "Limit X per [period]" paragraph):

1. exact fingerprint (sha1 of the normalised paragraph), searched forward from the last match;
2. for a topic still unmatched, only between its matched neighbours: the paragraph most like
   the anchor's recorded text (difflib ratio >= 0.85; near-duplicates such as lines 399/405 are
   told apart by the whole text, not by the opening words), else the one paragraph starting
   with the anchor's first words. Ties: the one nearest the line the table expects.

A topic matched in step 2 is reported as "anchor-drift" (the table needs refreshing); a topic not
matched at all is reported as "anchor-mismatch", and its paragraphs stay with the topic before it.
"""

from __future__ import annotations

import difflib
import hashlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

from judge import paths
from judge.corpus.l5r.text import fingerprint_text
from judge.corpus.model import Problem

_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when PyYAML has it
TABLE_RELPATH = "rules/l5r-lcg/topics.yaml"
FUZZY_THRESHOLD = 0.85
_REQUIRED = ("topic", "slug", "anchor_prefix", "anchor_sha1_12")


class TopicTableError(Exception):
    """The topic table is missing or malformed (a packaging defect, reported as a Problem)."""


@dataclass(frozen=True)
class Topic:
    n: int
    title: str
    slug: str
    evidence: str
    first_line: int | None
    anchor_prefix: str
    anchor_sha1: str
    anchor_text: str = ""
    subtopics: tuple[Topic, ...] = ()  # sub-headings inside the topic, slugs "<topic>/<sub>"


@dataclass
class Anchor:
    """Where a topic starts: the index of its first paragraph, and how it was found."""

    topic: Topic
    index: int
    method: str  # fingerprint | prefix | fuzzy


def table_path() -> Path:
    return paths.data_root() / TABLE_RELPATH


def load_topics(path: Path | None = None) -> list[Topic]:
    path = path or table_path()
    try:
        stat = path.stat()
        return list(_read_topics(path, stat.st_mtime_ns, stat.st_size))
    except OSError as exc:
        raise TopicTableError(f"cannot read topic table {path}: {exc}") from exc


@lru_cache(maxsize=8)
def _read_topics(path: Path, _mtime_ns: int, _size: int) -> tuple[Topic, ...]:
    """The table read once per version of the file (its YAML takes longer to read than the LCG
    document takes to parse); Topics are frozen, so the cached rows can be shared."""
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_SAFE_LOADER)
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise TopicTableError(f"cannot read topic table {path}: {exc}") from exc
    rows = data.get("topics") if isinstance(data, dict) else None
    if not isinstance(rows, list):
        raise TopicTableError(f"{path}: expected a mapping with a 'topics' list")
    try:
        topics = [_topic(row, position, path) for position, row in enumerate(rows, start=1)]
    except (TypeError, ValueError) as exc:
        raise TopicTableError(f"{path}: malformed row: {exc}") from exc
    slugs = [t.slug for t in topics] + [sub.slug for t in topics for sub in t.subtopics]
    duplicates = sorted({s for s in slugs if slugs.count(s) > 1})
    if duplicates:
        raise TopicTableError(f"{path}: duplicate slugs {', '.join(duplicates)}")
    return tuple(topics)


def _topic(row, position: int, path: Path, parent: str = "") -> Topic:
    where = f"topic #{position}" + (f" under {parent}" if parent else "")
    if not isinstance(row, dict) or any(not row.get(key) for key in _REQUIRED):
        raise TopicTableError(f"{path}: {where} lacks one of {', '.join(_REQUIRED)}")
    slug = f"{parent}/{row['slug']}" if parent else str(row["slug"])
    subrows = row.get("subtopics") or []
    if not isinstance(subrows, list):
        raise TopicTableError(f"{path}: {where}: subtopics must be a list")
    return Topic(
        n=int(row.get("n", position)),
        title=str(row["topic"]),
        slug=slug,
        evidence=str(row.get("evidence", "")),
        first_line=row.get("first_line"),
        anchor_prefix=str(row["anchor_prefix"]),
        anchor_sha1=str(row["anchor_sha1_12"]).lower(),
        anchor_text=str(row.get("anchor_text") or ""),
        subtopics=tuple(_topic(sub, k, path, slug) for k, sub in enumerate(subrows, start=1)),
    )


def fingerprint(text: str) -> str:
    return _digest(fingerprint_text(text))


def _digest(normalised: str) -> str:
    return hashlib.sha1(normalised.encode("utf-8")).hexdigest()[:12]


def match_anchors(topics: list[Topic], paragraphs: list[tuple[int, str]]) -> tuple[list[Anchor], list[Problem]]:
    """Anchor each topic to a paragraph; `paragraphs` are (source line, text) in document order.

    Returns the anchors in document order (strictly increasing indexes) and the problems found.
    """
    normalised = [fingerprint_text(text) for _, text in paragraphs]
    prints = [_digest(text) for text in normalised]
    found: dict[int, Anchor] = {}  # topic position -> anchor
    start = 0
    for position, topic in enumerate(topics):
        for index in range(start, len(paragraphs)):
            if prints[index] == topic.anchor_sha1:
                found[position] = Anchor(topic, index, "fingerprint")
                start = index + 1
                break

    problems: list[Problem] = []
    for position, topic in enumerate(topics):
        if position in found:
            continue
        low, high, expected = _window(position, topics, found, paragraphs)
        anchor = _match_in_window(topic, paragraphs, normalised, low, high, expected)
        if anchor is None:
            problems.append(
                Problem(
                    "lcg",
                    "anchor-mismatch",
                    f'topic "{topic.title}" (lcg:{topic.slug}): no paragraph matches its anchor '
                    f'"{topic.anchor_prefix}"; its paragraphs stay under the topic before it',
                    f"lcg:{topic.slug}",
                )
            )
            continue
        found[position] = anchor
        line = paragraphs[anchor.index][0]
        problems.append(
            Problem(
                "lcg",
                "anchor-drift",
                f'topic "{topic.title}" (lcg:{topic.slug}): first paragraph changed; matched by '
                f"{anchor.method} at line {line} (refresh {TABLE_RELPATH})",
                f"lcg:{topic.slug}",
            )
        )
    anchors = [found[p] for p in sorted(found)]
    return anchors, problems


def _window(
    position: int, topics: list[Topic], found: dict[int, Anchor], paragraphs: list[tuple[int, str]]
) -> tuple[int, int, int | None]:
    """The paragraph range (exclusive bounds) between the matched neighbours, and the index the
    table's line hint points at, shifted by how far the previous anchor moved."""
    before = [p for p in found if p < position]
    after = [p for p in found if p > position]
    low = found[max(before)].index if before else -1
    high = found[min(after)].index if after else len(paragraphs)
    expected = None
    hint = topics[position].first_line
    if isinstance(hint, int):
        shift = 0
        if before:
            prev = found[max(before)]
            if isinstance(prev.topic.first_line, int):
                shift = paragraphs[prev.index][0] - prev.topic.first_line
        expected = hint + shift
    return low, high, expected


def _match_in_window(
    topic: Topic, paragraphs: list[tuple[int, str]], normalised: list[str], low: int, high: int, expected: int | None
) -> Anchor | None:
    """`normalised[i]` is fingerprint_text of paragraph i."""
    indexes = range(low + 1, high)
    if topic.anchor_text:
        # The anchor is seq2, whose index SequenceMatcher builds once; the two cheap upper bounds
        # of ratio() skip the paragraphs that cannot reach the threshold (same result, no O(n²)).
        matcher = difflib.SequenceMatcher(None, b=fingerprint_text(topic.anchor_text))
        scored = []
        for i in indexes:
            matcher.set_seq1(normalised[i])
            if matcher.real_quick_ratio() < FUZZY_THRESHOLD or matcher.quick_ratio() < FUZZY_THRESHOLD:
                continue
            ratio = matcher.ratio()
            if ratio >= FUZZY_THRESHOLD:
                scored.append((ratio, i))
        if scored:
            best = max(r for r, _ in scored)
            return Anchor(topic, _nearest([i for r, i in scored if r == best], paragraphs, expected), "fuzzy")
    prefix = fingerprint_text(topic.anchor_prefix)
    starting = [i for i in indexes if normalised[i].startswith(prefix)]
    if starting:
        return Anchor(topic, _nearest(starting, paragraphs, expected), "prefix")
    return None


def _nearest(candidates: list[int], paragraphs: list[tuple[int, str]], expected: int | None) -> int:
    if expected is None:
        return candidates[0]
    return min(candidates, key=lambda i: (abs(paragraphs[i][0] - expected), i))
