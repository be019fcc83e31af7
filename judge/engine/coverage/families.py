"""Coverage of the rules' families (issue 32, item 5): where the rules give a list of a family,
which members the engine plays and which it refuses, each family read from the one table that
holds it — generated into cards/nodawn/README.md.

    python -m judge.engine.coverage.families           rewrite the section between the markers
    python -m judge.engine.coverage.families --check   exit 1 if the README's section is not current

The families: 405.6's announcements (rulings/nodawn/announcements.yaml), the 702 keywords
(rulings/nodawn/keywords.yaml), the 701 keyword actions (rulings/nodawn/keyword_actions.yaml),
the player choices (rulings/nodawn/choices.yaml), the keyword abilities that work outside the
battlefield (113.5, zone_abilities.OUTSIDE_THE_BATTLEFIELD), and the words an effect names its
targets by (115.1, 608.3; judge/cards/vocabulary.py) and the kinds of target a card may name.
Each family's generated test plays its members: tests/test_engine_announcements.py,
test_keyword_table.py and test_engine_keyword_events.py, test_engine_keyword_actions.py,
test_engine_choices.py and test_engine_questions_matter.py, test_engine_families.py,
test_engine_targets.py, test_engine_target_kinds.py.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

import yaml

from judge import paths
from judge.cards import keyword_actions
from judge.cards import vocabulary as V
from judge.engine.procedures import zone_abilities
from judge.engine.reading import announcements

BEGIN = "<!-- families:begin -->"
END = "<!-- families:end -->"


@dataclass(frozen=True)
class Member:
    name: str
    played: bool
    note: str = ""  # the rule, or why it is refused / how it is played


@dataclass(frozen=True)
class Family:
    name: str
    rule: str
    source: str  # the table it is read from
    members: tuple


def _announcements() -> Family:
    rows = tuple(Member(a.id, a.played, a.why or a.rules[0]) for a in announcements.table())
    return Family("No Dawn's announcements", "405.6", "rulings/nodawn/announcements.yaml", rows)


def _keywords() -> Family:
    table = yaml.safe_load((paths.data_root() / "rulings" / "nodawn" / "keywords.yaml").read_text(encoding="utf-8"))
    rows = tuple(
        Member(
            str(r["keyword"]),
            r["engine_status"] != "missing",
            str(r["rule"]) + (", in part" if r["engine_status"] == "partial" else ""),
        )
        for r in table["keywords"]
    )
    return Family("keyword abilities", "702", "rulings/nodawn/keywords.yaml", rows)


def _keyword_actions() -> Family:
    rows = tuple(
        Member(
            a.action,
            a.played,
            f"{a.rule}, " + " or ".join(f"`{k}`" for k in a.kinds)
            if a.played
            else f"{a.rule}, no card effect" + (f"; otherwise: {a.by}" if a.by else ""),
        )
        for a in keyword_actions.table()
    )
    return Family("keyword actions", "701", "rulings/nodawn/keyword_actions.yaml", rows)


def _choices() -> Family:
    rows = yaml.safe_load((paths.data_root() / "rulings" / "nodawn" / "choices.yaml").read_text(encoding="utf-8"))
    out = tuple(
        Member(str(r["id"]), r["asked"] != "not-modelled", f"{r['rule']}, {r['asked']}")
        for r in rows
        if isinstance(r, dict) and "id" in r
    )
    return Family(
        "player choices",
        "sections 1–7; refused: nothing the vocabulary has produces them",
        "rulings/nodawn/choices.yaml",
        out,
    )


def _outside_the_battlefield() -> Family:
    rows = tuple(
        Member(
            keyword,
            True,
            f"{rule}, from the {zone.title()}: "
            + (f"`{how}:` or `activate:`" if how not in ("triggered", "cast") else how),
        )
        for keyword, (zone, rule, how) in zone_abilities.OUTSIDE_THE_BATTLEFIELD.items()
    )
    return Family(
        "abilities that work outside the battlefield",
        "113.5",
        "judge/engine/procedures/zone_abilities.py OUTSIDE_THE_BATTLEFIELD",
        rows,
    )


def _target_words() -> Family:
    words = ("target", *V.TARGET_SLOTS, "each_target")
    notes = {"target": "the one target of a card with one", "each_target": "every target, each in its slot"}
    rows = tuple(
        Member(w, True, notes[w] if w in notes else f"target slot {V.TARGET_SLOTS.index(w) + 1}") for w in words
    )
    return Family("target words", "115.1, 608.3", "judge/cards/vocabulary.py TARGET_SLOTS", rows)


def _target_kinds() -> Family:
    rows = tuple(Member(kind, True, "608.3") for kind in sorted(V.TARGET_KINDS))
    return Family("target kinds", "115.1, 601.2c", "judge/cards/vocabulary.py TARGET_KINDS", rows)


def families() -> tuple[Family, ...]:
    return (
        _announcements(),
        _keywords(),
        _keyword_actions(),
        _choices(),
        _outside_the_battlefield(),
        _target_words(),
        _target_kinds(),
    )


def render() -> str:
    """The section, markers included."""
    out = [
        BEGIN,
        "Generated by `python -m judge.engine.coverage.families`: for each family the rules list, read from "
        "its one table, the members the engine plays and those it refuses (a card or scenario that "
        "needs a refused one is refused at load, naming the rule).",
        "",
    ]
    for fam in families():
        played = [m for m in fam.members if m.played]
        refused = [m for m in fam.members if not m.played]
        out.append(f"* **{fam.name}** ({fam.rule}; `{fam.source}`): {len(played)} played, {len(refused)} refused.")
        out.append("  Played: " + ", ".join(f"{m.name} ({m.note})" for m in played) + ".")
        if refused:
            out.append("  Refused: " + ", ".join(f"{m.name} ({m.note})" for m in refused) + ".")
    out.append(END)
    return "\n".join(out)


def readme_path():
    return paths.data_root() / "cards" / "nodawn" / "README.md"


def current(readme: str) -> str:
    if BEGIN not in readme or END not in readme:
        raise ValueError(f"{readme_path()}: the markers {BEGIN} and {END} are missing")
    head, rest = readme.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    return head + render() + tail


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    readme = readme_path().read_text(encoding="utf-8")
    wanted = current(readme)
    if "--check" in argv:
        if wanted != readme:
            print(
                f"{readme_path()}: the family table is not current; run python -m judge.engine.coverage.families",
                file=sys.stderr,
            )
            return 1
        return 0
    from judge.files import write_atomically  # deferred: start-up

    write_atomically(readme_path(), wanted)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
