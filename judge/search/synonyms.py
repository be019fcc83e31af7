"""The vocabulary bridge: player words ↔ document words, for query expansion.

Two sources, both data: the curated groups of rules/synonyms.yaml (per game), and what the corpus
says itself — No Dawn glossary entries that name the Magic mechanic they reskin ("the reskin of
trample", parsed into extra["reskin_of"]) and glossary cross-references ("Tome — See Domain").
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

from judge import paths
from judge.corpus.model import Corpus
from judge.search.analysis import analyze

SYNONYMS_FILE = "rules/synonyms.yaml"


@dataclass(frozen=True)
class SynonymGroup:
    game: str | None  # None: every game
    phrases: tuple[tuple[str, ...], ...]  # analysed terms of each equivalent phrase
    origin: str  # where the group came from, for explaining a result


def _phrase(text: str) -> tuple[str, ...]:
    return tuple(analyze(text))


def curated_groups(path: Path | None = None) -> list[SynonymGroup]:
    path = path or paths.data_root() / SYNONYMS_FILE
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError):
        return []  # search still works without the bridge
    groups = []
    for game, rows in data.items():
        for n, row in enumerate(rows or [], 1):
            phrases = tuple(p for p in (_phrase(str(w)) for w in row) if p)
            if len(phrases) > 1:
                groups.append(SynonymGroup(None if game == "all" else game, phrases,
                                           f"{SYNONYMS_FILE} {game} #{n}"))
    return groups


def corpus_groups(corpus: Corpus) -> list[SynonymGroup]:
    groups = []
    for entry in corpus.of_kind("glossary"):
        names = _names(entry.title) + list(entry.extra.get("reskin_of", []))
        for ref in entry.refs:
            # "Tome — See Domain.": a glossary cross-reference names a synonym
            target = corpus.get(ref.target) if ref.kind == "see" and ref.target else None
            if target is not None and target.kind == "glossary":
                names += _names(target.title)
        phrases = tuple(dict.fromkeys(p for p in (_phrase(n) for n in names) if p))
        if len(phrases) > 1:
            groups.append(SynonymGroup(entry.game, phrases, entry.id))
    return groups


def _names(title: str) -> list[str]:
    """"Theronite / Beast-blood" names two things; "Drop, the" is "the drop"."""
    return [part.strip() for part in title.split(" / ") if part.strip()]


def load_groups(corpus: Corpus) -> list[SynonymGroup]:
    return curated_groups() + corpus_groups(corpus)


def _contains(terms: list[str], phrase: tuple[str, ...]) -> bool:
    n = len(phrase)
    return any(tuple(terms[i:i + n]) == phrase for i in range(len(terms) - n + 1))


def expansions(terms: list[str], groups: list[SynonymGroup],
               games: list[str] | None = None) -> list[tuple[tuple[str, ...], tuple[str, ...], str]]:
    """The phrases to add for a query's analysed terms: (phrase, the query phrase it stands in
    for, origin) triples."""
    out: dict[tuple[str, ...], tuple[tuple[str, ...], str]] = {}
    for group in groups:
        if games and group.game is not None and group.game not in games:
            continue
        present = [p for p in group.phrases if _contains(terms, p)]
        if not present:
            continue
        for phrase in group.phrases:
            if phrase not in present and phrase not in out:
                out[phrase] = (present[0], group.origin)
    return [(phrase, trigger, origin) for phrase, (trigger, origin) in out.items()]


def translations(groups: list[SynonymGroup]) -> dict[str | None, dict[str, set[str]]]:
    """Per game (None: every game), each single word and the single words it may stand for."""
    out: dict[str | None, dict[str, set[str]]] = {}
    for group in groups:
        words = [p[0] for p in group.phrases if len(p) == 1]
        table = out.setdefault(group.game, {})
        for word in words:
            table.setdefault(word, set()).update(w for w in words if w != word)
    return out
