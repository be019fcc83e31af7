"""Editions the tests make from the bundled text: each edit is a function text -> text that
changes one known thing, failing loudly if the bundled text no longer holds what it edits."""

from __future__ import annotations

import re

from judge import paths

ND_PATH = "rules/nodawn/nodawn-comprehensive-rules.txt"
SF_PATH = "rulings/shadowfist/shadowfist-omnifaq-2007-08-10.txt"


def bundled(relpath: str) -> str:
    return (paths.data_root() / relpath).read_text(encoding="utf-8")


def replace_once(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, f"expected exactly one {old!r} in the bundled text"
    return text.replace(old, new)


def _renumber_line(line: str, shift: dict[str, str]) -> str:
    m = re.match(r"^(702\.\d+)([a-z]?)([. ].*)$", line)
    if m and m.group(1) in shift:
        return shift[m.group(1)] + m.group(2) + m.group(3)
    return line


def renumber_keywords(text: str) -> str:
    """A new keyword 702.14 Hush: Toll … Wield (702.14–702.18) move up one, with their sub-rules
    and examples; Bind to [object] (702.19) is deleted with its sub-rule."""
    lines = text.split("\n")
    start = lines.index("702.14. Toll")
    stop = lines.index("702.20. Recall")
    shift = {f"702.{n}": f"702.{n + 1}" for n in range(14, 19)}
    block = [_renumber_line(line, shift) for line in lines[start:stop]]
    bind = block.index("702.19. Bind to [object]")
    utility = block.index("Utility")
    del block[bind:utility]
    hush = [
        "702.14. Hush",
        "",
        "702.14a Hush is a static ability. A spell with Hush can't be the target of a Caprice.",
        "",
    ]
    return "\n".join(lines[:start] + hush + block + lines[stop:])


SENTENCE_OLD = "this check bites across turns"
SENTENCE_NEW = "this check applies across turns"


def reword_sentence(text: str) -> str:
    """704.5j: one word of one sentence changed."""
    return replace_once(text, SENTENCE_OLD, SENTENCE_NEW)


def change_example(text: str) -> str:
    """Only the example of 702.14a changes: 2 additional Vitae becomes 3."""
    return replace_once(
        text, "unless that player pays 2 additional Vitae.", "unless that player pays 3 additional Vitae."
    )


VENOM = (
    "An Entity with Vigor greater than 0 that has been dealt damage by a source with Venom since the "
    "last check is destroyed. The smallest scratch of a venomed blade is lethal."
)


def move_subrule(text: str) -> str:
    """704.5k (Venom) leaves 704.5 and becomes 704.6a, the first sub-rule of 704.6."""
    text = replace_once(text, f"704.5k {VENOM}\n\n", "")
    rule_704_6 = next(line for line in text.split("\n") if line.startswith("704.6. "))
    return replace_once(text, rule_704_6 + "\n", f"{rule_704_6}\n\n704.6a {VENOM}\n")


NEW_RULE = "704.8. A state-based action never uses the stack and cannot be responded to."


def add_and_delete(text: str) -> str:
    """A new rule 704.8 after 704.7's example; 705.3 deleted."""
    lines = text.split("\n")
    deleted = next(i for i, line in enumerate(lines) if line.startswith("705.3. "))
    assert lines[deleted + 1] == ""
    del lines[deleted : deleted + 2]
    example = next(i for i, line in enumerate(lines) if line.startswith("704.7. ")) + 2
    assert lines[example].startswith("Example: ") and lines[example + 1] == ""
    lines[example + 2 : example + 2] = [NEW_RULE, ""]
    return "\n".join(lines)


RULING_OLD = "If played in response to an effect that would smoke the subject, it will protect the subject."
RULING_NEW = "If played in response to an effect that would smoke the subject, it will not protect the subject."


def change_ruling(text: str) -> str:
    """Shadowfist: Charmed Life's second ruling says the opposite."""
    return replace_once(text, RULING_OLD, RULING_NEW)
