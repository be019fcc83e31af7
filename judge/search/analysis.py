"""Text analysis shared by indexing, querying and highlighting.

Rule numbers stay whole tokens ("704.5j", "702.10"); apostrophes and curly quotes are folded
("can't" == "cannot"); only function words are stopped — the modal and negative words that carry
rules meaning (may, must, not, can't, if, unless, instead) are kept; alphabetic words are stemmed
(Snowball English, with the irregular and derived forms of rules/english-words.yaml).
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from whoosh.analysis import Filter, LowercaseFilter, RegexTokenizer, StopFilter
from whoosh.lang.porter2 import stem

# Words too common to help ranking. Deliberately absent: may, must, not, no, can, cannot, can't,
# if, unless, instead, only, each, all, any, before, after, until — they change what a rule says.
STOP_WORDS = frozenset(
    "a an the of to and or in on at by for from with as is are was were be been being it its "
    "this that these those there their they them he she his her him i me my you your we our".split()
)

# Contractions, read after apostrophes are folded. A pronoun's ("I've", "they're") is a function
# word and is dropped; a negative one keeps only its negation, so "doesn't" matches "does not"
# and "can't" matches "cannot". Only tokens typed with an apostrophe are read this way ("ill").
PRONOUN_CONTRACTIONS = frozenset(
    f"{p}{s}" for p in "i you we they he she it that there who what".split() for s in ("ve", "d", "ll", "m", "re", "s")
)
NEGATIONS = {"cant": "cannot", "wont": "not", "dont": "not", "doesnt": "not", "didnt": "not", "isnt": "not",
             "arent": "not", "wasnt": "not", "werent": "not", "couldnt": "not", "wouldnt": "not",
             "shouldnt": "not", "havent": "not", "hasnt": "not", "hadnt": "not", "mustnt": "not"}

# A rule number (704.5j, 702.10, 100.1), any other number, or a word with inner apostrophes.
TOKEN_PATTERN = r"\d+(?:\.\d+[a-z]?)?|[^\W\d_]+(?:'[^\W\d_]+)*|\w+"

_FOLD = str.maketrans({
    "\u2018": "'", "\u2019": "'", "\u02bc": "'", "`": "'",
    "\u201c": '"', "\u201d": '"',
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2015": "-",
    "\u2212": "-",
})


def fold(text: str) -> str:
    """Normalise quotes, dashes, compatibility characters and symbols before tokenising."""
    text = unicodedata.normalize("NFKC", text).translate(_FOLD)
    symbols = _symbol_words()
    if symbols and any(ch in text for ch in symbols):
        text = "".join(f" {symbols[ch]} " if ch in symbols else ch for ch in text)
    return text


@lru_cache(maxsize=1)
def _symbol_words() -> dict[str, str]:
    """rules/symbols.yaml: each symbol and the words it is indexed and searched as."""
    import yaml

    from judge import paths

    try:
        data = yaml.safe_load((paths.data_root() / "rules" / "symbols.yaml").read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError):
        return {}
    return {str(sym): " ".join(words) for sym, words in (data or {}).items()}


def _unapostrophe(word: str) -> str | None:
    """The word a token with apostrophes stands for (player's -> players, can't -> cannot,
    didn't -> not), or None for a pronoun's contraction (I've)."""
    folded = word.replace("'", "")
    if folded in PRONOUN_CONTRACTIONS:
        return None
    return NEGATIONS.get(folded, folded)


class FoldApostrophes(Filter):
    """One spelling whatever the keyboard typed, contractions read as above."""

    def __call__(self, tokens):
        for t in tokens:
            if "'" in t.text:
                word = _unapostrophe(t.text)
                if word is None:
                    continue
                t.text = word
            yield t


class StemWords(Filter):
    """Porter-stem alphabetic tokens; leave numbers and rule numbers alone."""

    def __call__(self, tokens):
        for t in tokens:
            if t.text.isalpha():
                t.text = _stem(t.text)
            yield t


@lru_cache(maxsize=50_000)
def _stem(word: str) -> str:
    """Snowball's English stemmer (Porter's original leaves "tapped" as "tapp", apart from
    "tap"), after the irregular forms no stemmer can reduce ("stole" -> "steal") and with the
    derived words it keeps apart brought to their root ("ownership" -> "own")."""
    irregular, derived = _english_words()
    stemmed = stem(irregular.get(word, word))
    return derived.get(stemmed, stemmed)


@lru_cache(maxsize=1)
def _english_words() -> tuple[dict[str, str], dict[str, str]]:
    """rules/english-words.yaml: irregular word -> base word; derived stem -> root stem."""
    import yaml

    from judge import paths

    try:
        data = yaml.safe_load((paths.data_root() / "rules" / "english-words.yaml").read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError):
        return {}, {}
    data = data if isinstance(data, dict) else {}
    irregular = {str(k).lower(): str(v).lower() for k, v in (data.get("irregular") or {}).items()}
    derived = {stem(str(k).lower()): stem(str(v).lower()) for k, v in (data.get("derived") or {}).items()}
    return irregular, derived


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


_WORD_RE = re.compile(TOKEN_PATTERN)


def analyze(text: str) -> list[str]:
    """The index terms of a text, in order (used for highlighting and vocabularies)."""
    out = []
    for match in _WORD_RE.finditer(fold(text)):
        word = _word(match.group(0))
        if word is None:
            continue
        out.append(_stem(word) if word.isalpha() else word)
    return out


def _word(token: str) -> str | None:
    """A token as the analyzer sees it before stemming, or None when it is stopped."""
    word = token.lower()
    if "'" in word:
        word = _unapostrophe(word)
    return None if word is None or word in STOP_WORDS else word


def term_spans(text: str) -> list[tuple[int, int, str]]:
    """(start, end, term) for every indexable token of `text`, offsets into `text` itself.

    Only the one-for-one character folds are applied here, so offsets stay aligned.
    """
    folded = text.translate(_FOLD)
    spans = []
    for match in _WORD_RE.finditer(folded):
        word = _word(match.group(0))
        if word is None:
            continue
        spans.append((match.start(), match.end(), _stem(word) if word.isalpha() else word))
    return spans
