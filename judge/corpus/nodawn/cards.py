"""No Dawn card files as corpus entries.

Each card in cards/nodawn/*.yaml becomes an entry `nd:card/<slug>` (kind "card") whose refs
point at every rule, example and glossary entry of the No Dawn rules that names the card, so
those entries list the card among what mentions them ("cited by"). Run by crosslinks.link_all.
"""

from __future__ import annotations

import re

from judge.cards.reader import load_card_files
from judge.corpus.model import Corpus, Entry, Problem, Ref, Span
from judge.corpus.slug import slugify
from judge.yamlio import ScenarioError

_SEARCHED_KINDS = {"rule", "subrule", "example", "glossary", "design-note", "appendix", "group"}


def _mention_pattern(name: str) -> re.Pattern:
    # Whole words, either apostrophe form ("Pallbearer's" / "Pallbearer’s").
    body = re.escape(name).replace("'", "['\u2019]")
    return re.compile(rf"(?<![\w-]){body}(?![\w-])")


def _summary(card) -> str:
    parts = [card.type + (" — " + " ".join(card.subtypes) if card.subtypes else "")]
    cost = card.cost
    block = [f"Vitae {cost.vitae}"] if cost.vitae else []
    if cost.master:
        block.append(f"◇{cost.master}")
    if cost.corruption:
        block.append(f"✚{cost.corruption:+d}")
    if cost.wrath:
        block.append(f"▷{cost.wrath:+d}")
    if block:
        parts.append("cost " + ", ".join(block) + (f" (from a {cost.source} source)" if cost.source else ""))
    if card.attack is not None or card.vigor is not None:
        parts.append(f"{card.attack or 0}/{card.vigor or 0}")
    if card.defense is not None:
        parts.append(f"Defense {card.defense}")
    if card.keywords:
        parts.append(", ".join(card.keywords))
    return "; ".join(parts)


def link(corpus: Corpus) -> None:
    try:
        cards = load_card_files()
    except ScenarioError as exc:  # a broken card file is reported, the rest of the corpus still loads
        corpus.problems.append(Problem("nd", "card-file", exc.describe()))
        return
    searched = [e for e in corpus.in_doc("nd") if e.kind in _SEARCHED_KINDS]
    for card in cards.values():
        entry_id = f"nd:card/{slugify(card.name)}"
        if entry_id in corpus.entries:
            continue
        pattern = _mention_pattern(card.name)
        refs = [Ref(card.name, e.id, kind="mention") for e in searched if pattern.search(e.text)]
        path, _, line = card.origin.rpartition(":")
        entry = Entry(
            id=entry_id,
            doc="nd",
            game="nodawn",
            kind="card",
            text=card.text,
            number=None,
            title=card.name,
            refs=refs,
            span=Span(line_start=int(line) if line.isdigit() else None),
            citation=f"No Dawn card — {card.name}",
            extra={
                "summary": _summary(card),
                "type": card.type,
                "file": path.rsplit("/", 1)[-1],
                "keywords": list(card.keywords),
            },
        )
        corpus.entries[entry_id] = entry
