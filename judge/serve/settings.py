"""What `judge serve` was started with, and the secrets that live as long as the process."""

from __future__ import annotations

import ipaddress
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from judge.serve.tls import TLSFiles

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765
# A request body larger than this is refused before it is read (413): a scenario upload is bounded
# by the YAML reader's 1 MiB (judge/input_limits.py); the margin covers the multipart framing.
MAX_BODY_BYTES = 1024 * 1024 + 64 * 1024
# The access code a head judge reads aloud: short, unambiguous characters (no 0/O, 1/l/I).
_CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
CODE_LENGTH = 10  # 31^10 ≈ 8 * 10^14 codes against a weekend's 86,400 answered guesses (serve/guesses.py)
MIN_CODE_LENGTH = 8  # a code given with --code (see serve/guesses.py for the arithmetic)


def check_code(code: str) -> str:
    """Why `code` cannot be the event's access code ('' when it can)."""
    if len(code) < MIN_CODE_LENGTH:
        return (
            f"--code must be at least {MIN_CODE_LENGTH} characters: the station answers up to 86,400 "
            f"wrong codes over a weekend, and a shorter code could be guessed in that time "
            f"(leave --code out for a generated {CODE_LENGTH}-character one)"
        )
    if not code.isprintable() or any(c.isspace() for c in code):
        return "--code must be letters, digits or punctuation a judge can type: no spaces or control characters"
    if len(set(code.lower())) < 3:
        return "--code repeats one or two characters: choose one that cannot be guessed"
    return ""


def is_loopback(host: str) -> bool:
    """True when only this machine can reach `host` (127.0.0.0/8, ::1, "localhost")."""
    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def new_access_code() -> str:
    return "".join(secrets.choice(_CODE_ALPHABET) for _ in range(CODE_LENGTH))


@dataclass(frozen=True)
class ServeSettings:
    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT
    # None: anyone who can reach the server may write (it listens on loopback only).
    access_code: str | None = None
    max_body_bytes: int = MAX_BODY_BYTES
    # The rulings log; None: the one `judge ruling` uses (JUDGE_RULINGS_DB, else the data folder).
    rulings_db: Path | None = None
    # A judge program's PostgreSQL archive searched for precedents beside the rules (judge[archive]);
    # not shown: the URL may hold a password.
    archive_url: str | None = field(default=None, repr=False)
    # The certificate and key for https:// (judge.serve.tls, checked before start); None: http://.
    tls: TLSFiles | None = None
    # Signs the CSRF tokens and the "code entered" marks; a restart invalidates both, by design.
    secret: bytes = field(default_factory=lambda: secrets.token_bytes(32), repr=False)

    @classmethod
    def for_host(
        cls, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, access_code: str | None = None, **more
    ) -> ServeSettings:
        """Settings for listening on `host`: a non-local host always has an access code (the one
        given, else a new one), so writing from the venue's Wi-Fi needs it."""
        if access_code is None and not is_loopback(host):
            access_code = new_access_code()
        return cls(host=host, port=port, access_code=access_code, **more)

    @property
    def scheme(self) -> str:
        return "https" if self.tls else "http"

    @property
    def writes_need_code(self) -> bool:
        return self.access_code is not None
