"""The keyword abilities of rule 702 the engine gives meaning to: keyword -> the rule that
defines it (an event a keyword causes cites it).

The card format accepts every keyword of judge/cards/vocabulary.py (KEYWORDS); only those
listed here have a code path, where the engine asks `characteristics.has(s, obj, KEYWORD)`,
`keyword_value` or `CardDef.has` (Siege and Pack are read as the `while:` conditions of the
statics, layers.condition_holds). To give a keyword meaning: read it where the rules apply it,
and list it here; tests/test_engine_structure.py checks that this table names exactly the
keywords the engine reads.
"""
from __future__ import annotations

MODELLED: dict[str, str] = {
    "Celerity": "702.2",
    "Frenzy": "702.3",
    "Vigilance": "702.4",
    "Feed": "702.5",
    "Venom": "702.6",
    "Overrun": "702.7",
    "Dread": "702.8",
    "Bloodlust": "702.9",
    "Flying": "702.10",
    "Reach": "702.11",
    "Deathless": "702.12",
    "Elusive": "702.13",
    "Toll": "702.14",
    "Sanctity": "702.15",
    "Ambush": "702.16",
    "Bulwark": "702.17",
    "Wield": "702.18",
    "Bind": "702.19",
    "Recall": "702.20",
    "Bleed": "702.21",
    "Exhume": "702.22",
    "Despoil": "702.23",
    "Pit-marked": "702.24",
    "Tribute": "702.25",
    "Muster": "702.26",
    "Scholarship": "702.27",
    "Champion": "702.28",
    "Siege": "702.29",
    "Transmute": "702.31",
    "Masquerade": "702.32",
    "Evidence": "702.33",
    "Shroud": "702.34",
    "Mandate": "702.35",
    "Entwine": "702.35",
    "Backlash": "702.36",
    "Conscript": "702.38",
    "Contagion": "702.40",
    "Decay": "702.41",
    "Devour": "702.43",
    "Pack": "702.44",
    "Scatter": "702.45",
    "Revenant": "702.46",
    "Immure": "702.47",
    "Reckoning": "702.50",
}
