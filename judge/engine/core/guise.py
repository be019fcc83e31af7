"""Guises (708.2, 613.2 layer 1b): what a face-down spell or permanent is while face down.

A guise is a nameless 2/2 Entity with no text, no subtypes, no lineage and no cost; a Masquerade
or Shroud guise also has Toll 2 (708.2a). Each face-down object records which rule laid it down
(`Obj.guise`, 708.7), which is also what says how it may turn face up (708.8, faces.py).
"""

from __future__ import annotations

from judge.cards.model import CardDef

_PLAIN = CardDef(name="", type="Entity", attack=2, vigor=2, text="")
_TOLLED = CardDef(name="", type="Entity", attack=2, vigor=2, keywords=("Toll 2",), text="")

# the rule that laid the card face down -> the guise it wears
GUISES: dict[str, CardDef] = {
    "transmute": _PLAIN,  # 702.31a
    "masquerade": _TOLLED,  # 702.32a, 708.2a
    "evidence": _PLAIN,  # 702.33a
    "shroud": _TOLLED,  # 702.34a, 708.2a
    "sleeper": _PLAIN,  # a dormant Sleeper: the plain guise of 613.2 (702.39b, 708.2b)
}
