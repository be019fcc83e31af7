"""Hypothesis strategies for what a judge (or an attacker) types: queries, entry ids, rule
numbers and card names. Shared by tests/test_fuzz_queries.py (a modest count, in the suite) and
bench/fuzz/fuzz_queries.py (a high count, by hand).

Each strategy mixes the forms the parsers give a meaning to (rule numbers and ranges, filters,
operators, quotes) with the text that has broken judge before or could: rich and Textual markup,
control characters and escape sequences, lone surrogates (undecodable bytes in argv), any
Unicode, long runs of words.
"""

from __future__ import annotations

from hypothesis import strategies as st

# Words the documents use, so that some queries find something and exercise ranking and output.
WORDS = (
    "drained",
    "entity",
    "block",
    "damage",
    "province",
    "honor",
    "bowed",
    "charmed",
    "life",
    "smoke",
    "vitae",
    "corruption",
    "wrath",
    "haven",
    "spoils",
    "the",
    "can",
    "not",
    "may",
    "instead",
    "attack",
    "character",
    "card",
    "ruling",
    "glossary",
    "sheltered",
    "overrun",
)
MARKUP = (
    "[/x]",
    "[/]",
    "[bold]",
    "[/bold]",
    "[link=https://example.com]",
    "[/link]",
    "[on red]",
    "[@click=app.quit]",
    "\\[",
    "[",
    "]",
    ":smile:",
    "[b]x[/b",
    "[[",
    "]]",
    "[red]x[/blue]",
)
ESCAPES = (
    "\x1b[2J",
    "\x1b]0;pwned\x07",
    "\x1b]8;;https://e\x1b\\x\x1b]8;;\x1b\\",
    "\x1b[31m",
    "\x9b2J",
    "\x1bP1;2|x\x1b\\",
    "\r",
    "\n",
    "\t",
    "\x00",
    "\x7f",
    "\u202e",
    "\u2028",
)
OPERATORS = ("AND", "OR", "NOT", "AND AND", '"', '""', "(", ")", "*", "?", "~", "^2", "+", "-")
FILTER_NAMES = ("game:", "kind:", "card:", "doc:", "GAME:", "Card:")
FILTER_VALUES = (
    "nd",
    "nodawn",
    "lcg",
    "l5r-ccg",
    "sf",
    "all",
    "saved",
    "ruling,card",
    "glossary",
    '"charmed life"',
    "",
    ",",
    ",,",
    "x" * 40,
)
DOCS = ("nd", "lcg", "ccg", "ce", "sf", "saved", "zz", "")


@st.composite
def rule_numbers(draw) -> str:
    """Rule numbers, well and badly formed: 704.5j, 704.5z–a, 801–805, 704.5., 9999.99zz, 1.2.3."""
    group = draw(st.integers(0, 9999).map(str) | st.sampled_from(["704", "116", "801", "000", "100"]))
    # now and then past any bound: past SQLite's integers, past int()'s 4,300 digits
    huge = st.sampled_from([19, 20, 4301, 5000]).map(lambda digits: "9" * digits)
    rule = draw(st.none() | st.integers(0, 999).map(str) | huge)
    letter = draw(st.none() | st.sampled_from("abcjklmxyz") | st.text("abcz", min_size=2, max_size=3))
    number = group + (f".{rule}" if rule is not None else "") + (letter or "")
    form = draw(st.sampled_from(["plain", "alone", "range", "range", "nested"]))
    if form == "alone":
        return number + "."
    if form == "nested":
        return number + "." + draw(st.integers(0, 99).map(str))
    dash = draw(st.sampled_from(["–", "-", "—", "--", "–" * 3]))
    end = draw(st.sampled_from("azbj") | st.integers(0, 9999).map(str) | st.just(number) | huge)
    return f"{number}{dash}{end}"


def entry_ids() -> st.SearchStrategy[str]:
    """Ids as `judge show` takes them: doc:path, with odd docs, paths and separators."""
    path = st.text(st.sampled_from("abcz0159./-_:#"), max_size=30)
    return st.one_of(
        st.builds(lambda d, p: f"{d}:{p}", st.sampled_from(DOCS), path | rule_numbers()),
        st.builds(lambda p: f"sf:card/{p}", path),
        st.sampled_from(["saved:1", "saved:-1", "saved:99999999999999999999", "nd:glossary/", ":", "::"]),
    )


def _token() -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(WORDS),
        st.sampled_from(WORDS),
        rule_numbers(),
        st.builds(
            lambda n, v: n + v, st.sampled_from(FILTER_NAMES), st.sampled_from(FILTER_VALUES) | st.text(max_size=8)
        ),
        st.sampled_from(OPERATORS),
        st.sampled_from(MARKUP),
        st.sampled_from(ESCAPES),
        st.text(max_size=12),  # any Unicode (no surrogates)
        st.characters(categories=["Cs"]),  # an undecodable byte, as argv brings it
    )


@st.composite
def queries(draw) -> str:
    """A query: tokens joined by spaces or nothing; now and then a very long one."""
    if draw(st.integers(0, 19)) == 0:  # long: hundreds of words (the query-length bound's side)
        return " ".join(draw(st.lists(st.sampled_from(WORDS), min_size=100, max_size=400)))
    tokens = draw(st.lists(_token(), min_size=1, max_size=8))
    glue = draw(st.sampled_from([" ", " ", " ", "", "  ", "\t"]))
    return glue.join(tokens)


def card_names() -> st.SearchStrategy[str]:
    """Card names with typos, markup, controls, quotes, articles and Unicode."""
    known = st.sampled_from(
        [
            "Charmed Life",
            "charmed lyfe",
            "pocket demon",
            "The Iron Column",
            "iron",
            "Sacramental Fire",
            "a",
            "the",
            "THE THE",
            "'",
            '"',
        ]
    )
    return st.one_of(
        known,
        st.lists(_token(), min_size=1, max_size=4).map(" ".join),
        st.builds(lambda a, b: a + b, known, st.sampled_from(MARKUP + ESCAPES)),
    )
