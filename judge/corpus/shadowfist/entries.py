"""The inside of one card entry: PAP and ERRATA markers, the errata card text, the leading
`See` chain, and the rulings after it.

    <Card Name> [PAP] [ERRATA <type line> <card text> [No rulings]] (See <Topic> [(date)])*
                [See <Card> (SET) for [more |other ]rulings.] <ruling> [(date)] ...
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from judge.corpus.shadowfist.cards import CardHeading, SeeParser, SeeRef
from judge.corpus.shadowfist.text import RulingUnit, ruling_units, sentence_spans, tokenize, vocabulary

_TYPE_LINE = re.compile(
    r"(?P<type>.+?) (?:Generates: (?P<generates>\S+) )?Cost: (?P<cost>(?:\[\w+\] )*(?:\d+|X))"
    r"(?: Fighting: (?P<fighting>\S+))?(?: Body: (?P<body>\S+))?(?: Provides: (?P<provides>\[\w+\](?: \[\w+\])*))?"
    r"(?= |$)"
)
_NO_RULINGS = "No rulings"


@dataclass
class Errata:
    """The corrected card text an ERRATA entry prints."""

    start: int  # after "ERRATA "
    end: int  # end of the card text
    type: str = ""
    cost: str = ""
    fighting: str = ""
    body: str = ""
    generates: str = ""
    provides: str = ""
    rules_start: int = 0  # where the rules text begins, after the type line
    end_signal: str = ""  # what ended it: "No rulings" | "See" | "heuristic" | "end of file"
    no_rulings: bool = False


@dataclass
class CardBody:
    heading: CardHeading
    pap: bool = False
    errata: Errata | None = None
    see: list[SeeRef] = field(default_factory=list)
    head_end: int = 0  # end of the markers, errata and See chain (before the first ruling)
    rulings: list[RulingUnit] = field(default_factory=list)
    inline_see: list[SeeRef] = field(default_factory=list)  # "See Card (SET) for more rulings." later on
    truncated: bool = False


def parse_card_body(text: str, heading: CardHeading, see: SeeParser, at_eof: bool) -> CardBody:
    body = CardBody(heading, pap=heading.pap)
    tokens = tokenize(text, heading.start + len(heading.name), heading.end)
    k = 0
    if k < len(tokens) and tokens[k].word == "PAP":
        body.pap = True
        k += 1
    if k < len(tokens) and tokens[k].word == "ERRATA":
        k += 1
        errata = _parse_errata(text, tokens, k, heading.end, see, at_eof)
        body.errata = errata
        while k < len(tokens) and tokens[k].start < errata.end:
            k += 1
        if errata.no_rulings:
            k += 2
    k, body.see = see.chain(text, tokens, k)
    body.head_end = tokens[k - 1].end if k else heading.start + len(heading.name)
    body.truncated = at_eof
    if k < len(tokens):
        for unit in ruling_units(text, tokens[k].start, heading.end):
            hit = see.at(text, tokenize(text, unit.start, unit.end), 0)
            if hit and hit[1].kind == "card" and hit[1].end == unit.end:
                body.inline_see.append(hit[1])  # a cross-reference, not a ruling
            else:
                body.rulings.append(unit)
    return body


def _parse_errata(text: str, tokens, k: int, end: int, see: SeeParser, at_eof: bool) -> Errata:
    start = tokens[k].start if k < len(tokens) else end
    errata = Errata(start, end)
    m = _TYPE_LINE.match(text, start, end)
    if m:
        for name in ("type", "cost", "fighting", "body", "generates", "provides"):
            setattr(errata, name, m.group(name) or "")
        errata.rules_start = min(end, m.end() + 1)
    else:
        errata.rules_start = start
    region = text[errata.rules_start : end]
    marker = region.find(" " + _NO_RULINGS)
    see_at = next(
        (
            tokens[j].start
            for j in range(k, len(tokens))
            if tokens[j].start >= errata.rules_start and see.at(text, tokens, j)
        ),
        None,
    )
    if marker != -1 and (see_at is None or errata.rules_start + marker < see_at):
        errata.end, errata.end_signal, errata.no_rulings = errata.rules_start + marker, _NO_RULINGS, True
    elif see_at is not None:
        errata.end, errata.end_signal = see_at - 1, "See"
    else:
        errata.end, errata.end_signal = _card_text_end(text, errata.rules_start, end)
        if errata.end == end and at_eof:
            errata.end_signal = "end of file"
    return errata


def _card_text_end(text: str, start: int, end: int) -> tuple[int, str]:
    """Card text runs until the first sentence (after its first) that opens like a ruling."""
    openers = vocabulary().ruling_openers
    spans = sentence_spans(text, start, end)
    for s, _ in spans[1:]:
        if any(p.match(text, s) for p in openers):
            return s - 1, "heuristic"
    return end, "heuristic"
