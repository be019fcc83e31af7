"""Every rule id the engine can emit exists in the corpus.

The ids are collected statically: every string constant in judge/engine/*.py that looks like
a No Dawn rule number (the engine cites rules only as such literals), plus the rules each
policy in rulings/nodawn/policies.yaml names."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import judge.engine
from judge.engine.core.policies import load_policies

RULE_NUMBER = re.compile(r"^\d{3}(\.\d+[a-z]?)?$")
ENGINE_DIR = Path(judge.engine.__file__).parent


def engine_rule_numbers() -> set[str]:
    found = set()
    for path in ENGINE_DIR.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and RULE_NUMBER.match(node.value):
                found.add(node.value)
    return found


def policy_rule_numbers() -> set[str]:
    numbers = set()
    for policy in load_policies().values():
        numbers |= set(policy.rules)
        numbers |= {r for r in policy.readings if RULE_NUMBER.match(r)}
    return numbers


@pytest.mark.slow
def test_the_engine_cites_many_rules():
    numbers = engine_rule_numbers()
    assert len(numbers) > 150
    assert {"704.5j", "118.6", "514.2b", "510.2c", "405.6a"} <= numbers


def test_every_engine_rule_id_exists_in_the_corpus(corpus):
    missing = sorted(n for n in engine_rule_numbers() if corpus.get(f"nd:{n}") is None)
    assert missing == []


def test_every_policy_rule_exists_in_the_corpus(corpus):
    missing = sorted(n for n in policy_rule_numbers() if corpus.get(f"nd:{n}") is None)
    assert missing == []


def test_every_policy_the_engine_consults_is_in_the_policy_file():
    used = set()
    for path in ENGINE_DIR.rglob("*.py"):
        used |= set(re.findall(r'policies\.(?:reading|rules|note)\("(C\d+)"\)', path.read_text(encoding="utf-8")))
    table = load_policies()
    assert used == set(table), (sorted(used - set(table)), sorted(set(table) - used))
    for policy in table.values():
        assert len(policy.rules) >= 2 and policy.why and policy.topic
        assert policy.default in policy.readings
