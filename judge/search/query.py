"""The query language a judge types, parsed into filters, rule numbers and words.

    704.5j            that rule             704.5      the rule and its sub-rules
    704.5.            the rule alone        116.2b–c   a range (letters the document skips are skipped)
    game:nodawn       filter by game        kind:glossary   filter by kind (comma list allowed)
    doc:ce            filter by document (nd, lcg, ccg, ce, sf; saved for saved rulings)
    card:"iron column"  a card and its rulings
    "declare blockers"  a phrase            drained AND block, drain OR tap, block NOT flying
    anything else     plain words, ranked

Anything whoosh would reject (a stray quote, `AND AND`, a lone parenthesis) is read as plain words,
and so is a filter with nothing after it (`game:` is the word "game").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from judge.corpus import ranges
from judge.corpus.documents import DOCUMENTS, normalize_game
from judge.search.analysis import fold

# A rule number, optionally with a trailing period ("704.5." = the rule alone).
NUMBER_RE = re.compile(r"^(\d{3}(?:\.\d+[a-z]?)?)(\.?)$")
FILTER_RE = re.compile(r"^(game|kind|card|doc):(.*)$", re.IGNORECASE)


# A question a judge types is a sentence or two; these bounds are far above that and keep a
# pasted page from costing seconds (each unknown word costs a spelling look-up). docs/reference/limits.md.
MAX_QUERY_CHARS = 1000
MAX_QUERY_TERMS = 100


class QueryTooLarge(ValueError):
    """A query past the bounds above; the message says which and by how much."""


class UnknownFilter(ValueError):
    """A game:, kind: or doc: value (or --game/--kind) that names nothing searched: refused,
    never ignored (a filter silently widened or matching nothing would hide the answer)."""


def check_size(query: str) -> None:
    """Refuse a query longer than MAX_QUERY_CHARS characters or MAX_QUERY_TERMS terms."""
    if len(query) > MAX_QUERY_CHARS:
        raise QueryTooLarge(
            f"the query is {len(query):,} characters long; at most {MAX_QUERY_CHARS:,} "
            "are searched (shorten it to the words that matter)"
        )
    terms = len(query.split())
    if terms > MAX_QUERY_TERMS:
        raise QueryTooLarge(
            f"the query has {terms:,} terms; at most {MAX_QUERY_TERMS} are searched "
            "(shorten it to the words that matter)"
        )


@dataclass
class NumberTerm:
    number: str
    alone: bool = False  # "704.5." — the rule without its sub-rules
    doc: str | None = None  # "nd:704.5j" — that document's number only


@dataclass
class RangeTerm:
    start: str
    end: str
    doc: str | None = None


@dataclass
class ParsedQuery:
    raw: str
    games: list[str] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    docs: list[str] = field(default_factory=list)
    card: str | None = None
    numbers: list[NumberTerm | RangeTerm] = field(default_factory=list)
    words: str = ""  # what remains, for the text query
    unknown_games: list[str] = field(default_factory=list)


_TOKEN_RE = re.compile(r'[^\s"]*"[^"]*"[^\s"]*|[^\s"]+')


def _split(query: str) -> list[str]:
    """Split on spaces, keeping quoted phrases (and field:"quoted values") whole; with an
    unbalanced quote, the quotes are dropped and the words kept."""
    if query.count('"') % 2:
        query = query.replace('"', " ")
    return _TOKEN_RE.findall(query)


_DOC_KEYS = {d.key for d in DOCUMENTS}


def _number_term(bare: str) -> NumberTerm | RangeTerm | None:
    """A rule number or range, optionally prefixed by its document (`nd:116.2b–c`); None for a word."""
    doc, _, rest = bare.rpartition(":")
    if doc and doc.lower() not in _DOC_KEYS:
        return None
    doc_key = doc.lower() or None
    m = NUMBER_RE.match(rest)
    if m:
        return NumberTerm(m.group(1), alone=bool(m.group(2)), doc=doc_key)
    ends = ranges.parse(rest)
    return RangeTerm(*ends, doc=doc_key) if ends else None


_OPERATORS = ("AND", "OR", "NOT")


def uses_operators(words: str) -> bool:
    """Whether the words hold an operator that operates: a quoted phrase, AND/OR between two
    words, NOT before a word. A lone, doubled or trailing one ("NOT", "AND AND", "block NOT")
    is a plain word."""
    if '"' in words:  # _split has already dropped an unbalanced quote
        return True
    tokens = words.split()
    for i, token in enumerate(tokens):
        after = i + 1 < len(tokens) and tokens[i + 1] not in _OPERATORS
        if token == "NOT" and after:
            return True
        if token in ("AND", "OR") and after and i > 0 and tokens[i - 1] not in _OPERATORS:
            return True
    return False


def parse(query: str) -> ParsedQuery:
    parsed = ParsedQuery(raw=query)
    words: list[str] = []
    tokens = _split(fold(query).strip())
    i = 0
    while i < len(tokens):
        token = tokens[i]
        i += 1
        m = FILTER_RE.match(token)
        if m and not m.group(2).strip('"') and not (m.group(1).lower() == "card" and tokens[i:]):
            words.append(m.group(1))  # "game:" with nothing after it filters nothing: a word
            continue
        if m:
            key, value = m.group(1).lower(), m.group(2).strip('"')
            if key == "card":
                # card: takes the rest of the query unless the value was quoted
                if not m.group(2).startswith('"'):
                    value = " ".join([value] + [t.strip('"') for t in tokens[i:]]).strip()
                    i = len(tokens)
                parsed.card = value
            elif key == "game":
                for v in value.split(","):
                    g = normalize_game(v)
                    (parsed.games if g else parsed.unknown_games).append(g or v)
            elif key == "kind":
                parsed.kinds += [v.strip().lower() for v in value.split(",") if v.strip()]
            elif key == "doc":
                parsed.docs += [v.strip().lower() for v in value.split(",") if v.strip()]
            continue
        term = _number_term(token.strip(",;"))
        if term is not None:
            parsed.numbers.append(term)
            continue
        words.append(token)
    if words:
        # Among words, a bare three-digit number is more likely a quantity than a rule group.
        for term in [t for t in parsed.numbers if isinstance(t, NumberTerm) and "." not in t.number]:
            parsed.numbers.remove(term)
            words.append(term.number)
    parsed.words = " ".join(words)
    return parsed
