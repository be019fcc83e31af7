"""The vocabulary bridge: player words ↔ document words, for query expansion.

Three sources, all data: the curated groups of rules/synonyms.yaml (table slang, per game); the
Magic-to-No-Dawn concept map of rules/nodawn/magic-concepts.yaml (zones, costs, timing, counters,
combat, multiplayer, card types, from No Dawn's own rules); and what the corpus says itself — No
Dawn glossary entries that name the Magic mechanic they reskin ("the reskin of trample", parsed
into extra["reskin_of"]) and glossary cross-references ("Tome — See Domain"). Beside the bridge,
rules/table-talk.yaml names the words of conversation that carry no rules meaning.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from judge import paths
from judge.corpus.model import Corpus
from judge.search.analysis import analyze

SYNONYMS_FILE = "rules/synonyms.yaml"  # top-level keys are games ("all": every game)
CONCEPT_FILES = {"rules/nodawn/magic-concepts.yaml": "nodawn"}  # top-level keys are topics
TABLE_TALK_FILE = "rules/table-talk.yaml"
GAMES = ("all", "nodawn", "l5r-lcg", "l5r-ccg", "shadowfist")


@dataclass(frozen=True)
class SynonymGroup:
    game: str | None  # None: every game
    phrases: tuple[tuple[str, ...], ...]  # analysed terms of each equivalent phrase
    origin: str  # where the group came from, for explaining a result


def _phrase(text: str) -> tuple[str, ...]:
    return tuple(analyze(text))


def _read_yaml(relative: str, root: Path | None = None):
    import yaml

    path = (root or paths.data_root()) / relative
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as e:
        raise ValueError(f"{path}: cannot be read: {e}") from e


def _rows(relative: str, data, key: str) -> list[list[str]]:
    rows = data.get(key) or []
    if not isinstance(rows, list) or not all(isinstance(r, list) and all(isinstance(w, str) for w in r) for r in rows):
        raise ValueError(f"{relative}: {key!r} must be a list of [word, word, …] groups")
    return rows


def curated_groups(root: Path | None = None) -> list[SynonymGroup]:
    """The groups of the curated files, each phrase analysed; a malformed file is an error."""
    sources = [(SYNONYMS_FILE, None)] + list(CONCEPT_FILES.items())
    groups = []
    for relative, file_game in sources:
        data = _read_yaml(relative, root)
        if not isinstance(data, dict):
            raise ValueError(f"{relative}: expected sections of groups")
        for key in data:
            if file_game is None and key not in GAMES:
                raise ValueError(f"{relative}: unknown game {key!r} (expected one of {', '.join(GAMES)})")
            game = file_game or (None if key == "all" else key)
            for n, row in enumerate(_rows(relative, data, key), 1):
                phrases = tuple(dict.fromkeys(p for p in (_phrase(w) for w in row) if p))
                if len(phrases) < 2:
                    raise ValueError(f"{relative}: {key} #{n} {row} names fewer than two phrases")
                groups.append(SynonymGroup(game, phrases, f"{relative} {key} #{n}"))
    return groups


def table_talk(root: Path | None = None) -> frozenset[str]:
    """The analysed words of rules/table-talk.yaml."""
    data = _read_yaml(TABLE_TALK_FILE, root)
    if not isinstance(data, dict) or set(data) != {"words"} or not isinstance(data["words"], list):
        raise ValueError(f"{TABLE_TALK_FILE}: expected one key, 'words', holding a list")
    return frozenset(t for w in data["words"] for t in analyze(str(w)))


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
    """ "Theronite / Beast-blood" names two things; "Drop, the" is "the drop"."""
    return [part.strip() for part in title.split(" / ") if part.strip()]


def load_groups(corpus: Corpus) -> list[SynonymGroup]:
    return curated_groups() + corpus_groups(corpus)


@dataclass(frozen=True)
class Vocabulary:
    """What the searcher knows of words beyond the index, read once and cached with it: the
    bridge, the table talk, the glossaries' words (word -> (game, analysed name) of each glossary
    entry whose text holds it) and the tables of analysis.py."""

    groups: list[SynonymGroup]
    talk: frozenset[str]
    glossary: dict[str, list[tuple[str, tuple[str, ...]]]]
    analysis: dict


def glossary_words(corpus: Corpus) -> dict[str, list[tuple[str, tuple[str, ...]]]]:
    out: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
    for e in corpus.of_kind("glossary"):
        name = tuple(analyze(e.title.split(" (")[0]))
        for word in dict.fromkeys(analyze(f"{e.title} {e.text}")) if name else ():
            out.setdefault(word, []).append((e.game, name))
    return out


def load_vocabulary(corpus: Corpus) -> Vocabulary:
    from judge.search.analysis import tables  # deferred: start-up

    return Vocabulary(load_groups(corpus), table_talk(), glossary_words(corpus), tables())


def _contains(terms: list[str], phrase: tuple[str, ...]) -> bool:
    n = len(phrase)
    return any(tuple(terms[i : i + n]) == phrase for i in range(len(terms) - n + 1))


@dataclass(frozen=True)
class Bridge:
    phrase: tuple[str, ...]  # the words added to the query
    trigger: tuple[str, ...]  # the query's words they stand in for
    game: str | None  # the game whose documents use them (None: every game)
    origin: str


def bridges(terms: list[str], groups: list[SynonymGroup], games: list[str] | None = None) -> list[Bridge]:
    """The phrases to add for a query's analysed terms, each with the game it is read in."""
    out: dict[tuple[tuple[str, ...], str | None], Bridge] = {}
    present_words = set(terms)
    for group in groups:
        if not any(p[0] in present_words for p in group.phrases):  # the cheap test first
            continue
        if games and group.game is not None and group.game not in games:
            continue
        present = [p for p in group.phrases if _contains(terms, p)]
        if not present:
            continue
        for phrase in group.phrases:
            if phrase not in present and (phrase, group.game) not in out:
                out[(phrase, group.game)] = Bridge(phrase, present[0], group.game, group.origin)
    return list(out.values())


def expansions(
    terms: list[str], groups: list[SynonymGroup], games: list[str] | None = None
) -> list[tuple[tuple[str, ...], tuple[str, ...], str]]:
    """(phrase, the query phrase it stands in for, origin) triples, every game together."""
    return [(b.phrase, b.trigger, b.origin) for b in bridges(terms, groups, games)]


def translations(groups: list[SynonymGroup]) -> dict[str | None, dict[str, set[str]]]:
    """Per game (None: every game), each single word and the single words it may stand for."""
    out: dict[str | None, dict[str, set[str]]] = {}
    for group in groups:
        words = [p[0] for p in group.phrases if len(p) == 1]
        table = out.setdefault(group.game, {})
        for word in words:
            table.setdefault(word, set()).update(w for w in words if w != word)
    return out
