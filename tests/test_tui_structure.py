"""The TUI's shape: screens talk to the app in messages (judge.tui.messages) and are told the
library and the game as attributes; they use only Textual's own App API, and the app never
calls a screen's method by name. Each screen's CSS sits beside it."""

from __future__ import annotations

import ast

from bundled import REPO

SCREENS = REPO / "judge" / "tui" / "screens"
WIDGETS = REPO / "judge" / "tui" / "widgets"
# Textual's App API a screen may use: showing another screen, a notification (the app's notify
# keeps markup off), a worker's answer, the clipboard, a message to the app when the screen
# itself is closing, a dialog's answer awaited in a worker (the board's action picker)
TEXTUAL_APP_API = {"push_screen", "notify", "call_from_thread", "copy_to_clipboard", "post_message", "push_screen_wait"}


def app_attributes(path) -> set[str]:
    """Every `self.app.X` in a module."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Attribute)
            and node.value.attr == "app"
            and isinstance(node.value.value, ast.Name)
            and node.value.value.id == "self"
        ):
            found.add(node.attr)
    return found


def test_screens_and_widgets_use_only_textuals_app_api():
    used = {
        path.name: app_attributes(path) - TEXTUAL_APP_API for path in [*SCREENS.glob("*.py"), *WIDGETS.glob("*.py")]
    }
    assert {name: sorted(extra) for name, extra in used.items() if extra} == {}


def test_the_app_calls_no_screen_method_by_name():
    source = (REPO / "judge" / "tui" / "app.py").read_text(encoding="utf-8")
    assert "getattr(self.screen" not in source
    assert "_in_mode" not in source


def test_each_full_screen_has_its_css_beside_it():
    screens = sorted(SCREENS.glob("*.py"))
    assert screens
    for path in screens:
        source = path.read_text(encoding="utf-8")
        if (
            "(JudgeScreen)" in source
            or "(JudgeModal)" in source
            or "ModalScreen[" in source
            or "(ModalScreen)" in source
        ):
            assert f'CSS_PATH = "{path.stem}.tcss"' in source, path.name
            assert path.with_suffix(".tcss").is_file(), path.name
