"""How a saved ruling is corrected: revisions appended to it, never an edit in place.

Revision 1 is the ruling as first given. Each later one is an amendment (new text or citations,
with a reason), an overturn (an appeal's decision: by whom and why) or a withdrawal (entered in
error). What each kind needs is read from KINDS, one row a kind; every refusal names the ruling.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Kind:
    command: str  # the CLI's verb: judge ruling amend|overturn|withdraw
    status: str  # the ruling's status once this is its latest revision
    mark: str  # how the ruling is marked wherever it is shown
    needs_judge: bool  # who decided must be named (an appeal's decision is the head judge's)
    new_text: bool  # a new answer or citations may be given
    needs_new_text: bool  # … and must be
    at_station: bool  # a floor judge with the access code may make it at `judge serve`; else the
    #                   head judge's alone, at the terminal holding the log (judge ruling …)


KINDS: dict[str, Kind] = {
    k.command: k
    for k in (
        Kind("amend", "amended", "amended", needs_judge=False, new_text=True, needs_new_text=True, at_station=True),
        Kind(
            "overturn",
            "overturned",
            "overturned on appeal",
            needs_judge=True,
            new_text=True,
            needs_new_text=True,
            at_station=False,
        ),
        Kind(
            "withdraw",
            "withdrawn",
            "WITHDRAWN",
            needs_judge=False,
            new_text=False,
            needs_new_text=False,
            at_station=True,
        ),
    )
}
GIVEN = "given"  # revision 1's kind
STATUSES = {GIVEN} | {k.status for k in KINDS.values()}
_BY_STATUS = {k.status: k for k in KINDS.values()}


@dataclass(frozen=True)
class Revision:
    revision: int  # 1 is the ruling as first given
    kind: str  # "given", or a Kind's status: amended, overturned, withdrawn
    question: str
    answer: str
    cites: tuple[str, ...]
    judge: str  # who gave it (revision 1) or who made this revision
    at: str  # ISO 8601 with the judge's UTC offset
    reason: str = ""  # why (every revision after the first has one)

    @property
    def mark(self) -> str:
        return _BY_STATUS[self.kind].mark if self.kind in _BY_STATUS else ""

    def summary(self) -> str:
        """One line: "revision 2, amended 2026-11-30T15:00:00+01:00 by Kim: typo in the card's name"."""
        who = f" by {self.judge}" if self.judge else ""
        if self.revision == 1:
            return f"revision 1, given {self.at}{who}"
        return f"revision {self.revision}, {self.kind} {self.at}{who}: {self.reason}"


# How the CLI names what a revision takes; the station passes its form's labels instead.
CLI_OPTIONS = {"reason": "--reason", "judge": "--judge", "answer": "--answer"}


def mark_of(revisions: tuple[Revision, ...] | list[Revision]) -> str:
    """How a ruling with these revisions is marked: its latest kind's mark, and an overturn stays
    said when the overturning ruling is later amended ("overturned on appeal, amended"); a
    withdrawal says only that. "" for a ruling as given."""
    later = list(revisions[1:])
    if not later:
        return ""
    if later[-1].kind == KINDS["withdraw"].status:
        return later[-1].mark
    overturns = [i for i, r in enumerate(later) if r.kind == KINDS["overturn"].status]
    since = later[overturns[-1] :] if overturns else later[-1:]
    return ", ".join(dict.fromkeys(r.mark for r in since))


def refusal(
    number: int,
    kind: Kind,
    reason: str,
    judge: str,
    answer: str | None,
    question: str | None,
    cites: tuple[str, ...] | None,
    current: Revision | None,
    options: dict[str, str] = CLI_OPTIONS,
) -> str | None:
    """Why `kind` cannot be appended to ruling #`number` (its latest revision `current`, None when
    there is no such ruling), or None. Every message names the ruling, and what to fill in as
    `options` names it."""
    if current is None:
        return f"there is no saved ruling #{number} to {kind.command}"
    if current.kind == _status("withdraw"):
        return f"ruling #{number} was withdrawn ({current.at}); a withdrawn ruling is not revised"
    if not reason.strip():
        return f"to {kind.command} ruling #{number} needs a reason ({options['reason']})"
    if kind.needs_judge and not judge.strip():
        return (
            f"to {kind.command} ruling #{number} needs who decided ({options['judge']}): "
            "an appeal's decision is the head judge's"
        )
    given = [v for v in (answer, question, cites) if v is not None]
    if not kind.new_text and given:
        return f"to {kind.command} ruling #{number} takes a reason only, not new text or citations"
    if kind.needs_new_text:
        if answer is not None and not answer.strip():
            return f"to {kind.command} ruling #{number}, the new ruling cannot be empty"
        new = (
            current.answer if answer is None else answer.strip(),
            current.question if question is None else question.strip(),
            current.cites if cites is None else tuple(cites),
        )
        if new == (current.answer, current.question, current.cites):
            what = f"the new ruling ({options['answer']})" if kind.command == "overturn" else "new text or citations"
            return f"to {kind.command} ruling #{number} needs {what} differing from what it says now"
    return None


def _status(command: str) -> str:
    return KINDS[command].status
