"""The whole package's house: its top-level units stand in layers, and every import of a judge
module — at module level or inside a function — goes to the importing unit itself or to a lower
layer; no two modules need each other, even through an import deferred into a function; and a
deferred import outside the command line and the TUI says that it is deferred for start-up speed.

The engine's own inner layers are tests/test_engine_structure.py's; here judge/engine is one unit.
The layer table below is the one docs/development/architecture.md shows (the test compares them).
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "judge"

# The layers, from the bottom. A unit is a top-level module or package of judge/ (judge/__init__.py
# is `__init__`); a unit imports itself or the units of the layers below it, never a unit of its
# own layer or above.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "foundations",
        ("__init__", "argv_text", "console", "files", "input_limits", "paths", "replay_words", "safe_text"),
    ),
    ("reading, writing and reporting", ("crash_log", "html_templates", "notices", "yamlio")),
    ("caches", ("cache_files",)),
    ("cards", ("cards",)),
    ("corpus", ("corpus",)),
    ("editions", ("editions",)),
    ("search", ("search",)),
    ("lookup", ("lookup",)),
    ("notes and rulings", ("conflicts", "rulings")),
    ("engine", ("engine",)),
    ("services", ("card_facts", "changes", "context", "render")),
    ("services over render", ("filter_words", "neighbours")),
    ("search results", ("search_view",)),
    ("library", ("library",)),
    ("sheet", ("sheet",)),
    ("presentation", ("serve", "tui")),
    ("command line", ("cli",)),
    ("entry point", ("__main__",)),
)

# How many modules (.py files) each unit holds: a move that loses a file, or a unit's file left
# behind by a move, fails here. A move updates these numbers in the same commit.
MODULE_COUNTS = {
    "__init__": 1,
    "__main__": 1,
    "argv_text": 1,
    "cache_files": 1,
    "card_facts": 1,
    "cards": 7,
    "changes": 10,
    "cli": 18,
    "conflicts": 6,
    "console": 1,
    "context": 1,
    "corpus": 24,
    "crash_log": 1,
    "editions": 11,
    "engine": 92,
    "files": 1,
    "filter_words": 1,
    "html_templates": 1,
    "input_limits": 1,
    "library": 1,
    "lookup": 2,
    "neighbours": 1,
    "notices": 1,
    "paths": 1,
    "render": 1,
    "replay_words": 1,
    "rulings": 15,
    "safe_text": 1,
    "search": 17,
    "search_view": 1,
    "serve": 32,
    "sheet": 13,
    "tui": 40,
    "yamlio": 1,
}

# A judge module imported inside a function outside these units carries this comment on the
# import's line: it is there for start-up speed (a command that never needs it never loads it).
DEFERRED = "# deferred: start-up"
FREE_TO_DEFER = ("cli", "tui")


def modules() -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its __init__'s path)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def unit(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def imports(module: str, path: Path, known: dict[str, Path]):
    """(imported judge module, the import statement, inside a function?, only for the type checker?)
    for every import of a judge module in `path` (an import under `if TYPE_CHECKING:` is never run): `from judge.x import y` names the module judge.x.y when that is
    one, else judge.x; relative imports are resolved against the module's package."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]

    def targets(node):
        if isinstance(node, ast.Import):
            return [alias.name for alias in node.names]
        base = node.module or ""
        if node.level:
            base = ".".join(package[: len(package) - node.level + 1] + ([base] if base else []))
        return [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]

    def walk(node, in_function, typing_only):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import | ast.ImportFrom):
                for target in targets(child):
                    if target == "judge" or target.startswith("judge."):
                        yield target, child, in_function, typing_only
            yield from walk(
                child,
                in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef),
                typing_only or isinstance(child, ast.If) and ast.unparse(child.test).endswith("TYPE_CHECKING"),
            )

    yield from walk(tree, False, False)


def import_graph():
    known = modules()
    edges = []
    for module, path in known.items():
        for target, node, in_function, typing_only in imports(module, path, known):
            assert target in known, f"{path.relative_to(ROOT)}:{node.lineno} imports {target}, which is no module"
            edges.append((module, target, node, in_function, typing_only))
    return known, edges


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []

    def connect(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for dep in sorted(graph.get(node, ())):
            if dep not in index:
                connect(dep)
                low[node] = min(low[node], low[dep])
            elif dep in on_stack:
                low[node] = min(low[node], index[dep])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1 or node in graph.get(node, ()):
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return found


def layer_of() -> dict[str, int]:
    return {name: level for level, (_, units) in enumerate(LAYERS) for name in units}


def test_every_unit_stands_in_exactly_one_layer():
    declared = [name for _, units in LAYERS for name in units]
    assert len(declared) == len(set(declared)), "a unit stands in two layers"
    assert set(declared) == {unit(m) for m in modules()}


def test_the_module_count_of_each_unit_is_what_the_moves_left():
    assert dict(Counter(unit(m) for m in modules())) == MODULE_COUNTS


def test_no_import_runs_up_the_layers():
    _, edges = import_graph()
    level = layer_of()
    upward = sorted(
        {
            (module, target, node.lineno)
            for module, target, node, _, _ in edges
            if unit(module) != unit(target) and level[unit(target)] >= level[unit(module)]
        }
    )
    assert upward == []


def test_no_two_modules_need_each_other_even_through_a_deferred_import():
    """A function-level import counts: one deferred to dodge a circle is still a circle, so a
    deferred import is one that could stand at module level and is deferred only for speed. An
    import only the type checker reads (under `if TYPE_CHECKING:`) is never run: it is left out."""
    known, edges = import_graph()
    graph: dict[str, set[str]] = {module: set() for module in known}
    for module, target, _, _, typing_only in edges:
        if not typing_only and target != module:
            graph[module].add(target)
    assert circles(graph) == []


def test_a_deferred_import_outside_the_command_line_and_the_tui_says_why():
    known, edges = import_graph()
    lines = {module: path.read_text(encoding="utf-8").splitlines() for module, path in known.items()}
    unmarked = sorted(
        {
            f"{known[module].relative_to(ROOT)}:{node.lineno}"
            for module, _, node, in_function, _ in edges
            if in_function
            and unit(module) not in FREE_TO_DEFER
            and not any(DEFERRED in line for line in lines[module][node.lineno - 1 : node.end_lineno])
        }
    )
    assert unmarked == []


def test_the_marker_stands_only_on_deferred_imports():
    known, edges = import_graph()
    deferred = {
        (module, line) for module, _, node, f, _ in edges if f for line in range(node.lineno, node.end_lineno + 1)
    }
    stray = [
        f"{path.relative_to(ROOT)}:{number}"
        for module, path in known.items()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if DEFERRED in line and (module, number) not in deferred
    ]
    assert stray == []


def test_the_architecture_page_shows_the_declared_layers():
    page = (ROOT / "docs" / "development" / "architecture.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\d+) \| ([^|]+) \| ([^|]+) \|$", page, re.MULTILINE)
    shown = [(name.strip(), tuple(u.strip(" `") for u in units.split(","))) for _, name, units in rows]
    assert shown == [(name, units) for name, units in reversed(LAYERS)]
    assert [int(n) for n, _, _ in rows] == list(range(len(LAYERS), 0, -1))
