"""The judge's index: for each entry, the questions it answers as players ask them, and other
words for its concepts — written by people who read the documents (rules/judge-index-brief.md),
kept beside each source as `<source>.judge-index.yaml`, and indexed as a field of its own so a
question in the player's words finds the rule written in the rules' words (document expansion).

Each item is keyed by entry id and carries the hash of the entry text it was written for. An
item is used only while the text is the one it was written for: in an imported edition an entry
whose text changed loses its questions, and one that moved (another id, the same text) keeps
them. A malformed file is refused whole, naming the file and line (never half-read); an item
naming no entry, or written for other text, is a Problem `judge doctor` lists, and is left out.

An entry that absorbed others when a document was re-cut (the Shadowfist rulings, issue 31) has
one item holding what was written for each piece — their questions and words, each once — and
lists the pieces' former ids under `merged` (bench/tools/recut_judge_index.py writes it); its limits
grow with the pieces, and an item merging ids that are not former ids of its entry is left out.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from judge import paths
from judge.corpus.documents import DOCUMENTS
from judge.corpus.model import Corpus, Entry, Problem

SUFFIX = ".judge-index.yaml"
SKIP_REASONS = ("heading", "fragment", "cross-reference", "front-matter", "reserved")
HASH_DIGITS = 16
MAX_QUESTIONS = 4
MIN_QUESTIONS = 2
MAX_TEXT = 400  # characters of one question or words line
MAX_FILE_BYTES = 8 * 1024 * 1024


class JudgeIndexError(Exception):
    """An index file that cannot be read as one: names the file and the line."""


@dataclass(frozen=True)
class Item:
    entry_id: str
    text_hash: str
    line: int
    questions: tuple[str, ...] = ()
    words: str = ""
    skip: str = ""  # the reason an entry has no questions (SKIP_REASONS)
    # The former ids whose items were joined into this one when their entries were joined (the
    # Shadowfist rulings re-cut from single sentences): it may hold their questions too.
    merged: tuple[str, ...] = ()


@dataclass
class Reading:
    """The index as it applies to one corpus: entry id -> its item, and what was left out."""

    items: dict[str, Item] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    # doc -> entries of the edition read with no item: written for text that has changed since
    # (an imported edition), or never written (a new entry)
    changed: dict[str, list[str]] = field(default_factory=dict)
    unwritten: dict[str, list[str]] = field(default_factory=dict)

    def questions(self, entry_id: str) -> tuple[str, ...]:
        item = self.items.get(entry_id)
        return item.questions if item else ()

    def field_text(self, entry_id: str) -> str:
        """What search indexes for the entry: its questions and its other words."""
        item = self.items.get(entry_id)
        if item is None or item.skip:
            return ""
        return " ".join(item.questions) + " " + item.words


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:HASH_DIGITS]


def index_path(doc: str) -> Path:
    """The index file of a bundled document: beside its source."""
    spec = next(s for s in DOCUMENTS if s.key == doc)
    source = paths.data_root() / spec.relpath
    return source.with_name(source.stem + SUFFIX)


# -- reading ---------------------------------------------------------------------------------
def read_file(path: Path) -> list[Item]:
    """Every item of one index file, or JudgeIndexError naming the file and the line."""
    import yaml  # only when the index is built: a search never reads these files

    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise JudgeIndexError(f"{path}: larger than {MAX_FILE_BYTES // (1024 * 1024)} MiB")
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise JudgeIndexError(f"{path}: not UTF-8 ({exc.reason} at byte {exc.start})") from exc
    except OSError as exc:
        raise JudgeIndexError(f"{path}: cannot be read ({exc.strerror or exc})") from exc
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        root = yaml.compose(text, Loader=loader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f":{mark.line + 1}" if mark else ""
        raise JudgeIndexError(f"{path}{where}: not YAML ({getattr(exc, 'problem', exc)})") from exc
    if root is None:
        return []
    if not isinstance(root, yaml.MappingNode):
        raise JudgeIndexError(f"{path}:{root.start_mark.line + 1}: the file must map entry ids to items")
    items, seen = [], set()
    for key, value in root.value:
        line = key.start_mark.line + 1
        where = f"{path}:{line}"
        entry_id = _scalar(key, where, "an entry id")
        if entry_id in seen:
            raise JudgeIndexError(f"{where}: {entry_id} is listed twice")
        seen.add(entry_id)
        items.append(_item(entry_id, value, line, where))
    return items


def _scalar(node, where: str, what: str) -> str:
    import yaml

    if not isinstance(node, yaml.ScalarNode) or node.tag not in ("tag:yaml.org,2002:str",):
        raise JudgeIndexError(f"{where}: {what} must be text")
    return node.value


def _item(entry_id: str, node, line: int, where: str) -> Item:
    import yaml

    if not isinstance(node, yaml.MappingNode):
        raise JudgeIndexError(f"{where}: {entry_id} must be a mapping (hash, q and w, or hash and skip)")
    values = {}
    for key, value in node.value:
        name = _scalar(key, f"{where}", "a key")
        values[name] = (value, key.start_mark.line + 1)
    keys = set(values)
    if "hash" not in keys:
        raise JudgeIndexError(f"{where}: {entry_id} has no hash (of the text it was written for)")
    digest = _scalar(values["hash"][0], f"{where}", "hash")
    if len(digest) != HASH_DIGITS or any(c not in "0123456789abcdef" for c in digest):
        raise JudgeIndexError(f"{where}: {entry_id}'s hash must be {HASH_DIGITS} lowercase hex digits")
    merged: tuple[str, ...] = ()
    if "merged" in keys:
        m_node, m_line = values.pop("merged")
        keys.discard("merged")
        if not isinstance(m_node, yaml.SequenceNode) or not m_node.value:
            raise JudgeIndexError(
                f"{path_line(where, m_line)}: {entry_id}'s merged must list the former ids joined into it"
            )
        merged = tuple(_scalar(m, path_line(where, m.start_mark.line + 1), "a merged id") for m in m_node.value)
    pieces = 1 + len(merged)  # each piece was written 2–4 questions and a line of words
    if keys == {"hash", "skip"}:
        reason = _scalar(values["skip"][0], where, "skip")
        if reason not in SKIP_REASONS:
            raise JudgeIndexError(
                f"{path_line(where, values['skip'][1])}: {entry_id}'s skip reason "
                f"{reason!r} is not one of {', '.join(SKIP_REASONS)}"
            )
        return Item(entry_id, digest, line, skip=reason, merged=merged)
    if keys != {"hash", "q", "w"}:
        extra = sorted(keys - {"hash", "q", "w", "skip", "merged"})
        raise JudgeIndexError(
            f"{where}: {entry_id} needs hash, q and w (or hash and skip)"
            + (f"; unknown key {', '.join(extra)}" if extra else "")
        )
    q_node, q_line = values["q"]
    most = MAX_QUESTIONS * pieces
    if not isinstance(q_node, yaml.SequenceNode) or not MIN_QUESTIONS <= len(q_node.value) <= most:
        raise JudgeIndexError(f"{path_line(where, q_line)}: {entry_id} needs {MIN_QUESTIONS}–{most} questions")
    questions = tuple(
        _bounded(
            _scalar(q, path_line(where, q.start_mark.line + 1), "a question"), path_line(where, q.start_mark.line + 1)
        )
        for q in q_node.value
    )
    words = _bounded(
        _scalar(values["w"][0], path_line(where, values["w"][1]), "w"),
        path_line(where, values["w"][1]),
        MAX_TEXT * pieces,
    )
    return Item(entry_id, digest, line, questions=questions, words=words, merged=merged)


def path_line(where: str, line: int) -> str:
    return f"{where.rsplit(':', 1)[0]}:{line}"


def _bounded(text: str, where: str, most: int = MAX_TEXT) -> str:
    text = " ".join(text.split())
    if not text:
        raise JudgeIndexError(f"{where}: empty")
    if len(text) > most:
        raise JudgeIndexError(f"{where}: longer than {most} characters")
    if any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in text):
        raise JudgeIndexError(f"{where}: holds a control character")
    return text


def check_item(entry_id: str, draft: object) -> str:
    """Why a writer's draft item (q and w, or skip; no hash yet) is not one; '' when it is."""
    if not isinstance(draft, dict):
        return "not a mapping"
    if set(draft) == {"skip"}:
        return "" if draft["skip"] in SKIP_REASONS else f"skip must be one of {', '.join(SKIP_REASONS)}"
    questions, words = draft.get("q"), draft.get("w")
    if set(draft) != {"q", "w"} or not isinstance(questions, list) or not isinstance(words, str):
        return "needs q (questions) and w (a line of words), or skip"
    if not MIN_QUESTIONS <= len(questions) <= MAX_QUESTIONS or not all(
        isinstance(q, str) and q.strip() for q in questions
    ):
        return f"needs {MIN_QUESTIONS}–{MAX_QUESTIONS} questions"
    return ""


# -- applying to a corpus ----------------------------------------------------------------------
def read(corpus: Corpus, docs: list[str] | None = None) -> Reading:
    """The items that apply to the corpus's entries (see the module's docstring). Raises
    JudgeIndexError for a malformed file; a document with no index file has no items."""
    reading = Reading()
    for doc in docs or list(corpus.documents):
        path = index_path(doc)
        if not path.exists():
            continue
        items = read_file(path)
        entries = {e.id: e for e in corpus.in_doc(doc)}
        by_id = {item.entry_id: item for item in items}
        by_hash: dict[str, list[Item]] = {}
        for item in items:
            by_hash.setdefault(item.text_hash, []).append(item)
        edition = corpus.editions.get(doc)
        bundled = edition is None or getattr(edition, "bundled", True)
        refused: set[str] = set()
        for item in items:
            entry = entries.get(item.entry_id)
            if entry is None and bundled:
                reading.problems.append(
                    Problem(
                        doc,
                        "judge-index",
                        f"{path}:{item.line}: {item.entry_id} names no entry of the document; left out",
                        item.entry_id,
                    )
                )
            elif (
                entry is not None
                and bundled
                and item.merged
                and [corpus.former_ids.get(m) for m in item.merged] != [entry.id] * len(item.merged)
            ):
                refused.add(item.entry_id)
                reading.problems.append(
                    Problem(
                        doc,
                        "judge-index",
                        f"{path}:{item.line}: {item.entry_id} merges "
                        f"{', '.join(item.merged)}, not all former ids of it; left out",
                        item.entry_id,
                    )
                )
            elif entry is not None and text_hash(entry.text) != item.text_hash and bundled:
                reading.problems.append(
                    Problem(
                        doc,
                        "judge-index",
                        f"{path}:{item.line}: {item.entry_id} was "
                        f"written for other text (hash {item.text_hash}); left out",
                        item.entry_id,
                    )
                )
        for entry in entries.values():
            written = _item_for(entry, by_id, by_hash)
            if written is not None and written.entry_id in refused:
                written = None
            if written is None:
                missing = reading.changed if entry.id in by_id else reading.unwritten
                missing.setdefault(doc, []).append(entry.id)
            else:
                reading.items[entry.id] = written
    return reading


def _item_for(entry: Entry, by_id: dict[str, Item], by_hash: dict[str, list[Item]]) -> Item | None:
    """The item written for this entry's text: under its id, or — an entry that moved in a new
    edition — the one item written for the very same text under another id."""
    digest = text_hash(entry.text)
    item = by_id.get(entry.id)
    if item is not None and item.text_hash == digest:
        return item
    same = by_hash.get(digest, [])
    return same[0] if len(same) == 1 else None


# -- writing (bench/tools/index_worksheets.py stamp) -------------------------------------------------
def write_index(doc: str, items: list[tuple[Entry, dict]]) -> Path:
    """Write the document's index file from (entry, draft item) pairs, in the order given."""
    from judge import files  # deferred: start-up

    lines = [
        f"# The judge's index of {doc}: see rules/judge-index-brief.md. Generated by",
        "# bench/tools/index_worksheets.py stamp from the writers' drafts; hash: of the entry text written for.",
        "",
    ]
    for entry, draft in items:
        lines.append(f"{_quote(entry.id)}:")
        lines.append(f'  hash: "{text_hash(entry.text)}"')
        if draft.get("merged"):
            lines.append("  merged:")
            lines += [f"    - {_quote(m)}" for m in draft["merged"]]
        if "skip" in draft:
            lines.append(f"  skip: {draft['skip']}")
            continue
        lines.append("  q:")
        lines += [f"    - {_quote(' '.join(q.split()))}" for q in draft["q"]]
        lines.append(f"  w: {_quote(' '.join(draft['w'].split()))}")
    path = index_path(doc)
    files.write_atomically(path, "\n".join(lines) + "\n")
    read_file(path)  # what was written reads back
    return path


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
