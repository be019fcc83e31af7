"""Text analysis shared by indexing, querying and highlighting.

Rule numbers stay whole tokens ("704.5j", "702.10"); apostrophes and curly quotes are folded
("can't" == "cannot"); only function words are stopped — the modal and negative words that carry
rules meaning (may, must, not, can't, if, unless, instead) are kept; alphabetic words are stemmed
(Snowball English, with the irregular and derived forms of rules/english-words.yaml).
The same reading as whoosh analyzers lives in whoosh_analysis.py: this module stays free of whoosh
(but for its stemmer), so a search that needs no whoosh query does not import it.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

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
NEGATIONS = {
    "cant": "cannot",
    "wont": "not",
    "dont": "not",
    "doesnt": "not",
    "didnt": "not",
    "isnt": "not",
    "arent": "not",
    "wasnt": "not",
    "werent": "not",
    "couldnt": "not",
    "wouldnt": "not",
    "shouldnt": "not",
    "havent": "not",
    "hasnt": "not",
    "hadnt": "not",
    "mustnt": "not",
}

# A rule number (704.5j, 702.10, 100.1), any other number, or a word with inner apostrophes.
TOKEN_PATTERN = r"\d+(?:\.\d+[a-z]?)?|[^\W\d_]+(?:'[^\W\d_]+)*|\w+"

_FOLD = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u02bc": "'",
        "`": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u2010": "-",
        "\u2011": "-",
        "\u2012": "-",
        "\u2013": "-",
        "\u2014": "-",
        "\u2015": "-",
        "\u2212": "-",
    }
)


def fold(text: str) -> str:
    """Normalise quotes, dashes, compatibility characters and symbols before tokenising."""
    text = unicodedata.normalize("NFKC", text).translate(_FOLD)
    symbols = _symbol_words()
    if symbols and any(ch in text for ch in symbols):
        text = "".join(f" {symbols[ch]} " if ch in symbols else ch for ch in text)
    return text


SYMBOLS_FILE = "rules/symbols.yaml"
ENGLISH_WORDS_FILE = "rules/english-words.yaml"
# The tables read from the two files above. A searcher that has them cached with its index hands
# them over (use_tables), so a search does not load YAML; otherwise they are read on first use.
_tables: dict | None = None


def _read(relative: str):
    import yaml

    from judge import paths  # deferred: start-up

    path = paths.data_root() / relative
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError) as e:
        raise ValueError(f"{path}: cannot be read: {e}") from e


def tables() -> dict:
    """The word tables analysis reads: symbols, irregular forms, derived forms."""
    global _tables
    if _tables is None:
        symbols = _read(SYMBOLS_FILE)
        english = _read(ENGLISH_WORDS_FILE)
        if not isinstance(symbols, dict) or not isinstance(english, dict) or set(english) - {"irregular", "derived"}:
            raise ValueError(f"{SYMBOLS_FILE} or {ENGLISH_WORDS_FILE}: unexpected layout")
        _tables = {
            "symbols": {str(sym): " ".join(words) for sym, words in symbols.items()},
            "irregular": {str(k).lower(): str(v).lower() for k, v in (english.get("irregular") or {}).items()},
            "derived": {stem(str(k).lower()): stem(str(v).lower()) for k, v in (english.get("derived") or {}).items()},
        }
    return _tables


def use_tables(cached: dict) -> None:
    """Take the tables from a cache built from the same files (the index's)."""
    global _tables
    if _tables is None:
        _tables = cached


def _symbol_words() -> dict[str, str]:
    """rules/symbols.yaml: each symbol and the words it is indexed and searched as."""
    return tables()["symbols"]


def _unapostrophe(word: str) -> str | None:
    """The word a token with apostrophes stands for (player's -> players, can't -> cannot,
    didn't -> not), or None for a pronoun's contraction (I've)."""
    folded = word.replace("'", "")
    if folded in PRONOUN_CONTRACTIONS:
        return None
    return NEGATIONS.get(folded, folded)


@lru_cache(maxsize=50_000)
def _stem(word: str) -> str:
    """Snowball's English stemmer (Porter's original leaves "tapped" as "tapp", apart from
    "tap"), after the irregular forms no stemmer can reduce ("stole" -> "steal") and with the
    derived words it keeps apart brought to their root ("ownership" -> "own")."""
    irregular, derived = _english_words()
    stemmed = stem(irregular.get(word, word))
    return derived.get(stemmed, stemmed)


def _english_words() -> tuple[dict[str, str], dict[str, str]]:
    """rules/english-words.yaml: irregular word -> base word; derived stem -> root stem."""
    t = tables()
    return t["irregular"], t["derived"]


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
    word: str | None = token.lower()
    if word and "'" in word:
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
