"""What the omnibox reads: a `:command` or a search (rule number, words, card:NAME, game:G).

Searches go to the search layer's own query language untouched; only commands are read here.
"""

from __future__ import annotations

from dataclasses import dataclass

# command -> (what it does, whether it takes an argument)
COMMANDS: dict[str, tuple[str, bool]] = {
    "card": ("open a card by name", True),
    "board": ("set up a board (optionally load a scenario file)", True),
    "replay": ("replay a scenario file", True),
    "basket": ("show the citation basket", False),
    "log": ("the saved rulings: show, amend, overturn, withdraw", False),
    "game": ("search one game (nodawn, l5r-lcg, l5r-ccg, shadowfist, all)", True),
    "help": ("keys and commands", False),
    "theme": ("switch between the light and dark theme", False),
    "quit": ("leave judge", False),
}
ALIASES = {"q": "quit", "h": "help", "?": "help", "b": "basket"}


@dataclass
class Command:
    name: str
    arg: str = ""

    def describe(self) -> str:
        what = COMMANDS.get(self.name, ("unknown command", False))[0]
        return f":{self.name}{' ' + self.arg if self.arg else ''} — {what}"


def parse_omnibox(text: str) -> Command | str:
    """A `Command` for `:name [arg]`; otherwise the text itself, a search."""
    stripped = text.strip()
    if not stripped.startswith(":") or len(stripped) < 2:
        return text
    name, _, arg = stripped[1:].partition(" ")
    name = ALIASES.get(name.lower(), name.lower())
    return Command(name, arg.strip())
