"""Reading a judge serve page in tests: the text and links inside one element (by id or class),
through the standard library's HTML parser, so assertions name what a judge sees."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


@dataclass
class Part:
    text: str = ""
    links: list[tuple[str, str]] = field(default_factory=list)  # (href, text), in page order


class _Collector(HTMLParser):
    def __init__(self, wanted: str) -> None:
        super().__init__(convert_charrefs=True)
        self.wanted = wanted  # "#id", ".class" or a tag name
        self.parts: list[Part] = []
        self._open_parts: list[tuple[int, Part]] = []  # matched elements not yet closed, with depth
        self._depth = 0
        self._links: list[list] = []  # open <a> elements: [href, text]

    def _matches(self, tag: str, attrs: dict) -> bool:
        if self.wanted.startswith("#"):
            return attrs.get("id") == self.wanted[1:]
        if self.wanted.startswith("."):
            return self.wanted[1:] in (attrs.get("class") or "").split()
        return tag == self.wanted

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in VOID:
            return
        self._depth += 1
        if self._matches(tag, attrs):
            self.parts.append(Part())
            self._open_parts.append((self._depth, self.parts[-1]))
        if tag == "a" and self._open_parts:
            self._links.append([attrs.get("href"), ""])

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if tag == "a" and self._links and self._open_parts:
            href, text = self._links.pop()
            for _, part in self._open_parts:
                part.links.append((href, " ".join(text.split())))
        if self._open_parts and self._open_parts[-1][0] == self._depth:
            self._open_parts.pop()
        self._depth -= 1

    def handle_data(self, data):
        for _, part in self._open_parts:
            part.text += data
        for link in self._links:
            link[1] += data


def parts(page: str, wanted: str) -> list[Part]:
    """Every element matching `wanted` ("#results", ".result", "h1"), its text with runs of white
    space made one space."""
    collector = _Collector(wanted)
    collector.feed(page)
    for part in collector.parts:
        part.text = " ".join(part.text.split())
    return collector.parts


def part(page: str, wanted: str) -> Part:
    found = parts(page, wanted)
    assert len(found) == 1, f"{len(found)} elements match {wanted}"
    return found[0]
