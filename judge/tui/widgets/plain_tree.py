"""A Tree whose string labels are plain text: a board's names come from scenario files, and
Textual's Tree would read "[/x]" or "[link=…]" in a player's or a card's name as markup."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Tree

from judge.safe_text import one_line


class PlainTree(Tree):
    def process_label(self, label) -> Text:
        if isinstance(label, str):
            label = Text(one_line(label))
        return super().process_label(label)
