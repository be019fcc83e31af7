"""Writing a revision onto a saved ruling: amend, overturn or withdraw (`judge ruling amend|overturn|
withdraw`, the TUI's and the station's revise forms).

What each kind of revision needs, and why one is refused, is judge.rulings.revisions' to say; this
module checks the typed fields, reads the ruling's latest revision and appends the new one inside
one of the store's write transactions (RulingStore.transaction), so two judges revising the same
ruling at once cannot both append revision N.
"""

from __future__ import annotations

import datetime as dt

from judge.rulings.fields import problem as field_problem
from judge.rulings.revisions import CLI_OPTIONS, KINDS, Revision
from judge.rulings.revisions import refusal as revision_refusal
from judge.rulings.store import RevisionRefused, RulingsError, RulingStore, SavedRuling, insert_revision, stored_time


def revise(
    store: RulingStore,
    number: int,
    command: str,
    reason: str,
    judge: str = "",
    answer: str | None = None,
    question: str | None = None,
    cites: list[str] | tuple[str, ...] | None = None,
    at: dt.datetime | None = None,
    options: dict[str, str] = CLI_OPTIONS,
) -> SavedRuling:
    """Append a revision (amend, overturn or withdraw: judge.rulings.revisions.KINDS) to
    ruling #`number` of `store`, in one write transaction; refused (RulingsError naming the
    ruling) with nothing written. Returns the ruling as it now stands."""
    kind = KINDS[command]
    reason, judge = (reason or "").strip(), (judge or "").strip()
    for label, text, one_line in (
        ("the reason", reason, False),
        ("the judge", judge, True),
        ("the new ruling", answer or "", False),
        ("the question", question or "", False),
    ):
        why = field_problem(label, text, one_line)
        if why:
            raise RevisionRefused(f"ruling #{number} was not revised: {why}; nothing was written")
    cites = tuple(cites) if cites is not None else None
    if not store.exists():
        raise RevisionRefused(
            f"there is no saved ruling #{number} to {kind.command} in {store.path} "
            "(there is no log yet); nothing was written"
        )
    when = stored_time(at)
    with store.transaction() as conn:
        found, skipped = store.load(conn, "WHERE number = ?", (number,))
        if skipped:
            raise RulingsError(f"{skipped[0]}; nothing was written")
        current = found[0].revisions[-1] if found else None
        why = revision_refusal(number, kind, reason, judge, answer, question, cites, current, options)
        if why:
            raise RevisionRefused(f"{why} (in {store.path}); nothing was written")
        assert current is not None
        new = Revision(
            current.revision + 1,
            kind.status,
            current.question if question is None or not kind.new_text else question.strip(),
            current.answer if answer is None or not kind.new_text else answer.strip(),
            current.cites if cites is None or not kind.new_text else cites,
            judge,
            when,
            reason,
        )
        insert_revision(conn, number, new)
    revised = store.get(number)
    assert revised is not None
    return revised
