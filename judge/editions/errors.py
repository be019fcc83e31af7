"""What the edition store raises: a problem with what the user asked for (exit status 2)."""

from __future__ import annotations


class EditionError(Exception):
    """An edition cannot be read, found or imported; the message says which and why."""


class UnknownEdition(EditionError):
    """An edition name or date that names no edition of the document."""

    def __init__(self, doc: str, wanted: str, editions: list) -> None:
        self.doc, self.wanted = doc, wanted
        known = ", ".join(e.label for e in editions)
        super().__init__(f"no edition {wanted!r} of {doc!r}; its editions: {known}")
