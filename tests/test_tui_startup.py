"""The first screen comes before the rules (issue 31 item 11): plain `judge` builds only the
TUI's sub-parser, and the rules start loading once the first frame is drawn (unpickling them
holds the GIL the first frame needs). bench/speed/bench_tui.py measures the times."""

from __future__ import annotations

import subprocess
import sys

from test_tui import library, make_app, private_session, run, shown  # noqa: F401 (fixtures)


def test_plain_judge_builds_only_the_tui_parser():
    child = (
        "import sys, judge.cli, judge.tui.app as tui\n"
        "tui.run = lambda scenario=None, mode='lookup', archive_url=None: print('opened', scenario, mode) or 0\n"
        "status = judge.cli.main([])\n"
        "print(sorted(m for m in sys.modules if m.startswith('judge.cli.commands')), status)\n"
    )
    out = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, timeout=60)
    assert out.stdout.splitlines() == ["opened None lookup", "['judge.cli.commands', 'judge.cli.commands.tui'] 0"], (
        out.stderr
    )


def test_the_first_frame_is_drawn_before_the_rules_start_loading(library, monkeypatch):
    from judge import library as library_module
    from judge.tui.app import JudgeApp

    order: list[str] = []

    def load(cls):
        order.append("load")
        return library

    monkeypatch.setattr(library_module.Library, "load", classmethod(load))

    class Timed(JudgeApp):
        def on_mount(self):  # runs after JudgeApp.on_mount (Textual walks the MRO)
            self.call_after_refresh(order.append, "drawn")

    app = Timed()

    async def script(pilot):
        await pilot.pause(0.2)
        assert "Type a rule number" in shown(app)

    run(app, script)
    assert order == ["drawn", "load"]
