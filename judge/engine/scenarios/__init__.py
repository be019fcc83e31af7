"""Scenario files in, replays out.

    scenario.py         a scenario file read, validated with file and line, built into a starting state
    scenario_objects.py scenario_checks.py   a scenario's values, cards and objects; its references checked
    replay.py           the replay runner: steps, the final state, the expectations judged

May import: every sub-package (the top of the engine).
"""
