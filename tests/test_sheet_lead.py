"""Sheets lead with the ruling (issue 17 item 2): question, ruling, the rules that decided it, the
step log, then everything else cited; the same order in every format, from one walker."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from judge.cli import main
from judge.replay_words import counted
from judge.sheet import build_sheet, render
from judge.sheet.decisive import decisive_rules, what_changed
from judge.sheet.replay_log import read_log, run_scenario
from judge.sheet.sections import ALL_TITLE, LEAD_TITLE, REST_TITLE, Rules, Steps, parts

V06 = Path(__file__).parent / "scenarios" / "shared" / "v06-two-blockers-overrun.yaml"
DAY = dt.date(2026, 11, 30)
# The rules of v06's deciding events: first the state-based sweep in which four Wretches died
# (an outcome event), then the play of step 7 that led to it, where damage was assigned and
# dealt; every other step only passed, declared or ordered.
V06_DECISIVE = [
    "nd:704.3",
    "nd:117.5",
    "nd:704.5j",
    "nd:704.7",
    "nd:700.6",
    "nd:510.2c",
    "nd:510.2e",
    "nd:510.2d",
    "nd:702.7a",
    "nd:510.3",
    "nd:120.3b",
    "nd:510.3a",
    "nd:120.3d",
    "nd:510.3c",
    "nd:404.3",
]


def _board(vitae=20, hand=3, damage=0, battlefield=("a",), stack=()):
    return {
        "players": [
            {
                "name": "Ana",
                "vitae": vitae,
                "corruption": 0,
                "wrath": 0,
                "pool": 0,
                "hand": hand,
                "domain": 30,
                "spoils": [],
                "pit": [],
                "void": [],
                "shelter": [],
                "power_slot": 0,
                "wards": [],
            }
        ],
        "battlefield": [{"id": oid, "damage": damage} for oid in battlefield],
        "stack": [{"controller": "Ana", "label": label} for label in stack],
    }


@pytest.mark.parametrize(
    "after, changed",
    [
        (_board(), []),
        (_board(vitae=18), ["meter"]),
        (_board(damage=1), ["meter"]),
        (_board(hand=2, stack=("Fire",)), ["moved"]),
        (_board(battlefield=()), ["moved"]),
        (_board(hand=2, vitae=19), ["meter", "moved"]),
    ],
)
def test_what_a_step_changed(after, changed):
    assert what_changed(_board(), after) == changed


def test_decisive_events_come_from_kinds_and_changes():
    steps = [
        {"changed": [], "events": [{"text": "declares blocks", "rules": ["509.1"]}]},
        {"changed": [], "events": [{"text": "refused: no", "rules": ["101.2"], "kind": "refusal"}]},
        {
            "changed": ["meter"],
            "events": [
                {"text": "all pass", "rules": ["117.4"], "kind": "priority"},
                {"text": "deals 2", "rules": ["120.3b", "510.3a"]},
                {"text": "may pay", "rules": ["709.2"], "kind": "choice"},
                {"text": "not modelled", "rules": ["701.20a"], "kind": "not-modelled"},
            ],
        },
    ]
    flags, rules = decisive_rules(steps, lambda r: f"nd:{r}")
    assert flags == [[False], [True], [False, True, False, False]]
    assert rules == ("nd:101.2", "nd:120.3b", "nd:510.3a")


@pytest.fixture(scope="module")
def v06(corpus):
    log, cited = read_log(run_scenario(V06), source=V06.name)
    return log, cited


def test_the_two_blockers_replay_leads_with_the_damage_rules(v06):
    log, cited = v06
    assert list(log.decisive) == V06_DECISIVE
    assert len(cited) == 30 and set(V06_DECISIVE) < set(cited)
    assert "nd:117.4" in cited and "nd:117.4" not in log.decisive  # priority passing: cited, not decisive
    decisive_steps = {step.n for step in log.steps if any(ev.decisive for ev in step.events)}
    assert decisive_steps == {7}


def test_parts_in_reading_order(corpus, v06):
    log, cited = v06
    sheet = build_sheet(
        corpus,
        cited,
        date=DAY,
        replay=log,
        alone=True,
        lead=list(log.decisive),
        question="Where does the damage go?",
        ruling="Overrun carries 1 to the Haven.",
    )
    found = parts(sheet)
    assert [type(p).__name__ for p in found] == ["Said", "Said", "Rules", "Steps", "Rules", "Sources"]
    lead, rest = found[2], found[4]
    assert isinstance(lead, Rules) and isinstance(found[3], Steps) and isinstance(rest, Rules)
    assert (lead.title, rest.title) == (LEAD_TITLE, REST_TITLE)
    assert [e.id for e in lead.entries] == V06_DECISIVE
    assert [e.id for e in rest.entries] == [c for c in cited if c not in V06_DECISIVE]


def _quoted_above_is_above(sheet) -> None:
    quoted: set[str] = set()
    for part in parts(sheet):
        for entry in getattr(part, "entries", ()):
            if entry.parent is not None:
                assert entry.parent.text or entry.parent.id in quoted, f"{entry.id}: {entry.parent.id} is not above"
                quoted.add(entry.parent.id)


def test_a_lead_rule_quotes_the_context_a_later_rule_shares(corpus, v06):
    log, _ = v06
    # 704.5c is cited first, but 704.5j leads: 704.5 is quoted in full under 704.5j, printed first
    sheet = build_sheet(corpus, ["nd:704.5c", "nd:704.5j"], date=DAY, replay=log, alone=True, lead=["nd:704.5j"])
    assert [(e.id, bool(e.parent.text)) for e in sheet.cited] == [("nd:704.5j", True), ("nd:704.5c", False)]
    _quoted_above_is_above(sheet)


@pytest.mark.parametrize("scenario", sorted(p.name for p in V06.parent.glob("*.yaml")))
def test_a_context_said_to_be_quoted_above_is_above(corpus, scenario):
    log, cited = read_log(run_scenario(V06.parent / scenario), source=scenario)
    _quoted_above_is_above(build_sheet(corpus, cited, date=DAY, replay=log, alone=True, lead=list(log.decisive)))


HEADS = {
    "markdown": re.compile(r"^## (.+)$", re.M),
    "html": re.compile(r"<h2>(.+?)</h2>"),
    "text": re.compile(
        r"^(QUESTION|RULING|RULES THAT DECIDED IT|OTHER RULES CITED|RULES CITED|REPLAY — .+|SOURCES)$", re.M
    ),
}


@pytest.mark.parametrize("fmt", list(HEADS))
def test_every_format_walks_the_same_order(corpus, v06, fmt):
    log, cited = v06
    sheet = build_sheet(
        corpus, cited, date=DAY, replay=log, alone=True, lead=list(log.decisive), question="Where?", ruling="Onward."
    )
    heads = [h.casefold() for h in HEADS[fmt].findall(render([sheet], fmt))]
    assert [h.split(" — ")[0] for h in heads] == [
        "question",
        "ruling",
        "rules that decided it",
        "replay",
        "other rules cited",
        "sources",
    ]


def test_the_command_leads_with_the_ruling_and_all_rules_puts_everything_first(home_env, capsys):
    assert main(["sheet", "--replay", str(V06), "--format", "markdown", "--ruling", "Overrun."]) == 0
    out = capsys.readouterr().out
    heads = re.findall(r"^## (.+)$", out, re.M)
    assert [h.split(" — ")[0] for h in heads] == ["Ruling", LEAD_TITLE, "Replay", REST_TITLE, "Sources"]
    lead = out.split(f"## {LEAD_TITLE}")[1].split("## Replay")[0]
    assert re.findall(r"^### No Dawn CR (\S+)", lead, re.M) == [r.removeprefix("nd:") for r in V06_DECISIVE]

    assert main(["sheet", "--replay", str(V06), "--format", "markdown", "--all-rules"]) == 0
    heads = re.findall(r"^## (.+)$", capsys.readouterr().out, re.M)
    assert [h.split(" — ")[0] for h in heads] == [ALL_TITLE, "Replay", "Sources"]


def test_ids_given_with_a_replay_lead_too(home_env, capsys):
    assert main(["sheet", "--replay", str(V06), "101.2", "--format", "markdown"]) == 0
    lead = capsys.readouterr().out.split(f"## {LEAD_TITLE}")[1].split("## Replay")[0]
    assert "### No Dawn CR 101.2" in lead


def test_all_rules_needs_a_replay(home_env, capsys):
    assert main(["sheet", "704.5j", "--all-rules"]) == 2
    assert "--all-rules goes with --replay" in capsys.readouterr().err


def test_steps_collected_in_the_tui_put_the_rules_first(corpus):
    from judge.sheet import markdown_for_ids

    class Step:  # the TUI basket's StepItem: its events do not say which were decisive
        scenario, n, action, events = "v06", 7, "Ana: order w3, w4", (("Gutter Wretch dies", ("nd:704.5j",)),)

    page = markdown_for_ids(corpus, ["704.5j"], steps=[Step()], date=DAY)
    heads = re.findall(r"^## (.+)$", page, re.M)
    assert [h.split(" — ")[0] for h in heads] == [ALL_TITLE, "Replay", "Sources"]


@pytest.mark.parametrize(
    "n, noun, said",
    [
        (1, "damage counter", "1 damage counter"),
        (2, "damage counter", "2 damage counters"),
        (0, "Lore counter", "0 Lore counters"),
    ],
)
def test_counted(n, noun, said):
    assert counted(n, noun) == said


def test_the_step_log_counts_damage_counters_in_words(v06):
    log, _ = v06
    texts = [ev.text for step in log.steps for ev in step.events]
    assert "Gilded Emissary deals 1 damage to Gutter Wretch: 1 damage counter against Vigor 1" in texts
    assert "Ditch Wretch deals 1 damage to Gilded Emissary: 2 damage counters against Vigor 3" in texts
    assert "Gilded Outrider deals 1 damage to Coinhouse of Shadows: 1 damage counter, Defense 9" in texts
    assert any("Gutter Wretch has 1 damage counter against Vigor 1: it is destroyed" in t for t in texts)
    assert not any("counter(s)" in t or "1 damage counters" in t for t in texts)


@pytest.fixture
def home_env(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("JUDGE_RULINGS_DB", str(tmp_path / "data" / "rulings.sqlite3"))
    return tmp_path


def test_an_outcome_decides_ahead_of_the_play_that_led_to_it():
    steps = [
        {"changed": ["meter"], "events": [{"text": "pays 3", "rules": ["601.2h"]}]},
        {
            "changed": ["moved"],
            "events": [
                {"text": "resolves", "rules": ["608.1"]},
                {"text": "sweep: it dies", "rules": ["704.3", "704.5j"], "kind": "outcome"},
                {"text": "all pass", "rules": ["117.4"], "kind": "priority"},
            ],
        },
    ]
    flags, rules = decisive_rules(steps, lambda r: f"nd:{r}")
    assert flags == [[False], [True, True, False]]
    assert rules == ("nd:704.3", "nd:704.5j", "nd:608.1")


SHARED = sorted((Path(__file__).parent / "scenarios" / "shared").glob("*.yaml"))


# The spell types: 608.7a sends them to the Spoils as they resolve, which is no death.
SPELL_TYPES = ("Caprice", "Power")


def _board_outcomes(before: dict, after: dict, types: dict[str, str]) -> list[str]:
    """What the boards alone say was decided between them: a player lost or won, or a permanent
    card (`types`: card name -> type) came into a Spoils — it died, whether it was on the
    battlefield before the step or entered and died within it. Read without the event kinds."""
    said = []
    old = {p["name"]: p for p in before["players"]}
    for p in after["players"]:
        for result in ("lost", "won"):
            if p[result] and not old[p["name"]][result]:
                said.append(f"{p['name']} {result}")
    spoiled = [c for p in after["players"] for c in p["spoils"]]
    spoiled_before = [c for p in before["players"] for c in p["spoils"]]
    for card in set(spoiled):
        if types.get(card) not in SPELL_TYPES and spoiled.count(card) > spoiled_before.count(card):
            said.append(f"{card} died")
    return said


@pytest.mark.parametrize("path", SHARED, ids=[p.stem for p in SHARED])
def test_every_shared_replay_leads_with_what_decided_its_outcome(corpus, path):
    """The engine's outcome events are where the boards show a loss, a win or a death, and the
    sheet's lead starts with their rules; no rule of an earlier step's payment or cast leads."""
    from judge.engine.scenarios import replay

    result = replay.run_file(path)
    boards = [replay.final_dict(result.state_after(n)) for n in range(len(result.steps) + 1)]
    data = run_scenario(path)
    steps = [s for s in data["steps"] if s["n"] > 0 or s["action"] != "board set up"]
    decided = [n for n, step in enumerate(steps, 1) if any(e.get("kind") == "outcome" for e in step["events"])]
    import yaml

    types = {c["name"]: c["type"] for c in yaml.safe_load(path.read_text(encoding="utf-8"))["cards"]}
    assert decided == [n for n in range(1, len(boards)) if _board_outcomes(boards[n - 1], boards[n], types)]
    log, cited = read_log(data, source=path.name)
    lead = list(log.decisive)
    outcome_rules = list(
        dict.fromkeys(
            r if ":" in r else f"nd:{r}"
            for step in steps
            for e in step["events"]
            if e.get("kind") in ("outcome", "refusal")
            for r in e["rules"]
        )
    )
    if decided:
        assert lead[: len(outcome_rules)] == outcome_rules
        deciding_steps = set(decided) | {
            n for n, s in enumerate(steps, 1) if any(e.get("kind") == "refusal" for e in s["events"])
        }
        from_steps = {
            r if ":" in r else f"nd:{r}"
            for n, s in enumerate(steps, 1)
            if n in deciding_steps
            for e in s["events"]
            for r in e["rules"]
        }
        assert set(lead) <= from_steps, "a rule leads that no deciding step cites"
    sheet = build_sheet(corpus, cited, replay=log, alone=True, lead=lead, date=DAY)
    text = render([sheet], "text")
    lead_part = text.split(LEAD_TITLE.upper())[1].split("REPLAY")[0]
    printed = re.findall(r"^No Dawn CR (\d+(?:\.\d+[a-z]?)?)(?: —.*)?$", lead_part, re.M)
    assert printed == [corpus.get(r).number for r in lead if corpus.get(r) is not None]


def test_the_sweep_replay_leads_with_the_sweep_not_the_payment(corpus):
    log, _ = read_log(run_scenario(SHARED[0]), source=SHARED[0].name)
    assert SHARED[0].name.startswith("v01")
    lead = [r.removeprefix("nd:") for r in log.decisive]
    assert lead[:8] == ["704.3", "117.5", "704.5c", "704.5j", "704.7", "700.6", "104.5", "104.2a"]
    assert "601.2h" not in lead and "117.4" not in lead


@pytest.mark.parametrize("path", SHARED, ids=[p.stem for p in SHARED])
@pytest.mark.parametrize("fmt", ["text", "markdown", "html", "terminal"])
def test_no_test_expectation_on_a_sheet(corpus, path, fmt):
    """The scenario's own checks ("Ana: lost True") are the test's, not the players'."""
    data = run_scenario(path)
    assert data["expectations"]
    log, cited = read_log(data, source=path.name)
    out = render([build_sheet(corpus, cited, replay=log, alone=True, lead=list(log.decisive), date=DAY)], fmt)
    for expectation in data["expectations"]:
        assert expectation["text"] not in out
    for word in ("✓", "[ok]", "Expectations", " True", " False", " None"):
        assert word not in out
