"""The suite's own hygiene, read from its source: no test checks only inside a loop that may not run.

A test whose every assertion stands in the body of a `for` passes without checking anything when
the loop's iterable is empty (a folder renamed, a table emptied, a fixture that yields nothing). So
each such test first asserts something outside the loop (at least that the iterable is not empty),
unless the loop runs over something that cannot be empty: a literal list, tuple, set or dict with
members (or a name the test binds to one), `range` of a positive constant or of a Hypothesis draw
whose `min_value` is at least 1, and `enumerate`/`zip`/`sorted`/`reversed`/`.items()` of those.
"""

from __future__ import annotations

import ast

from bundled import TESTS

LOOPS = (ast.For, ast.AsyncFor)


def _is_assertion(node: ast.AST) -> bool:
    return isinstance(node, ast.Assert) or (
        isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr.startswith("assert")
    )


def _drawn_at_least_one(node: ast.AST) -> bool:
    """`data.draw(st.integers(min_value=K, ...))` with a constant K >= 1."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "draw"):
        return False
    strategy = node.args[0] if node.args else None
    if not (isinstance(strategy, ast.Call) and isinstance(strategy.func, ast.Attribute)):
        return False
    low = {k.arg: k.value for k in strategy.keywords}.get("min_value")
    return strategy.func.attr == "integers" and isinstance(low, ast.Constant) and low.value >= 1


def _cannot_be_empty(node: ast.AST, literal_names: set[str]) -> bool:
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        return bool(node.elts)
    if isinstance(node, ast.Dict):
        return bool(node.keys)
    if isinstance(node, ast.Name):
        return node.id in literal_names
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "items":
        return _cannot_be_empty(node.func.value, literal_names)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args:
        if node.func.id == "range":
            (count,) = node.args if len(node.args) == 1 else (None,)
            return (isinstance(count, ast.Constant) and count.value > 0) or _drawn_at_least_one(count)
        if node.func.id in ("enumerate", "zip", "sorted", "reversed"):
            return all(_cannot_be_empty(arg, literal_names) for arg in node.args)
    return False


def _assertions(node: ast.AST, literal_names: set[str], guarded: bool = False):
    """(assertion, whether it stands in the body of a loop that may not run) under `node`."""
    if _is_assertion(node):
        yield node, guarded
    may_skip = isinstance(node, LOOPS) and not _cannot_be_empty(node.iter, literal_names)
    for field, value in ast.iter_fields(node):
        for child in value if isinstance(value, list) else [value]:
            if isinstance(child, ast.AST):
                yield from _assertions(child, literal_names, guarded or (may_skip and field == "body"))


def loop_only_tests(tree: ast.Module) -> list[str]:
    """The test functions of a module whose every assertion is in a loop that may not run."""
    functions = [n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
        functions += [n for n in cls.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    found = []
    for function in (f for f in functions if f.name.startswith("test")):
        literal_names = {
            target.id
            for node in ast.walk(function)
            if isinstance(node, ast.Assign) and _cannot_be_empty(node.value, set())
            for target in node.targets
            if isinstance(target, ast.Name)
        }
        guarded = [g for statement in function.body for _, g in _assertions(statement, literal_names)]
        if guarded and all(guarded):
            found.append(f"{function.name} (line {function.lineno})")
    return found


def test_the_scan_finds_a_loop_only_test_and_passes_a_checked_one():
    flagged = ast.parse(
        "def test_a(rows):\n    for row in rows:\n        assert row\n"
        "def test_b(rows):\n    assert rows\n    for row in rows:\n        assert row\n"
        "def test_c():\n    for n in (1, 2):\n        assert n\n"
        "def test_d(data):\n    for _ in range(data.draw(st.integers(min_value=1))):\n        assert data\n"
        "def test_e(data):\n    for _ in range(data.draw(st.integers(min_value=0))):\n        assert data\n"
        "def test_f(board):\n    for _ in range(3):\n        assert board\n        for o in board:\n            assert o\n"
    )
    assert loop_only_tests(flagged) == ["test_a (line 1)", "test_e (line 14)"]


def test_no_test_asserts_only_inside_a_loop_that_may_not_run():
    modules = sorted(TESTS.glob("test_*.py"))
    assert modules
    found = {path.name: loop_only_tests(ast.parse(path.read_text(encoding="utf-8"))) for path in modules}
    assert {name: tests for name, tests in found.items() if tests} == {}
