"""User text is data: make stored or typed text harmless for the place it is printed.

Saved rulings are shared between judges, queries and scenario files come from anyone. Before such
text reaches a terminal, rich markup or a Markdown file it passes through one of these:

- `for_terminal`: escape sequences (CSI, OSC, DCS…) removed whole, other control characters shown
  as U+FFFD so tampering is visible; newlines and tabs kept.
- `one_line`: `for_terminal`, then line breaks shown as " ⏎ " — for one-line listings.
- `for_rich`: `for_terminal`, then rich markup escaped, for strings handed to rich as markup.
- `for_markdown`: `for_terminal`, then every character Markdown or its embedded HTML would
  interpret is backslash-escaped or written as an entity.

`first_control` finds what these would strip or mark, for refusing such text where it is typed.
"""

from __future__ import annotations

import re

# ESC-introduced sequences: CSI (ESC [ … final byte), OSC/DCS/APC/PM/SOS (ESC ] … BEL or ST),
# and two-byte escapes (ESC followed by one character). The 8-bit C1 forms are matched too.
_ESCAPE_SEQUENCE = re.compile(
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]"  # CSI
    r"|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])"  # OSC, DCS, SOS, PM, APC …
    r"[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"  # … up to BEL or ST (or the end)
    r"|\x1b[ -~]?"  # any other escape
)
# C0 controls but tab and newline, DEL, C1 controls, and the Unicode bidi overrides that can make
# a ruling read differently from what it says.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_LINE_BREAK = re.compile(r"\r\n|[\r\n\x0b\x0c\x85\u2028\u2029]")
REPLACEMENT = "\ufffd"


def for_terminal(text: str) -> str:
    """`text` with escape sequences removed and other control characters made visible."""
    text = _ESCAPE_SEQUENCE.sub("", text)
    text = text.replace("\r\n", "\n")
    return _CONTROL.sub(REPLACEMENT, text)


def first_control(text: str, line_breaks: bool = False) -> tuple[int, str] | None:
    """The position and character of the first escape, control character or (unless
    `line_breaks`) line break or tab in `text`; None if there is none. A CR LF pair counts as
    one line break."""
    for m in re.finditer(r"\x1b|\r\n|" + _CONTROL.pattern + "|" + _LINE_BREAK.pattern + "|\t", text):
        char = m.group()
        if line_breaks and (char in ("\n", "\r\n", "\t")):
            continue
        return m.start(), char
    return None


def one_line(text: str) -> str:
    """`for_terminal` on one line: each line break shown as ' ⏎ '."""
    return for_terminal(_LINE_BREAK.sub(" \u23ce ", text))


def for_rich(text: str) -> str:
    """`for_terminal`, with rich markup escaped (for strings rich will parse as markup)."""
    from rich.markup import escape  # here, not at the top: plain and --json output never load rich

    return escape(for_terminal(text))


# Inline characters Markdown (CommonMark and GitHub's dialect) gives a meaning to.
_MARKDOWN_INLINE = re.compile(r"([\\`*_\[\]{}|~!#+\-.()=:$])")
_HTML_ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}


def for_markdown(text: str) -> str:
    """`text` as literal Markdown: no emphasis, links, images, HTML, headings, rules or lists.

    Every ASCII punctuation character Markdown might read is backslash-escaped (CommonMark
    allows a backslash before any of them) and `& < >` become entities, so raw HTML such as
    `<script>` or `<img onerror=…>` is shown, never run. Line breaks are kept.
    """
    text = for_terminal(text)
    text = "".join(_HTML_ENTITIES.get(char, char) for char in text)
    return _MARKDOWN_INLINE.sub(r"\\\1", text)


def markdown_code(text: str) -> str:
    """`text` as a Markdown code span (shown verbatim, never interpreted): fenced by more
    backticks than it holds in a row, on one line, with controls made visible."""
    text = one_line(text)
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") or not text.strip() else ""
    return f"{fence}{pad}{text}{pad}{fence}"


# Characters a terminal may act on, escaped inside JSON strings (valid JSON, the same data):
# the C0 controls json already escapes, plus DEL, the C1 controls (U+009B is CSI on a terminal
# that reads 8-bit controls), the line separators and the bidi overrides.
_JSON_UNSAFE = re.compile("[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def json_text(value, **options) -> str:
    """json.dumps(value, ensure_ascii=False, **options) with every character a terminal could
    act on written as a \\uXXXX escape: `--json` output is printed to terminals too."""
    import json

    text = json.dumps(value, ensure_ascii=False, **options)
    return _JSON_UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
