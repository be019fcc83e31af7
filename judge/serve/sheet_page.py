"""A ruling sheet served as its own page: the HTML `judge sheet --format html` writes, whole.

That file is self-contained: its CSS is one inline <style> element, which the site's policy
(style-src 'self') would block. This page alone gets a policy that allows exactly that element,
by its SHA-256, and still no script, no other style, no fetch and no frame.
"""

from __future__ import annotations

import base64
import hashlib
import re

from starlette.responses import HTMLResponse

from judge.sheet import html

PAGE_ID = "sheet"  # the landmark of a served sheet (<body id="sheet">)
_STYLE = re.compile(r"<style>(.*?)</style>", re.S)


def policy(page: str) -> str:
    hashes = " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(m.group(1).encode()).digest()).decode() + "'"
        for m in _STYLE.finditer(page)
    )
    return (
        f"default-src 'none'; style-src {hashes}; img-src 'self' data:; form-action 'none'; "
        "frame-ancestors 'none'; base-uri 'none'"
    )


def response(sheets) -> HTMLResponse:
    page = html.render(sheets, page_id=PAGE_ID)
    return HTMLResponse(page, headers={"content-security-policy": policy(page)})
