"""The bounds on scenario, card and policy files (docs/reference/limits.md).

Each is far above anything a bundled file needs (measured: the largest bundled YAML is 55 KB,
nests 11 levels, holds 133 items in one list, a 837-character string and the number 778) and
far below what would take a machine's time or memory. A file past a bound is refused with its
file and line, never cut short.
"""

from __future__ import annotations

MAX_FILE_BYTES = 1024 * 1024  # one scenario or card file
MAX_EDITION_BYTES = 8 * 1024 * 1024  # one imported edition (the largest bundled document is 0.4 MiB)
MAX_DEPTH = 32  # mappings and lists inside one another
MAX_ITEMS = 10_000  # entries of one list or mapping (actions, cards, expectations…)
MAX_STRING = 10_000  # characters of one string (a title, a description, a card's text)
MAX_NUMBER = 1_000_000  # the size of any integer (a count, a meter, an amount)
MAX_LOOKUP_CHARS = 200  # an id, number or range typed to `judge show` (the longest id: 81 characters)
MAX_DOMAIN = 10_000  # `domain: N`, a count of unknown cards
