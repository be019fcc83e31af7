"""CI runs what the README says: the Quick start's two commands, read from the README by
.ci/quickstart.py; and the versions the tests are made against are stated twice, consistently:
ranges in pyproject.toml, exact versions in constraints.txt."""

from __future__ import annotations

import importlib.util
import tomllib

from bundled import REPO
from packaging.requirements import Requirement


def quickstart_commands() -> list[str]:
    spec = importlib.util.spec_from_file_location("quickstart", REPO / ".ci" / "quickstart.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.quickstart_commands((REPO / "README.md").read_text(encoding="utf-8"))


def constraints() -> dict[str, str]:
    pinned = {}
    for line in (REPO / "constraints.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, version = line.partition("==")
            assert version, f"constraints.txt: {line!r} is not an exact pin (name==version)"
            pinned[name.strip().lower().replace("_", "-")] = version.strip()
    return pinned


def test_the_quick_start_is_setup_then_tests():
    setup, tests = quickstart_commands()
    assert "-c constraints.txt" in setup and "judge doctor" in setup
    assert tests == ".venv/bin/python -m pytest -q -n auto"


def test_ci_runs_the_readme_commands_not_a_copy():
    run = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert "quickstart.py" in run
    for command in quickstart_commands():
        assert command not in run


def test_constraints_satisfy_the_project_ranges():
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    pinned = constraints()
    extras = project["optional-dependencies"]
    wanted = [Requirement(r) for r in project["dependencies"] + extras["test"] + extras["dev"]]
    assert wanted
    for requirement in wanted:
        name = requirement.name.lower().replace("_", "-")
        assert name in pinned, f"constraints.txt does not pin {requirement.name}"
        assert requirement.specifier.contains(pinned[name]), f"{name}=={pinned[name]} is outside {requirement}"


def test_the_readme_examples_never_write_the_real_rulings_log():
    """issue 31/33: a demo ruling from the README's examples landed in the event's log, where it
    showed in searches and on the station. Every example that saves a ruling names a demo file."""
    import re

    pages = [REPO / "README.md", *sorted((REPO / "docs").rglob("*.md"))]  # the examples moved into docs/ too
    blocks = [
        b
        for page in pages
        for b in re.findall(r"```(?:sh|bash|shell)\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
    ]
    from judge.rulings.revisions import KINDS

    writers = ("save", "import", *KINDS)  # every command that writes the log (issue 33's revisions too)
    saves = [
        line
        for block in blocks
        for line in block.splitlines()
        if re.search(rf"\bjudge ruling ({'|'.join(writers)})\b", line)
    ]
    assert saves and all("--db " in line for line in saves), saves
    assert {w for w in writers if any(f"judge ruling {w}" in line for line in saves)} == set(writers)
    readme_blocks = re.findall(r"```sh\n(.*?)```", (REPO / "README.md").read_text(encoding="utf-8"), re.S)
    assert any("judge ruling save" in block for block in readme_blocks)  # the README still shows one
