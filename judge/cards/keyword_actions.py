"""701's keyword actions, read as one table: rulings/nodawn/keyword_actions.yaml.

Each member is either played — a card effect of the vocabulary performs it (`effect`, checked
against vocabulary.EFFECTS here) — or refused: no card effect performs it, and a card that
names one of its `words` as an effect is refused at load naming the member's rule
(judge/cards/effect_reader.py), instead of the bare "unknown effect"."""

from __future__ import annotations

from dataclasses import dataclass

from judge import paths
from judge.cards import vocabulary as V
from judge.yamlio import ScenarioError, line_of, load_file

ROW_KEYS = {"rule", "action", "effects", "targets", "words", "refused", "by"}


@dataclass(frozen=True)
class KeywordAction:
    rule: str  # "701.9"
    action: str  # the rules' title: "Destroy"
    effects: tuple[dict, ...]  # played: the effects that perform it, as a card writes them
    targets: tuple[str, ...]  # the target kinds the effects aim at
    words: tuple[str, ...]  # refused: the effect names a card would write for it
    refused: str  # why no card effect performs it
    by: str  # how the engine does it otherwise, if it does

    @property
    def played(self) -> bool:
        return bool(self.effects)

    @property
    def kinds(self) -> tuple[str, ...]:
        """The vocabulary's effect kinds that perform it."""
        return tuple(next(iter(e)) for e in self.effects)

    def refusal(self, word: str) -> str:
        """What a card naming `word` as an effect is told."""
        return (
            f"effect {word!r} is the keyword action {self.action} ({self.rule}), which no card effect performs: "
            f"{self.refused}" + (f"; the engine does it otherwise: {self.by}" if self.by else "")
        )


_TABLE: tuple[KeywordAction, ...] | None = None


def table_path():
    return paths.data_root() / "rulings" / "nodawn" / "keyword_actions.yaml"


def table() -> tuple[KeywordAction, ...]:
    global _TABLE
    if _TABLE is None:
        _TABLE = _read(table_path())
    return _TABLE


def _read(path) -> tuple[KeywordAction, ...]:
    rows = load_file(path)
    if not isinstance(rows, list):
        raise ScenarioError("the keyword action table is a list of rows", str(path))
    out = []
    for row in rows:
        line = line_of(row)
        if not isinstance(row, dict) or set(row) - ROW_KEYS or not {"rule", "action"} <= set(row):
            raise ScenarioError(f"a keyword action row has {', '.join(sorted(ROW_KEYS))}", str(path), line)
        effects, words = row.get("effects") or [], row.get("words") or []
        if not isinstance(effects, list) or bool(effects) == bool(row.get("refused")) or bool(effects) == bool(words):
            raise ScenarioError(
                f"{row['rule']}: a row has `effects` (played), or `refused` with `words` (the effect names it refuses)",
                str(path),
                line,
            )
        if any(not isinstance(e, dict) or len(e) != 1 or next(iter(e)) not in V.EFFECTS for e in effects):
            raise ScenarioError(f"{row['rule']}: `effects` are effects of the card vocabulary", str(path), line)
        clash = [w for w in words if w in V.EFFECTS]
        if clash:
            raise ScenarioError(f"{row['rule']}: {', '.join(clash)} is an effect the vocabulary has", str(path), line)
        targets = row.get("targets") or []
        if any(t not in V.TARGET_KINDS for t in targets):
            raise ScenarioError(f"{row['rule']}: `targets` are target kinds of the vocabulary", str(path), line)
        out.append(
            KeywordAction(
                str(row["rule"]),
                str(row["action"]),
                tuple(dict(e) for e in effects),
                tuple(targets),
                tuple(str(w) for w in words),
                str(row.get("refused", "")),
                str(row.get("by", "")),
            )
        )
    rules = [a.rule for a in out]
    if len(set(rules)) != len(rules):
        raise ScenarioError("a keyword action is listed twice", str(path))
    return tuple(out)


def refused_word(word: str) -> KeywordAction | None:
    """The refused member whose effect name `word` is, if any."""
    return next((a for a in table() if word in a.words), None)
