"""How a search speaks of games, in the same words in `judge search`, the TUI and the judge
station: that its game filter hid the answer ("Nothing in L5R LCG; in Shadowfist: Charmed Life
(--game all)"), and which game the question's words point to. A leaf module."""

from __future__ import annotations

from judge.corpus.documents import GAME_TITLES
from judge.corpus.model import Entry


def _name(entry: Entry) -> str:
    """'Charmed Life, ruling 2' (its citation without the document), else its label."""
    from judge.render import label  # deferred: start-up

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


def likely_games(likelihood: dict[str, float], how_to_filter: str) -> str:
    """The prior the ranking used, said so that a judge knows why one game leads and that the
    others are still listed: "likely game: L5R LCG 77%, then L5R CCG 17% (not a filter; …)".
    `how_to_filter`: how this reader picks one game ("--game G for one")."""
    ranked = sorted(likelihood.items(), key=lambda kv: -kv[1])[:2]
    parts = [f"{GAME_TITLES.get(game, game)} {p:.0%}" for game, p in ranked]
    return f"likely game: {', then '.join(parts)} (not a filter; {how_to_filter})"
