"""The analysis of analysis.py as whoosh analyzers, for the whoosh index (built with the cache,
and queried for operator and phrase queries only)."""

from __future__ import annotations

from whoosh.analysis import Filter, LowercaseFilter, RegexTokenizer, StopFilter

from judge.search.analysis import STOP_WORDS, TOKEN_PATTERN, _stem, _unapostrophe


class FoldApostrophes(Filter):
    """One spelling whatever the keyboard typed, contractions read as analysis.py reads them."""

    def __call__(self, tokens):
        for t in tokens:
            if "'" in t.text:
                word = _unapostrophe(t.text)
                if word is None:
                    continue
                t.text = word
            yield t


class StemWords(Filter):
    """Stem alphabetic tokens as analysis.py does; leave numbers and rule numbers alone."""

    def __call__(self, tokens):
        for t in tokens:
            if t.text.isalpha():
                t.text = _stem(t.text)
            yield t


def text_analyzer():
    """The whoosh analyzer; callers pass text through fold() first (indexing and querying)."""
    return (
        RegexTokenizer(TOKEN_PATTERN)
        | LowercaseFilter()
        | FoldApostrophes()
        | StopFilter(stoplist=STOP_WORDS, minsize=1)
        | StemWords()
    )


def spelling_analyzer():
    """Unstemmed words, for "did you mean": suggestions must be words a judge can read."""
    return RegexTokenizer(r"[^\W\d_]{3,}") | LowercaseFilter() | FoldApostrophes()
