"""YAML reading that remembers where each mapping and list came from.

Mappings load as `LDict` and sequences as `LList`, both carrying the 1-based `line` they start
on (and, for mappings, the line of each key), so validators can name the file and line of a
bad key or value. Malformed YAML becomes a ScenarioError with the parser's own position.
Shared by the card files (judge/cards), the scenarios and the engine policies (judge/engine).
"""
from __future__ import annotations

from pathlib import Path

import yaml



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


class _Loader(yaml.SafeLoader):
    pass


def _mapping(loader: _Loader, node: yaml.MappingNode) -> LDict:
    loader.flatten_mapping(node)
    result = LDict()
    result.line = node.start_mark.line + 1
    result.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:
            raise ScenarioError("a mapping key must be a plain value", None, key_node.start_mark.line + 1)
        result[key] = loader.construct_object(value_node, deep=True)
        result.key_lines[key] = key_node.start_mark.line + 1
    return result


def _sequence(loader: _Loader, node: yaml.SequenceNode) -> LList:
    result = LList(loader.construct_object(child, deep=True) for child in node.value)
    result.line = node.start_mark.line + 1
    result.item_lines = [child.start_mark.line + 1 for child in node.value]
    return result


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _sequence)


def load_text(text: str, path: str | None = None):
    try:
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - a SafeLoader subclass
    except ScenarioError as exc:
        exc.path = path
        raise ScenarioError(exc.message, path, exc.line) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = mark.line + 1 if mark is not None else None
        problem = getattr(exc, "problem", None) or str(exc)
        context, context_mark = getattr(exc, "context", None), getattr(exc, "context_mark", None)
        if context and context_mark is not None:
            problem += f" ({context} at line {context_mark.line + 1})"
        raise ScenarioError(f"malformed YAML: {problem}", path, line) from None


def load_file(path: str | Path):
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(f"cannot read file: {exc}", str(path)) from None
    return load_text(text, str(path))


def line_of(value, default: int | None = None) -> int | None:
    return getattr(value, "line", None) or default


class Validator:
    """Base of the validators that read loaded YAML: each failure names `self.path` and the line
    of the offending node."""

    path: str | None = None

    def fail(self, message: str, node=None, line: int | None = None):
        raise ScenarioError(message, self.path, line if line is not None else line_of(node))

    def keys(self, mapping, allowed, what: str) -> None:
        """A mapping whose keys are all in `allowed`; an unknown key is named with its line."""
        if not isinstance(mapping, dict):
            self.fail(f"{what} must be a mapping", mapping)
        for key in mapping:
            if key not in allowed:
                line = mapping.line_of(key) if isinstance(mapping, LDict) else None
                self.fail(f"unknown key {key!r} in {what} (allowed: {', '.join(sorted(allowed))})", mapping, line)
