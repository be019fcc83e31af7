"""Problems that cost something but not the answer (a cache rebuilt, a damaged rulings file left
out of search): said once per process on stderr, made safe for the terminal first."""

from __future__ import annotations

import sys

_said: set[str] = set()


def report_once(message: str) -> None:
    if message in _said:
        return
    _said.add(message)
    from judge.safe_text import one_line  # deferred: start-up

    print(f"judge: {one_line(message)}", file=sys.stderr)
