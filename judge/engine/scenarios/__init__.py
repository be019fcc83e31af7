"""Scenario files in, replays out.

Modules: scenario.py, scenario_objects.py, scenario_checks.py, replay.py.
May import: core, reading, choosing, triggered, performing, mechanics, checks, procedures, instructions, play, coverage.
"""
