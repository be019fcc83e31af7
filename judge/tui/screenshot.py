"""The current screen as plain text or SVG, for tests, the benchmark and docs/ screenshots."""

from __future__ import annotations

import io

from rich.console import Console


def _render(app) -> Console:
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console


def screen_text(app) -> str:
    """What a user sees, as text (one line per terminal row)."""
    return _render(app).export_text()
