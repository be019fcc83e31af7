"""The user's folders come from platformdirs (issue 17 item 6), read the XDG variables .ci/run
sets, and each JUDGE_* variable overrides its folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge import paths

OVERRIDES = ("JUDGE_CACHE_DIR", "JUDGE_DATA_HOME", "JUDGE_CONFIG_DIR")
XDG = ("XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME")


@pytest.fixture
def bare(monkeypatch, tmp_path):
    for name in OVERRIDES + XDG:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return tmp_path


def _folders() -> tuple[Path, Path, Path]:
    return paths.cache_dir(), paths.data_dir(), paths.config_dir()


def test_home_only_gives_the_usual_linux_folders(bare):
    home = bare / "home"
    assert _folders() == (home / ".cache/judge", home / ".local/share/judge", home / ".config/judge")


def test_the_xdg_variables_ci_sets_are_followed(bare, monkeypatch):
    for name, folder in zip(XDG, ("cache", "data", "config")):
        monkeypatch.setenv(name, str(bare / "xdg" / folder))
    assert _folders() == (bare / "xdg/cache/judge", bare / "xdg/data/judge", bare / "xdg/config/judge")


def test_judge_variables_override_everything(bare, monkeypatch):
    for name in XDG:
        monkeypatch.setenv(name, str(bare / "xdg"))
    for name, folder in zip(OVERRIDES, ("c", "d", "f")):
        monkeypatch.setenv(name, str(bare / folder))
    assert _folders() == (bare / "c", bare / "d", bare / "f")


def test_a_tilde_in_an_override_is_the_home_folder(bare, monkeypatch):
    monkeypatch.setenv("JUDGE_CONFIG_DIR", "~/judge-config")
    assert paths.config_dir() == bare / "home" / "judge-config"
