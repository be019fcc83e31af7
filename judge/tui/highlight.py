"""Which of a search's matched words the entry view marks: not the question's own words.

A judge types questions ("what happens when …"); the index keeps "what" and "when" (they can
tell rules apart, judge.search.analysis keeps its stop list short on purpose), but marking every
"when" in a rule's text hides the words that matched for a reason. The question words are
analysed as the search analyses text, so they drop out whatever form the index stores them in.
"""

from __future__ import annotations

from functools import lru_cache

QUESTION_WORDS = "what when where which who whom whose why how"


@lru_cache(maxsize=1)
def unmarked() -> frozenset[str]:
    from judge.search.analysis import STOP_WORDS, analyze

    return frozenset(STOP_WORDS) | frozenset(t for w in QUESTION_WORDS.split() for t in analyze(w))


def marked_terms(terms) -> frozenset[str]:
    """The matched terms worth marking in an entry's text."""
    return frozenset(terms) - unmarked()
