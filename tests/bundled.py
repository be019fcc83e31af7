"""The bundled documents for a parser's test module: the source text, and its `parsed` and
`by_id` module fixtures, declared once here instead of in every module.

    from bundled import bundled_source, parsed_fixtures
    parsed, by_id = parsed_fixtures(l5r_ccg.parse, "ccg")
"""
from __future__ import annotations

from functools import lru_cache

import pytest

from judge import paths
from judge.corpus.documents import spec


@lru_cache(maxsize=None)
def bundled_source(doc: str) -> str:
    """The text of a bundled document (nd, lcg, ccg, ce, sf), read as the loader reads it."""
    return (paths.data_root() / spec(doc).relpath).read_text(encoding="utf-8")


def parsed_fixtures(parse, doc: str, by_id_name: str = "by_id"):
    """Module-scoped fixtures: `parsed` (the document through `parse`) and its entries by id."""

    @pytest.fixture(scope="module", name="parsed")
    def parsed_fixture():
        return parse(bundled_source(doc))

    @pytest.fixture(scope="module", name=by_id_name)
    def by_id_fixture(parsed):
        return {e.id: e for e in parsed.entries}

    return parsed_fixture, by_id_fixture
