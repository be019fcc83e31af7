"""How the station is served: one uvicorn configuration for `judge serve` and the tests' live
server alike, so what the tests exercise is what a venue runs."""

from __future__ import annotations

import uvicorn

from judge.serve.header_deadline import HeaderDeadlineProtocol
from judge.serve.tls import TLSFiles

MAX_CONNECTIONS = 200  # bench/speed/bench_serve.py's 50 judges use a quarter of it


def uvicorn_config(app, tls: TLSFiles | None = None) -> uvicorn.Config:
    # One process, one worker: the rulings log is written only through this process.
    # At most MAX_CONNECTIONS requests at once (more are answered 503 at once); headers must
    # arrive within header_deadline.HEADER_TIMEOUT and a body may not pause longer than
    # security.BODY_TIMEOUT, so half-sent requests cannot hold connections for good.
    # With `tls` (checked by judge.serve.tls.check_pair), https:// only: phones keep the station
    # for offline use only on a secure address.
    # No proxy stands in front: X-Forwarded-For/-Proto are a client's words, never its address or
    # scheme (uvicorn believes them from 127.0.0.1, or any address in $FORWARDED_ALLOW_IPS).
    return uvicorn.Config(
        app,
        log_level="warning",
        access_log=False,
        server_header=False,
        limit_concurrency=MAX_CONNECTIONS,
        http=HeaderDeadlineProtocol,
        proxy_headers=False,
        ssl_certfile=None if tls is None else str(tls.certfile),
        ssl_keyfile=None if tls is None else str(tls.keyfile),
    )
