"""judge serve running for real — uvicorn in a background thread on a loopback port the OS
picks — for the tests that need a socket (the browser test, the command's start-up).

In-process on purpose: the server reads the session's corpus through judge.context, as the
route tests do, so no test waits for a second parse.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn

from judge.serve.server import uvicorn_config


@contextmanager
def running(app, startup_timeout: float = 20.0) -> Iterator[str]:
    """Serve `app` on 127.0.0.1:<free port> while the block runs; yields its base URL —
    https:// when the app's settings carry a certificate (ServeSettings.tls), as `judge serve`."""
    # IPPROTO_TCP as `judge serve`'s getaddrinfo gives it: asyncio sets TCP_NODELAY only on sockets
    # that say so, and without it each keep-alive request waited ~40 ms for a delayed ACK.
    listening = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listening.bind(("127.0.0.1", 0))
    listening.listen(64)
    port = listening.getsockname()[1]
    # The station's own settings say whether it serves https://; a bare ASGI app is served http://.
    tls = getattr(getattr(getattr(app, "state", None), "settings", None), "tls", None)
    server = uvicorn.Server(uvicorn_config(app, tls=tls))  # as `judge serve` runs it
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + startup_timeout
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("judge serve did not start in the test")
        time.sleep(0.02)
    try:
        yield f"{'https' if tls else 'http'}://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        listening.close()
