"""The bundled documents: which file each is, which game, and which parser reads it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DocumentSpec:
    key: str
    game: str
    title: str
    relpath: str  # relative to paths.data_root()
    parser: str  # module under judge.corpus (one package per game) exposing parse(text) -> ParsedDocument
    kind: str = "rules"  # "rules" (a rules text) or "rulings" (a FAQ of rulings)


DOCUMENTS: tuple[DocumentSpec, ...] = (
    DocumentSpec(
        "nd", "nodawn", "No Dawn Comprehensive Rules", "rules/nodawn/nodawn-comprehensive-rules.txt", "nodawn.rules"
    ),
    DocumentSpec("lcg", "l5r-lcg", "L5R LCG Rules Reference", "rules/l5r-lcg/l5r-lcg-rules-reference.txt", "l5r.lcg"),
    DocumentSpec(
        "ccg", "l5r-ccg", "L5R CCG Diamond Edition Rulebook", "rules/l5r-ccg/l5r-ccg-diamond-rulebook.txt", "l5r.ccg"
    ),
    DocumentSpec(
        "ce", "l5r-ccg", "L5R CCG Comprehensive Rules (excerpt)", "rules/l5r-ccg/l5r-ccg-ce-card-states.txt", "l5r.ce"
    ),
    DocumentSpec(
        "sf",
        "shadowfist",
        "Shadowfist OmniFAQ",
        "rulings/shadowfist/shadowfist-omnifaq-2007-08-10.txt",
        "shadowfist.omnifaq",
        "rulings",
    ),
)

GAMES = ("nodawn", "l5r-lcg", "l5r-ccg", "shadowfist")
GAME_TITLES = {"nodawn": "No Dawn", "l5r-lcg": "L5R LCG", "l5r-ccg": "L5R CCG", "shadowfist": "Shadowfist"}

# Loose names a judge may type for --game.
GAME_ALIASES = {
    "nd": "nodawn",
    "nodawn": "nodawn",
    "no-dawn": "nodawn",
    "lcg": "l5r-lcg",
    "l5r-lcg": "l5r-lcg",
    "ccg": "l5r-ccg",
    "l5r-ccg": "l5r-ccg",
    "ce": "l5r-ccg",
    "sf": "shadowfist",
    "shadowfist": "shadowfist",
}


def spec(key: str) -> DocumentSpec:
    for s in DOCUMENTS:
        if s.key == key:
            return s
    raise KeyError(key)


def normalize_game(name: str | None) -> str | None:
    if not name:
        return None
    return GAME_ALIASES.get(name.strip().lower())
