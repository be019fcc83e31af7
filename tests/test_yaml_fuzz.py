"""Mutated bundled scenarios and card files (issue 20, Deliver 7): every one either loads or is
refused with a ScenarioError that names the file and a line — never another exception, never a
hang. bench/fuzz/fuzz_yaml.py runs the same strategies with many more examples."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from yaml_mutations import CARD_FILES, SCENARIO_FILES, outcome, text_damage, wrong_type

FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None)


@FUZZ
@given(wrong_type(SCENARIO_FILES))
def test_a_wrong_type_anywhere_in_a_scenario_is_refused_with_a_line(text):
    outcome("scenario", text)


@FUZZ
@given(text_damage(SCENARIO_FILES))
def test_damaged_scenario_text_is_refused_with_a_line(text):
    outcome("scenario", text)


@FUZZ
@given(wrong_type(CARD_FILES))
def test_a_wrong_type_anywhere_in_a_card_file_is_refused_with_a_line(text):
    outcome("cards", text)


@FUZZ
@given(text_damage(CARD_FILES))
def test_damaged_card_file_text_is_refused_with_a_line(text):
    outcome("cards", text)
