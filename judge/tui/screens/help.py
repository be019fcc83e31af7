"""F1: the keys of every screen and the omnibox commands and query language."""

from __future__ import annotations

import re

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

from judge.search.query import __doc__ as QUERY_HELP
from judge.tui.omnibox import COMMANDS

KEYS = """\
| Where | Keys |
|---|---|
| Everywhere | **F1** help · **F2** lookup · **F3** card · **F4** board · **F5** replay · **F6** basket · **F9** rulings log · **Ctrl+P** every command · **Ctrl+T** light/dark · **Ctrl+Q** quit (asks first if the board is unsaved or the basket unfiled) |
| Lists | **↑ ↓** move · **Enter** or click: open / follow · **Tab** next pane |
| Lookup | **Esc** back to the omnibox · **Alt+← / Alt+→** back / forward · **Ctrl+B** cite · **Ctrl+G** game · **Ctrl+F** all games · **Ctrl+O** the card of this ruling · **F7** trace the entry through its editions · **F8** what changed in its document's last edition · **Tab** to the band of notes over an entry (**⚑** a conflict in the rules, **⚠** damage in the source), **Enter** opens the note |
| Card | **Esc** name box · **Ctrl+B** cite the card (or the highlighted link) |
| Board | **a** add (a card to the selected zone, a spell to the stack, a Master, an action picked step by step — what, who, its cards and targets from the board — or written as YAML, an expectation as YAML) · **Del** remove · **+ / −** adjust or cycle the value · **e** type a value · **d / D** damage · **c** counters · **x** drained · **m** move to another zone · **n** new player · **Ctrl+N** new board · **Ctrl+S** save · **Ctrl+L** load (a file picker) · **Ctrl+R** replay it |
| Replay | **→ / ←** step · **Home / End** start / end · **g** go to step · **Enter** open the cited rule · **Ctrl+B** cite the step · **Ctrl+L** load · steps marked **!** engine error (a defect, not a ruling) · **✗** refused · **?** a player is asked · **~** not modelled here · **▶** an event that decided the outcome (a loss, a win, a death) or refused an action: shown first, and what Ctrl+B cites |
| Diff, Trace | **M** hide / show the entries that only moved (diff) · **Esc** back |
| Rulings log | **o** newest / oldest first · **Enter** open a ruling as it stands · **h** its history · **a** amend · **o** overturn · **w** withdraw (a form: a reason always; for an overturn, who decided) · **Esc** back |
| Basket | **Del** remove · **Ctrl+E** ruling sheet (Markdown, HTML, text) · **Ctrl+S** save to the ruling log · **Ctrl+O** print · **Esc** close |
"""


def help_markdown() -> str:
    commands = "\n".join(f"| `:{name}{' …' if arg else ''}` | {what} |" for name, (what, arg) in COMMANDS.items())
    return (
        "# judge — keys\n\n"
        + KEYS
        + "\n## Omnibox commands\n\n| command | does |\n|---|---|\n"
        + commands
        + "\n\n## Query language\n\n"
        + query_markdown(QUERY_HELP or "")
        + "\n"
    )


def query_markdown(doc: str) -> str:
    """The search layer's own description of its query language, as Markdown that wraps at any
    width: its indented two-column examples become a table, its prose stays prose."""
    rows: list[tuple[str, str]] = []
    paragraphs: list[list[str]] = [[]]
    for line in doc.strip().splitlines()[1:]:  # the first line is the module's title
        if line.startswith("    ") and line.strip():
            cells = re.split(r"\s{2,}", line.strip())
            cells += [""] * (len(cells) % 2)  # an example the docstring gives no meaning for
            rows += list(zip(cells[0::2], cells[1::2]))
        elif line.strip():
            paragraphs[-1].append(line.strip())
        elif paragraphs[-1]:
            paragraphs.append([])
    table = "| you type | finds |\n|---|---|\n" + "\n".join(
        f"| `{_cell(typed)}` | {_cell(means)} |" for typed, means in rows
    )
    return table + "\n\n" + "\n\n".join(" ".join(p) for p in paragraphs if p)


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


class HelpScreen(ModalScreen):
    CSS_PATH = "help.tcss"  # beside this file
    BINDINGS = [Binding("escape,f1,q", "dismiss", "Close")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Markdown(help_markdown(), id="help-text")

    def on_mount(self) -> None:
        self.query_one("#help-box").border_title = "Help · Esc closes"
        self.query_one("#help-box").focus()
