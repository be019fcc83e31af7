"""Hypothesis strategies that break the bundled scenarios and card files as a hostile or clumsy
author would (issue 20): a wrong type at any key or list item, an alias, deep nesting, huge
values, control characters, cut-off text. Shared by tests/test_yaml_fuzz.py (a modest number of
examples) and bench/fuzz/fuzz_yaml.py (many).

`outcome(kind, text)` loads one mutated file — and replays a scenario that loads — and says what
happened: "loaded", or the refusal's message. Anything else — an exception other than ScenarioError, or a refusal that names no
line — is raised for the caller to report.
"""

from __future__ import annotations

from pathlib import Path

import yaml
from hypothesis import strategies as st

REPO = Path(__file__).resolve().parent.parent
SCENARIO_FILES = sorted((REPO / "tests" / "scenarios").glob("[ers][0-9]*.yaml")) + sorted(
    (REPO / "tests" / "scenarios" / "shared").glob("*.yaml")
)
CARD_FILES = sorted((REPO / "cards" / "nodawn").glob("*.yaml"))

# what a wrong value looks like: every YAML type, empty and oversized ones, and names of things
# that exist (a player, a card) in the wrong shape
WRONG_VALUES = [
    5,
    -1,
    0,
    10**13,
    300_000_000,
    1.5,
    True,
    None,
    "",
    "x",
    "Ana",
    "Iron Column",
    "battlefield",
    [],
    ["Ana"],
    [5],
    [None],
    [{"controller": "Ana"}],
    [["a"]],
    {},
    {"name": "Ana"},
    {"k": [1]},
    {"card": ["Iron Column"]},
    {5: 5},
    "x" * 20_000,
    list(range(20)),
    # issue 29: a value that is no name where a name belongs, and numbers past any bound
    {"what": {}},
    {"who": [1]},
    False,
    10**44,
    -(10**41),
]


def _deep(n: int):
    value = "x"
    for _ in range(n):
        value = [value]
    return value


WRONG_VALUES.append(_deep(40))


def paths(value, prefix=()):
    """Every place in a loaded document (a key or list index path), the document itself first."""
    yield prefix
    if isinstance(value, dict):
        for key, child in value.items():
            yield from paths(child, prefix + (key,))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from paths(child, prefix + (index,))


def replaced(document, path, new):
    if not path:
        return new
    copy = yaml.safe_load(yaml.safe_dump(document))
    parent = copy
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = new
    return copy


@st.composite
def wrong_type(draw, files):
    """A bundled file with one value (or the whole document) replaced by a wrong one."""
    path = draw(st.sampled_from(files))
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    where = draw(st.sampled_from(list(paths(document))))
    new = draw(st.sampled_from(WRONG_VALUES))
    return yaml.safe_dump(replaced(document, where, new), sort_keys=False, allow_unicode=True)


@st.composite
def text_damage(draw, files):
    """A bundled file's text damaged: an alias bomb, a control character, deep nesting, a cut,
    or a long run of one character."""
    text = draw(st.sampled_from(files)).read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    at = draw(st.integers(0, len(lines)))
    kind = draw(st.sampled_from(["alias", "control", "nesting", "cut", "long", "bomb", "number"]))
    if kind == "alias":  # anchor the first list item or top-level value, use it again at the end
        for number, line in enumerate(lines):
            if line.startswith("- ") or (line[:1].isalpha() and ": " in line):
                head = line.replace("- ", "- &a ", 1) if line.startswith("- ") else line.replace(": ", ": &a ", 1)
                tail = "- *a\n" if line.startswith("- ") else "again: *a\n"
                return "".join(lines[:number]) + head + "".join(lines[number + 1 :]) + tail
        return text
    if kind == "control":
        char = draw(st.sampled_from(["\x00", "\x1b", "\x07", "\x7f", "\x9b", "\ufffe"]))
        return "".join(lines[:at]) + char + "".join(lines[at:])
    if kind == "nesting":
        depth = draw(st.integers(30, 400))
        return "".join(lines[:at]) + "deep: " + "[" * depth + "]" * depth + "\n" + "".join(lines[at:])
    if kind == "cut":
        return text[: draw(st.integers(0, len(text)))]
    if kind == "long":
        return "".join(lines[:at]) + "title: " + "x" * draw(st.integers(9_000, 30_000)) + "\n"
    if kind == "number":  # a number written past any bound: digits, sexagesimal, hex, a float
        written = draw(
            st.sampled_from(
                [
                    "9" * 5000,
                    ":".join(["59"] * 20_000),
                    "0x" + "f" * 200,
                    "1" * 400 + ".5",
                    "-" + "9" * 41,
                    "1_" * 100 + "1",
                ]
            )
        )
        line = lines[at] if at < len(lines) else ""
        if ": " in line:  # the value of an existing key, so the number is read where a value is
            key, _, _ = line.partition(": ")
            return "".join(lines[:at]) + f"{key}: {written}\n" + "".join(lines[at + 1 :])
        return "".join(lines[:at]) + f"pool: {written}\n" + "".join(lines[at:])
    bomb = "a0: &a0 [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"a{i}: &a{i} [*a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, "
        f"*a{i - 1}]\n"
        for i in range(1, 9)
    )
    return bomb + "".join(lines)


class Unhandled(AssertionError):
    """A mutated file that made the loader fail other than by a ScenarioError with a line."""


def outcome(kind: str, text: str) -> str:
    from judge.cards import reader
    from judge.engine.scenarios import scenario
    from judge.engine.scenarios.replay import run
    from judge.yamlio import ScenarioError, load_text

    try:
        if kind == "scenario":
            run(scenario.load_string(text, "fuzzed.yaml"))  # an illegal action is an event, not an error
        else:
            reader.parse_cards(load_text(text, "fuzzed.yaml"), "fuzzed.yaml")
    except ScenarioError as exc:
        if exc.line is None:
            raise Unhandled(f"a refusal without a line: {exc}\n--- the file:\n{text[:3000]}") from exc
        return exc.message
    except Exception as exc:  # what the fuzzing is there to find
        raise Unhandled(f"{type(exc).__name__}: {exc}\n--- the file:\n{text[:3000]}") from exc
    return "loaded"
