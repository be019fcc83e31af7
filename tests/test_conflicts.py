"""Contradictions and damage flagged where they stand (judge.conflicts): the index built from the
policy file and the parsers' recorded anomalies, `judge show` / `search` / `conflicts` / `doctor`,
ruling sheets, and a policy file that names an entry which does not exist."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from judge import cli

REPO = Path(__file__).resolve().parents[1]
POLICIES = REPO / "rulings" / "nodawn" / "policies.yaml"
ANOMALIES = REPO / "rules" / "anomalies.yaml"

C35 = {
    "kind": "conflict",
    "id": "C35",
    "title": "Can a drained Entity block?",
    "readings": [
        {
            "key": "509.1c",
            "text": "Yes, by taking 1 damage counter as it is declared.",
            "default": True,
            "entry": "nd:509.1c",
        },
        {
            "key": "glossary/drain",
            "text": "No, a drained Entity cannot block.",
            "default": False,
            "entry": "nd:glossary/drain",
        },
    ],
    "default": "509.1c",
    "why": "509.1c and 302.5 are the specific rules; the glossary summary is loose.",
    "choose": "Another reading in a replay: the scenario key `policies: {C35: glossary/drain}` "
    "(readings: 509.1c, glossary/drain).",
    "entries": ["nd:509.1c", "nd:302.5", "nd:glossary/drain"],
}
ANOMALY_COUNTS = {
    "lost-icon": 2,
    "icon-glyph": 6,
    "missing-list": 7,
    "glued-heading": 1,
    "inferred-heading": 16,
    "repeated-heading": 1,
    "duplicate-text": 6,
    "boundary-guess": 18,
    "lost-word": 11,
    "truncated": 1,
    "beyond-the-cut": 154,
    "no-entry": 1,
}


@pytest.fixture(scope="module")
def index(corpus):
    from judge.conflicts.notes import build_index

    return build_index(corpus)


@pytest.fixture
def fresh_notes(session_context):
    """judge.context's notes index rebuilt for the test (and again after it)."""
    from judge import context

    context.conflicts.cache_clear()
    yield
    context.conflicts.cache_clear()


def run_cli(capsys, *argv, expect: int = 0):
    code = cli.main(list(argv))
    out = capsys.readouterr()
    assert code == expect, out.err
    return out


def flat(text: str) -> str:
    """Terminal output as one line of words: panel borders and line breaks gone."""
    return " ".join(" ".join(line.strip().strip("│╭╮╰╯").strip() for line in text.splitlines()).split())


def run_json(capsys, *argv, expect: int = 0):
    return json.loads(run_cli(capsys, *argv, expect=expect).out)


def bad_policy_file(tmp_path: Path) -> Path:
    """The bundled policies, with one that names a rule and a glossary entry that do not exist."""
    path = tmp_path / "rulings" / "nodawn" / "policies.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(
        POLICIES.read_text(encoding="utf-8")
        + """
- id: C99
  topic: "A policy with a typo"
  rules: ["509.1c", "999.9z"]
  entries: ["glossary/no-such-term"]
  default: "509.1c"
  readings:
    "509.1c": "The real rule."
    "998.1": "A rule that is not there."
  why: "To see the doctor name it."
""",
        encoding="utf-8",
    )
    return path


# -- the index -------------------------------------------------------------------------------
def test_every_policy_is_a_conflict_note_on_each_entry_it_names(index):
    from judge.conflicts.policy_file import load_policies

    policies = load_policies()
    assert [n.id for n in index.conflicts] == list(policies)
    assert len(index.conflicts) == 30
    assert index.problems == []  # every rule, reading and entry of the bundled file resolves
    for note in index.conflicts:
        for entry_id in note.entries:
            assert note in index.notes_for(entry_id)
    named = {e for n in index.conflicts for e in n.entries}
    assert len(named) == 89 and sum(len(n.entries) for n in index.conflicts) == 97


def test_c35_stands_on_both_rules_and_the_glossary(index):
    from judge.conflicts.present import note_dict

    for entry_id in ("nd:509.1c", "nd:302.5", "nd:glossary/drain"):
        assert [note_dict(n) for n in index.notes_for(entry_id)] == [C35]


def test_examples_and_glossary_entries_a_policy_lists_carry_its_note(index):
    assert [n.id for n in index.notes_for("nd:505.4d/example-1")] == ["C10"]
    assert [n.id for n in index.notes_for("nd:703.5/example-1")] == ["C18", "C19"]
    assert [n.id for n in index.notes_for("nd:glossary/co-opt")] == ["C34"]


def test_recorded_anomalies_are_notes_in_the_same_index(index):
    counts: dict[str, int] = {}
    for _, note in index.anomalies():
        counts[note.id] = counts.get(note.id, 0) + 1
    assert counts == ANOMALY_COUNTS
    assert list(counts) == index.anomaly_kinds  # in the file's order
    [missing] = index.notes_for("lcg:treaty/1")
    assert (missing.kind, missing.id, missing.title) == ("anomaly", "missing-list", "A list that lost its items")
    [copy] = index.notes_for("lcg:honor/4")
    assert (copy.id, copy.detail_label, copy.detail) == (
        "duplicate-text",
        "Also at",
        "L5R LCG Rules Reference — Bid Value ¶2",
    )
    assert [n.id for n in index.notes_for("sf:card/the-eastern-king")] == ["truncated"]
    [past] = index.notes_for("sf:card/arcanovirus/3")
    assert (past.id, past.detail) == ("beyond-the-cut", "Evil Twin; Shards of Warped Reflection")


# -- bad input: the policy file --------------------------------------------------------------
def test_a_policy_naming_no_entry_is_a_problem_by_its_id_and_the_rest_still_loads(corpus, tmp_path):
    from judge.conflicts.notes import build_index
    from judge.conflicts.policy_file import load_policies

    path = bad_policy_file(tmp_path)
    line = path.read_text(encoding="utf-8").splitlines().index("- id: C99") + 1
    index = build_index(corpus, policy_file=path)
    assert [(p.kind, p.message) for p in index.problems] == [
        ("policy-entry", f"policy C99 ({path}:{line}) names rule '999.9z': no such entry"),
        ("policy-entry", f"policy C99 ({path}:{line}) names the entry of reading '998.1': no such entry"),
        ("policy-entry", f"policy C99 ({path}:{line}) names entry 'glossary/no-such-term': no such entry"),
    ]
    assert len(index.conflicts) == len(load_policies()) + 1  # the bundled ones and C99
    assert [n.id for n in index.notes_for("nd:509.1c")] == ["C35", "C99"]
    assert [n.id for n in index.notes_for("nd:glossary/drain")] == ["C35"]


def test_doctor_reports_the_policy_by_id(capsys, tmp_path, monkeypatch, fresh_notes):
    bad_policy_file(tmp_path)
    (tmp_path / "rules").mkdir()
    shutil.copy(ANOMALIES, tmp_path / "rules" / "anomalies.yaml")
    monkeypatch.setenv("JUDGE_DATA_DIR", str(tmp_path))
    data = run_json(capsys, "doctor", "--json")
    policy_problems = [p for p in data["problems"] if p["kind"] == "policy-entry"]
    assert [p["message"].split(" (")[0] for p in policy_problems] == ["policy C99"] * 3
    assert policy_problems[0]["message"].endswith("names rule '999.9z': no such entry")
    # the rest still loads: the other policies' notes are shown
    shown = run_json(capsys, "show", "nd:glossary/drain", "--json")
    assert [n["id"] for n in shown["conflicts"]] == ["C35"]
    text = run_cli(capsys, "doctor").out
    assert "nd policy-entry: policy C99" in text


def test_an_unreadable_policy_file_is_said_and_the_entry_still_shows(capsys, tmp_path, monkeypatch, fresh_notes):
    path = tmp_path / "rulings" / "nodawn" / "policies.yaml"
    path.parent.mkdir(parents=True)
    path.write_text("- id: C1\n  rules: [106.5c\n", encoding="utf-8")
    (tmp_path / "rules").mkdir()
    shutil.copy(ANOMALIES, tmp_path / "rules" / "anomalies.yaml")
    monkeypatch.setenv("JUDGE_DATA_DIR", str(tmp_path))
    out = run_cli(capsys, "show", "nd:glossary/drain")
    assert out.err.startswith(f"judge: conflict notes incomplete: {path}:3: malformed YAML:")
    assert "No Dawn CR Glossary — Drain" in out.out and "C35" not in out.out
    data = run_json(capsys, "conflicts", "--json", expect=2)
    assert data["conflicts"] == [] and [p["kind"] for p in data["problems"]] == ["policy-file"]


def test_the_policy_file_refuses_an_unknown_key_with_its_line(tmp_path):
    from judge.conflicts.policy_file import load_policies
    from judge.yamlio import ScenarioError

    path = tmp_path / "policies.yaml"
    path.write_text(
        '- id: C1\n  rules: ["106.5c", "106.7"]\n  default: "106.5c"\n  readings: {"106.5c": "x"}\n'
        '- id: C2\n  rules: ["602.4c"]\n  default: "602.4c"\n  readings: {"602.4c": "y"}\n'
        '  entry: ["glossary/drain"]\n',
        encoding="utf-8",
    )
    with pytest.raises(ScenarioError) as caught:
        load_policies(path)
    assert caught.value.describe() == (
        f"{path}:5: a policy needs id, rules, default, readings (and topic, why, entries)"
    )


def test_the_anomaly_file_refuses_an_unknown_key_and_a_kind_without_a_marker(tmp_path):
    from judge.conflicts.anomaly_kinds import load_anomaly_kinds
    from judge.yamlio import ScenarioError

    path = tmp_path / "anomalies.yaml"
    path.write_text("- kind: a\n  tag: a\n  title: A\n  explanation: x\n  colour: red\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load_anomaly_kinds(path)
    assert caught.value.describe() == (
        f"{path}:1: unknown key 'colour' (allowed: detail, explanation, extra, fact, kind, label, tag, title)"
    )
    path.write_text("- kind: a\n  title: A\n  explanation: x\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load_anomaly_kinds(path)
    assert caught.value.describe() == (
        f"{path}:1: an anomaly kind needs kind, title, explanation and exactly one of tag, extra, fact"
    )


# -- the commands ----------------------------------------------------------------------------
pytestmark = pytest.mark.usefixtures("session_context")


def test_show_json_carries_the_conflict_on_the_glossary_and_on_the_rule(capsys):
    assert run_json(capsys, "show", "nd:glossary/drain", "--json")["conflicts"] == [C35]
    assert run_json(capsys, "show", "509.1c", "--json")["conflicts"] == [C35]
    assert run_json(capsys, "show", "704.5j", "--json")["conflicts"] == []


def test_show_prints_the_band_above_the_entry(capsys):
    out = flat(run_cli(capsys, "show", "nd:glossary/drain").out)
    assert out.startswith("─ Conflict in the rules ─")
    for words in (
        "⚑ Conflict C35: Can a drained Entity block?",
        "509.1c (engine default): Yes, by taking 1 damage counter as it is declared.",
        "glossary/drain: No, a drained Entity cannot block.",
        "Why 509.1c: 509.1c and 302.5 are the specific rules; the glossary summary is loose.",
        "the scenario key `policies: {C35: glossary/drain}`",
        "Concerns: 509.1c, 302.5, glossary/drain",
    ):
        assert words in out, words
    assert out.index("Conflict C35") < out.index("No Dawn CR Glossary — Drain")


def test_show_of_a_rule_lists_the_notes_of_its_sub_rules(capsys):
    data = run_json(capsys, "show", "509.1", "--json")
    assert data["conflicts"] == []
    assert data["conflicts_below"] == [
        {"entry": "nd:509.1b", "notes": ["C46"]},
        {"entry": "nd:509.1c", "notes": ["C35"]},
    ]
    assert run_json(capsys, "show", "509.1.", "--json")["conflicts_below"] == []
    out = run_cli(capsys, "show", "509.1").out
    assert "509.1c: ⚑ C35 Can a drained Entity block?" in out


def test_show_of_a_damaged_entry_explains_the_damage(capsys):
    [note] = run_json(capsys, "show", "lcg:treaty/1", "--json")["conflicts"]
    assert note == {
        "kind": "anomaly",
        "id": "missing-list",
        "title": "A list that lost its items",
        "explanation": 'This paragraph introduces a list ("…as follows:") whose items are not in '
        "the source file: the printed Rules Reference has them.",
        "detail": "",
        "detail_label": "",
    }
    out = run_cli(capsys, "show", "sf:card/the-eastern-king").out
    assert "╭─ Read with care ─" in out and "⚠ The FAQ stops here (truncated)" in out


def test_search_marks_and_carries_the_notes(capsys):
    results = run_json(capsys, "search", "drained", "block", "--game", "nodawn", "--json")
    by_id = {r["id"]: r for r in results}
    assert by_id["nd:glossary/drain"]["conflicts"] == [C35]
    assert by_id["nd:509.1c"]["conflicts"] == [C35]
    assert by_id["nd:509.1c/example-1"]["conflicts"] == []
    lines = run_cli(capsys, "search", "drained", "block", "--game", "nodawn").out.splitlines()
    heads = [line for line in lines if line[:3].strip().rstrip(".").isdigit()]
    drain = next(h for h in heads if "Glossary — Drain " in h)
    rule = next(h for h in heads if "CR 509.1c " in h)
    assert drain.endswith("(glossary)  ⚑ C35") and rule.endswith("(subrule)  ⚑ C35")
    assert all(
        h.endswith("⚑ C35") == (by_id[i]["conflicts"] == [C35]) for h, i in zip(heads, [r["id"] for r in results])
    )  # marked exactly where the note is


def test_conflicts_lists_every_policy_and_every_anomaly(capsys):
    data = run_json(capsys, "conflicts", "--json")
    assert len(data["conflicts"]) == 30 and data["problems"] == []
    assert data["conflicts"][[c["id"] for c in data["conflicts"]].index("C35")] == C35
    assert {g["id"]: len(g["entries"]) for g in data["anomalies"]} == ANOMALY_COUNTS
    lost = next(g for g in data["anomalies"] if g["id"] == "lost-icon")
    assert [e["id"] for e in lost["entries"]] == ["lcg:status-tokens/3", "lcg:taint-tainted/2"]
    assert run_json(capsys, "conflicts", "--kind", "conflict", "--json")["anomalies"] == []
    assert run_json(capsys, "conflicts", "--kind", "anomaly", "--json")["conflicts"] == []
    out = run_cli(capsys, "conflicts").out
    assert out.startswith("Conflicts in the No Dawn rules: 30 policies\n⚑ Conflict C1: Is the intrinsic field drain")
    assert "Recorded damage and doubt: 12 kinds on 224 entries" in out


# -- ruling sheets ---------------------------------------------------------------------------
def test_a_sheet_citing_a_rule_in_conflict_carries_the_note_in_every_format(corpus):
    import datetime as dt

    from judge.sheet.build import build_sheet
    from judge.sheet.formats import render

    sheet = build_sheet(corpus, ["509.1c", "704.5j"], date=dt.date(2026, 12, 1))
    [note] = sheet.cited[0].notes
    assert (note.kind, note.id, note.heading) == ("conflict", "C35", "⚑ Conflict C35: Can a drained Entity block?")
    assert note.lines[:2] == (
        "509.1c (default reading): Yes, by taking 1 damage counter as it is declared.",
        "glossary/drain: No, a drained Entity cannot block.",
    )
    assert sheet.cited[1].notes == ()
    for fmt in ("markdown", "html", "text", "terminal"):
        produced = render([sheet], fmt)
        assert "Conflict C35: Can a drained Entity block?" in produced, fmt
        assert "No, a drained Entity cannot block." in produced, fmt
        assert produced.count("Conflict C") == 1, fmt
