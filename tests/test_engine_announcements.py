"""405.6's announcements, one table (rulings/nodawn/announcements.yaml), each member played
through the same situation (issue 32, item 1): "Every No Dawn announcement is counterable as if
it were a spell" (405.6c; policy C42's default).

For each member, the board is the first bundled scenario whose replay puts that member on top of
the stack; there its announcer's opponent casts a "counter target spell" Caprice at it (`top`)
and every player passes. Under C42's default the announcement is countered: it leaves the stack,
and the countering event cites 701.7a, 405.6c and the member's own rule. Under C42's 113.8
reading, "counter target spell" is refused against a member that is not a spell (601.2c), and a
"counter target spell or ability" counters every member under both readings. (The counter is a
Caprice costing nothing; policy C9's 500.10 reading lets it be cast in The Preparation.)"""

from __future__ import annotations

from functools import cache

import pytest
import yaml
from test_engine_scenarios import SCENARIOS

from judge.engine.play.actions import apply, waiting_choice
from judge.engine.reading import announcements
from judge.engine.scenarios.replay import run
from judge.engine.scenarios.scenario import load_string

TABLE = announcements.table()
COUNTERS = {
    "spell": {
        "name": "Null Word",
        "type": "Caprice",
        "cost": {"vitae": 0},
        "text": "Counter target spell.",
        "abilities": [{"spell": [{"counter": "target"}]}],
        "targets": [{"kind": "spell"}],
    },
    "spell or ability": {
        "name": "Null Word",
        "type": "Caprice",
        "cost": {"vitae": 0},
        "text": "Counter target spell or ability.",
        "abilities": [{"spell": [{"counter": "target"}]}],
        "targets": [{"kind": "spell or ability"}],
    },
}


def test_the_table_is_405_6s_list():
    """405.6: the seal, the fired Power, the set Power and Trap, the Procession departure, the
    called Debt, a Recall or Exhume or Pit-marked cast, Liturgy verses and Contract clauses, Dusk
    and Dawn rites, drop-rites."""
    assert [a.id for a in TABLE] == [
        "pit-seal",
        "fired-power",
        "set-power",
        "set-trap",
        "procession-departure",
        "called-debt",
        "recall-cast",
        "exhume-activation",
        "pit-marked-cast",
        "liturgy-verse-or-contract-clause",
        "dusk-rite",
        "dawn-rite",
        "drop-rite",
    ]
    assert all(a.played for a in TABLE)  # none is refused today (a refused one would say `why`)


@cache
def boards() -> dict:
    """member id -> (scenario path, the number of actions after which it is on top of the stack,
    its announcer) — the first bundled scenario that announces it."""
    found: dict = {}
    for path in SCENARIOS:
        replay = run(_load(path))
        for n in range(len(replay.steps) + 1):
            state = replay.state_after(n)
            if not state.stack or waiting_choice(state) is not None or state.game_over:
                continue
            member = announcements.member(state.stack[-1])
            if member is not None and member.id not in found:
                found[member.id] = (path, n, state.stack[-1].controller)
        if len(found) == len(TABLE):
            break
    return found


def _load(path, text: str | None = None):
    return load_string(text if text is not None else path.read_text(), str(path))


def situation(member_id: str, counter: str, policies: dict | None = None):
    """The member's board, played to the announcement; the opponent then casts the counter at
    the top of the stack, and every player passes. Returns (state at the announcement, the
    events of the cast, the events of the passes, the state after)."""
    path, n, announcer = boards()[member_id]
    data = yaml.safe_load(path.read_text())
    data["cards"] = [c for c in data.get("cards") or [] if c.get("name") != "Null Word"] + [COUNTERS[counter]]
    opponent = next(p["name"] for p in data["players"] if p["name"] != announcer)
    for p in data["players"]:
        if p["name"] == opponent:
            p["hand"] = list(p.get("hand") or []) + [{"card": "Null Word", "id": "null-word"}]
    data["actions"] = (data.get("actions") or [])[:n]
    data["expect"] = [{"stack": 0}]
    # C9's 500.10 reading: the Caprice may be cast on a board in The Preparation too (its default
    # allows only Powers then) — the same counter on every board
    data["policies"] = {**(data.get("policies") or {}), "C9": "500.10", **(policies or {})}
    state = run(_load(path, yaml.safe_dump(data, sort_keys=False))).final
    announced = state
    item = state.stack[-1]
    assert announcements.member(item).id == member_id
    while state.priority != opponent:
        state, _ = apply(state, {"player": state.priority, "pass": True})
    state, cast = apply(state, {"player": opponent, "cast": "null-word", "targets": ["top"]})
    if any(e.refused for e in cast):
        return announced, cast, [], state
    state, passed = apply(state, "pass")
    return announced, cast, passed, state


@pytest.mark.slow
@pytest.mark.parametrize("member", [a.id for a in TABLE])
def test_a_bundled_scenario_announces_each_member(member):
    assert member in boards(), f"no bundled scenario puts the {member} announcement on the stack"


@pytest.mark.parametrize("member", [a for a in TABLE], ids=lambda a: a.id)
@pytest.mark.parametrize("counter", ["spell", "spell or ability"])
def test_each_announcement_is_countered_as_if_it_were_a_spell(member, counter):
    announced, cast, passed, after = situation(member.id, counter)
    item = announced.stack[-1]
    assert not any(e.refused or e.engine_error for e in cast + passed), [e.text for e in cast + passed]
    assert item.uid not in [i.uid for i in after.stack]
    countered = [e for e in passed if "is countered" in e.text]
    assert len(countered) == 1, [e.text for e in passed]
    assert {"nd:701.7a", "nd:405.6c", f"nd:{member.rules[0]}"} <= set(countered[0].rules)
    assert not any("resolves" in e.text and item.label and e.text.startswith(item.label) for e in passed)


@pytest.mark.parametrize("member", [a for a in TABLE if not a.is_spell], ids=lambda a: a.id)
def test_under_113_8_only_spells_are_spells(member):
    _, cast, _, _ = situation(member.id, "spell", {"C42": "113.8"})
    assert [e.refused for e in cast] == [True]
    assert "nd:601.2c" in cast[0].rules
    _, cast, passed, _ = situation(member.id, "spell or ability", {"C42": "113.8"})
    assert [e for e in cast + passed if e.refused] == []


def test_a_departure_countered_leaves_the_master_home():
    """C4's default (405.6): the departure rides the stack; countered, nobody sets out."""
    announced, _, passed, after = situation("procession-departure", "spell")
    player = announced.stack[-1].controller
    assert after.player(player).procession is None
    assert [o for o in announced.stack[-1].batch if o != "master"] == [
        o for o in announced.stack[-1].batch if o != "master" and o in after.player(player).hand
    ]
    assert any(e.policy is None and "nobody sets out" in e.text for e in passed)
