"""Back/forward history of visited entries, browser style.

Visiting a new place after going back drops the forward part, as a browser does.
"""

from __future__ import annotations


class History:
    def __init__(self, limit: int = 200) -> None:
        self._items: list[str] = []
        self._pos = -1
        self._limit = limit

    @property
    def current(self) -> str | None:
        return self._items[self._pos] if self._pos >= 0 else None

    @property
    def can_go_back(self) -> bool:
        return self._pos > 0

    @property
    def can_go_forward(self) -> bool:
        return self._pos < len(self._items) - 1

    def visit(self, item: str) -> None:
        if item == self.current:
            return
        del self._items[self._pos + 1 :]
        self._items.append(item)
        if len(self._items) > self._limit:
            del self._items[0]
        self._pos = len(self._items) - 1

    def back(self) -> str | None:
        if self.can_go_back:
            self._pos -= 1
            return self.current
        return None

    def forward(self) -> str | None:
        if self.can_go_forward:
            self._pos += 1
            return self.current
        return None

    def __len__(self) -> int:
        return len(self._items)

    # -- kept between sessions (judge.tui.session) ---------------------------------------------
    @property
    def items(self) -> list[str]:
        return list(self._items)

    @property
    def position(self) -> int:
        return self._pos

    def restore(self, items: list[str], position: int) -> None:
        """Back where a saved session left off; a position outside the items is refused."""
        items = list(items)[-self._limit :]
        if items and not 0 <= position < len(items):
            raise ValueError(f"position {position} is outside the {len(items)} entries")
        self._items, self._pos = items, (position if items else -1)
