"""Citations that hold up (issue 15, item 5): every event a keyword produces cites that keyword's
702 rule. Swept over every collected scenario: an event (or refusal) whose words name a keyword the
engine models cites the keyword's rule; and every modelled keyword is cited by some event of the
suite, but for those whose whole effect is a static the card writes out (layers.ANTHEMS: Command),
which make no events."""

from __future__ import annotations

import re
from functools import cache

import pytest

import judge.engine.coverage.support  # noqa: F401 - the whole engine, every keyword declared
from judge.engine.core import keywords
from judge.engine.reading import layers
from judge.engine.scenarios.replay import run_file
from tests.test_engine_scenarios import SCENARIOS

_POLICY_NOTE = re.compile(r"\[policy C\d+: [^\]]*\]")
_RULE = re.compile(r"nd:(\d+\.\d+)")


@cache
def _events(path) -> tuple:
    replay = run_file(path)
    names = sorted(replay.scenario.state.cards, key=len, reverse=True)
    out = []
    for e in list(replay.scenario.setup_events) + [e for s in replay.steps for e in s.events]:
        if e.not_modelled or "nd:613.1f" in e.rules:
            continue  # a rule passed over; an effect granting or removing a keyword (layer 6) is not the keyword
        text = _POLICY_NOTE.sub("", e.text)
        for name in names:  # "Pack Wolf" is a card, not Pack
            text = text.replace(name, "")
        out.append((text, frozenset(m.group(1) for m in map(_RULE.match, e.rules) if m), e.text))
    return tuple(out)


def _named(text: str) -> list[str]:
    return [k for k in keywords.MODELLED if re.search(rf"(?<![\w-]){re.escape(k)}(?![\w-])", text)]


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_an_event_naming_a_keyword_cites_its_rule(path):
    wrong = [
        (k, full) for text, rules, full in _events(path) for k in _named(text) if keywords.MODELLED[k].rule not in rules
    ]
    assert wrong == []


@pytest.mark.slow
def test_every_keyword_the_engine_models_makes_events_that_cite_it():
    cited = {
        k
        for path in SCENARIOS
        for _, rules, _ in _events(path)
        for k, kw in keywords.MODELLED.items()
        if kw.rule in rules
    }
    silent = set(keywords.MODELLED) - cited
    assert silent == set(layers.ANTHEMS)  # an anthem is a static: the layers apply it, no event is made


def test_the_sweep_sees_keywords_where_they_are_named():
    assert _named("Bat Swarm has Flying: it can't be blocked") == ["Flying"]
    assert sorted(_named("Pit-marked casts; Siege 3 is met")) == ["Pit-marked", "Siege"]
    assert _named("a packed Packet, Flyingly") == []
