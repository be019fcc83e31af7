"""Reading an edition's bytes as text, in the encodings real rules files ship in.

The encoding is decided by the byte order mark, then strict UTF-8, then strict Windows-1252;
line ends (CRLF, bare CR) become LF. What cannot be text of a document is refused with the
reason: a file that ends inside a UTF-8 character (truncated), bytes neither encoding defines,
control characters (UTF-16 without its mark reads as UTF-8 full of NULs), and UTF-8 text that
was once read as Windows-1252 and saved again ("â€”" for "—").
"""

from __future__ import annotations

import codecs
import re

from judge.editions.errors import EditionError

# Longest mark first: UTF-32's little-endian mark begins with UTF-16's.
_MARKS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
ENCODING_NAMES = {
    "utf-8": "UTF-8",
    "utf-8-sig": "UTF-8 with a byte order mark",
    "utf-16": "UTF-16 (byte order mark)",
    "utf-32": "UTF-32 (byte order mark)",
    "cp1252": "Windows-1252",
}
_CONTROL_RE = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")
# A UTF-8 lead byte read as Windows-1252 (Â…ô) followed by continuation bytes read so.
_MOJIBAKE_RE = re.compile(
    "[\u00c2-\u00f4][\u0080-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d\u017e"
    "\u0192\u02c6\u02dc\u2013\u2014\u2018-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a"
    "\u20ac\u2122]{1,3}"
)


def detect(raw: bytes) -> str:
    """The codec `raw` is read with (a key of ENCODING_NAMES); EditionError when none fits."""
    for mark, codec in _MARKS:
        if raw.startswith(mark):
            return codec
    try:
        raw.decode("utf-8")
        return "utf-8"
    except UnicodeDecodeError as exc:
        if exc.reason == "unexpected end of data" and exc.end == len(raw):
            raise EditionError(
                f"the file ends inside a UTF-8 character (byte {exc.start} of {len(raw)}): it is truncated"
            ) from None
    try:
        raw.decode("cp1252")
        return "cp1252"
    except UnicodeDecodeError as exc:
        raise EditionError(
            f"neither UTF-8 nor Windows-1252: byte 0x{raw[exc.start]:02x} at offset {exc.start} "
            "is not a character in either (another encoding?)"
        ) from None


def decode(raw: bytes, codec: str) -> str:
    """`raw` read with `codec`, line ends as LF, checked to be plausible text."""
    try:
        text = raw.decode(codec)
    except UnicodeDecodeError as exc:
        raise EditionError(f"not {ENCODING_NAMES.get(codec, codec)}: {exc.reason} at byte {exc.start}") from None
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    _check_plausible(text)
    return text


def read(raw: bytes) -> tuple[str, str]:
    """(text, codec) of a file's bytes."""
    codec = detect(raw)
    return decode(raw, codec), codec


def _line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def _check_plausible(text: str) -> None:
    if m := _CONTROL_RE.search(text):
        raise EditionError(
            f"control character U+{ord(m.group(0)):04X} at line {_line_of(text, m.start())}: "
            "not text in this encoding (UTF-16 without a byte order mark? a binary file?)"
        )
    for m in _MOJIBAKE_RE.finditer(text):
        try:
            meant = m.group(0).encode("cp1252").decode("utf-8")
        except UnicodeError:
            continue  # a real Â or é followed by punctuation, not a misread character
        raise EditionError(
            f"line {_line_of(text, m.start())} has {m.group(0)!r} where {meant!r} was meant: "
            "UTF-8 text that was read as Windows-1252 and saved again"
        )
