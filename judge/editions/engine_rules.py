"""The rules a replay cites, against the edition the engine was written to.

The No Dawn engine plays the bundled edition of the rules: its events cite rule numbers as that
edition has them (tests/test_engine_rules_exist.py checks every one exists there). Once a newer
edition is imported and read, a cited number may hold other words, or nothing: the replay still
plays the bundled rules. A judge ruling on that replay must be told which of its rules read
otherwise now — never left to find out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from judge.editions import store

ENGINE_DOC = "nd"  # the document whose rules the engine plays
REWORDED, ABSENT = "reworded", "absent"


@dataclass(frozen=True)
class CitedRuleChange:
    rule: str  # the corpus id the replay cites, "nd:704.5j"
    change: str  # REWORDED or ABSENT

    def to_dict(self) -> dict:
        return {"rule": self.rule, "change": self.change}


@dataclass(frozen=True)
class EngineEditionReport:
    follows: store.Edition  # the edition the engine plays
    read: store.Edition  # the edition read now
    changes: tuple[CitedRuleChange, ...]

    def to_dict(self) -> dict:
        return {
            "engine_follows": self.follows.label,
            "read": self.read.label,
            "changed": [c.to_dict() for c in self.changes],
        }

    def sentence(self) -> str:
        from judge.replay_words import engine_edition_sentence  # deferred: start-up

        return engine_edition_sentence(
            self.follows.label, self.read.label, [(c.rule, c.change == ABSENT) for c in self.changes]
        )


def _words(text: str) -> list[str]:
    return re.sub(r"\s+", " ", text).strip().split(" ")


def compare_cited(corpus, rule_ids: Iterable[str]) -> EngineEditionReport | None:
    """None while the edition read is the one the engine plays; else each cited rule whose text
    differs there or that it lacks, in the order first cited."""
    read = corpus.editions.get(ENGINE_DOC)
    follows = store.bundled(ENGINE_DOC)
    if read is None or read == follows:
        return None
    from judge.editions.corpora import corpus_for  # deferred: start-up

    played = corpus_for(ENGINE_DOC, follows.name)
    changes = []
    for rule in dict.fromkeys(r for r in rule_ids if r.startswith(f"{ENGINE_DOC}:")):
        then, now = played.get(rule), corpus.get(rule)
        if then is None:
            continue  # not a rule of the edition played: nothing the engine relied on
        if now is None:
            changes.append(CitedRuleChange(rule, ABSENT))
        elif _words(now.text) != _words(then.text):
            changes.append(CitedRuleChange(rule, REWORDED))
    return EngineEditionReport(follows, read, tuple(changes))
