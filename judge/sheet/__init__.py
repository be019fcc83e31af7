"""Ruling sheets: the cited rules of a ruling, in full, ready to hand over or print.

    from judge.sheet import build_sheet, render
    sheet = build_sheet(corpus, ["704.5j", "nd:118.6"], question=..., ruling=...)
    render([sheet], "markdown")   # or "html", "text", "terminal"

`markdown_for_ids` is the one-call form: ids (and collected steps) in, a Markdown sheet out.
"""

from __future__ import annotations

from judge.sheet.build import UnknownEntries, build_sheet
from judge.sheet.formats import RENDERERS, render
from judge.sheet.model import ReplayLog, ReplayStep, Sheet, StepEvent

FORMATS = tuple(RENDERERS)

__all__ = ["FORMATS", "Sheet", "UnknownEntries", "build_sheet", "markdown_for_ids", "render", "steps_log"]


def steps_log(steps) -> ReplayLog | None:
    """Replay steps collected one by one (objects with scenario, n, action and events as
    (text, rules) pairs) as one step log; None when there are none."""
    steps = list(steps or ())
    if not steps:
        return None
    scenarios = list(dict.fromkeys(str(getattr(s, "scenario", "")) for s in steps))
    return ReplayLog(
        title=", ".join(s for s in scenarios if s),
        source="",
        steps=tuple(
            ReplayStep(int(s.n), str(s.action), tuple(StepEvent(str(text), tuple(rules)) for text, rules in s.events))
            for s in steps
        ),
    )


def markdown_for_ids(corpus, ids, title: str = "", steps=(), **particulars) -> str:
    """A Markdown ruling sheet citing `ids`, with the step log of `steps` if any.

    `particulars` are build_sheet's keywords (question, ruling, event, table, judge, date).
    Raises UnknownEntries for an id the corpus does not hold.
    """
    sheet = build_sheet(corpus, list(ids), title=title, replay=steps_log(steps), **particulars)
    return render([sheet], "markdown")
