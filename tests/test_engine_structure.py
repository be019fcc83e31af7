"""The engine's house: no import circles among judge/engine's modules, and every word the card
format accepts registered in the engine table that gives it meaning."""
from __future__ import annotations

import ast
from pathlib import Path

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
            found.append(path[path.index(node):] + [node])
            return
        if node in done:
            return
        for dep in sorted(graph.get(node, ())):
            visit(dep, path + [node])
        done.add(node)

    for module in sorted(graph):
        visit(module, [])
    return found


def test_the_import_graph_is_read_whole():
    graph = engine_imports()
    assert set(graph) == MODULES
    assert graph["zones"] == {"state"}  # the primitive calls no policy
    assert "<dynamic import>" not in set().union(*graph.values())
    assert "replacement" not in graph["zones"] and {"effects", "zones", "perform"}.isdisjoint(graph["replacement"])
    assert "passing" not in graph["priority"] | graph["turn"] | graph["casting"] | graph["resolve"]


def test_there_is_no_import_circle_in_the_engine():
    assert cycles(engine_imports()) == []


def test_the_cycle_finder_finds_a_circle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]


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
            if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) in (
                    "fire", "fire_for_permanents") and len(node.args) >= 2:
                arg = node.args[1]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    names.add(arg.value)
    return names


def test_every_trigger_event_has_a_rule_and_is_fired_somewhere():
    assert V.TRIGGER_EVENTS <= set(triggers.TRIGGER_RULES)
    assert set(V.TRIGGER_EVENTS) <= fired_events()


def test_every_action_kind_has_a_handler_and_its_own_key():
    for kind, spec in ACTIONS.items():
        assert kind in spec.keys and callable(spec.handler), kind


def asked_kinds() -> set[str]:
    """The choice kinds passed as string literals to asking.ask / effects.choose_for anywhere in the engine."""
    names = set()
    for path in ENGINE_DIR.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            name = getattr(node.func, "attr", getattr(node.func, "id", "")) if isinstance(node, ast.Call) else ""
            position = {"ask": 2, "choose_for": 3}.get(name)
            if position is not None and len(node.args) > position:
                arg = node.args[position]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    names.add(arg.value)
    return names


def test_every_choice_kind_is_asked_somewhere_and_has_a_shape_and_rule():
    assert set(CHOICE_KINDS) == asked_kinds()
    for kind in CHOICE_KINDS.values():
        assert kind.shape in {"pick", "order", "word", "map"} and kind.rule
        assert not (kind.optional and kind.default), "a \"may\" is declined, never defaulted"


def keywords_read_by_the_engine() -> set[str]:
    """Every vocabulary keyword written as a string literal in the engine's code (outside the
    keyword table), and the static conditions that name a keyword (`while: siege`)."""
    found = {c.title() for c in V.CONDITIONS if c.title() in V.KEYWORDS}
    for path in ENGINE_DIR.glob("*.py"):
        if path.stem == "keywords":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in V.KEYWORDS:
                found.add(node.value)
    return found


def test_the_keyword_table_names_exactly_the_keywords_the_engine_reads():
    assert set(keywords.MODELLED) == keywords_read_by_the_engine()
    assert set(keywords.MODELLED) <= V.KEYWORDS
    assert all(rule.startswith("702.") for rule in keywords.MODELLED.values())
