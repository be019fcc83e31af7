"""The judge name, table and event a browser last logged a ruling with, so the next form is
already filled in: kept in a cookie of its own (not secret, and shown only to that browser).

The cookie is JSON in URL-safe base64 (cookie-safe characters only). A cookie that does not
decode, or holds anything but those three short texts, is treated as absent: it only pre-fills
a form, and the form's values are checked when they are sent.
"""

from __future__ import annotations

import base64
import binascii
import json
from dataclasses import asdict, dataclass

from starlette.requests import Request
from starlette.responses import Response

COOKIE = "judge_log_as"
MAX_COOKIE_CHARS = 2048  # three one-line fields; a longer cookie is not one this server set


@dataclass(frozen=True)
class LoggedAs:
    judge: str = ""
    table: str = ""
    event: str = ""


def log_memory(request: Request) -> LoggedAs:
    raw = request.cookies.get(COOKIE, "")
    if not raw or len(raw) > MAX_COOKIE_CHARS:
        return LoggedAs()
    try:
        values = json.loads(base64.urlsafe_b64decode(raw.encode("ascii") + b"=" * (-len(raw) % 4)))
    except (ValueError, binascii.Error, UnicodeError):  # not a cookie this server wrote
        return LoggedAs()
    if (
        not isinstance(values, dict)
        or set(values) != {"judge", "table", "event"}
        or not all(isinstance(v, str) for v in values.values())
    ):
        return LoggedAs()
    return LoggedAs(**values)


def remember(response: Response, logged_as: LoggedAs, secure: bool = False) -> None:
    # Without the padding: an "=" would make the cookie a quoted string.
    value = base64.urlsafe_b64encode(json.dumps(asdict(logged_as)).encode()).decode("ascii").rstrip("=")
    if len(value) <= MAX_COOKIE_CHARS:  # a longer one would not be read back: not remembered
        response.set_cookie(COOKIE, value, httponly=True, samesite="strict", secure=secure)
