"""Where a cited entry id is read on this site: the one function every log and replay page
links citations through (`/nd/704.5j` for `nd:704.5j`, `/sf/card/wolf` for `sf:card/wolf`)."""
from __future__ import annotations

from urllib.parse import quote


def entry_href(entry_id: str) -> str:
    """The path of the entry page for `entry_id` ("doc:rest" -> "/doc/rest"), percent-encoded."""
    doc, _, rest = entry_id.partition(":")
    return "/" + quote(doc, safe="") + "/" + quote(rest, safe="/")
