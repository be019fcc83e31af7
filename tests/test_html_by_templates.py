"""HTML is built only by Jinja2 templates, and there is one escaping function.

Every module under judge/ is read as Python (its string literals, f-string pieces included, but
not its docstrings): none may hold an HTML tag, none but judge/html_templates.py may define or
import an escaping function or make `Markup` from a string. The few literals that hold a tag and
build nothing are listed in ALLOWED, each with its reason. The detectors are checked on samples
first, so a guard that finds nothing is not mistaken for a clean tree.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import jinja2
import pytest

import judge
from judge import html_templates

PACKAGE = Path(judge.__file__).parent
THE_ESCAPER = PACKAGE / "html_templates.py"

# HTML elements (every one judge writes, and the common others): `<name` then a space, `>` or
# `/`, or `</name>`. A regex's named group `(?P<name>…)` is not a tag.
ELEMENTS = (
    "a abbr article aside b blockquote body br button caption code col colgroup dd del details div "
    "dl dt em footer form h1 h2 h3 h4 h5 h6 head header hr html i img input ins label li link main "
    "mark meta nav ol option p pre script section select small span strong style sub summary sup "
    "table tbody td textarea tfoot th thead time title tr u ul"
).split()
TAG = re.compile(r"(?<!\?P)</?(?:" + "|".join(ELEMENTS) + r")(?=[\s>/])|<!DOCTYPE", re.I)

# (module relative to judge/, the tag-holding literal) -> why it builds no HTML.
ALLOWED = {
    ("serve/sheet_page.py", "<style>(.*?)</style>"): "reads the served sheet's <style> to hash it for the CSP",
}
# A function by this name escapes (a Textual action_escape, the Escape key's, does not).
ESCAPER_NAME = re.compile(r"_*(?:html_?)?escape", re.I)
# Names that escape text for HTML, wherever they come from.
ESCAPING_MODULES = {"html", "markupsafe", "xml.sax.saxutils", "jinja2"}


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring constants in `tree` (module, class and function docstrings)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def html_literals(source: str) -> list[str]:
    """The string literals (f-string pieces too) in `source` that hold an HTML tag."""
    tree = ast.parse(source)
    skip = _docstrings(tree)
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in skip
        and TAG.search(node.value)
    ]


def escaping(source: str) -> list[str]:
    """What in `source` escapes for HTML by itself: a function named escape, an escape imported
    from an HTML library or called through it, Markup made from a string."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and ESCAPER_NAME.fullmatch(node.name):
            found.append(f"def {node.name}")
        elif isinstance(node, ast.ImportFrom) and node.module in ESCAPING_MODULES:
            found += [f"from {node.module} import {a.name}" for a in node.names if a.name == "escape"]
        elif isinstance(node, ast.Attribute) and node.attr == "escape" and isinstance(node.value, ast.Name):
            if node.value.id in ESCAPING_MODULES | {"Markup", "saxutils"}:
                found.append(f"{node.value.id}.escape")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Markup":
            found.append("Markup(…)")
    return found


def _modules() -> list[Path]:
    modules = sorted(PACKAGE.rglob("*.py"))
    assert len(modules) > 50 and THE_ESCAPER in modules  # the walk sees the whole package
    return modules


def test_the_detectors_find_what_they_look_for():
    sample = (
        '"""A docstring may say <p> and <time datetime>."""\n'
        "from html import escape\n"
        "import markupsafe\n"
        "from markupsafe import Markup\n"
        "PATTERN = r'(?P<body>\\w+)'\n"
        "def page(x):\n"
        "    return f'<p class=\"a\">{escape(x)}</p>' + markupsafe.escape(x) + Markup('<b>')\n"
        "def _escape(x):\n"
        "    return '</div>'\n"
        "def action_escape(self):\n"
        "    return re.escape(self.query)\n"
    )
    assert sorted(html_literals(sample)) == ["</div>", "</p>", "<b>", '<p class="a">']
    assert sorted(escaping(sample)) == [
        "Markup(…)",
        "def _escape",
        "from html import escape",
        "markupsafe.escape",
    ]


def test_no_module_builds_html_from_strings():
    found = {
        (str(path.relative_to(PACKAGE)), literal)
        for path in _modules()
        for literal in html_literals(path.read_text(encoding="utf-8"))
    }
    assert found - ALLOWED.keys() == set(), "HTML belongs in a template (judge.html_templates)"
    assert ALLOWED.keys() - found == set(), "an allowance no module needs any more"


def test_one_module_escapes():
    found = {
        str(path.relative_to(PACKAGE)): escaping(path.read_text(encoding="utf-8"))
        for path in _modules()
        if path != THE_ESCAPER
    }
    assert {module: what for module, what in found.items() if what} == {}
    assert escaping(THE_ESCAPER.read_text(encoding="utf-8"))  # …and that one does


@pytest.mark.parametrize("package", ["judge.sheet", "judge.changes", "judge.serve"])
def test_every_template_folder_renders_autoescaped(package):
    env = html_templates.environment(package, finalize=lambda value: value)
    assert env.autoescape is True and env.undefined is jinja2.StrictUndefined
    assert env.list_templates(extensions=["html"])
    assert env.from_string("{{ x }}").render(x="<b>&") == "&lt;b&gt;&amp;"


@pytest.mark.parametrize(
    ("quote", "expected"), [(False, '&lt;i&gt; "it\'s" &amp;'), (True, "&lt;i&gt; &quot;it&#x27;s&quot; &amp;")]
)
def test_the_escaping_function(quote, expected):
    assert html_templates.escape('<i> "it\'s" &', quote=quote) == expected
    assert html_templates.escape("a\x1b[31mb\x00", quote=quote) == "ab\ufffd"  # for_terminal first
    assert html_templates.escape(7, quote=quote) == "7"
    with pytest.raises(TypeError, match="NoneType"):
        html_templates.escape(None, quote=quote)  # type: ignore[arg-type]
