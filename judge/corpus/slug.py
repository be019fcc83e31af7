"""Slugs for entry ids: lower-case, ASCII-folded, non-alphanumerics collapsed to single hyphens.

Apostrophes vanish rather than split a word ("Dirk Wisely's Gambit" -> "dirk-wiselys-gambit"),
and so do thousands separators ("$10,000 Man" -> "10000-man"). And the key a name is compared by
(normalize_name), shared by card-name lookup (judge.search.cardnames) and judge.lookup.
"""

from __future__ import annotations

import re
import unicodedata

_APOSTROPHES = re.compile(r"['\u2019\u2018`]")
_DIGIT_SEPARATOR = re.compile(r"(?<=\d)[,.](?=\d)")
_NON_ALNUM = re.compile(r"[^a-z0-9]+")


def ascii_fold(text: str) -> str:
    """Drop accents and anything else that has no ASCII form."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")


def slugify(text: str) -> str:
    folded = ascii_fold(text).lower()
    folded = _APOSTROPHES.sub("", folded)
    folded = _DIGIT_SEPARATOR.sub("", folded)
    return _NON_ALNUM.sub("-", folded).strip("-")


def normalize_name(name: str) -> str:
    """'The $10,000 Man!' -> '10000 man': case, punctuation and a leading "The" don't count."""
    folded = ascii_fold(name).lower().replace("&", " and ")
    folded = re.sub(r"['\u2019,.$]", "", folded)  # "Chin's", "10,000", "Dr."
    folded = re.sub(r"[^a-z0-9]+", " ", folded).strip()
    if folded.startswith("the ") and len(folded) > 4:
        folded = folded[4:]
    return folded
