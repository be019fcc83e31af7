"""The browser session, CSRF tokens, the access code for writes, body-size limits, headers.

- Every browser gets a random session id in an HttpOnly, SameSite=Strict cookie.
- Every form carries a CSRF token: an HMAC of the session id under the process's secret. A POST
  whose token does not match is refused (403) before anything is written.
- With an access code (a non-local host, or --code), writing needs it: typed into the form, or
  entered once at /unlock, after which the session carries a signed "code entered" mark.
- A body longer than the limit is refused with 413, whether it announced its length or not.
- Every response carries a Content-Security-Policy that allows only the server's own files
  (a page may set a stricter one of its own: judge/serve/sheet_page.py).
- Over https:// (--certfile/--keyfile) the cookies are Secure and every response says
  Strict-Transport-Security; over http:// neither (a browser keeps no Secure cookie from http://).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import re
import secrets
from http.cookies import CookieError, SimpleCookie

from starlette.datastructures import FormData
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from judge.serve.settings import ServeSettings

BODY_TIMEOUT = 30.0  # seconds a request body may pause before it is refused (408)
SESSION_COOKIE = "judge_session"
WRITER_COOKIE = "judge_writer"
CSRF_FIELD = "csrf"
CODE_FIELD = "code"
_SESSION_ID = re.compile(r"[A-Za-z0-9_-]{22,64}")

SECURITY_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        b"form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
]
# A week, this host only (no includeSubDomains): a phone that reached the station over https://
# does not fall back to http:// for the rest of the event. Not longer: HSTS covers every port of
# the host name and cannot be clicked through, so a laptop later serving plain http:// under the
# same name would be refused for as long. (Browsers ignore HSTS from a bare IP address.)
HSTS = (b"strict-transport-security", b"max-age=604800")


def security_headers(settings: ServeSettings) -> list[tuple[bytes, bytes]]:
    """The headers every response carries; HSTS only when the station serves https://."""
    return SECURITY_HEADERS + ([HSTS] if settings.tls else [])


def same_secret(sent: str, expected: str) -> bool:
    """A constant-time comparison of what a client sent with a secret. As bytes: compare_digest
    refuses a str with non-ASCII characters (TypeError), and a client may send any."""
    return hmac.compare_digest(sent.encode("utf-8", "surrogatepass"), expected.encode("utf-8"))


def _sign(settings: ServeSettings, purpose: str, session_id: str) -> str:
    return hmac.new(settings.secret, f"{purpose}:{session_id}".encode(), hashlib.sha256).hexdigest()


def session_id(request: Request) -> str:
    return request.scope["state"]["session_id"]


def csrf_token(request: Request) -> str:
    return _sign(request.app.state.settings, "csrf", session_id(request))


def writer_mark(request: Request) -> str:
    return _sign(request.app.state.settings, "writer", session_id(request))


def may_write(request: Request) -> bool:
    """True when this session may write without typing the code (no code, or entered before)."""
    settings: ServeSettings = request.app.state.settings
    if not settings.writes_need_code:
        return True
    return same_secret(request.cookies.get(WRITER_COOKIE, ""), writer_mark(request))


def check_csrf(request: Request, form: FormData) -> None:
    """Refuse (403) a form that did not come from a page this server gave this browser."""
    sent = form.get(CSRF_FIELD)
    if not isinstance(sent, str) or not same_secret(sent, csrf_token(request)):
        raise HTTPException(
            403,
            "This form is out of date or did not come from this judge station "
            "(its security token does not match). Reload the page and send it again.",
        )


class CodeLocked(HTTPException):
    """A code check refused because too many wrong codes came (guesses.GuessGuard): 429."""

    def __init__(self, seconds: float) -> None:
        super().__init__(
            429,
            f"Too many wrong access codes: try again in {max(1, round(seconds))} s. "
            "(The head judge's terminal lists them.)",
            headers={"retry-after": str(max(1, round(seconds)))},
        )


def client_of(request: Request) -> str:
    """The peer address (never a forwarded-for header a client can write)."""
    return request.client.host if request.client else "unknown"


def code_matches(request: Request, code: object) -> bool:
    """Whether `code` is the event's access code. A wrong one counts against the client and the
    station (guesses.GuessGuard); past their bounds, CodeLocked before the code is even compared.
    An empty code is no guess."""
    settings: ServeSettings = request.app.state.settings
    if settings.access_code is None or not isinstance(code, str) or not code.strip():
        return False
    guard = request.app.state.guesses
    client = client_of(request)
    wait = guard.wait(client)
    if wait > 0:
        raise CodeLocked(wait)
    if same_secret(code.strip().lower(), settings.access_code.lower()):
        guard.right(client)
        return True
    guard.wrong(client)
    return False


def check_writer(request: Request, form: FormData) -> bool:
    """Refuse (403) a write from a session that has not given the event's access code.

    Returns True when the code was typed into this form (the caller may then set the writer
    cookie, so the judge types it once)."""
    if may_write(request):
        return False
    if code_matches(request, form.get(CODE_FIELD)):
        return True
    raise HTTPException(
        403,
        "Writing needs the event's access code (the head judge has it): "
        "type it into the form's code field and send again.",
    )


def same_site_path(value: object) -> str:
    """A redirect target from a form or query: only a path on this site (no scheme, host,
    backslash or control character), else the home page."""
    if (
        isinstance(value, str)
        and value.startswith("/")
        and not value.startswith("//")
        and "\\" not in value
        and value.isprintable()
    ):
        return value
    return "/"


def secure_cookies(request: Request) -> bool:
    """Whether the station's cookies carry Secure: when it serves https:// (--certfile)."""
    return request.app.state.settings.tls is not None


def set_writer_cookie(request: Request, response) -> None:
    response.set_cookie(
        WRITER_COOKIE, writer_mark(request), httponly=True, samesite="strict", secure=secure_cookies(request)
    )


class BrowserSession:
    """ASGI middleware: the session id in scope["state"], a cookie for a new one, and the
    security headers on every response."""

    def __init__(self, app: ASGIApp, settings: ServeSettings) -> None:
        self.app = app
        self.headers = security_headers(settings)
        # Secure: over https:// a browser never sends the session over plain http://.
        self.cookie_flags = "Path=/; HttpOnly; SameSite=Strict" + ("; Secure" if settings.tls else "")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        known = _cookie(scope, SESSION_COOKIE)
        fresh = None if known and _SESSION_ID.fullmatch(known) else secrets.token_urlsafe(24)
        scope.setdefault("state", {})["session_id"] = known if fresh is None else fresh

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                # A page that sets its own header keeps it (a served sheet's policy allows its
                # inline style): a second Content-Security-Policy would be enforced as well.
                own = {name.lower() for name, _ in headers}
                headers += [(name, value) for name, value in self.headers if name not in own]
                if fresh is not None:
                    headers.append((b"set-cookie", f"{SESSION_COOKIE}={fresh}; {self.cookie_flags}".encode()))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


class BodyLimit:
    """ASGI middleware: refuse a request body over `limit` bytes with 413 — at once when its
    Content-Length says so, else as soon as the bytes read pass the limit."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _header(scope, b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            scope.setdefault("state", {})["body_refused"] = True
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            if scope["state"].get("body_refused"):
                raise HTTPException(413, self.too_large())
            try:  # a body that stops arriving holds a connection and a worker: not for ever
                message = await asyncio.wait_for(receive(), BODY_TIMEOUT)
            except TimeoutError:
                raise HTTPException(
                    408,
                    f"The request's body stopped arriving for {BODY_TIMEOUT:g} s; nothing was saved. Send it again.",
                ) from None
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise HTTPException(413, self.too_large())
            return message

        await self.app(scope, counted, send)

    def too_large(self) -> str:
        return f"The request is larger than this judge station accepts ({self.limit // 1024} KiB at most)."


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return value.decode("latin-1").strip()
    return None


def _cookie(scope: Scope, name: str) -> str | None:
    raw = _header(scope, b"cookie")
    if not raw:
        return None
    jar = SimpleCookie()
    try:
        jar.load(raw)
    except CookieError:  # a malformed Cookie header: treated as no cookie (a new session)
        return None
    morsel = jar.get(name)
    return morsel.value if morsel else None
