"""Scenario files read and written back keeping what their author wrote (issue 17): comments,
key order, flow or block style and quoting survive a load and a save, by ruamel.yaml's
round-trip mode.

Only for files a person edits and saves (the TUI's boards). Reading to validate or replay goes
through judge/yamlio.py, which is bounded against hostile input and several times faster; the
text given here has been through it first (`engine_adapter.read_scenario`), so the bounds hold.
"""

from __future__ import annotations

import io

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError
from ruamel.yaml.representer import RoundTripRepresenter


class _Representer(RoundTripRepresenter):
    def ignore_aliases(self, data) -> bool:
        # one value in two places is written out twice: scenario files accept no aliases (yamlio)
        return True


def _str(representer, value: str):
    # "702.10" unquoted would read back as the number 702.1 (scenario-format.md); a string the
    # file quoted keeps its own quotes (preserve_quotes), a new one is quoted only if it must be
    style = '"' if _looks_numeric(value) else None
    return representer.represent_scalar("tag:yaml.org,2002:str", value, style=style)


def _looks_numeric(value: str) -> bool:
    try:
        float(value)
    except ValueError:
        return False
    return True


_Representer.add_representer(str, _str)


def _yaml() -> YAML:
    y = YAML(typ="rt")
    y.Representer = _Representer
    y.preserve_quotes = True
    y.width = 4096  # lines stay as the author broke them: ruamel re-wraps a long one badly
    y.brace_single_entry_mapping_in_flow_sequence = True  # `[{card: X}]`, not `[card: X]`
    y.indent(mapping=2, sequence=4, offset=2)  # `- ` indented under its key, as they are written
    y.default_flow_style = None  # a new leaf list or mapping in flow style: `hand: [a, b]`
    return y


class RoundTripError(Exception):
    pass


def load(text: str):
    """The document as ruamel's commented mappings and lists (dict and list subclasses)."""
    try:
        return _yaml().load(text)
    except YAMLError as exc:  # the text passed yamlio first: this is a parser disagreement
        raise RoundTripError(f"cannot read for editing: {exc}") from None


def dump(data) -> str:
    out = io.StringIO()
    _yaml().dump(data, out)
    return out.getvalue()
