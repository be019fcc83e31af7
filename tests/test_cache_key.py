"""The cache key: the data files, the package's version and the code that builds what is kept
under the key (judge.editions.loader.KEY_START_POINTS and every judge module they import),
found by a cheap scan of import statements, which must find what an AST walk finds."""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pytest

import judge
from judge.corpus import crosslinks
from judge.corpus.documents import DOCUMENTS
from judge.editions import loader


def _ast_closure(start: tuple[str, ...], package: Path) -> set[str]:
    """The honest import closure of `start`: every Import and ImportFrom node anywhere in each
    module's syntax tree (at module level or inside a function), relative ones resolved, a
    `from p import name` naming p.name too when that is a module, parent packages included."""
    files_by_name = {
        loader._module_name(parts): path for parts, path in loader._files_under(package, loader._is_source)
    }
    found: set[str] = set()
    waiting = list(start)
    while waiting:
        name = waiting.pop()
        if name in found:
            continue
        found.add(name)
        words = name.split(".")
        waiting.extend(".".join(words[:n]) for n in range(1, len(words)))
        if name not in files_by_name:
            continue
        path = Path(files_by_name[name])
        here = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_bytes())):
            if isinstance(node, ast.Import):
                waiting.extend(alias.name for alias in node.names if _in_judge(alias.name))
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    words = here.split(".")[: len(here.split(".")) - node.level + 1]
                    module = ".".join([*words, node.module] if node.module else words)
                else:
                    module = node.module or ""
                if not _in_judge(module):
                    continue
                waiting.append(module)
                waiting.extend(
                    f"{module}.{alias.name}" for alias in node.names if f"{module}.{alias.name}" in files_by_name
                )
    return found


def _in_judge(name: str) -> bool:
    return name == "judge" or name.startswith("judge.")


def test_the_text_scan_finds_what_an_ast_walk_finds():
    """A line in a string that reads like an import statement (`    from judge.x import y` in a
    docstring) is counted by the scan, not by the walk: harmless for the key (more code in it),
    but this test then fails; word that line otherwise."""
    scanned = loader._code_closure(loader.KEY_START_POINTS, loader._PACKAGE)
    assert set(scanned) == _ast_closure(loader.KEY_START_POINTS, loader._PACKAGE)
    # Reached only through the engine's card loader, which the No Dawn card entries are read with.
    assert "judge.cards.reader" in scanned
    assert all(parts for parts, _source in scanned.values())  # every module found is a file of the package


SCAN_FORMS = {
    "__init__.py": "",
    "top.py": (
        '"""Imports in every form the scan reads."""\n'
        "import os, judge.plain as plain_alias, judge.second\n"
        "from judge import (  # a comment ) with a bracket\n"
        "    sub,\n"
        "    name_only,\n"
        ")\n"
        "from judge.continued import \\\n"
        "    thing\n"
        "from judge.split \\\n"
        "    import other_thing\n"
        "import \\\n"
        "    judge.after_backslash\n"
        "\n"
        "\n"
        "def later():\n"
        "    from judge.deferred import value  # deferred: start-up\n"
        "\n"
        "    class Inner:\n"
        "        import judge.nested\n"
        "\n"
        "    return value, Inner\n"
    ),
    "plain.py": "",
    "second.py": "",
    "continued.py": "",
    "split.py": "",
    "after_backslash.py": "",
    "deferred.py": "import judge.missing_module\n",
    "nested.py": "",
    "sub/__init__.py": "from . import leaf\nfrom .leaf import x\nfrom .. import sibling\n",
    "sub/leaf.py": "from ..other import y\n",
    "sibling.py": "",
    "other.py": "",
    "unreached.py": "",
}


def test_the_scan_reads_every_form_of_import_as_the_ast_walk_does(tmp_path):
    package = tmp_path / "judge"
    for relative, text in SCAN_FORMS.items():
        (package / relative).parent.mkdir(parents=True, exist_ok=True)
        (package / relative).write_text(text)
    scanned = loader._code_closure(("judge.top",), package)
    assert set(scanned) == _ast_closure(("judge.top",), package)
    assert set(scanned) == {
        "judge",
        "judge.top",
        "judge.plain",
        "judge.second",
        "judge.sub",
        "judge.sub.leaf",
        "judge.sibling",
        "judge.other",
        "judge.continued",
        "judge.split",
        "judge.after_backslash",
        "judge.deferred",
        "judge.nested",
        "judge.missing_module",
    }
    assert scanned["judge.missing_module"] == ((), b"")  # no such file: kept, so writing it changes the key


def test_every_module_imported_by_a_name_built_at_run_time_is_a_start_point():
    """The parsers (judge/corpus/documents.py) and the linkers (crosslinks.LINKERS) are imported
    by name, invisible to any scan of import statements."""
    assert DOCUMENTS and crosslinks.LINKERS
    for spec in DOCUMENTS:
        assert f"judge.corpus.{spec.parser}" in loader.KEY_START_POINTS
    for name in crosslinks.LINKERS:
        assert name in loader.KEY_START_POINTS
    for name in (
        "judge.corpus.crosslinks",
        "judge.search.index",
        "judge.conflicts.cached",
        "judge.serve.offline_bundle",
    ):
        assert name in loader.KEY_START_POINTS


@pytest.fixture
def package_copy(tmp_path, monkeypatch) -> Path:
    """A copy of the package's Python files, which the key is then made from."""
    source = loader._PACKAGE
    copy = tmp_path / "judge"

    def not_code(folder: str, names: list[str]) -> list[str]:
        return [name for name in names if name == "__pycache__" or (name.endswith(".pyc"))]

    shutil.copytree(source, copy, ignore=not_code)
    monkeypatch.setattr(loader, "_PACKAGE", copy)
    return copy


def _edit(path: Path) -> None:
    path.write_text(path.read_text() + "\n# edited\n")


@pytest.mark.parametrize(
    "module",
    [
        "tui/app.py",  # the TUI
        "cli/commands/show.py",  # a command
        "cli/__init__.py",  # the command line's dispatcher
        "serve/search_page.py",  # station pages
        "serve/log_pages.py",
        "serve/app.py",
    ],
)
def test_editing_what_does_not_build_the_cache_keeps_the_key(package_copy, module):
    before = loader.content_key()
    assert before == loader.content_key()  # stable
    _edit(package_copy / module)
    assert loader.content_key() == before


@pytest.mark.parametrize(
    "module",
    [
        "editions/loader.py",  # the loader
        "corpus/nodawn/rules.py",  # parsers, one per game
        "corpus/l5r/text.py",
        "corpus/shadowfist/omnifaq.py",
        "corpus/crosslinks.py",  # the linking after parsing
        "corpus/nodawn/cards.py",  # a linker
        "cards/reader.py",  # read through the engine's card loader, for the No Dawn card entries
        "search/index.py",  # the search index kept under the key
        "search/lexicon.py",  # what it imports
        "conflicts/cached.py",  # the conflict notes kept under the key
        "serve/offline_bundle.py",  # the offline bundle named after the key
        "corpus/__init__.py",  # a parent package, run before its modules
        "__init__.py",  # the package, its version
    ],
)
def test_editing_the_code_that_builds_the_cache_changes_the_key(package_copy, module):
    before = loader.content_key()
    _edit(package_copy / module)
    assert loader.content_key() != before


def test_writing_a_parser_not_written_yet_changes_the_key(package_copy, monkeypatch):
    monkeypatch.setattr(loader, "KEY_START_POINTS", (*loader.KEY_START_POINTS, "judge.corpus.nodawn.future"))
    before = loader.content_key()
    (package_copy / "corpus/nodawn/future.py").write_text("def parse(text):\n    return None\n")
    assert loader.content_key() != before


def test_a_new_version_changes_the_key(monkeypatch):
    before = loader.content_key()
    monkeypatch.setattr(judge, "__version__", judge.__version__ + ".post1")
    assert loader.content_key() != before
