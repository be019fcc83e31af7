"""How a search says that its game filter hid the answer, in the same words in `judge search`
and the TUI: "Nothing in L5R LCG; in Shadowfist: Charmed Life (--game all)". A leaf module."""
from __future__ import annotations

from judge.corpus.documents import GAME_TITLES
from judge.corpus.model import Entry


def _name(entry: Entry) -> str:
    """'Charmed Life, ruling 2' (its citation without the document), else its label."""
    from judge.render import label

    if entry.citation and " — " in entry.citation and not entry.number:
        return entry.citation.split(" — ", 1)[1]
    return label(entry)


def hidden_answer(games: list[str], found_any: bool, elsewhere: list[Entry], widen: str) -> str:
    """`games`: the filter; `found_any`: whether the filter still found something; `elsewhere`:
    the other games' best entries, best first; `widen`: how to drop the filter (a flag, a key)."""
    where = " or ".join(GAME_TITLES.get(g, g) for g in games)
    by_game: dict[str, list[str]] = {}
    for entry in elsewhere:
        names = by_game.setdefault(entry.game, [])
        if _name(entry) not in names:
            names.append(_name(entry))
    places = "; ".join(f"in {GAME_TITLES.get(g, g)}: {', '.join(names)}" for g, names in by_game.items())
    head = f"Nothing in {where}" if not found_any else f"Best outside {where}"
    return f"{head}; {places} ({widen})"
