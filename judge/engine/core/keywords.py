"""The keyword abilities of rule 702 the engine gives meaning to: a registry that each keyword's
implementation adds to, next to the code that reads it.

A module that reads a keyword declares it once, at module level, and reads it by that name:

    VENOM = keywords.implements("Venom", "702.6")
    ...
    if ch.has(s, obj, VENOM): ...

`implements` records the keyword with its 702 rule and the parameter form the code reads
(PARAMETERS), and returns the keyword's name. MODELLED is what those declarations add up to
once the engine is imported (judge/engine/coverage/support.py imports it whole before it asks); a card
carrying a keyword that is not in MODELLED is not playable, and a scenario using it is refused
at load (support.py). tests/test_engine_structure.py checks that vocabulary keywords appear in
the engine's code only in such declarations, that each declared name is read, and
tests/test_keyword_table.py that rulings/nodawn/keywords.yaml agrees with MODELLED.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# The parameter forms a keyword may take (the words after the head word), as the rules write them.
PARAMETERS = {
    "none": 'no parameter ("Flying")',
    "number": 'a whole number ("Siege 3")',
    "cost": 'a cost in Vitae, a whole number ("Recall 2")',
    "quality": 'a quality, "from [quality]" ("Sanctity from Kaelite"; "Sanctity Kaelite" is read alike)',
    "optional-quality": 'nothing, or "from [quality]" ("Elusive", "Elusive from Kaelite")',
    "object": 'an object, "to [object]" ("Bind to Entity")',
}


@dataclass(frozen=True)
class Keyword:
    name: str
    rule: str  # its 702 rule ("702.6"); the events it causes cite its sub-rules
    parameter: str  # one of PARAMETERS


MODELLED: dict[str, Keyword] = {}


def implements(name: str, rule: str, parameter: str = "none") -> str:
    """Declare that the calling module gives the keyword `name` meaning. Every declaration of
    one keyword must agree on its rule and parameter form."""
    if parameter not in PARAMETERS:
        raise ValueError(f"{name}: unknown parameter form {parameter!r} (one of {', '.join(PARAMETERS)})")
    known = MODELLED.setdefault(name, Keyword(name, rule, parameter))
    if (known.rule, known.parameter) != (rule, parameter):
        raise ValueError(f"{name} is declared both as ({rule}, {parameter}) and as ({known.rule}, {known.parameter})")
    return name


def split(written: str) -> tuple[str, str]:
    """ "Siege 3" -> ("Siege", "3"); "Flying" -> ("Flying", "")."""
    head, _, rest = written.strip().partition(" ")
    return head, rest.strip()


_NUMBER = re.compile(r"^\d+$")


def parameter_problem(written: str) -> str | None:
    """What is wrong with a written keyword's parameter for the form the engine reads, or None.
    Only for modelled keywords."""
    head, rest = split(written)
    form = MODELLED[head].parameter
    if form == "none":
        return None if not rest else f"{head} takes no parameter, not {rest!r}"
    if form in ("number", "cost"):
        return None if _NUMBER.match(rest) else f"{head} needs {PARAMETERS[form]}, not {rest!r}"
    if form == "quality":
        return None if value(head, rest) else f"{head} needs {PARAMETERS[form]}"
    if form == "optional-quality":
        return (
            None
            if not rest or rest.startswith("from ") and value(head, rest)
            else f"{head} takes {PARAMETERS[form]}, not {rest!r}"
        )
    return None if rest.startswith("to ") and value(head, rest) else f"{head} needs {PARAMETERS[form]}, not {rest!r}"


def value(head: str, rest: str) -> str:
    """The parameter as the code reads it: "from Kaelite" -> "Kaelite", "to Entity" -> "Entity";
    a number or cost stays as written. An unknown keyword's parameter is returned unchanged."""
    known = MODELLED.get(head)
    form = known.parameter if known else "none"
    if form in ("quality", "optional-quality"):
        return rest.removeprefix("from ").strip()
    if form == "object":
        return rest.removeprefix("to ").removeprefix("target ").strip()
    return rest


def number(head: str, rest: str) -> int:
    """A number or cost parameter as an int (the card was checked at load: parameter_problem)."""
    return int(rest) if _NUMBER.match(rest or "") else 0
