"""The bundled sources ship inside the wheel: a non-editable install answers `judge show`."""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_wheel_install_shows_a_rule(tmp_path):
    dist = tmp_path / "dist"
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(dist), str(REPO)],
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stderr[-2000:]
    wheel = next(dist.glob("judge-*.whl"))
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    py = env_dir / "bin" / "python"
    # The versions the suite is tested with (constraints.txt), as the README's install takes them.
    install = subprocess.run(
        [str(py), "-m", "pip", "install", "--quiet", "-c", str(REPO / "constraints.txt"), str(wheel)],
        capture_output=True,
        text=True,
    )
    assert install.returncode == 0, install.stderr[-2000:]
    env = {k: v for k, v in os.environ.items() if not k.startswith("JUDGE_")}
    env["JUDGE_CACHE_DIR"] = str(tmp_path / "cache")
    # Run from an empty directory so nothing of the checkout can be picked up.
    shown = subprocess.run(
        [str(env_dir / "bin" / "judge"), "show", "704.5j"], cwd=tmp_path, capture_output=True, text=True, env=env
    )
    assert shown.returncode == 0, shown.stderr[-2000:]
    assert "704.5j" in shown.stdout
    where = subprocess.run(
        [str(py), "-c", "import judge.paths as p; print(p.data_root())"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=env,
    )
    assert "site-packages" in where.stdout and "_data" in where.stdout
