"""The engine's house: no import circles among judge/engine's modules, and every word the card
format accepts registered in the engine table that gives it meaning."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import judge.engine
from judge.cards import vocabulary as V
from judge.engine import effects, keywords, triggers
from judge.engine.action_kinds import ACTIONS
from judge.engine.choices import CHOICE_KINDS

ENGINE_DIR = Path(judge.engine.__file__).parent
MODULES = {p.stem for p in ENGINE_DIR.glob("*.py")}


def engine_imports() -> dict[str, set[str]]:
    """module -> the judge.engine modules it imports, wherever the import stands: at module
    level or inside a function. A lazy import inside a function to dodge a circle is still a
    circle (the two modules still need each other), so it counts."""
    graph = {}
    for path in ENGINE_DIR.glob("*.py"):
        deps = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "judge.engine":
                deps |= {a.name for a in node.names if a.name in MODULES}
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("judge.engine."):
                deps.add(node.module.split(".")[2])
            elif isinstance(node, ast.Import):
                deps |= {a.name.split(".")[2] for a in node.names if a.name.startswith("judge.engine.")}
            elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "import_module":
                deps.add("<dynamic import>")
        deps.discard(path.stem)
        graph[path.stem] = deps
    return graph


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


@pytest.mark.slow
def test_the_import_graph_is_read_whole():
    graph = engine_imports()
    assert set(graph) == MODULES
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
    # the state reads a face-down object through its guise (guise.py: values, no engine import)
    assert graph["state"] == {"frozen", "guise"} and graph["frozen"] == set() and graph["guise"] == set()


def test_every_effect_of_the_vocabulary_has_a_handler_and_no_handler_is_spare():
    assert set(effects.HANDLERS) == set(V.EFFECTS)


def fired_events() -> set[str]:
    """The events passed as string literals to triggers.fire / fire_for_permanents anywhere in the engine."""
    names = set()
    for path in ENGINE_DIR.glob("*.py"):
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


def asked_kinds() -> set[str]:
    """The choice kinds passed as string literals to asking.ask / effect_context.choose_for anywhere in the engine
    (or to arranging.together, which records an order to be asked when something reads it)."""
    names = set()
    for path in ENGINE_DIR.glob("*.py"):
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
    for path in ENGINE_DIR.glob("*.py"):
        decls = {}
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if (
                isinstance(node, ast.Assign)
                and isinstance(node.value, ast.Call)
                and getattr(node.value.func, "attr", "") == "implements"
            ):
                args = [a.value for a in node.value.args]
                decls[node.targets[0].id] = (args[0], args[1], args[2] if len(args) > 2 else "none")
        found[path.stem] = decls
    return found


_WRITTEN = re.compile(r"^\S+ (\d+|from \S+|to \S+)$")  # a keyword written with its parameter


@pytest.mark.slow
def test_the_engine_names_a_keyword_only_where_it_declares_it():
    """Outside keywords.implements(...) no vocabulary keyword is written as a string: the code reads
    each through the name its module declared, so what is implemented is what is declared."""
    modules = sorted(ENGINE_DIR.glob("*.py"))
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
        tree = ast.parse((ENGINE_DIR / f"{module}.py").read_text(encoding="utf-8"))
        loaded = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
        assert set(decls) <= loaded, (module, set(decls) - loaded)


def test_the_registry_is_what_the_declarations_add_up_to():
    import judge.engine.support  # noqa: F401 - what the scenario loader imports before it asks

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
