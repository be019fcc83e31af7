"""The index entry id -> notes: each policy's conflict on every entry it names, and each recorded
anomaly on the entry that shows it.

A policy names its rules, the rules its readings are keyed by, and its `entries`; each is
resolved through the corpus (judge.lookup). One that does not resolve is a Problem (listed by
`judge doctor`, naming the policy) and the rest of the policies still load.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from judge.corpus.model import Corpus, Entry, Problem
from judge.lookup import resolve

if TYPE_CHECKING:  # read only to build the index; an index read from the cache needs no YAML
    from judge.conflicts.anomaly_kinds import AnomalyKind
    from judge.conflicts.policy_file import Policy

# The policy file is the No Dawn engine's: its rule numbers and entry ids are No Dawn's.
POLICY_DOC = "nd"
# A reading keyed by a rule number or an entry id ("509.1c", "glossary/drain") follows that entry;
# other keys ("five-to-one") are names.
_ENTRY_KEY = re.compile(r"^\d{3}(?:\.\d+[a-z]?)?$|/")


@dataclass(frozen=True)
class Reading:
    key: str
    text: str
    default: bool
    entry: str | None = None  # the id of the entry the reading is keyed by, if any


@dataclass(frozen=True)
class Note:
    kind: str  # "conflict" (a policy) | "anomaly" (recorded damage or doubt)
    id: str  # the policy id (C35) or the anomaly kind (lost-icon)
    title: str  # the policy's topic or the anomaly kind's title
    readings: tuple[Reading, ...] = ()
    default: str = ""
    why: str = ""
    choose: str = ""  # how to apply another reading
    entries: tuple[str, ...] = ()  # conflicts: every entry the policy names, in the file's order
    explanation: str = ""  # anomalies: what a judge should know
    detail: str = ""  # anomalies: the entry's own fact (the caveat, the other copy, the card named)
    detail_label: str = ""  # what that fact is ("Also at", "The card")

    @property
    def default_reading(self) -> Reading | None:
        return next((r for r in self.readings if r.default), None)


@dataclass
class ConflictIndex:
    by_entry: dict[str, list[Note]] = field(default_factory=dict)
    conflicts: list[Note] = field(default_factory=list)  # one per policy, in the file's order
    problems: list[Problem] = field(default_factory=list)
    anomaly_kinds: list[str] = field(default_factory=list)  # in the order of rules/anomalies.yaml

    def notes_for(self, entry_id: str) -> list[Note]:
        return self.by_entry.get(entry_id, [])

    def anomalies(self) -> list[tuple[str, Note]]:
        """(entry id, note) for every anomaly, kind by kind in the file's order."""
        found = [(entry_id, n) for entry_id, notes in self.by_entry.items() for n in notes if n.kind == "anomaly"]
        return sorted(found, key=lambda pair: self.anomaly_kinds.index(pair[1].id))

    def _add(self, entry_id: str, note: Note) -> None:
        notes = self.by_entry.setdefault(entry_id, [])
        if note not in notes:
            notes.append(note)


def build_index(corpus: Corpus, policy_file: Path | None = None, anomaly_file: Path | None = None) -> ConflictIndex:
    from judge.conflicts.anomaly_kinds import load_anomaly_kinds  # deferred: start-up
    from judge.conflicts.policy_file import load_policies, policies_path  # deferred: start-up
    from judge.yamlio import ScenarioError  # deferred: start-up

    index = ConflictIndex()
    policy_file = policy_file or policies_path()
    try:
        policies = load_policies(policy_file)
    except ScenarioError as exc:
        index.problems.append(Problem(POLICY_DOC, "policy-file", exc.describe()))
        policies = {}
    for policy in policies.values():
        _add_policy(index, corpus, policy, str(policy_file))
    try:
        kinds = load_anomaly_kinds(anomaly_file)
    except ScenarioError as exc:
        index.problems.append(Problem("", "anomaly-file", exc.describe()))
        kinds = []
    marked = _entries_marked(corpus, kinds)
    for kind in kinds:
        index.anomaly_kinds.append(kind.kind)
        _add_anomaly(index, corpus, kind, marked)
    return index


def _entries_marked(corpus: Corpus, kinds) -> dict[tuple[str, str], list]:
    """(marker, key) -> the entries bearing that tag or extra key, in corpus order: one pass over
    the corpus for every kind (it runs at each `judge show`, so twelve passes were felt)."""
    wanted = {(k.marker, k.key) for k in kinds if k.marker in ("tag", "extra")}
    marked: dict[tuple[str, str], list] = {pair: [] for pair in wanted}
    tags = {key for marker, key in wanted if marker == "tag"}
    extras = {key for marker, key in wanted if marker == "extra"}
    for entry in corpus.entries.values():
        for tag in tags.intersection(entry.tags):
            marked[("tag", tag)].append(entry)
        for key in extras.intersection(entry.extra):
            marked[("extra", key)].append(entry)
    return marked


def how_to_choose(policy: Policy) -> str:
    others = [k for k in policy.readings if k != policy.default]
    if not others:
        return "The engine knows one reading only; no other can be chosen."
    return (
        f"Another reading in a replay: the scenario key `policies: {{{policy.id}: {others[0]}}}`"
        f" (readings: {', '.join(policy.readings)})."
    )


def _add_policy(index: ConflictIndex, corpus: Corpus, policy: Policy, path: str) -> None:
    named: list[str] = []  # entry ids, in the order the policy names them

    def name(wanted: str, what: str) -> str | None:
        found = resolve(corpus, f"{POLICY_DOC}:{wanted}").entry
        if found is None or found.doc != POLICY_DOC:
            where = f"{path}:{policy.line}" if policy.line else path
            index.problems.append(
                Problem(
                    POLICY_DOC, "policy-entry", f"policy {policy.id} ({where}) names {what} {wanted!r}: no such entry"
                )
            )
            return None
        if found.id not in named:
            named.append(found.id)
        return found.id

    for rule in policy.rules:
        name(rule, "rule")
    readings = []
    for key, text in policy.readings.items():
        entry_id = name(key, "the entry of reading") if _ENTRY_KEY.search(key) else None
        readings.append(Reading(key, str(text), key == policy.default, entry_id))
    for other in policy.entries:
        name(other, "entry")
    note = Note(
        "conflict",
        policy.id,
        policy.topic,
        tuple(readings),
        policy.default,
        policy.why,
        how_to_choose(policy),
        tuple(named),
    )
    index.conflicts.append(note)
    for entry_id in named:
        index._add(entry_id, note)


def _add_anomaly(index: ConflictIndex, corpus: Corpus, kind: AnomalyKind, marked: dict) -> None:
    def note(detail: str) -> Note:
        return Note(
            "anomaly",
            kind.kind,
            kind.title,
            explanation=kind.explanation,
            detail=detail,
            detail_label=kind.label if detail else "",
        )

    if kind.marker == "fact":
        subjects: dict[str, list[str]] = {}  # entry id -> the names the fact files under it
        for info in corpus.documents.values():
            for subject, entry_ids in (info.facts.get(kind.key) or {}).items():
                for entry_id in entry_ids:
                    if entry_id in corpus.entries and str(subject) not in subjects.setdefault(entry_id, []):
                        subjects[entry_id].append(str(subject))
        for entry_id, names in subjects.items():
            index._add(entry_id, note("; ".join(names)))
        return
    for entry in marked[(kind.marker, kind.key)]:
        if kind.marker == "tag":
            index._add(entry.id, note(_detail(corpus, entry.extra.get(kind.detail)) if kind.detail else ""))
        else:
            index._add(entry.id, note(_detail(corpus, entry.extra[kind.key])))


def _detail(corpus: Corpus, value) -> str:
    """An entry's recorded fact as one line: entry ids become their citations."""
    if value is None:
        return ""
    values = value if isinstance(value, list) else [value]
    out = []
    for v in values:
        target: Entry | None = corpus.get(v) if isinstance(v, str) else None
        out.append(target.citation or target.id if target else str(v))
    return "; ".join(out)
