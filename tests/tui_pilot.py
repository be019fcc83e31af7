"""Waiting for the TUI to settle, shared by the Pilot tests and the snapshot tests.

Instead of sleeping past the typing debounce, wait for what is actually outstanding: a debounced
call still waiting (judge.tui.debounce), then the workers it started (a search runs in a
thread), then the messages their answers post — round after round, because one answer can start
the next piece of work (the library loading, then the search typed while it loaded).
"""

from __future__ import annotations

# Workers that live as long as their widget: Textual's DirectoryTree (the file picker) keeps one
# waiting for folders to open; the folders' own loading is a short worker waited for as usual.
# The board's action picker (a worker awaiting the judge's picks) waits for keys, not for work.
LONG_LIVED = {"_loader", "action-picker"}
MAX_ROUNDS = 50  # far more than any chain of work the app starts; a loop past it is a defect


async def settle(pilot) -> None:
    app = pilot.app
    for _ in range(MAX_ROUNDS):
        await pilot.pause()  # deliver what is queued: keys, Changed messages, answers
        debounce = getattr(app.screen, "debounce", None)
        if debounce is not None and debounce.pending:
            await debounce.settled()
        elif busy := [w for w in app.workers if not w.is_finished and w.group not in LONG_LIVED]:
            await app.workers.wait_for_complete(busy)
        else:
            return
    raise AssertionError(f"the TUI did not settle after {MAX_ROUNDS} rounds of work")
