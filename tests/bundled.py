"""What the tests read from the repository itself, declared once: the bundled documents (a
parser's source text and its `parsed` and `by_id` module fixtures) and the bundled scenarios.

    from bundled import bundled_source, parsed_fixtures, SHARED_SCENARIOS
    parsed, by_id = parsed_fixtures(l5r_ccg.parse, "ccg")

Nothing here reads outside the checkout: the contract's scenarios are the copies in
tests/scenarios/shared/ (tests/test_bundled_copies.py compares them with ../shared when a
checkout happens to have it beside it).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from judge import paths
from judge.corpus.documents import spec

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent
SCENARIOS = TESTS / "scenarios"
SHARED_SCENARIOS = SCENARIOS / "shared"  # the contract's six scenarios, copied unchanged
V01 = SHARED_SCENARIOS / "v01-simultaneous-sba-sweep.yaml"
DATA = TESTS / "data"


@cache
def bundled_source(doc: str) -> str:
    """The text of a bundled document (nd, lcg, ccg, ce, sf), read as the loader reads it."""
    return (paths.data_root() / spec(doc).relpath).read_text(encoding="utf-8")


def gold_glossary_terms() -> list[str]:
    """The census's 226 No Dawn glossary terms, in order (tests/data/nodawn-glossary-gold-terms.txt)."""
    lines = (DATA / "nodawn-glossary-gold-terms.txt").read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line and not line.startswith("#")]


def parsed_fixtures(parse, doc: str, by_id_name: str = "by_id"):
    """Module-scoped fixtures: `parsed` (the document through `parse`) and its entries by id."""

    @pytest.fixture(scope="module", name="parsed")
    def parsed_fixture():
        return parse(bundled_source(doc))

    @pytest.fixture(scope="module", name=by_id_name)
    def by_id_fixture(parsed):
        return {e.id: e for e in parsed.entries}

    return parsed_fixture, by_id_fixture
