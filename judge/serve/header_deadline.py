"""A deadline for a request's headers, which uvicorn does not have.

uvicorn closes an idle keep-alive connection after a few seconds, and the station refuses a body
that stops arriving (security.BODY_TIMEOUT), but a client that opens a connection and sends its
request line and headers a byte at a time, or never ends them, holds the connection for as long
as it likes ("slowloris"): 150 such clients used to sit open for good. This protocol is uvicorn's
own HTTP/1.1 one with one addition: from the moment the server waits for a request's headers
(a new connection, or the next request on a kept-alive one that has started to arrive), they
must all have arrived within HEADER_TIMEOUT seconds, or the connection is closed.
"""

from __future__ import annotations

import asyncio

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_TIMEOUT = 20.0  # seconds; headers are one packet on any network a phone can use


class HeaderDeadlineProtocol(H11Protocol):
    header_timeout = HEADER_TIMEOUT

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self._headers_deadline: asyncio.TimerHandle | None = None
        super().connection_made(transport)
        self._arm_header_deadline()

    def data_received(self, data: bytes) -> None:
        # uvicorn cancels its keep-alive timer on any byte: the next request's headers are then
        # under our deadline instead, until they are complete.
        self._arm_header_deadline()
        super().data_received(data)
        self._disarm_once_headers_are_in()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._disarm_once_headers_are_in()  # a pipelined request may have been read meanwhile

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _waiting_for_headers(self) -> bool:
        return self.conn.their_state is h11.IDLE

    def _arm_header_deadline(self) -> None:
        if self._headers_deadline is None and self._waiting_for_headers():
            self._headers_deadline = self.loop.call_later(self.header_timeout, self._headers_late)

    def _disarm_once_headers_are_in(self) -> None:
        if not self._waiting_for_headers():
            self._disarm()

    def _disarm(self) -> None:
        if self._headers_deadline is not None:
            self._headers_deadline.cancel()
            self._headers_deadline = None

    def _headers_late(self) -> None:
        self._headers_deadline = None
        if self._waiting_for_headers() and not self.transport.is_closing():
            self.transport.close()
