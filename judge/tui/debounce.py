"""Typing is debounced: a search runs once the judge pauses, not on every key.

A `Debouncer` keeps the one waiting call and says whether one is waiting; `settled()` returns
once none is, so whoever needs the screen settled (a test, a snapshot) waits for that instead of
sleeping past the delay.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from textual.dom import DOMNode
from textual.timer import Timer

DEBOUNCE_SECONDS = 0.15


class Debouncer:
    def __init__(self, node: DOMNode, seconds: float = DEBOUNCE_SECONDS) -> None:
        self._node = node
        self._seconds = seconds
        self._timer: Timer | None = None
        self._idle = asyncio.Event()
        self._idle.set()

    @property
    def pending(self) -> bool:
        """True while a call waits for the pause in typing."""
        return self._timer is not None

    def call(self, callback: Callable[[], object]) -> None:
        """Run `callback` after the pause, instead of whatever was waiting (what it returns, a
        worker for instance, is not used)."""
        self.cancel()

        def fire() -> None:
            self._timer = None
            try:
                callback()
            finally:
                self._idle.set()

        self._idle.clear()
        self._timer = self._node.set_timer(self._seconds, fire)

    def cancel(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self._idle.set()

    async def settled(self) -> None:
        """Return once no call is waiting (the last one has run, or was cancelled)."""
        await self._idle.wait()
