"""The engine's house: its modules in layered sub-packages, each importing only those below it,
no import circles among them, and every word the card format accepts registered in the engine
table that gives it meaning."""

from __future__ import annotations

import ast
import dataclasses
import inspect
import re
from pathlib import Path

import pytest

import judge.engine
from judge.cards import vocabulary as V
from judge.engine.choosing.choices import CHOICE_KINDS
from judge.engine.core import keywords
from judge.engine.instructions import effects
from judge.engine.play.action_forms import Cast, Departure, Pass
from judge.engine.play.action_kinds import ACTIONS, read_action
from judge.engine.triggered import triggers

ENGINE_DIR = Path(judge.engine.__file__).parent

# The sub-packages, bottom to top: each may import those before it, never one after it. The
# number is how many modules it holds (its __init__.py aside): a move that loses a file, or
# lands one where the walks below do not look, fails here first.
LAYERS = {
    "core": 7,
    "reading": 8,
    "choosing": 5,
    "triggered": 2,
    "performing": 7,
    "mechanics": 10,
    "checks": 5,
    "procedures": 10,
    "instructions": 8,
    "play": 11,
    "coverage": 2,
    "scenarios": 4,
}


def engine_files() -> list[Path]:
    """Every module of the engine, in every sub-package, and the __init__.py files."""
    return sorted(ENGINE_DIR.rglob("*.py"))


def module_name(path: Path) -> str:
    """A module's name in the import graph: its stem (unique across the engine); a package's
    __init__.py is named by its package (the engine's own: `__init__`)."""
    if path.name != "__init__.py":
        return path.stem
    return "__init__" if path.parent == ENGINE_DIR else path.parent.name


FILES = {module_name(p): p for p in engine_files()}
MODULES = set(FILES)
PACKAGE = {module_name(p): p.parent.name for p in engine_files() if p.parent != ENGINE_DIR}


def engine_imports() -> dict[str, set[str]]:
    """module -> the judge.engine modules (or sub-packages) it imports, wherever the import
    stands: at module level or inside a function. A lazy import inside a function to dodge a
    circle is still a circle (the two modules still need each other), so it counts."""
    graph = {}
    for path in engine_files():
        deps = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("judge.engine") and node.level == 0:
                parts = node.module.split(".")[2:]
                if not parts:  # from judge.engine import apply: the engine's __init__.py
                    deps |= {a.name if a.name in MODULES else "__init__" for a in node.names}
                elif len(parts) == 1 and parts[0] in LAYERS:  # from judge.engine.core import state
                    deps |= {a.name for a in node.names if a.name in MODULES} or {parts[0]}
                else:  # from judge.engine.core.state import GameState
                    deps.add(parts[-1])
            elif isinstance(node, ast.Import):
                deps |= {a.name.split(".")[-1] for a in node.names if a.name.startswith("judge.engine.")}
            elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "import_module":
                deps.add("<dynamic import>")
        deps.discard(module_name(path))
        graph[module_name(path)] = deps
    return graph


def layer(module: str) -> int:
    """A module's place in the order (a sub-package's __init__.py stands with its package; the
    engine's own __init__.py, which re-exports apply, stands above them all)."""
    if module == "__init__":
        return len(LAYERS)
    return list(LAYERS).index(module if module in LAYERS else PACKAGE[module])


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every import path that leads back to where it started (one per circle's entry point)."""
    found, done = [], set()

    def visit(node, path):
        if node in path:
            found.append(path[path.index(node) :] + [node])
            return
        if node in done:
            return
        for dep in sorted(graph.get(node, ())):
            visit(dep, path + [node])
        done.add(node)

    for module in sorted(graph):
        visit(module, [])
    return found


def test_every_module_stands_in_a_declared_sub_package():
    files = engine_files()
    assert {p.parent.name for p in files if p.parent != ENGINE_DIR} == set(LAYERS)
    assert [p.name for p in files if p.parent == ENGINE_DIR] == ["__init__.py"]  # nothing left flat
    assert all(p.parent.parent == ENGINE_DIR for p in files if p.parent != ENGINE_DIR)  # one level deep
    held = {name: sum(1 for p in files if p.parent.name == name and p.name != "__init__.py") for name in LAYERS}
    assert held == LAYERS
    assert len(files) == sum(LAYERS.values()) + len(LAYERS) + 1
    stems = [p.stem for p in files if p.name != "__init__.py"]
    assert len(stems) == len(set(stems)) and not set(stems) & set(LAYERS)  # one name, one module


def test_no_import_runs_up_the_sub_package_order():
    graph = engine_imports()
    upward = sorted((m, d) for m, deps in graph.items() for d in deps if layer(d) > layer(m))
    assert upward == []
    # a sub-package's __init__.py only says what it holds; the engine's re-exports apply
    assert all(graph[name] == set() for name in LAYERS)
    assert graph["__init__"] == {"actions"}


def test_each_sub_package_says_what_it_holds():
    """The layer map lives in the sub-packages' docstrings: each names every module it holds, and
    the engine's own names every sub-package, bottom last (the order above)."""
    for name in LAYERS:
        doc = ast.get_docstring(ast.parse((ENGINE_DIR / name / "__init__.py").read_text(encoding="utf-8")))
        held = sorted(p.name for p in (ENGINE_DIR / name).glob("*.py") if p.name != "__init__.py")
        assert [m for m in held if not re.search(rf"(?<![\w/]){re.escape(m)}", doc)] == [], name
    doc = judge.engine.__doc__
    assert [doc.index(f"    {name}/ ") for name in reversed(LAYERS)] == sorted(doc.index(f"    {n}/ ") for n in LAYERS)


def test_the_order_check_finds_an_upward_import():
    assert layer("state") < layer("zones") < layer("sba") < layer("turn") < layer("actions") < layer("replay")
    assert layer("core") == layer("state") and layer("__init__") > layer("replay")


@pytest.mark.slow
def test_the_import_graph_is_read_whole():
    graph = engine_imports()
    assert set(graph) == MODULES
    assert len(MODULES) == sum(LAYERS.values()) + len(LAYERS) + 1
    assert graph["zones"] == {"state"}  # the primitive calls no policy
    assert "<dynamic import>" not in set().union(*graph.values())
    assert "replacement" not in graph["zones"] and {"effects", "zones", "perform"}.isdisjoint(graph["replacement"])
    assert "passing" not in (
        graph["priority"] | graph["turn"] | graph["casting"] | graph["sealing"] | graph["activating"] | graph["resolve"]
    )


@pytest.mark.slow
def test_there_is_no_import_circle_in_the_engine():
    assert cycles(engine_imports()) == []


def test_the_cycle_finder_finds_a_circle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]


@pytest.mark.slow
def test_the_card_vocabulary_lives_outside_the_engine():
    graph = engine_imports()
    assert "vocabulary" not in MODULES and "cards" not in MODULES and "yamlio" not in MODULES
    for path in (Path(judge.engine.__file__).parents[1] / "cards").glob("*.py"):
        assert "judge.engine" not in path.read_text(encoding="utf-8"), path
    # the state reads a face-down object through its guise (guise.py: values, no engine import);
    # it names its policies' type (policies.py: no engine import either)
    assert graph["state"] == {"frozen", "guise", "policies"}
    assert graph["frozen"] == set() and graph["guise"] == set() and graph["policies"] == set()


def test_every_effect_of_the_vocabulary_has_a_handler_and_no_handler_is_spare():
    assert set(effects.HANDLERS) == set(V.EFFECTS)


def fired_events() -> set[str]:
    """The events passed as string literals to triggers.fire / fire_for_permanents anywhere in the engine."""
    names = set()
    for path in engine_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "attr", getattr(node.func, "id", "")) in ("fire", "fire_for_permanents")
                and len(node.args) >= 2
            ):
                arg = node.args[1]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    names.add(arg.value)
    return names


@pytest.mark.slow
def test_every_trigger_event_has_a_rule_and_is_fired_somewhere():
    assert set(triggers.TRIGGER_RULES) >= V.TRIGGER_EVENTS
    assert set(V.TRIGGER_EVENTS) <= fired_events()


def test_every_action_kind_has_a_handler_and_its_own_key():
    assert ACTIONS
    for kind, spec in ACTIONS.items():
        assert kind in spec.keys and callable(spec.handler), kind


def test_every_action_kind_has_a_frozen_form_its_handler_reads():
    """The form (a frozen dataclass) is the kind's key list; the handler is annotated with it."""
    assert ACTIONS
    for kind, spec in ACTIONS.items():
        assert dataclasses.is_dataclass(spec.form) and spec.form.__dataclass_params__.frozen, kind
        assert spec.keys == {f.metadata.get("key", f.name) for f in dataclasses.fields(spec.form)}, kind
        assert inspect.signature(spec.handler).parameters["action"].annotation == spec.form.__name__, kind


def test_an_action_is_read_into_its_form_with_references_as_str():
    written = {"player": "Ana", "cast": 7, "targets": [1, "column"], "modes": [2], "tribute": True}
    assert read_action("cast", written) == Cast(
        player="Ana", cast="7", targets=("1", "column"), modes=(2,), tribute=True
    )
    assert read_action("pass", "pass") == Pass(player=None)
    assert read_action("pass", {"player": "Ben", "pass": True}) == Pass(player="Ben")
    depart = read_action("depart", {"player": "Ana", "depart": {"to": "haven", "pieces": ["master", 3]}})
    assert depart.depart == Departure("haven", ("master", "3"))
    # a player named by another scalar reads as its str, and is shown as written when refused
    named = read_action("pass", {"player": 5, "pass": True}).player
    assert named == "5" and isinstance(named, str) and f"no player {named!r}" == "no player 5"


def asked_kinds() -> set[str]:
    """The choice kinds passed as string literals to asking.ask / effect_context.choose_for anywhere in the engine
    (or to arranging.together, which records an order to be asked when something reads it)."""
    names = set()
    for path in engine_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            name = getattr(node.func, "attr", getattr(node.func, "id", "")) if isinstance(node, ast.Call) else ""
            position = {"ask": 2, "choose_for": 3, "together": 2}.get(name)
            if position is not None and len(node.args) > position:
                arg = node.args[position]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    names.add(arg.value)
    return names


@pytest.mark.slow
def test_every_choice_kind_is_asked_somewhere_and_has_a_shape_and_rule():
    assert set(CHOICE_KINDS) == asked_kinds()
    for kind in CHOICE_KINDS.values():
        assert kind.shape in {"pick", "order", "word", "map", "divide"} and kind.rule
        assert not (kind.optional and kind.default), 'a "may" is declined, never defaulted'


def keyword_declarations() -> dict[str, dict[str, tuple]]:
    """module -> {constant name: (keyword, rule, parameter)} for every module-level
    `NAME = keywords.implements("Keyword", "702.x"[, "form"])` in the engine."""
    found = {}
    for path in engine_files():
        decls = {}
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if (
                isinstance(node, ast.Assign)
                and isinstance(node.value, ast.Call)
                and getattr(node.value.func, "attr", "") == "implements"
            ):
                args = [a.value for a in node.value.args]
                decls[node.targets[0].id] = (args[0], args[1], args[2] if len(args) > 2 else "none")
        found[module_name(path)] = decls
    return found


_WRITTEN = re.compile(r"^\S+ (\d+|from \S+|to \S+)$")  # a keyword written with its parameter


@pytest.mark.slow
def test_the_engine_names_a_keyword_only_where_it_declares_it():
    """Outside keywords.implements(...) no vocabulary keyword is written as a string: the code reads
    each through the name its module declared, so what is implemented is what is declared."""
    modules = engine_files()
    assert modules
    for path in modules:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        declared = {
            id(node.value.args[0])
            for node in tree.body
            if isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Call)
            and getattr(node.value.func, "attr", "") == "implements"
        }
        # a card defined in code (a guise, 708.2a) carries its keywords as written, like a card file
        carried = {
            id(c)
            for node in ast.walk(tree)
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "CardDef"
            for kw in node.keywords
            if kw.arg == "keywords"
            for c in ast.walk(kw.value)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and node.value in V.KEYWORDS:
                assert id(node) in declared, (path.name, node.value, node.lineno)
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and _WRITTEN.match(node.value)
                and node.value.split(" ")[0] in V.KEYWORDS
            ):  # "Toll 2", "Sanctity from Kaelite"
                assert id(node) in carried, (path.name, node.value, node.lineno)


@pytest.mark.slow
def test_every_declared_keyword_is_read_by_its_module():
    """A declaration is a claim that the module gives the keyword meaning: the name must be read."""
    declarations = keyword_declarations()
    assert declarations
    for module, decls in declarations.items():
        tree = ast.parse(FILES[module].read_text(encoding="utf-8"))
        loaded = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
        assert set(decls) <= loaded, (module, set(decls) - loaded)


def test_the_registry_is_what_the_declarations_add_up_to():
    import judge.engine.coverage.support  # noqa: F401 - what the scenario loader imports before it asks

    declared = {kw: (rule, form) for decls in keyword_declarations().values() for kw, rule, form in decls.values()}
    assert {k: (v.rule, v.parameter) for k, v in keywords.MODELLED.items()} == declared
    assert set(keywords.MODELLED) <= V.KEYWORDS
    assert all(kw.rule.startswith("702.") and kw.parameter in keywords.PARAMETERS for kw in keywords.MODELLED.values())


def test_a_disagreeing_declaration_is_an_error():
    with pytest.raises(ValueError, match="Venom is declared both"):
        keywords.implements("Venom", "702.7")
    with pytest.raises(ValueError, match="unknown parameter form"):
        keywords.implements("Regenerate", "702.49a", "price")
    assert "Regenerate" not in keywords.MODELLED
