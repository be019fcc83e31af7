"""How a replay says what it does not rule on — the engine's notes, its defects, a choice it
stops at — in the same words in `judge replay`, the TUI and every sheet format. A leaf module:
the sheets use it without importing the engine."""

from __future__ import annotations

NOTE_LEAD = "not modelled here — "  # how the engine starts a note's text (judge/engine/core/events.py)
ENGINE_ERROR_LEAD = "engine error: "


def note_body(text: str) -> str:
    """A note's or an engine error's text without the lead every one of them starts with."""
    return text.removeprefix(NOTE_LEAD).removeprefix(ENGINE_ERROR_LEAD)


STOPPED = (
    "The replay stops before action {n}: it does not answer the choice play waits for. Answer it there, "
    "give it in advance (`answers:`), or let the engine take its stated default (`defaults: engine`)."
)


def not_modelled_head(count: int | None = None) -> str:
    counted = f" ({count})" if count else ""
    return f"Not modelled here{counted}: the engine does not play these, so the replay does not rule on them"


def note_place(step: int) -> str:
    """Where a note belongs: step 0 is the board as set up, with the scenario's cards."""
    return "the scenario's cards" if step == 0 else f"step {step}"


def rule_heading(title: str, text: str, number: str) -> str:
    """What a cited rule is called beside its number: its title, or (untitled) its first words."""
    if title:
        return title.rstrip(".")
    words = text.removeprefix(number).lstrip(". ").split()
    short = " ".join(words[:7])
    return (short + ("…" if len(words) > 7 else "")).rstrip(".")


def rule_number(rule_id: str) -> str:
    """A cited rule as the log names it: No Dawn's ids without their prefix (704.5j)."""
    return rule_id.removeprefix("nd:")


def counted(n: int, noun: str) -> str:
    """`n` and the noun in the number it takes: "1 damage counter", "2 damage counters", "0 cards"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def engine_edition_sentence(follows: str, read: str, changed: list[tuple[str, bool]]) -> str:
    """Said before a replay's steps once another edition of No Dawn is read than the one the
    engine plays (judge.editions.engine_rules): `changed` is (rule id, absent) for each cited
    rule that reads otherwise now."""
    head = f"The engine plays No Dawn edition {follows}; the rules are read in edition {read}"
    if not changed:
        return head + ": every rule this replay cites reads the same in both."
    listed = ", ".join(f"{rule_number(rule)} ({'not in it' if absent else 'reworded'})" for rule, absent in changed)
    verb = "reads" if len(changed) == 1 else "read"
    return (
        f"{head}, where {counted(len(changed), 'rule')} this replay cites {verb} otherwise: {listed}. "
        f"The replay follows the older text: check the ruling against the text in force."
    )


def said(value) -> str:
    """A value from a scenario or the board in a judge's words, never Python's: yes/no for a
    flag, "none" for nothing or nobody, a list as its items."""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None:
        return "none"
    if isinstance(value, (list, tuple)):
        return ", ".join(said(v) for v in value) or "none"
    if isinstance(value, dict):
        return ", ".join(wanted(str(k), v) for k, v in value.items()) or "none"
    return str(value)


def wanted(key: str, value) -> str:
    """One thing an expectation asks for: "lost", "not drained", "corruption 10"."""
    if value is True:
        return key.replace("_", " ")
    if value is False:
        return f"not {key.replace('_', ' ')}"
    return f"{key.replace('_', ' ')} {said(value)}"
