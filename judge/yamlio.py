"""Reading scenario, card and policy YAML: bounded, and remembering where each value came from.

Mappings load as `LDict` and sequences as `LList`, both carrying the 1-based `line` they start
on (and, for mappings, the line of each key; for lists, of each item) — the parser's own marks —
so validators can name the file and line of a bad key or value.

Hostile input (issue 20) is refused before it can cost time or memory: files that are not
regular files, files past `input_limits.MAX_FILE_BYTES`, control characters (by line and column),
YAML aliases (an alias bomb is a few bytes that expand to gigabytes; no bundled file uses one),
nesting, list lengths, strings and numbers past their bounds, and tags other than YAML's plain
mappings, lists, strings, numbers, booleans and null. Every refusal is a ScenarioError naming
the file and, where the problem has one, the line.

Parsing is PyYAML's C parser (libyaml) when present: scenarios and the card database are read
on every replay, and it reads them about eight times faster than the pure-Python parser
(bench figures in docs/development/benchmarks.md). Files that must keep
their comments when rewritten (the TUI's boards) are re-read for that by judge/tui/roundtrip.py.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import NoReturn

import yaml

from judge import input_limits as limits


class ScenarioError(Exception):
    """A scenario, card or policy file that cannot be used: names the file and the line."""

    def __init__(self, message: str, path: str | None = None, line: int | None = None) -> None:
        self.message = message
        self.path = path
        self.line = line
        super().__init__(self.describe())

    def describe(self) -> str:
        where = self.path or "<scenario>"
        if self.line is not None:
            where = f"{where}:{self.line}"
        return f"{where}: {self.message}"


class LDict(dict):
    line: int | None = None
    key_lines: dict

    def line_of(self, key) -> int | None:
        return getattr(self, "key_lines", {}).get(key, self.line)


class LList(list):
    line: int | None = None
    item_lines: list


# What YAML 1.1 calls printable, plus tab and the line breaks; anything else is refused by the
# parser by offset only, so it is found first here to be named by line and column.
_NOT_PRINTABLE = re.compile("[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")

_PLAIN_TAGS = {"tag:yaml.org,2002:" + t for t in ("map", "seq", "str", "int", "float", "bool", "null")}
_TIMESTAMP = "tag:yaml.org,2002:timestamp"
_NUMBER_TAGS = {"tag:yaml.org,2002:int", "tag:yaml.org,2002:float"}
MAX_NUMBER_TEXT = 40  # characters of a number as written (1_000_000 and 1.5e3 are far shorter)

try:
    from yaml import CSafeLoader as _BaseLoader  # libyaml, when PyYAML was built with it
except ImportError:
    from yaml import SafeLoader as _BaseLoader


def _line(node) -> int:
    return node.start_mark.line + 1


class _Loader(_BaseLoader):
    """A safe loader that constructs only plain values, within the bounds of input_limits."""

    def __init__(self, stream) -> None:
        super().__init__(stream)
        self.depth = 0

    def construct_object(self, node, deep=False):
        if node in self.constructed_objects or node in self.recursive_objects:
            # the composer hands back the anchored node itself for an alias: met twice means aliased
            raise ScenarioError(
                f"YAML aliases (*name) are not accepted: the value anchored at line {_line(node)} is "
                f"used again; write it out where it is needed",
                None,
                _line(node),
            )
        if node.tag not in _PLAIN_TAGS and not (node.tag == _TIMESTAMP and isinstance(node, yaml.ScalarNode)):
            raise ScenarioError(
                f"the YAML tag {node.tag.replace('tag:yaml.org,2002:', '!!')} is not accepted here "
                f"(only mappings, lists, text, numbers, true/false and null)",
                None,
                _line(node),
            )
        if isinstance(node, yaml.ScalarNode) and node.tag in _NUMBER_TAGS and len(node.value) > MAX_NUMBER_TEXT:
            # refused as written, before PyYAML converts it: a 5,000-digit integer fails Python's
            # conversion limit, and a long sexagesimal (1:2:3:…) costs seconds of arithmetic
            raise ScenarioError(
                f"a number written with {len(node.value):,} characters (at most {MAX_NUMBER_TEXT}; "
                f"numbers here are at most {limits.MAX_NUMBER:,})",
                None,
                _line(node),
            )
        if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)):
            if self.depth >= limits.MAX_DEPTH:
                raise ScenarioError(
                    f"nested deeper than {limits.MAX_DEPTH} levels (the limit for these files)", None, _line(node)
                )
            if len(node.value) > limits.MAX_ITEMS:
                raise ScenarioError(
                    f"{len(node.value):,} entries in one {'list' if isinstance(node, yaml.SequenceNode) else 'mapping'} "
                    f"(the limit is {limits.MAX_ITEMS:,})",
                    None,
                    _line(node),
                )
        self.depth += 1
        try:
            value = super().construct_object(node, deep=deep)
        finally:
            self.depth -= 1
        if isinstance(value, str) and len(value) > limits.MAX_STRING:
            raise ScenarioError(
                f"a text of {len(value):,} characters (the limit is {limits.MAX_STRING:,})", None, _line(node)
            )
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > limits.MAX_NUMBER:
            raise ScenarioError(
                f"the number {value} is out of bounds (at most {limits.MAX_NUMBER:,} either way)", None, _line(node)
            )
        return value


def _mapping(loader: _Loader, node: yaml.MappingNode) -> LDict:
    loader.flatten_mapping(node)
    result = LDict()
    result.line = _line(node)
    result.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:
            raise ScenarioError("a mapping key must be a plain value", None, _line(key_node)) from None
        if key in result:  # PyYAML keeps the last silently: one of the two would be ignored
            raise ScenarioError(
                f"the key {key!r} is given twice (also at line {result.key_lines[key]})", None, _line(key_node)
            )
        result[key] = loader.construct_object(value_node, deep=True)
        result.key_lines[key] = _line(key_node)
    return result


def _sequence(loader: _Loader, node: yaml.SequenceNode) -> LList:
    result = LList(loader.construct_object(child, deep=True) for child in node.value)
    result.line = _line(node)
    result.item_lines = [_line(child) for child in node.value]
    return result


def _timestamp_as_text(loader: _Loader, node: yaml.ScalarNode) -> str:
    # `round: 2024-01-01` means the text the user typed; nothing in these files is a date
    return loader.construct_scalar(node)


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _sequence)
_Loader.add_constructor(_TIMESTAMP, _timestamp_as_text)


def check_characters(text: str, path: str | None = None) -> None:
    """Refuse a character YAML does not allow (NUL, escape, other controls) by line and column."""
    bad = _NOT_PRINTABLE.search(text)
    if bad is None:
        return
    line = text.count("\n", 0, bad.start()) + 1
    column = bad.start() - (text.rfind("\n", 0, bad.start()) + 1) + 1
    raise ScenarioError(
        f"a control character U+{ord(bad.group()):04X} at column {column} (not allowed in YAML)", path, line
    )


def load_text(text: str, path: str | None = None):
    check_characters(text, path)
    try:
        return yaml.load(text, Loader=_Loader)  # a SafeLoader subclass
    except ScenarioError as exc:
        raise ScenarioError(exc.message, path, exc.line) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = mark.line + 1 if mark is not None else None
        problem = getattr(exc, "problem", None) or str(exc)
        context, context_mark = getattr(exc, "context", None), getattr(exc, "context_mark", None)
        if context and context_mark is not None:
            problem += f" ({context} at line {context_mark.line + 1})"
        raise ScenarioError(f"malformed YAML: {problem}", path, line) from None


def read_text(path: str | Path) -> str:
    """A file's text, refused before reading if it is not a regular file or is past the size
    bound (a FIFO would block, /dev/zero never ends); invalid UTF-8 is named by line and column."""
    where = str(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise ScenarioError(f"cannot read file: {exc.strerror or exc}", where) from None
    info = os.fstat(fd)  # of what was opened, so a swap after a check changes nothing
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        raise ScenarioError(f"cannot read file: not a regular file ({_kind(info.st_mode)})", where)
    with os.fdopen(fd, "rb") as handle:
        if info.st_size > limits.MAX_FILE_BYTES:
            raise ScenarioError(
                f"cannot read file: {info.st_size:,} bytes (the limit is {limits.MAX_FILE_BYTES:,})", where
            )
        try:
            data = handle.read(limits.MAX_FILE_BYTES + 1)
        except OSError as exc:
            raise ScenarioError(f"cannot read file: {exc.strerror or exc}", where) from None
    if len(data) > limits.MAX_FILE_BYTES:  # it grew while being read
        raise ScenarioError(f"cannot read file: more than {limits.MAX_FILE_BYTES:,} bytes", where)
    return decode(data, where)


def decode(data: bytes, where: str) -> str:
    """A file's bytes as text (a file read, or one uploaded to judge serve): past the size bound
    or invalid UTF-8 is refused, naming `where` and the line and column."""
    if len(data) > limits.MAX_FILE_BYTES:
        raise ScenarioError(f"{len(data):,} bytes (the limit is {limits.MAX_FILE_BYTES:,})", where)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise ScenarioError(f"not UTF-8: byte 0x{data[exc.start]:02X} at column {column}", where, line) from None


def _kind(mode: int) -> str:
    for test, name in (
        (stat.S_ISDIR, "a directory"),
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISCHR, "a device"),
        (stat.S_ISBLK, "a device"),
        (stat.S_ISSOCK, "a socket"),
    ):
        if test(mode):
            return name
    return "not a file"


def load_file(path: str | Path):
    return load_text(read_text(path), str(path))


def line_of(value, default: int | None = None) -> int | None:
    return getattr(value, "line", None) or default


def key_line(mapping, key) -> int | None:
    """The line of `key` in a loaded mapping (else the mapping's own line, if it has one)."""
    return mapping.line_of(key) if isinstance(mapping, LDict) else line_of(mapping)


def one_of(value, allowed) -> bool:
    """`value in allowed` for any loaded value: a list or mapping where a name belongs is in no
    set of names (where `in` would raise TypeError)."""
    try:
        return value in allowed
    except TypeError:
        return False


class Validator:
    """Base of the validators that read loaded YAML: each failure names `self.path` and the line
    of the offending node.

    A plain value (a number, a name) carries no line of its own: a failure about one is placed at
    the key or list item that holds it, found among the mappings and lists this validator has
    read (`keys` and `items` note them), so every refusal names a line."""

    path: str | None = None

    def fail(self, message: str, node=None, line: int | None = None) -> NoReturn:
        raise ScenarioError(message, self.path, line if line is not None else self.where(node))

    def where(self, node) -> int | None:
        line = line_of(node)
        if line is not None:
            return line
        read = getattr(self, "_read", ())
        for holder in reversed(read):
            found = _line_within(holder, node)
            if found is not None:
                return found
        return read[-1].line if read else None  # the mapping or list being read when it failed

    def noted(self, container) -> None:
        if isinstance(container, (LDict, LList)):
            self.__dict__.setdefault("_read", []).append(container)

    def items(self, seq):
        """(item, line) for each item of a loaded list."""
        self.noted(seq)
        return zip(seq, getattr(seq, "item_lines", None) or [line_of(seq)] * len(seq))

    def keys(self, mapping, allowed, what: str, line: int | None = None) -> None:
        """A mapping whose keys are all in `allowed`; an unknown key is named with its line."""
        if not isinstance(mapping, dict):
            self.fail(f"{what} must be a mapping, not {_shown(mapping)}", mapping, line)
        self.noted(mapping)
        for key in mapping:
            if not one_of(key, allowed):
                line = mapping.line_of(key) if isinstance(mapping, LDict) else None
                self.fail(f"unknown key {key!r} in {what} (allowed: {', '.join(sorted(allowed))})", mapping, line)


def _line_within(holder, node) -> int | None:
    """The line of the key or item of `holder` (or of a list or mapping directly in it) that is `node`."""
    for child, line in _children(holder):
        if child is node:
            return line
    for child, _ in _children(holder):
        for grandchild, line in _children(child):
            if grandchild is node:
                return line
    return None


def _children(container):
    if isinstance(container, LDict):
        return [(v, container.key_lines.get(k, container.line)) for k, v in container.items()]
    if isinstance(container, LList):
        return list(zip(container, container.item_lines))
    return []


def _shown(value) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
