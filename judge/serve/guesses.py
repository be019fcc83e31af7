"""Access-code guessing, bounded: per client and for the whole station (issue 29).

The code is all that stands between the venue's Wi-Fi and the rulings log, so a wrong code costs
the guesser time. Each client (its peer address: the station never trusts a forwarded-for
header) has FREE_TRIES wrong codes; then each further wrong code locks it out for a period that
doubles from LOCKOUT_START up to LOCKOUT_MAX. Across all clients, at most STATION_PER_WINDOW
wrong codes are answered in any WINDOW seconds (a guesser with many addresses): past that every
code check waits until the window clears. A right code clears its client's count. Every wrong
code and every lockout is said on the head judge's terminal.

With these bounds a weekend (48 hours) answers at most 48 * 3600 / WINDOW * STATION_PER_WINDOW
= 86,400 wrong codes, which is why a code must be at least MIN_CODE_LENGTH characters
(settings.check_code): 8 characters of even the 26 letters are 2 * 10^11 codes, a 1 in
2.4 million chance for the whole weekend of guessing.
"""

from __future__ import annotations

import sys
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable

FREE_TRIES = 5
LOCKOUT_START = 30.0  # seconds
LOCKOUT_MAX = 15 * 60.0
WINDOW = 60.0
STATION_PER_WINDOW = 30
MAX_CLIENTS = 10_000  # remembered at once; the oldest is forgotten first


class GuessGuard:
    def __init__(self, clock: Callable[[], float] = time.monotonic, say: Callable[[str], None] | None = None) -> None:
        self._clock = clock
        self._say = say or (lambda line: print(f"judge serve: {line}", file=sys.stderr, flush=True))
        self._lock = threading.Lock()
        self._clients: OrderedDict[str, tuple[int, float]] = OrderedDict()  # client -> (wrong in a row, locked until)
        self._recent: deque[float] = deque()  # times of the station's wrong codes in the window

    def wait(self, client: str) -> float:
        """Seconds before this client's next code is checked (0: now)."""
        now = self._clock()
        with self._lock:
            self._forget_old(now)
            _, until = self._clients.get(client, (0, 0.0))
            station = (self._recent[0] + WINDOW - now) if len(self._recent) >= STATION_PER_WINDOW else 0.0
            return max(until - now, station, 0.0)

    def wrong(self, client: str) -> None:
        now = self._clock()
        with self._lock:
            count, _ = self._clients.pop(client, (0, 0.0))
            count += 1
            until = 0.0
            if count > FREE_TRIES:
                until = now + min(LOCKOUT_START * 2 ** (count - FREE_TRIES - 1), LOCKOUT_MAX)
            self._clients[client] = (count, until)
            while len(self._clients) > MAX_CLIENTS:
                self._clients.popitem(last=False)
            self._recent.append(now)
            self._forget_old(now)
            full = len(self._recent) >= STATION_PER_WINDOW
        line = f"wrong access code from {client} ({count} in a row)"
        if until:
            line += f"; it is locked out for {until - now:.0f} s"
        if full:
            line += (
                f"; {STATION_PER_WINDOW} wrong codes within {WINDOW:.0f} s: every code waits for the window to clear"
            )
        self._say(line)

    def right(self, client: str) -> None:
        with self._lock:
            self._clients.pop(client, None)

    def _forget_old(self, now: float) -> None:
        while self._recent and self._recent[0] <= now - WINDOW:
            self._recent.popleft()
