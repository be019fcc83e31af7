"""The documentation (issue 34, item 1): the README is a front page of at most 200 lines whose
links all lead somewhere; everything else is the site in docs/, which builds with
`mkdocs build --strict` (every page in the navigation, every link and anchor resolved); the
command-line page is what `--help` prints; the environment page names every variable judge reads;
every screenshot in docs/ is shown somewhere."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys

import pytest
from bundled import REPO

DOCS = REPO / "docs"
README = (REPO / "README.md").read_text(encoding="utf-8")


def _pages() -> dict[str, str]:
    return {p.relative_to(REPO).as_posix(): p.read_text(encoding="utf-8") for p in sorted(DOCS.rglob("*.md"))}


def _cli_reference():
    spec = importlib.util.spec_from_file_location("cli_reference", REPO / "tools" / "cli_reference.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_the_site_builds_strictly(tmp_path):
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=REPO,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    built = {p.relative_to(tmp_path / "site").as_posix() for p in (tmp_path / "site").rglob("index.html")}
    for page in _pages():
        name = page.removeprefix("docs/").removesuffix(".md")
        assert ("index.html" if name == "index" else f"{name.removesuffix('/index')}/index.html") in built, page


def test_the_readme_is_a_front_page():
    assert len(README.splitlines()) <= 200
    headings = re.findall(r"^## (.+)$", README, re.M)
    assert headings[:3] == ["Quick start", "The documents", "Documentation"], headings


def test_every_link_in_the_readme_and_the_changelog_leads_to_a_file():
    """mkdocs checks the pages' links; the README and the changelog are outside the site."""
    for name in ("README.md", "CHANGELOG.md"):
        text = (REPO / name).read_text(encoding="utf-8")
        targets = [t.split("#")[0] for t in re.findall(r"\]\(([^)\s]+)\)", text) if "://" not in t]
        missing = [t for t in targets if not (REPO / t).exists()]
        assert (targets or name != "README.md") and not missing, (name, missing)


def test_the_readme_links_every_guide_reference_and_development_page():
    linked = set(re.findall(r"\]\((docs/[^)#\s]+\.md)", README))
    pages = {p for p in _pages() if p.split("/")[1] in ("guide", "reference", "development")}
    assert pages - {"docs/reference/index.md"} <= linked, sorted(pages - linked)


def test_the_cli_page_is_what_help_prints():
    module = _cli_reference()
    assert module.PAGE.read_text(encoding="utf-8") == module.render(), "run: python tools/cli_reference.py"


def test_the_cli_page_has_every_command_and_sub_command():
    from judge.cli import COMMANDS

    page = (DOCS / "reference" / "cli.md").read_text(encoding="utf-8")
    headings = re.findall(r"^#+ `(judge[^`]*)`$", page, re.M)
    wanted = ["judge"] + [f"judge {c}" for c in COMMANDS]
    assert [h for h in headings if h.count(" ") <= 1] == wanted
    assert {"judge ruling save", "judge ruling list", "judge ruling show", "judge ruling export"} <= set(headings)


def test_a_stale_cli_page_is_reported(tmp_path, monkeypatch, capsys):
    module = _cli_reference()
    stale = tmp_path / "cli.md"
    stale.write_text(module.render().replace("--as-of", "--as-at"), encoding="utf-8")
    monkeypatch.setattr(module, "PAGE", stale)
    monkeypatch.setattr(module, "REPO", tmp_path)
    assert module.main(["--check"]) == 1 and "out of date" in capsys.readouterr().err
    assert module.main([]) == 0 and module.main(["--check"]) == 0


def test_the_environment_page_names_every_variable_judge_reads():
    read = {
        m
        for p in (REPO / "judge").rglob("*.py")
        for m in re.findall(r"\bJUDGE_[A-Z_]+\b", p.read_text(encoding="utf-8"))
    }
    page = (DOCS / "reference" / "environment.md").read_text(encoding="utf-8")
    table = page.split("## Read by the tests only")[0]
    documented = set(re.findall(r"^\| `(JUDGE_[A-Z_]+)` \|", table, re.M))
    assert len(read) >= 8 and read == documented, (sorted(read - documented), sorted(documented - read))


def test_every_screenshot_in_docs_is_shown_or_linked():
    shots = sorted(p.name for p in DOCS.iterdir() if p.suffix in (".svg", ".png", ".txt"))
    text = README + "".join(_pages().values())
    unshown = [
        name for name in shots if f"docs/{name}" not in text and f"../{name}" not in text and f"]({name})" not in text
    ]
    assert len(shots) > 40 and unshown == []


@pytest.mark.slow
def test_the_judge_index_census_on_the_search_quality_page_is_the_index_files():
    """A count a page states is either generated or checked: this one is checked."""
    from judge.search import judge_index

    items = [
        item for doc in ("nd", "lcg", "ccg", "ce", "sf") for item in judge_index.read_file(judge_index.index_path(doc))
    ]
    asked = [item for item in items if item.questions]
    page = (DOCS / "development" / "search-quality.md").read_text(encoding="utf-8")
    stated = re.search(r"([\d,]+) questions over ([\d,]+) entries; the other ([\d,]+) \(", page.replace("\n", " "))
    assert stated, "the census sentence moved: update this test with it"
    numbers = [int(n.replace(",", "")) for n in stated.groups()]
    assert numbers == [sum(len(i.questions) for i in asked), len(asked), len(items) - len(asked)]
