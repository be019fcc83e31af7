"""The keyword table (rulings/nodawn/keywords.yaml) and the choice list (rulings/nodawn/choices.yaml)
hold up: every rule they name exists in the parsed corpus, every keyword the card format accepts
has exactly one row, in rule order, and what a row says about the engine matches the code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from judge import paths
from judge.cards import vocabulary as V

RULINGS = paths.data_root() / "rulings" / "nodawn"
RULE = re.compile(r"^\d{3}\.\d+[a-z]?$")
STATUSES = {"implemented", "partial", "missing"}
PARAMETERS = {"none", "number", "cost", "quality", "object", "none | quality"}
ASKED = {
    "pending",
    "announcement",
    "declaration",
    "action",
    "fixed",
    "immaterial",
    "no-choice",
    "not-modelled",
    "setup",
}
CHOICE_KEYS = {
    "id",
    "rule",
    "rules",
    "who",
    "what",
    "options",
    "when",
    "asked",
    "engine_today",
    "keyword",
    "conflicts",
    "kind",
}
ROW_KEYS = {
    "keyword",
    "rule",
    "rules",
    "written",
    "parameter",
    "kind",
    "summary",
    "engine_status",
    "engine_where",
    "cites",
    "needs",
    "choices",
    "feasible",
    "conflicts",
    "notes",
}


def _load(name: str):
    return yaml.safe_load((RULINGS / name).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def table() -> dict:
    return _load("keywords.yaml")


@pytest.fixture(scope="module")
def choices() -> list:
    return _load("choices.yaml")


def _rule_key(number: str) -> tuple:
    section, _, rest = number.partition(".")
    digits = re.match(r"\d+", rest).group()
    return int(section), int(digits), rest[len(digits) :]


def _table_rules(table: dict) -> set[str]:
    found = set()
    for row in table["keywords"] + table["not_in_vocabulary"]:
        found |= {row["rule"], *row["rules"]}
    found |= {row["rule"] for row in table["deliberately_absent"]}
    return found


def test_every_rule_the_table_names_exists_in_the_corpus(table, corpus):
    numbers = _table_rules(table)
    assert len(numbers) > 120
    assert all(RULE.match(n) for n in numbers), sorted(n for n in numbers if not RULE.match(n))
    assert sorted(n for n in numbers if corpus.get(f"nd:{n}") is None) == []


def test_every_rule_the_choices_name_exists_in_the_corpus(choices, corpus):
    numbers = {c["rule"] for c in choices} | {r for c in choices for r in c.get("rules", [])}
    assert all(RULE.match(n) for n in numbers), sorted(n for n in numbers if not RULE.match(n))
    assert sorted(n for n in numbers if corpus.get(f"nd:{n}") is None) == []


def test_each_keyword_of_the_card_format_has_exactly_one_row(table):
    names = [row["keyword"] for row in table["keywords"]]
    assert len(names) == len(set(names))
    assert set(names) == set(V.KEYWORDS)


def test_rows_follow_rule_order_and_name_their_own_702_rule(table):
    rows = table["keywords"]
    keys = [_rule_key(r["rule"]) for r in rows]
    assert keys == sorted(keys)
    for row in rows:
        assert row["rule"].startswith("702."), row["keyword"]
        own = [r for r in row["rules"] if r.startswith(row["rule"]) and r != row["rule"]]
        assert own, f"{row['keyword']} lists none of its own sub-rules"


def test_rows_use_the_documented_fields_and_values(table):
    assert table["keywords"] and table["not_in_vocabulary"]
    for row in table["keywords"] + table["not_in_vocabulary"]:
        assert set(row) <= ROW_KEYS, (row["keyword"], set(row) - ROW_KEYS)
        assert row["engine_status"] in STATUSES
        assert row["parameter"] in PARAMETERS, row["keyword"]
        assert row["summary"] and row["kind"] and row["written"]
        assert isinstance(row["choices"], list)
        assert ("engine_where" in row) == (row["engine_status"] != "missing"), row["keyword"]
    for row in table["keywords"]:
        assert row["cites"] in {"yes", "no", "partly"}, row["keyword"]


def test_feasible_follows_from_the_systems_a_row_needs(table):
    systems = {s["id"]: s["exists"] for s in table["systems"]}
    assert len(systems) == len(table["systems"])
    for row in table["keywords"] + table["not_in_vocabulary"]:
        assert row["needs"] and set(row["needs"]) <= set(systems), (row["keyword"], set(row["needs"]) - set(systems))
        missing = [n for n in row["needs"] if not systems[n]]
        assert row["feasible"] == (f"needs-system:{missing[0]}" if missing else "yes"), row["keyword"]
        if row["engine_status"] == "implemented":
            assert not missing, row["keyword"]


def test_every_system_is_needed_by_some_row(table):
    needed = {n for row in table["keywords"] + table["not_in_vocabulary"] for n in row["needs"]}
    assert needed == {s["id"] for s in table["systems"]}


def _places(where: str) -> list[tuple[str, list[str]]]:
    """ "judge/engine/a.py: f, g (note); judge/engine/b.py: h" -> [(path, [f, g]), (path, [h])]."""
    out = []
    for part in where.split(";"):
        path, _, names = part.strip().partition(": ")
        out.append((path, [re.sub(r"\s*\(.*\)$", "", n).strip() for n in names.split(",") if n.strip()]))
    return out


def test_engine_where_names_functions_that_exist(table):
    root = Path(paths.data_root())
    assert table["keywords"]
    for row in table["keywords"] + [s for s in table["systems"] if "where" in s]:
        where = row.get("engine_where") or row.get("where")
        if not where:
            continue
        for path, names in _places(where):
            source = (root / path).read_text(encoding="utf-8")
            for name in names:
                assert re.search(rf"^def {re.escape(name)}\(", source, re.M), (path, name)


def test_a_missing_keyword_has_no_code_path_in_the_engine(table):
    """A row marked missing is one the engine never names as a keyword (vocabulary.py aside)."""
    engine = Path(paths.data_root()) / "judge" / "engine"
    code = "\n".join(p.read_text(encoding="utf-8") for p in engine.rglob("*.py") if p.name != "vocabulary.py")
    assert table["keywords"]
    for row in table["keywords"]:
        named = re.search(rf"[\"']{re.escape(row['keyword'])}[\"']", code) is not None
        if row["engine_status"] == "missing":
            assert not named, row["keyword"]


def test_the_deliberately_absent_families_are_not_keywords(table):
    absent = {row["keyword"] for row in table["deliberately_absent"]}
    assert absent == {"Regenerate", "Dredge", "Level up", "Banding", "Ante"}
    assert not absent & V.KEYWORDS
    assert [row["rule"] for row in table["deliberately_absent"]] == [f"702.49{c}" for c in "abcde"]


def test_choices_use_the_documented_fields(choices):
    ids = [c["id"] for c in choices]
    assert len(ids) == len(set(ids))
    for c in choices:
        assert set(c) <= CHOICE_KEYS, (c["id"], set(c) - CHOICE_KEYS)
        assert all(c.get(k) for k in ("rule", "who", "what", "options", "when", "asked", "engine_today")), c["id"]
        assert c["asked"] in ASKED, c["id"]
        if "keyword" in c:
            assert c["keyword"] in V.KEYWORDS, c["id"]


def test_the_choices_the_issue_names_are_listed(choices):
    by_rule = {c["rule"] for c in choices}
    # Eminent duplicates, sacrifice, discard (and cleanup's), trigger order, replacement order,
    # combat assignment, modes, the return from shelter.
    assert {"704.5q", "701.12a", "701.10a", "514.1", "603.3", "616.1", "510.2c", "700.4a", "503.3"} <= by_rule
    eminent = next(c for c in choices if c["id"] == "eminent-duplicate")
    assert eminent["asked"] == "pending" and "C3" in eminent["conflicts"]


def test_the_choices_that_stop_the_replay_are_the_engines_choice_kinds(choices):
    """Each pending choice is a kind of judge/engine/choosing/choices.py — its own id, or the `kind:` it is
    asked under — and each kind is a choice of the list, with the same rule."""
    from judge.engine.choosing.choices import CHOICE_KINDS

    pending = [c for c in choices if c["asked"] == "pending"]
    assert {c.get("kind", c["id"]) for c in pending} == set(CHOICE_KINDS)
    by_id = {c["id"]: c for c in choices}
    for name, kind in CHOICE_KINDS.items():
        assert by_id[name]["asked"] == "pending" and by_id[name]["rule"] == kind.rule, name
    assert all("kind" not in c for c in choices if c["asked"] != "pending")
    assert len(pending) == 31


# The YAML's parameter field -> the parameter form the engine's registry names (keywords.PARAMETERS).
_FORMS = {
    "none": "none",
    "number": "number",
    "cost": "cost",
    "quality": "quality",
    "none | quality": "optional-quality",
    "object": "object",
}


def test_engine_status_is_what_the_engine_registers(table):
    """One source of truth: a keyword is implemented (or partial) exactly when the engine's registry
    has it, with the same rule and parameter form; a missing one is refused at load."""
    import judge.engine.coverage.support  # noqa: F401 - the whole engine, as the scenario loader has it
    from judge.engine.core import keywords

    assert table["keywords"]
    for row in table["keywords"]:
        known = keywords.MODELLED.get(row["keyword"])
        assert (known is not None) == (row["engine_status"] != "missing"), row["keyword"]
        if known is not None:
            assert known.rule == row["rule"], row["keyword"]
            assert known.parameter == _FORMS[row["parameter"]], row["keyword"]


def test_the_engine_refuses_a_missing_keyword_with_the_rule_the_table_gives(table):
    from judge.engine.coverage import support

    rules = support.keyword_rules()
    assert table["keywords"]
    for row in table["keywords"]:
        assert rules[row["keyword"]] == row["rule"]
        if row["engine_status"] == "missing":
            assert (
                support.not_modelled(row["keyword"]) == f"not modelled by the engine: {row['keyword']} ({row['rule']})"
            )
