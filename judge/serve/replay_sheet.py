"""What a replay step offers, as the TUI's basket does: its sheet to print, and the log form
pre-filled with the rules that decided the step.

The sheet of step N is `judge sheet --replay FILE` cut at step N: the steps up to it (with the
board's setting up), the notes of what is not modelled up to it, and at the last step the
expectations; the rules that decided the replay lead, read by judge.sheet.decisive as the
command reads them. A replay no sheet can be made of (an engine error, play stopped at a choice
the file does not answer) says why, in the command's words.
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.scenarios.replay import Replay, final_dict
from judge.sheet.decisive import decisive_rules, what_changed
from judge.sheet.replay_log import ReplayUnavailable, contract_data, read_log


def deciding_rules(replay: Replay, n: int) -> tuple[str, ...]:
    """The rules of step `n`'s decisive events (0: the board's setting up), in citing order.
    Read from the step alone, so that a replay stopped at a choice still has them."""
    if n == 0:
        events, changed = replay.scenario.setup_events, []
    else:
        events = replay.steps[n - 1].events
        changed = what_changed(final_dict(replay.state_after(n - 1)), final_dict(replay.state_after(n)))
    return decisive_rules([{"events": [e.to_dict() for e in events], "changed": changed}])[1]


def sheet_refusal(replay: Replay, label: str, n: int) -> str:
    """Why no sheet can be made of step `n` ('' when one can)."""
    try:
        through_step(replay, label, n)
    except ReplayUnavailable as exc:
        return str(exc)
    return ""


def through_step(replay: Replay, label: str, n: int) -> dict:
    """The replay's contract data cut after step `n` (all of it at the last step);
    ReplayUnavailable when no sheet can be made of it, or when nothing has happened yet."""
    data = contract_data(replay, label)
    if n < len(replay.steps):
        data = dict(
            data,
            steps=[s for s in data["steps"] if s.get("n", 0) <= n],
            expectations=[],
            not_modelled=[note for note in data.get("not_modelled") or [] if note.get("step", 0) <= n],
        )
    if not data["steps"]:
        raise ReplayUnavailable(
            "nothing has happened yet when the board is set up: step forward to print the replay through an action"
        )
    return data


def step_sheet(corpus, replay: Replay, label: str, n: int, as_of: str | None):
    """The sheet of step `n`; ReplayUnavailable when none can be made (the reason)."""
    from judge.editions.engine_rules import compare_cited  # deferred: start-up
    from judge.sheet.build import build_sheet  # deferred: start-up

    data = through_step(replay, label, n)
    log, cited = read_log(data, source=label)
    report = compare_cited(corpus, cited)  # as `judge sheet --replay`: a difference is warned of
    if report is not None and report.changes:
        log = replace(log, edition_note=report.sentence())
    lead = None if log.decisive is None else list(log.decisive)
    return build_sheet(corpus, cited, replay=log, alone=True, lead=lead, as_of=as_of)
