"""Which paragraph introduces a list item.

The L5R CCG documents set a rule out as a paragraph ending in a colon ("…except for these cards,
of which you can have only one each:") and its short list items as entries of their own ("- Any
Event"). An item alone scores well on few words but answers little: its paragraph is what a
judge cites. Items are linked to the paragraph that introduces them, so the index can count the
items' words toward the paragraph and the ranking can list the paragraph first.
"""

from __future__ import annotations

from judge.corpus.model import Corpus

LIST_ITEM_KINDS = frozenset({"bullet"})


def introductions(corpus: Corpus) -> dict[str, str]:
    """list item id -> the id of the paragraph that introduces it (the nearest paragraph before
    it among its siblings, ending in a colon); items without one are left out."""
    out: dict[str, str] = {}
    for parent in {e.parent for e in corpus.entries.values() if e.kind in LIST_ITEM_KINDS and e.parent}:
        lead = None
        parent_entry = corpus.get(parent)
        if parent_entry is None:  # a parent id the corpus lacks: nothing to introduce
            continue
        for sibling in corpus.children(parent_entry):
            if sibling.kind in LIST_ITEM_KINDS:
                if lead is not None:
                    out[sibling.id] = lead
            else:
                text = sibling.text.rstrip()
                lead = sibling.id if sibling.kind == "paragraph" and text.endswith(":") else None
    return out
