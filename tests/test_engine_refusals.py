"""Citations that hold up (issue 15, item 5): every refusal the engine can make cites the rule
whose words forbid the action.

The refusal sites are enumerated from the code — every `Refused(...)` and `Malformed(...)` call in
judge/engine — and each is driven by one case below: a small board, the actions that lead up to
it and the refused action, with the rules the refusal must cite (checked to exist in the corpus).
A `Malformed` refusal is an action the engine cannot read (a wrong key, a name that names no one):
no rule forbids it, and it cites none. A new refusal site without a case fails
test_every_refusal_site_is_driven_by_a_case.
"""

from __future__ import annotations

import ast
import copy
import sys
from pathlib import Path

import pytest
import yaml

import judge.engine
from judge.engine.core import errors
from judge.engine.core.policies import default_table
from judge.engine.play.actions import apply
from judge.engine.scenarios.scenario import load_string

ENGINE_DIR = Path(judge.engine.__file__).parent
MALFORMED = "malformed"

CARDS = [
    {
        "name": "Silent Maren",
        "type": "Master",
        "lineage": "Liamite",
        "initial_vitae": 20,
        "enlightenment": 1,
        "text": "Liamite Master.",
    },
    {
        "name": "Spark",
        "type": "Caprice",
        "cost": {"vitae": 1},
        "blood_seal": 1,
        "text": "Deal 1 damage to target Entity.",
        "targets": [{"kind": "Entity"}],
        "abilities": [{"spell": [{"deal_damage": {"amount": 1, "to": "target"}}]}],
    },
    {
        "name": "Kaelite Spark",
        "type": "Caprice",
        "lineage": "Kaelite",
        "cost": {"vitae": 1},
        "blood_seal": 1,
        "text": "Deal 1 damage to target Entity.",
        "targets": [{"kind": "Entity"}],
        "abilities": [{"spell": [{"deal_damage": {"amount": 1, "to": "target"}}]}],
    },
    {
        "name": "Hush",
        "type": "Caprice",
        "cost": {"vitae": 1},
        "blood_seal": 1,
        "text": "Counter target spell.",
        "targets": [{"kind": "spell"}],
        "abilities": [{"spell": [{"counter": "target"}]}],
    },
    {
        "name": "Stillness",
        "type": "Power",
        "cost": {"vitae": 1},
        "blood_seal": 1,
        "text": "Counter target spell.",
        "targets": [{"kind": "spell"}],
        "abilities": [{"spell": [{"counter": "target"}]}],
    },
    {
        "name": "Insight",
        "type": "Power",
        "cost": {"vitae": 1},
        "blood_seal": 1,
        "text": "Draw a card.",
        "abilities": [{"spell": [{"draw": 1}]}],
    },
    {
        "name": "Night Insight",
        "type": "Power",
        "binding": "night",
        "cost": {"vitae": 1},
        "blood_seal": 1,
        "text": "Draw a card.",
        "abilities": [{"spell": [{"draw": 1}]}],
    },
    {
        "name": "Dawn Psalm",
        "type": "Caprice",
        "binding": "day",
        "cost": {"vitae": 1},
        "blood_seal": 1,
        "text": "Draw a card.",
        "abilities": [{"spell": [{"draw": 1}]}],
    },
    {
        "name": "Wrathful Oath",
        "type": "Caprice",
        "cost": {"vitae": 1, "wrath": -2},
        "blood_seal": 1,
        "text": "Draw a card.",
        "abilities": [{"spell": [{"draw": 1}]}],
    },
    {
        "name": "Lamplit Copyist",
        "type": "Entity",
        "subtypes": ["Innocent", "Scholar"],
        "cost": {"vitae": 2},
        "attack": 1,
        "vigor": 2,
        "blood_seal": 1,
        "text": "Drain this: deal 1 damage to target Entity.",
        "abilities": [
            {
                "activated": {
                    "cost": {"drain": True},
                    "effects": [{"deal_damage": {"amount": 1, "to": "target"}}],
                    "targets": [{"kind": "Entity"}],
                }
            }
        ],
    },
    {
        "name": "Moon Acolyte",
        "type": "Entity",
        "subtypes": ["Vampire"],
        "binding": "night",
        "cost": {"vitae": 2},
        "attack": 2,
        "vigor": 2,
        "blood_seal": 1,
        "text": "Drain this: draw a card.",
        "abilities": [{"activated": {"cost": {"drain": True}, "effects": [{"draw": 1}]}}],
    },
    {
        "name": "Gull",
        "type": "Entity",
        "subtypes": ["Beast"],
        "cost": {"vitae": 1},
        "attack": 1,
        "vigor": 1,
        "blood_seal": 1,
        "keywords": ["Flying"],
        "text": "Flying.",
    },
    {
        "name": "Dread Hound",
        "type": "Entity",
        "subtypes": ["Wolf"],
        "cost": {"vitae": 1},
        "attack": 2,
        "vigor": 2,
        "blood_seal": 1,
        "keywords": ["Dread"],
        "text": "Dread.",
    },
    {
        "name": "Saint of Ash",
        "type": "Entity",
        "subtypes": ["Sacred"],
        "cost": {"vitae": 1},
        "attack": 1,
        "vigor": 3,
        "blood_seal": 1,
        "keywords": ["Sanctity from Garethean"],
        "text": "Sanctity from Garethean.",
    },
    {
        "name": "Pack Hound",
        "type": "Entity",
        "subtypes": ["Wolf"],
        "cost": {"vitae": 2},
        "attack": 2,
        "vigor": 2,
        "blood_seal": 1,
        "keywords": ["Pack 1"],
        "text": "Pack 1.",
        "statics": [{"cant_be_blocked_alone": True, "while": "pack"}],
    },
    {
        "name": "Brute",
        "type": "Entity",
        "subtypes": ["Beast"],
        "cost": {"vitae": 1},
        "attack": 4,
        "vigor": 4,
        "blood_seal": 1,
        "keywords": ["Overrun"],
        "text": "Overrun.",
    },
    {
        "name": "Ox",
        "type": "Entity",
        "subtypes": ["Beast"],
        "cost": {"vitae": 1},
        "attack": 4,
        "vigor": 4,
        "blood_seal": 1,
        "text": "A 4/4.",
    },
    {
        "name": "Lurker",
        "type": "Entity",
        "subtypes": ["Vampire"],
        "cost": {"vitae": 2},
        "attack": 3,
        "vigor": 3,
        "blood_seal": 1,
        "keywords": ["Sleeper"],
        "text": "Sleeper.",
        "sleeper": {"wakes": [{"draw": 1}]},
    },
    {
        "name": "Snare",
        "type": "Trap",
        "cost": {"vitae": 1},
        "blood_seal": 1,
        "text": "Deal 1 damage to the attacker.",
        "abilities": [{"spell": [{"deal_damage": {"amount": 1, "to": "target"}}]}],
    },
    # the systems merged from the other branches: choices, modes, cost preps, face-down play, Processions,
    # control, the abilities of other zones, Wield, Immure, brewing
    {
        "name": "Grim Tithe",
        "type": "Caprice",
        "cost": {"vitae": 1},
        "blood_seal": 1,
        "text": "Each player sacrifices an Entity.",
        "abilities": [{"spell": [{"sacrifice": {"who": "each_player"}}]}],
    },
    {
        "name": "Unstable Gloss",
        "type": "Caprice",
        "cost": {"vitae": 3},
        "blood_seal": 1,
        "keywords": ["Backlash 2"],
        "backfire": {"corruption": 2},
        "text": "Backlash 2. Draw two cards.",
        "abilities": [{"spell": [{"draw": 2}]}],
    },
    {
        "name": "Ossuary Levy",
        "type": "Caprice",
        "cost": {"vitae": 6},
        "blood_seal": 1,
        "keywords": ["Despoil 2", "Muster 2"],
        "text": "Despoil 2. Muster 2. Draw two cards.",
        "abilities": [{"spell": [{"draw": 2}]}],
    },
    {
        "name": "Cheap Levy",
        "type": "Caprice",
        "cost": {"vitae": 1},
        "blood_seal": 1,
        "keywords": ["Despoil 2"],
        "text": "Despoil 2. Draw a card.",
        "abilities": [{"spell": [{"draw": 1}]}],
    },
    {
        "name": "Twin Omen",
        "type": "Caprice",
        "cost": {"vitae": 1},
        "blood_seal": 1,
        "text": "Choose one — draw a card; gain 1 Wrath.",
        "modes": [[{"draw": 1}], [{"wrath": 1}]],
    },
    {
        "name": "Press-Gang",
        "type": "Caprice",
        "cost": {"vitae": 2},
        "blood_seal": 1,
        "keywords": ["Conscript"],
        "text": "Conscript target enemy Entity.",
        "targets": [{"kind": "Entity"}],
        "abilities": [{"spell": [{"gain_control": {"to": "target", "until": "end_of_turn", "bloodlust": True}}]}],
    },
    {
        "name": "Sealed Pit",
        "type": "Caprice",
        "cost": {"vitae": 1},
        "blood_seal": 1,
        "text": "You can't seal the Pit this turn.",
        "abilities": [{"spell": [{"forbid_drop": {"who": "controller"}}]}],
    },
    {
        "name": "Masked Courtier",
        "type": "Entity",
        "subtypes": ["Vampire"],
        "cost": {"vitae": 5},
        "attack": 3,
        "vigor": 1,
        "blood_seal": 1,
        "keywords": ["Masquerade 2"],
        "text": "Masquerade 2.",
    },
    {
        "name": "Veiled Return",
        "type": "Entity",
        "subtypes": ["Vampire"],
        "cost": {"vitae": 3},
        "attack": 2,
        "vigor": 2,
        "blood_seal": 1,
        "keywords": ["Transmute 1", "Recall 2"],
        "text": "Transmute 1. Recall 2.",
    },
    {
        "name": "Lay Evidence",
        "type": "Caprice",
        "cost": {"vitae": 1},
        "blood_seal": 1,
        "keywords": ["Evidence 1"],
        "text": "Evidence 1.",
    },
    {
        "name": "Sun-Hunter",
        "type": "Entity",
        "subtypes": ["Innocent", "Hunter"],
        "cost": {"vitae": 3},
        "attack": 3,
        "vigor": 3,
        "blood_seal": 1,
        "binding": "day",
        "text": "A day-walker.",
    },
    {
        "name": "Sun Maul",
        "type": "Weapon",
        "cost": {"vitae": 1},
        "blood_seal": 1,
        "binding": "day",
        "keywords": ["Wield 1"],
        "text": "Wield 1. A day-forged Weapon.",
    },
    {
        "name": "Bricked Keep",
        "type": "Haven",
        "lineage": "Kaelite",
        "cost": {"vitae": 4},
        "blood_seal": 2,
        "defense": 10,
        "rooms": 2,
        "wards": 1,
        "keywords": ["Immure 1"],
        "text": "Immure 1.",
    },
    {
        "name": "Sun Keep",
        "type": "Haven",
        "lineage": "Kaelite",
        "cost": {"vitae": 4},
        "blood_seal": 2,
        "binding": "day",
        "defense": 10,
        "rooms": 2,
        "wards": 1,
        "keywords": ["Immure 1"],
        "text": "Immure 1.",
    },
    {
        "name": "Grave Mutter",
        "type": "Caprice",
        "cost": {"vitae": 2},
        "blood_seal": 1,
        "keywords": ["Bleed 1"],
        "text": "Bleed 1.",
    },
    {
        "name": "Dawn Mutter",
        "type": "Caprice",
        "binding": "day",
        "cost": {"vitae": 2},
        "blood_seal": 1,
        "keywords": ["Bleed 1"],
        "text": "Bleed 1.",
    },
    {
        "name": "Dawn Pallbearer",
        "type": "Entity",
        "subtypes": ["Vampire"],
        "binding": "day",
        "cost": {"vitae": 3},
        "attack": 2,
        "vigor": 2,
        "blood_seal": 1,
        "keywords": ["Exhume 2"],
        "text": "Exhume 2.",
    },
    {
        "name": "Fever Base",
        "type": "Caprice",
        "subtypes": ["Component", "Base"],
        "cost": {"vitae": 1, "source": "Sacred"},
        "blood_seal": 1,
        "text": "Component — Base. Draw a card.",
        "abilities": [{"spell": [{"draw": 1}]}],
    },
    {
        "name": "Social Vector",
        "type": "Caprice",
        "subtypes": ["Component", "Vector"],
        "cost": {"vitae": 1},
        "blood_seal": 1,
        "text": "Component — Vector.",
    },
    {
        "name": "Profane Vector",
        "type": "Caprice",
        "subtypes": ["Component", "Vector"],
        "cost": {"vitae": 1, "source": "Profane"},
        "blood_seal": 1,
        "text": "Component — Vector.",
    },
    {
        "name": "Aimed Base",
        "type": "Caprice",
        "subtypes": ["Component", "Base"],
        "cost": {"vitae": 1},
        "blood_seal": 1,
        "text": "Component — Base. Deal 1 damage to target Entity.",
        "targets": [{"kind": "Entity"}],
        "abilities": [{"spell": [{"deal_damage": {"amount": 1, "to": "target"}}]}],
    },
    {
        "name": "Homunculus Base",
        "type": "Relic",
        "subtypes": ["Component", "Base"],
        "cost": {"vitae": 1},
        "blood_seal": 1,
        "text": "Component — Base.",
    },
]

BASE = {
    "title": "a refusal case",
    "game": "nodawn",
    "cards": CARDS,
    "turn": {"active": "Ana", "round": "The Hunt", "phase": "main1"},
    "players": [
        {
            "name": "Ana",
            "master": {"card": "Aurelio Torretti", "vitae": 20},
            "pool": 10,
            "hand": [
                {"card": "Spark", "id": "spark"},
                {"card": "Sell the Bones", "id": "bones"},
                {"card": "Insight", "id": "insight"},
            ],
            "battlefield": [
                {"card": "Gilded Haven", "id": "haven"},
                {"card": "Black Company Pikeman", "id": "pikeman"},
                {"card": "Scriptorium Drudge", "id": "drudge"},
            ],
        },
        {
            "name": "Ben",
            "master": {"card": "Silent Maren", "vitae": 20},
            "pool": 10,
            "hand": [{"card": "Hush", "id": "hush"}],
            "battlefield": [{"card": "The Counting-House Dark", "id": "dark"}, {"card": "Iron Column", "id": "column"}],
        },
    ],
}


def ana(board):
    return board["players"][0]


def ben(board):
    return board["players"][1]


def at(phase, step=None, active="Ana", round_="The Hunt"):
    def patch(board):
        board["turn"] = {"active": active, "round": round_, "phase": phase, "step": step, "priority": active}

    return patch


def both(*patches):
    def patch(board):
        for p in patches:
            p(board)

    return patch


def give(who, zone, *cards):
    def patch(board):
        player = ana(board) if who == "Ana" else ben(board)
        player.setdefault(zone, [])
        player[zone] = list(player[zone]) + list(cards)

    return patch


def setting(**fields):
    def patch(board):
        for key, value in fields.items():
            board[key] = value

    return patch


def player_field(who, **fields):
    def patch(board):
        (ana(board) if who == "Ana" else ben(board)).update(fields)

    return patch


def nothing(board):
    pass


def policy(pid):
    return default_table()[pid].rules


ATTACKS = {"player": "Ana", "attack": [{"attacker": "pikeman", "target": "dark"}]}
TO_BLOCKS = {"until": {"phase": "combat", "step": "declare_blockers"}}
TO_DAMAGE = {"until": {"phase": "combat", "step": "combat_damage"}}
IN_COMBAT = at("combat", "declare_attackers")
DAY = at("main1", round_="The Preparation")
# Ana's 4/4 attackers, blocked by Ben's 2/2 and 1/1: the damage waits for Ana's order or assignment
TWO_BLOCK_OX = both(
    IN_COMBAT,
    give("Ana", "battlefield", {"card": "Ox", "id": "ox"}, {"card": "Brute", "id": "brute"}),
    give("Ben", "battlefield", {"card": "Black Company Pikeman", "id": "guard"}, {"card": "Gull", "id": "bird"}),
)
OX_BLOCKED_TWICE = [
    {"player": "Ana", "attack": [{"attacker": "ox", "target": "dark"}]},
    TO_BLOCKS,
    {"player": "Ben", "block": [{"blocker": "guard", "attacker": "ox"}, {"blocker": "bird", "attacker": "ox"}]},
    TO_DAMAGE,
]
BRUTE_BLOCKED_TWICE = [
    {"player": "Ana", "attack": [{"attacker": "brute", "target": "dark"}]},
    TO_BLOCKS,
    {"player": "Ben", "block": [{"blocker": "guard", "attacker": "brute"}, {"blocker": "bird", "attacker": "brute"}]},
    TO_DAMAGE,
]
WARDED = both(
    at("combat", "declare_attackers", active="Ben"),
    give("Ana", "wards", {"card": "Snare", "id": "snare"}),
    give("Ben", "battlefield", {"card": "Black Company Pikeman", "id": "raider"}),
)
RAID = {"player": "Ben", "attack": [{"attacker": "raider", "target": "haven"}]}
ASSAULT = at("main1", round_="The Assault")
TWO_HAVENS = give("Ana", "battlefield", {"card": "Tollhouse of the Nine Gates", "id": "estate"})
ON_THE_ROAD = {"player": "Ana", "depart": {"to": "estate", "pieces": ["master", "bones"]}}
SET_OUT = [ON_THE_ROAD, "pass"]  # the departure is announced onto the stack and resolves (405.6, policy C4)
LEVY = give("Ana", "hand", {"card": "Ossuary Levy", "id": "levy"})
SPOILED = give(
    "Ana", "spoils", {"card": "Spark", "id": "s1"}, {"card": "Spark", "id": "s2"}, {"card": "Spark", "id": "s3"}
)
EDICT = give("Ana", "hand", {"card": "Edict of Coin and Blade", "id": "edict"})
MAUL = give("Ana", "battlefield", {"card": "Pallbearer's Maul", "id": "maul"})
KEEP = give("Ana", "battlefield", {"card": "Bricked Keep", "id": "keep"})
COMPONENTS = give(
    "Ana",
    "hand",
    {"card": "Fever Base", "id": "base"},
    {"card": "Social Vector", "id": "vector"},
    {"card": "Social Vector", "id": "vector-2"},
    {"card": "Profane Vector", "id": "profane"},
)
OWES_ANA = player_field("Ben", debts=[{"to": "Ana"}])

# (case id, board patch, actions — the last one refused —, the rules the refusal must cite)
CASES = [
    # -- reading the action (malformed: no rule forbids them) --------------------------------
    ("not-an-action", nothing, [42], MALFORMED),
    ("unknown-key", nothing, [{"player": "Ana", "cast": "spark", "colour": "red"}], MALFORMED),
    ("needs-a-player", nothing, [{"cast": "spark"}], MALFORMED),
    ("pass-that-is-not-one", nothing, [{"player": "Ana", "pass": False}], MALFORMED),
    ("x-not-a-number", nothing, [{"player": "Ana", "cast": "spark", "x": "two"}], MALFORMED),
    ("pay-not-a-mapping", nothing, [{"player": "Ana", "cast": "spark", "pay": 3}], MALFORMED),
    ("pay-unknown-key", nothing, [{"player": "Ana", "cast": "spark", "pay": {"purse": 1}}], MALFORMED),
    ("attack-not-a-list", IN_COMBAT, [{"player": "Ana", "attack": "pikeman"}], MALFORMED),
    ("attack-needs-target", IN_COMBAT, [{"player": "Ana", "attack": [{"attacker": "pikeman"}]}], MALFORMED),
    ("assign-not-a-mapping", nothing, [{"player": "Ana", "assign": ["column"]}], MALFORMED),
    ("spring-needs-attacker", nothing, [{"player": "Ana", "spring": "snare"}], MALFORMED),
    ("prefer-not-a-list", nothing, [{"player": "Ana", "prefer": "Snare"}], MALFORMED),
    ("no-such-player", nothing, [{"player": "Zed", "pass": True}], MALFORMED),
    (
        "ambiguous-name",
        give("Ana", "battlefield", {"card": "Scriptorium Drudge", "id": "drudge-2"}),
        [{"player": "Ana", "drain": "Scriptorium Drudge"}],
        MALFORMED,
    ),
    ("until-not-a-point", nothing, [{"until": {"phase": "main1", "step": "upkeep"}}], ("500.1a",)),
    # -- whose turn, priority, the game --------------------------------------------------------
    ("pass-without-priority", nothing, [{"player": "Ben", "pass": True}], ("117.1",)),
    ("cast-without-priority", nothing, [{"player": "Ben", "cast": "hush", "targets": ["spark"]}], ("117.1",)),
    ("the-game-is-over", nothing, [{"player": "Ben", "concede": True}, "pass"], ("104.1",)),
    (
        "a-departed-player",
        give("Ben", "battlefield"),
        [{"player": "Ben", "concede": True}, {"player": "Ben", "concede": True}],
        ("104.5",),
    ),
    (
        "until-never-reached",
        both(
            setting(
                cards=CARDS
                + [
                    {
                        "name": "Still Maren",
                        "type": "Master",
                        "lineage": "Liamite",
                        "initial_vitae": 20,
                        "enlightenment": 0,
                        "text": "Draws nothing.",
                    }
                ]
            ),  # Ana's Gilded Haven holds her Liamite Master's seat (310.8a): no sunlight death
            player_field("Ana", master={"card": "Still Maren", "vitae": 20}, pool=0, seats=["haven"]),
            player_field("Ben", master={"card": "Still Maren", "vitae": 20}, pool=0),
        ),
        [{"until": {"phase": "combat", "step": "declare_blockers"}}],
        ("500.1",),
    ),
    # -- references ------------------------------------------------------------------------
    ("no-top-object", nothing, [{"player": "Ana", "cast": "spark", "targets": ["top"]}], ("405.2",)),
    ("no-seal-on-the-stack", nothing, [{"player": "Ana", "cast": "spark", "targets": ["seal"]}], ("405.6a",)),
    ("no-set-on-the-stack", nothing, [{"player": "Ana", "cast": "spark", "targets": ["set"]}], ("405.6",)),
    ("no-fire-on-the-stack", nothing, [{"player": "Ana", "cast": "spark", "targets": ["fire"]}], ("405.6b",)),
    ("not-in-hand-by-name", nothing, [{"player": "Ana", "cast": "Marginalia"}], ("601.1",)),
    ("no-such-object", nothing, [{"player": "Ana", "cast": "spark", "targets": ["Alpha of the Hunt"]}], ("115.1",)),
    # -- casting -----------------------------------------------------------------------------
    (
        "cast-an-unknown-card",
        nothing,
        [{"player": "Ana", "cast": "insight"}, "pass", {"player": "Ana", "cast": "ana-card-2"}],
        ("601.1",),
    ),
    ("cast-not-from-hand", nothing, [{"player": "Ana", "cast": "hush", "targets": ["pikeman"]}], ("601.1",)),
    (
        "recall-without-recall",
        give("Ana", "spoils", {"card": "Spark", "id": "dead-spark"}),
        [{"player": "Ana", "cast": "dead-spark", "recall": True, "targets": ["column"]}],
        ("702.20a",),
    ),
    (
        "recall-not-in-spoils",
        give("Ana", "hand", {"card": "Palimpsest Whispers", "id": "whispers"}),
        [{"player": "Ana", "cast": "whispers", "recall": True}],
        ("702.20a", "601.9"),
    ),
    (
        "recall-from-the-vein",
        both(give("Ana", "spoils", {"card": "Palimpsest Whispers", "id": "whispers"}), player_field("Ana", pool=0)),
        [{"player": "Ana", "cast": "whispers", "recall": True}],
        ("702.20a", "601.9"),
    ),
    (
        "x-on-a-non-caprice",
        give("Ana", "hand", {"card": "Alpha of the Hunt", "id": "alpha"}),
        [{"player": "Ana", "cast": "alpha", "x": 1}],
        ("107.3", "112.5"),
    ),
    ("x-on-a-power", nothing, [{"player": "Ana", "cast": "insight", "x": 1}], ("304.7", "112.5")),
    (
        "tribute-without-tribute",
        give("Ana", "hand", {"card": "Alpha of the Hunt", "id": "alpha"}),
        [{"player": "Ana", "cast": "alpha", "tribute": True}],
        ("702.25a",),
    ),
    (
        "cast-a-haven",
        give("Ana", "hand", {"card": "Charnel Abbey", "id": "abbey"}),
        [{"player": "Ana", "cast": "abbey"}],
        ("601.3", "103.2"),
    ),
    (
        "cast-a-trap",
        give("Ana", "hand", {"card": "Snare", "id": "snare"}),
        [{"player": "Ana", "cast": "snare"}],
        ("601.3", "307.3"),
    ),
    (
        "entity-at-power-speed",
        give("Ana", "hand", {"card": "Alpha of the Hunt", "id": "alpha"}),
        [{"player": "Ana", "cast": "spark", "targets": ["column"]}, {"player": "Ana", "cast": "alpha"}],
        ("601.3c", "117.1a"),
    ),
    ("only-powers-at-the-preparation", DAY, [{"player": "Ana", "cast": "spark", "targets": ["column"]}], policy("C9")),
    (
        "binding-forbids-the-cast",
        give("Ana", "hand", {"card": "Dawn Psalm", "id": "psalm"}),
        [{"player": "Ana", "cast": "psalm"}],
        ("601.3d", "107.5"),
    ),
    (
        "a-power-never-counters",
        give("Ana", "hand", {"card": "Stillness", "id": "still"}),
        [
            {"player": "Ana", "cast": "spark", "targets": ["column"]},
            {"player": "Ana", "cast": "still", "targets": ["spark"]},
        ],
        policy("C10"),
    ),
    ("wrong-number-of-targets", nothing, [{"player": "Ana", "cast": "spark"}], ("601.2c", "115.1")),
    (
        "a-spell-cannot-target-itself",
        give("Ana", "hand", {"card": "Hush", "id": "my-hush"}),
        [{"player": "Ana", "cast": "my-hush", "targets": ["my-hush"]}],
        ("115.5",),
    ),
    ("illegal-target-kind", nothing, [{"player": "Ana", "cast": "spark", "targets": ["haven"]}], ("601.2c", "115.1")),
    (
        "sanctity-forbids-the-target",
        both(
            give("Ben", "battlefield", {"card": "Saint of Ash", "id": "saint"}),
            give("Ana", "hand", {"card": "Spark", "id": "garethean"}),
            setting(cards=CARDS + [dict(CARDS[1], name="Scribe's Spark", lineage="Garethean")]),
            give("Ana", "hand", {"card": "Scribe's Spark", "id": "scribes"}),
        ),
        [{"player": "Ana", "cast": "scribes", "targets": ["saint"]}],
        ("702.15a", "601.2c"),
    ),
    (
        "elusive-forbids-the-target",
        both(
            setting(
                cards=CARDS
                + [
                    {
                        "name": "Shade",
                        "type": "Entity",
                        "subtypes": ["Vampire"],
                        "cost": {"vitae": 1},
                        "attack": 1,
                        "vigor": 1,
                        "blood_seal": 1,
                        "keywords": ["Elusive"],
                        "text": "Elusive.",
                    }
                ]
            ),
            give("Ben", "battlefield", {"card": "Shade", "id": "shade"}),
        ),
        [{"player": "Ana", "cast": "spark", "targets": ["shade"]}],
        ("702.13a", "601.2c"),
    ),
    # -- costs ------------------------------------------------------------------------------
    (
        "negative-corruption-unpaid",
        give("Ana", "hand", {"card": "Rite of Absolution", "id": "rite"}),
        [{"player": "Ana", "cast": "rite"}],
        ("107.4c", "601.2h"),
    ),
    (
        "negative-wrath-unpaid",
        give("Ana", "hand", {"card": "Wrathful Oath", "id": "oath"}),
        [{"player": "Ana", "cast": "oath"}],
        ("107.4d", "601.2h"),
    ),
    (
        "split-does-not-add-up",
        nothing,
        [{"player": "Ana", "cast": "spark", "targets": ["column"], "pay": {"pool": 0, "master": 0}}],
        ("118.2", "601.2h"),
    ),
    (
        "pool-short",
        player_field("Ana", pool=0),
        [{"player": "Ana", "cast": "spark", "targets": ["column"], "pay": {"pool": 1, "master": 0}}],
        ("118.2",),
    ),
    (
        "sacred-pool-short",
        give("Ana", "hand", {"card": "Sacramental Fire", "id": "sacfire"}),
        [{"player": "Ana", "cast": "sacfire", "targets": ["column"], "pay": {"pool": 3, "master": 0}}],
        ("106.4", "601.5"),
    ),
    (
        "the-vein-is-closed-by-day",
        both(at("main1", round_="The Assault"), player_field("Ana", pool=0)),
        [{"player": "Ana", "cast": "spark", "targets": ["column"]}],
        ("304.6", "505.8"),
    ),
    (
        "the-vein-is-closed-on-the-road-under-500.16",
        both(ASSAULT, TWO_HAVENS, player_field("Ana", pool=0), setting(policies={"C25": "500.16"})),
        [*SET_OUT, {"player": "Ana", "cast": "spark", "targets": ["column"]}],
        policy("C25"),
    ),
    (
        "the-master-cannot-pay",
        both(
            player_field("Ana", pool=0, master={"card": "Aurelio Torretti", "vitae": 1}),
            give("Ana", "hand", {"card": "Alpha of the Hunt", "id": "alpha"}),
        ),
        [{"player": "Ana", "cast": "alpha"}],
        ("119.4a", "118.2"),
    ),
    # -- the drop ---------------------------------------------------------------------------
    ("one-drop-per-turn", player_field("Ana", dropped=True), [{"player": "Ana", "seal": ["bones"]}], ("505.4d",)),
    (
        "no-blood-seal-no-drop",
        give("Ana", "hand", {"card": "Aurelio Torretti", "id": "master-card"}),
        [{"player": "Ana", "seal": ["bones", "master-card"]}],
        ("213.4",),
    ),
    (
        "drop-in-own-main-phase",
        at("combat", "beginning_of_combat"),
        [{"player": "Ana", "seal": ["bones"]}],
        ("106.5a", "505.4"),
    ),
    (
        "drop-needs-an-empty-stack",
        nothing,
        [{"player": "Ana", "cast": "spark", "targets": ["column"]}, {"player": "Ana", "seal": ["bones"]}],
        policy("C21"),
    ),
    ("seal-a-card-twice", nothing, [{"player": "Ana", "seal": ["bones", "bones"]}], ("407.2",)),
    ("seal-a-card-not-in-hand", nothing, [{"player": "Ana", "seal": ["bones", "hush"]}], ("407.2",)),
    (
        "marked-not-in-the-batch",
        give("Ana", "hand", {"card": "Marginalia", "id": "marg"}),
        [{"player": "Ana", "seal": ["bones"], "pit_marked": ["marg"]}],
        ("407.6", "702.24a"),
    ),
    (
        "marked-without-pit-marked",
        nothing,
        [{"player": "Ana", "seal": ["bones"], "pit_marked": ["bones"]}],
        ("702.24a",),
    ),
    (
        "marked-cannot-be-funded",
        both(
            give("Ana", "hand", {"card": "Marginalia", "id": "marg"}),
            player_field("Ana", pool=0, master={"card": "Aurelio Torretti", "vitae": 1}),
        ),
        [{"player": "Ana", "seal": ["marg"], "pit_marked": ["marg"]}],
        ("702.24a", "118.2"),
    ),
    # -- field sources and abilities -----------------------------------------------------------
    ("drain-another-players-entity", nothing, [{"player": "Ana", "drain": "column"}], ("106.5c",)),
    (
        "field-source-off-turn",
        at("combat", "beginning_of_combat"),
        [{"player": "Ana", "drain": "pikeman"}],
        policy("C1"),
    ),
    (
        "drain-a-newly-turned-entity-for-vitae",
        give("Ana", "battlefield", {"card": "Alpha of the Hunt", "id": "new", "newly_turned": True}),
        [{"player": "Ana", "drain": "new"}],
        ("106.5c",),
    ),
    (
        "drain-a-drained-entity",
        give("Ana", "battlefield", {"card": "Alpha of the Hunt", "id": "tired", "drained": True}),
        [{"player": "Ana", "drain": "tired"}],
        ("701.11a",),
    ),
    (
        "activate-while-sheltered",
        both(at("main1", round_="The Assault"), give("Ana", "shelter", {"card": "Moon Acolyte", "id": "acolyte"})),
        [{"player": "Ana", "activate": "acolyte"}],
        ("408.2b", "514.4g"),
    ),
    ("activate-what-one-does-not-control", nothing, [{"player": "Ana", "activate": "column"}], ("602.3",)),
    ("activate-a-missing-ability", nothing, [{"player": "Ana", "activate": "pikeman"}], ("602.1",)),
    (
        "binding-forbids-the-ability",
        both(
            at("main1", round_="The Preparation"),
            setting(policies={"C9": "500.10"}),
            give("Ana", "battlefield", {"card": "Moon Acolyte", "id": "acolyte"}),
        ),
        [{"player": "Ana", "activate": "acolyte"}],
        ("731.4a",),
    ),
    (
        "drain-cost-of-a-drained-entity",
        give("Ana", "battlefield", {"card": "Lamplit Copyist", "id": "copyist", "drained": True}),
        [{"player": "Ana", "activate": "copyist", "targets": ["column"]}],
        ("602.2", "701.11a"),
    ),
    (
        "drain-cost-of-a-newly-turned-entity",
        give("Ana", "battlefield", {"card": "Lamplit Copyist", "id": "copyist", "newly_turned": True}),
        [{"player": "Ana", "activate": "copyist", "targets": ["column"]}],
        policy("C2"),
    ),
    (
        "drain-this-vitae-ability-of-a-newly-turned-entity",
        both(
            setting(
                cards=CARDS
                + [
                    {
                        "name": "Blood Thrall",
                        "type": "Entity",
                        "subtypes": ["Vampire"],
                        "cost": {"vitae": 1},
                        "attack": 1,
                        "vigor": 1,
                        "blood_seal": 1,
                        "text": "Drain this: add 1 Vitae.",
                        "abilities": [{"activated": {"cost": {"drain": True}, "effects": [{"add_vitae": 1}]}}],
                    }
                ]
            ),
            setting(policies={"C2": "701.11c"}),
            give("Ana", "battlefield", {"card": "Blood Thrall", "id": "thrall", "newly_turned": True}),
        ),
        [{"player": "Ana", "activate": "thrall"}],
        ("106.5c", "110.5d"),
    ),
    (
        "ability-target-count",
        give("Ana", "battlefield", {"card": "Lamplit Copyist", "id": "copyist"}),
        [{"player": "Ana", "activate": "copyist"}],
        ("601.2c", "115.1"),
    ),
    (
        "ability-illegal-target",
        give("Ana", "battlefield", {"card": "Lamplit Copyist", "id": "copyist"}),
        [{"player": "Ana", "activate": "copyist", "targets": ["haven"]}],
        ("601.2c", "115.1"),
    ),
    # -- Powers ---------------------------------------------------------------------------------
    ("set-what-is-not-a-power", nothing, [{"player": "Ana", "set": "spark"}], ("304.3",)),
    ("set-off-turn", at("combat", "beginning_of_combat"), [{"player": "Ana", "set": "insight"}], policy("C7")),
    (
        "set-against-its-binding",
        both(DAY, give("Ana", "hand", {"card": "Night Insight", "id": "night"})),
        [{"player": "Ana", "set": "night"}],
        ("304.3", "107.5"),
    ),
    (
        "one-power-slot",
        give("Ana", "power_slot", {"card": "Insight", "id": "set-insight"}),
        [{"player": "Ana", "set": "insight"}],
        ("408.4",),
    ),
    (
        "fire-what-is-not-set",
        give("Ana", "hand", {"card": "Insight", "id": "loose"}),
        [{"player": "Ana", "fire": "loose"}],
        ("601.11", "304.4"),
    ),
    (
        "fire-by-day-under-112.6",
        both(
            DAY, setting(policies={"C8": "112.6"}), give("Ana", "power_slot", {"card": "Insight", "id": "set-insight"})
        ),
        [{"player": "Ana", "fire": "set-insight"}],
        policy("C8") + ("304.6",),
    ),
    (
        "a-fired-power-never-counters",
        give("Ana", "power_slot", {"card": "Stillness", "id": "still"}),
        [
            {"player": "Ana", "cast": "spark", "targets": ["column"]},
            {"player": "Ana", "fire": "still", "targets": ["spark"]},
        ],
        policy("C10"),
    ),
    # -- attacks ---------------------------------------------------------------------------------
    (
        "attack-off-turn",
        at("combat", "declare_attackers", active="Ben"),
        [{"player": "Ana", "attack": [{"attacker": "pikeman", "target": "dark"}]}],
        ("508.1", "506.3"),
    ),
    ("attack-outside-the-step", nothing, [ATTACKS], ("508.1",)),
    (
        "attack-from-shelter",
        both(
            at("combat", "declare_attackers", round_="The Assault"),
            give("Ana", "shelter", {"card": "Moon Acolyte", "id": "acolyte"}),
        ),
        [{"player": "Ana", "attack": [{"attacker": "acolyte", "target": "dark"}]}],
        ("506.5", "408.2b"),
    ),
    (
        "attack-with-a-haven",
        IN_COMBAT,
        [{"player": "Ana", "attack": [{"attacker": "haven", "target": "dark"}]}],
        ("506.4", "508.1a"),
    ),
    (
        "attack-twice",
        IN_COMBAT,
        [
            {
                "player": "Ana",
                "attack": [{"attacker": "pikeman", "target": "dark"}, {"attacker": "pikeman", "target": "column"}],
            }
        ],
        ("508.1a",),
    ),
    (
        "attack-drained",
        both(IN_COMBAT, give("Ana", "battlefield", {"card": "Ox", "id": "ox", "drained": True})),
        [{"player": "Ana", "attack": [{"attacker": "ox", "target": "dark"}]}],
        ("508.1a",),
    ),
    (
        "attack-newly-turned",
        both(IN_COMBAT, give("Ana", "battlefield", {"card": "Ox", "id": "ox", "newly_turned": True})),
        [{"player": "Ana", "attack": [{"attacker": "ox", "target": "dark"}]}],
        ("110.5d", "508.1a"),
    ),
    (
        "attack-against-its-binding",
        both(
            at("combat", "declare_attackers", round_="The Assault"),
            give("Ana", "battlefield", {"card": "Moon Acolyte", "id": "acolyte"}),
        ),
        [{"player": "Ana", "attack": [{"attacker": "acolyte", "target": "dark"}]}],
        ("508.1a", "107.5b"),
    ),
    (
        "bulwark-never-attacks",
        both(IN_COMBAT, give("Ana", "battlefield", {"card": "Iron Column", "id": "wall"})),
        [{"player": "Ana", "attack": [{"attacker": "wall", "target": "dark"}]}],
        ("702.17a",),
    ),
    (
        "attack-oneself",
        IN_COMBAT,
        [{"player": "Ana", "attack": [{"attacker": "pikeman", "target": "Ana"}]}],
        ("506.3",),
    ),
    (
        "attack-a-sheltered-master",
        both(at("combat", "declare_attackers", round_="The Assault"), player_field("Ben", refuge="dark")),
        [{"player": "Ana", "attack": [{"attacker": "pikeman", "target": "Ben"}]}],
        ("311.6", "506.3d", "506.5"),
    ),
    (
        "attack-a-shielded-master",
        both(IN_COMBAT, give("Ben", "battlefield", {"card": "Sister Perpetua", "id": "perpetua"})),
        [{"player": "Ana", "attack": [{"attacker": "pikeman", "target": "Ben"}]}],
        ("306.7", "311.6", "506.3d"),
    ),
    (
        "attack-a-sheltered-card",
        both(
            at("combat", "declare_attackers", round_="The Assault"),
            give("Ben", "shelter", {"card": "Moon Acolyte", "id": "bens-acolyte"}),
        ),
        [{"player": "Ana", "attack": [{"attacker": "pikeman", "target": "bens-acolyte"}]}],
        ("506.5", "408.2b"),
    ),
    (
        "attack-ones-own-permanent",
        IN_COMBAT,
        [{"player": "Ana", "attack": [{"attacker": "pikeman", "target": "drudge"}]}],
        ("506.3", "508.1b"),
    ),
    (
        "attack-what-cannot-be-attacked",
        both(IN_COMBAT, give("Ben", "battlefield", {"card": "Relic of Twins", "id": "relic"})),
        [{"player": "Ana", "attack": [{"attacker": "pikeman", "target": "relic"}]}],
        ("506.3",),
    ),
    # -- blocks ----------------------------------------------------------------------------------
    (
        "block-outside-the-step",
        IN_COMBAT,
        [{"player": "Ben", "block": [{"blocker": "column", "attacker": "pikeman"}]}],
        ("509.1",),
    ),
    (
        "block-what-is-not-attacking",
        IN_COMBAT,
        [ATTACKS, TO_BLOCKS, {"player": "Ben", "block": [{"blocker": "column", "attacker": "drudge"}]}],
        ("509.1a",),
    ),
    (
        "block-for-another-player",
        IN_COMBAT,
        [ATTACKS, TO_BLOCKS, {"player": "Ana", "block": [{"blocker": "drudge", "attacker": "pikeman"}]}],
        ("509.1a", "506.3f"),
    ),
    (
        "block-from-shelter",
        both(
            at("combat", "declare_attackers", round_="The Assault"),
            give("Ben", "shelter", {"card": "Moon Acolyte", "id": "bens-acolyte"}),
        ),
        [ATTACKS, TO_BLOCKS, {"player": "Ben", "block": [{"blocker": "bens-acolyte", "attacker": "pikeman"}]}],
        ("506.5", "408.2b"),
    ),
    (
        "block-with-a-haven",
        IN_COMBAT,
        [ATTACKS, TO_BLOCKS, {"player": "Ben", "block": [{"blocker": "dark", "attacker": "pikeman"}]}],
        ("506.4", "509.1a"),
    ),
    (
        "block-a-sanctity-attacker",
        both(
            IN_COMBAT,
            give("Ana", "battlefield", {"card": "Saint of Ash", "id": "saint"}),
            give("Ben", "battlefield", {"card": "Scriptorium Drudge", "id": "scribe"}),
        ),
        [
            {"player": "Ana", "attack": [{"attacker": "saint", "target": "dark"}]},
            TO_BLOCKS,
            {"player": "Ben", "block": [{"blocker": "scribe", "attacker": "saint"}]},
        ],
        ("702.15a", "509.1d"),
    ),
    (
        "block-two-attacks",
        both(IN_COMBAT),
        [
            {
                "player": "Ana",
                "attack": [{"attacker": "pikeman", "target": "dark"}, {"attacker": "drudge", "target": "dark"}],
            },
            TO_BLOCKS,
            {
                "player": "Ben",
                "block": [{"blocker": "column", "attacker": "pikeman"}, {"blocker": "column", "attacker": "drudge"}],
            },
        ],
        ("509.1a",),
    ),
    (
        "block-a-flyer",
        both(IN_COMBAT, give("Ana", "battlefield", {"card": "Gull", "id": "gull"})),
        [
            {"player": "Ana", "attack": [{"attacker": "gull", "target": "dark"}]},
            TO_BLOCKS,
            {"player": "Ben", "block": [{"blocker": "column", "attacker": "gull"}]},
        ],
        ("702.10a", "509.1d"),
    ),
    (
        "block-drained",
        both(
            IN_COMBAT,
            setting(policies={"C35": "glossary/drain"}),
            give("Ben", "battlefield", {"card": "Ox", "id": "tired-ox", "drained": True}),
        ),
        [ATTACKS, TO_BLOCKS, {"player": "Ben", "block": [{"blocker": "tired-ox", "attacker": "pikeman"}]}],
        policy("C35"),
    ),
    (
        "block-dread-alone",
        both(IN_COMBAT, give("Ana", "battlefield", {"card": "Dread Hound", "id": "dread"})),
        [
            {"player": "Ana", "attack": [{"attacker": "dread", "target": "dark"}]},
            TO_BLOCKS,
            {"player": "Ben", "block": [{"blocker": "column", "attacker": "dread"}]},
        ],
        ("702.8a", "509.1d"),
    ),
    (
        "block-the-pack-alone",
        both(IN_COMBAT, give("Ana", "battlefield", {"card": "Pack Hound", "id": "hound"})),
        [
            {
                "player": "Ana",
                "attack": [{"attacker": "hound", "target": "dark"}, {"attacker": "pikeman", "target": "dark"}],
            },
            TO_BLOCKS,
            {"player": "Ben", "block": [{"blocker": "column", "attacker": "hound"}]},
        ],
        ("702.44a", "506.7"),
    ),
    # -- damage assignment -----------------------------------------------------------------------
    ("order-outside-the-step", TWO_BLOCK_OX, [{"player": "Ana", "order": ["guard", "bird"]}], ("603.3", "510.2c")),
    ("order-other-blockers", TWO_BLOCK_OX, OX_BLOCKED_TWICE + [{"player": "Ana", "order": ["guard"]}], ("510.2c",)),
    (
        "order-anothers-attacker",
        TWO_BLOCK_OX,
        OX_BLOCKED_TWICE + [{"player": "Ben", "order": ["guard", "bird"]}],
        ("510.2",),
    ),
    ("assign-outside-the-step", TWO_BLOCK_OX, [{"player": "Ana", "assign": {"guard": 4}}], ("510.2",)),
    (
        "assign-another-attacker",
        TWO_BLOCK_OX,
        OX_BLOCKED_TWICE + [{"player": "Ana", "assign": {"drudge": 4}}],
        ("510.2c", "510.2g"),
    ),
    (
        "assign-the-wrong-total",
        TWO_BLOCK_OX,
        OX_BLOCKED_TWICE + [{"player": "Ana", "assign": {"guard": 1, "bird": 1}}],
        ("510.2a", "510.2g"),
    ),
    (
        "assign-past-a-blocker-short-of-lethal",
        TWO_BLOCK_OX,
        OX_BLOCKED_TWICE + [{"player": "Ana", "assign": {"guard": 1, "bird": 3}}],
        ("510.2c", "510.2g"),
    ),
    (
        "assign-onward-without-overrun",
        TWO_BLOCK_OX,
        OX_BLOCKED_TWICE + [{"player": "Ana", "assign": {"guard": 2, "bird": 1, "dark": 1}}],
        ("510.2d", "510.2g"),
    ),
    (
        "overrun-onward-short-of-lethal",
        TWO_BLOCK_OX,
        BRUTE_BLOCKED_TWICE + [{"player": "Ana", "assign": {"guard": 1, "bird": 0, "dark": 3}}],
        ("702.7a", "510.2g"),
    ),
    # -- Wards -----------------------------------------------------------------------------------
    (
        "spring-what-is-not-a-ward",
        WARDED,
        [RAID, {"player": "Ana", "spring": "bones", "attacker": "raider"}],
        ("307.4", "509.2"),
    ),
    ("spring-against-no-attack", WARDED, [{"player": "Ana", "spring": "snare", "attacker": "raider"}], ("509.2",)),
    (
        "spring-for-another-haven",
        WARDED,
        [
            {"player": "Ben", "attack": [{"attacker": "raider", "target": "pikeman"}]},
            {"player": "Ana", "spring": "snare", "attacker": "raider"},
        ],
        ("509.2", "307.4"),
    ),
    (
        "spring-anothers-haven",
        WARDED,
        [RAID, {"player": "Ben", "spring": "snare", "attacker": "raider"}],
        ("307.4", "509.2"),
    ),
    (
        "spring-twice",
        both(WARDED, give("Ana", "wards", {"card": "Snare", "id": "snare-2"})),
        [
            RAID,
            {"player": "Ana", "spring": "snare", "attacker": "raider"},
            {"player": "Ana", "spring": "snare-2", "attacker": "raider"},
        ],
        ("509.2", "307.4"),
    ),
    (
        "spring-too-late",
        WARDED,
        [
            RAID,
            {"until": {"phase": "combat", "step": "end_of_combat"}},
            {"player": "Ana", "spring": "snare", "attacker": "raider"},
        ],
        policy("C6"),
    ),
    # -- choices ---------------------------------------------------------------------------------
    ("choose-with-nothing-waiting", nothing, [{"player": "Ana", "choose": ["pikeman"]}], ("608.4",)),
    (
        "choose-what-is-not-sheltered",
        both(
            at("ending", "cleanup", active="Ben", round_="The Retrieve"),
            player_field("Ana", pool=0),
            player_field("Ben", pool=0),
            give("Ana", "shelter", {"card": "Moon Acolyte", "id": "acolyte"}),
        ),
        [{"until": {"phase": "beginning", "step": "upkeep"}}, {"player": "Ana", "choose": ["pikeman"]}],
        ("503.3",),
    ),
    (
        "choose-for-another-player",
        both(
            at("ending", "cleanup", active="Ben", round_="The Retrieve"),
            player_field("Ana", pool=0),
            player_field("Ben", pool=0),
            give("Ana", "shelter", {"card": "Moon Acolyte", "id": "acolyte"}),
        ),
        [{"until": {"phase": "beginning", "step": "upkeep"}}, {"player": "Ben", "choose": []}],
        ("503.3",),
    ),
    (
        "an-answer-given-in-advance-does-not-fit",
        both(
            give("Ana", "hand", {"card": "Grim Tithe", "id": "tithe"}),
            setting(answers=[{"player": "Ana", "choose": ["column"]}]),
        ),
        [{"player": "Ana", "cast": "tithe"}, "pass"],
        ("701.12a",),
    ),
    (
        "a-duel-division-that-does-not-add-up",
        both(IN_COMBAT, setting(policies={"C46": "510.2e"})),
        [
            {
                "player": "Ana",
                "attack": [{"attacker": "pikeman", "target": "column"}, {"attacker": "drudge", "target": "column"}],
            },
            TO_BLOCKS,
            {"until": {"phase": "combat", "step": "end_of_combat"}},
            {"player": "Ben", "choose": {"pikeman": 2, "drudge": 2}},
        ],
        ("510.2e",),
    ),
    # -- the cast's shape (malformed) ------------------------------------------------------------
    ("face-down-takes-true", nothing, [{"player": "Ana", "cast": "spark", "masquerade": "yes"}], MALFORMED),
    (
        "face-down-by-two-keywords",
        nothing,
        [{"player": "Ana", "cast": "spark", "masquerade": True, "transmute": True}],
        MALFORMED,
    ),
    ("modes-not-a-list", nothing, [{"player": "Ana", "cast": "spark", "modes": 1}], MALFORMED),
    ("entwine-not-a-flag", nothing, [{"player": "Ana", "cast": "spark", "entwine": "yes"}], MALFORMED),
    ("depart-needs-pieces", nothing, [{"player": "Ana", "depart": {"to": "haven"}}], MALFORMED),
    ("set-trap-needs-a-haven", nothing, [{"player": "Ana", "set_trap": "spark"}], MALFORMED),
    ("immure-needs-an-entity", nothing, [{"player": "Ana", "immure": "haven"}], MALFORMED),
    ("wield-needs-a-wielder", nothing, [{"player": "Ana", "wield": "pikeman"}], MALFORMED),
    # -- modes, Entwine, Mandate, Backlash, Conscript, Weapons -------------------------------------
    (
        "synthesis-without-backlash",
        nothing,
        [{"player": "Ana", "cast": "spark", "targets": ["column"], "synthesis": True}],
        ("702.36a", "601.8"),
    ),
    (
        "modes-of-a-card-without-modes",
        nothing,
        [{"player": "Ana", "cast": "spark", "targets": ["column"], "modes": [1]}],
        ("700.4",),
    ),
    (
        "entwine-without-entwine",
        give("Ana", "hand", {"card": "Twin Omen", "id": "omen"}),
        [{"player": "Ana", "cast": "omen", "entwine": True}],
        ("702.35b",),
    ),
    (
        "entwine-chooses-every-mode",
        EDICT,
        [{"player": "Ana", "cast": "edict", "entwine": True, "modes": [1]}],
        ("702.35b", "601.2b"),
    ),
    ("a-modal-spell-announces-its-mode", EDICT, [{"player": "Ana", "cast": "edict"}], ("601.2b", "700.4a")),
    ("modes-are-distinct-printed-modes", EDICT, [{"player": "Ana", "cast": "edict", "modes": [3]}], ("700.4a",)),
    (
        "the-stated-number-of-modes",
        EDICT,
        [{"player": "Ana", "cast": "edict", "modes": [1, 2]}],
        ("700.4a", "601.2b", "702.35b"),
    ),
    (
        "decree-without-mandate",
        nothing,
        [{"player": "Ana", "cast": "spark", "targets": ["column"], "decree": ["column"]}],
        ("702.35a", "601.2b"),
    ),
    (
        "a-decree-names-an-opponents-resources",
        EDICT,
        [{"player": "Ana", "cast": "edict", "modes": [2], "decree": ["pikeman"]}],
        ("723.4a", "702.35a"),
    ),
    (
        "conscript-an-own-entity",
        give("Ana", "hand", {"card": "Press-Gang", "id": "gang"}),
        [{"player": "Ana", "cast": "gang", "targets": ["pikeman"]}],
        ("702.38a", "601.2c"),
    ),
    (
        "a-weapon-is-cast-without-a-target",
        give("Ana", "hand", {"card": "Pallbearer's Maul", "id": "maul"}),
        [{"player": "Ana", "cast": "maul", "targets": ["pikeman"]}],
        ("301.5", "601.2c"),
    ),
    ("a-power-by-day-without-the-master", DAY, [{"player": "Ana", "cast": "insight"}], ("304.5", "601.3b")),
    (
        "cant-seal-the-pit",
        give("Ana", "hand", {"card": "Sealed Pit", "id": "sealed"}),
        [{"player": "Ana", "cast": "sealed"}, "pass", {"player": "Ana", "seal": ["bones"]}],
        ("101.2", "505.4d"),
    ),
    # -- cost preps: Despoil, Muster ---------------------------------------------------------------
    (
        "despoil-without-despoil",
        SPOILED,
        [{"player": "Ana", "cast": "spark", "targets": ["column"], "despoil": ["s1"]}],
        ("702.23a",),
    ),
    (
        "despoil-names-a-card-twice",
        both(LEVY, SPOILED),
        [{"player": "Ana", "cast": "levy", "despoil": ["s1", "s1"]}],
        ("702.23a",),
    ),
    (
        "despoil-past-its-number",
        both(LEVY, SPOILED),
        [{"player": "Ana", "cast": "levy", "despoil": ["s1", "s2", "s3"]}],
        ("702.23a", "601.2g"),
    ),
    (
        "despoil-past-the-cost",
        both(give("Ana", "hand", {"card": "Cheap Levy", "id": "cheap"}), SPOILED),
        [{"player": "Ana", "cast": "cheap", "despoil": ["s1", "s2"]}],
        ("702.23a", "601.2g"),
    ),
    ("despoil-a-card-not-in-the-spoils", LEVY, [{"player": "Ana", "cast": "levy", "despoil": ["spark"]}], ("702.23a",)),
    ("muster-an-enemy", LEVY, [{"player": "Ana", "cast": "levy", "muster": ["column"]}], ("702.26a",)),
    (
        "muster-a-drained-entity",
        both(LEVY, give("Ana", "battlefield", {"card": "Ox", "id": "tired-ox", "drained": True})),
        [{"player": "Ana", "cast": "levy", "muster": ["tired-ox"]}],
        ("702.26a", "701.11a"),
    ),
    # -- face-down play ------------------------------------------------------------------------------
    (
        "face-down-without-the-keyword",
        nothing,
        [{"player": "Ana", "cast": "spark", "masquerade": True}],
        ("702.32a", "708.3"),
    ),
    (
        "a-recall-is-cast-face-up",
        give("Ana", "spoils", {"card": "Veiled Return", "id": "veiled"}),
        [{"player": "Ana", "cast": "veiled", "recall": True, "transmute": True}],
        ("601.9", "708.3"),
    ),
    (
        "a-face-down-spell-has-no-despoil",
        both(give("Ana", "hand", {"card": "Masked Courtier", "id": "courtier"}), SPOILED),
        [{"player": "Ana", "cast": "courtier", "masquerade": True, "despoil": ["s1"]}],
        ("708.2", "601.2g"),
    ),
    (
        "turn-face-up-without-priority",
        give("Ben", "battlefield", {"card": "Masked Courtier", "id": "courtier", "face_down": True}),
        [{"player": "Ben", "turn_face_up": "courtier"}],
        ("701.21a", "116.2d"),
    ),
    ("turn-up-what-is-face-up", nothing, [{"player": "Ana", "turn_face_up": "pikeman"}], ("701.21a", "708.8")),
    (
        "turn-up-anothers-guise",
        give("Ben", "battlefield", {"card": "Masked Courtier", "id": "courtier", "face_down": True}),
        [{"player": "Ana", "turn_face_up": "courtier"}],
        ("701.21a", "116.2d"),
    ),
    (
        "turn-up-an-unknown-card",
        both(give("Ana", "hand", {"card": "Lay Evidence", "id": "evidence"}), player_field("Ana", domain=2)),
        [{"player": "Ana", "cast": "evidence"}, "pass", {"player": "Ana", "turn_face_up": "ana-card-2"}],
        ("708.8",),
    ),
    (
        "turn-up-a-copy-of-a-guise",
        give(
            "Ana", "battlefield", {"card": "Ox", "id": "copy", "face_down": True, "guise": "transmute", "token": True}
        ),
        [{"player": "Ana", "turn_face_up": "copy"}],
        ("707.3", "708.8"),
    ),
    (
        "turn-up-a-laid-non-entity",
        give("Ana", "battlefield", {"card": "Spark", "id": "laid", "face_down": True, "guise": "evidence"}),
        [{"player": "Ana", "turn_face_up": "laid"}],
        ("702.33a", "708.8"),
    ),
    # -- Processions ---------------------------------------------------------------------------------
    ("depart-by-night", TWO_HAVENS, [ON_THE_ROAD], ("408.5", "116.2f")),
    ("depart-twice", both(DAY, TWO_HAVENS), [ON_THE_ROAD, ON_THE_ROAD], ("408.5",)),
    (
        "depart-with-one-haven",
        DAY,
        [{"player": "Ana", "depart": {"to": "haven", "pieces": ["master"]}}],
        ("408.5", "116.2f"),
    ),
    (
        "depart-to-anothers-haven",
        both(DAY, TWO_HAVENS),
        [{"player": "Ana", "depart": {"to": "dark", "pieces": ["master"]}}],
        ("408.5", "116.2f"),
    ),
    (
        "depart-without-the-master",
        both(DAY, TWO_HAVENS),
        [{"player": "Ana", "depart": {"to": "estate", "pieces": ["bones"]}}],
        ("408.5",),
    ),
    (
        "depart-with-a-decoy-twice",
        both(DAY, TWO_HAVENS),
        [{"player": "Ana", "depart": {"to": "estate", "pieces": ["master", "bones", "bones"]}}],
        ("408.5",),
    ),
    (
        "depart-with-a-decoy-not-in-hand",
        both(DAY, TWO_HAVENS),
        [{"player": "Ana", "depart": {"to": "estate", "pieces": ["master", "pikeman"]}}],
        ("408.5",),
    ),
    (
        "a-piece-of-two-processions",
        both(
            at("combat", "declare_attackers", round_="The Assault"),
            TWO_HAVENS,
            give("Ben", "battlefield", {"card": "Charnel Abbey", "id": "abbey"}),
            give("Ana", "battlefield", {"card": "Sun-Hunter", "id": "h1"}),
        ),
        [
            {"player": "Ana", "pass": True},
            {"player": "Ben", "depart": {"to": "abbey", "pieces": ["master"]}},
            "pass",
            *SET_OUT,
            {"player": "Ana", "attack": [{"attacker": "h1", "target": "piece:1"}]},
        ],
        ("408.5",),
    ),
    (
        "a-piece-of-two-processions-targeted",
        both(
            at("combat", "declare_attackers", round_="The Assault"),
            TWO_HAVENS,
            give("Ben", "battlefield", {"card": "Charnel Abbey", "id": "abbey"}),
        ),
        [
            {"player": "Ana", "pass": True},
            {"player": "Ben", "depart": {"to": "abbey", "pieces": ["master"]}},
            "pass",
            *SET_OUT,
            {"player": "Ana", "cast": "spark", "targets": ["piece:1"]},
        ],
        ("408.5",),
    ),
    ("no-such-piece-on-the-road", nothing, [{"player": "Ana", "cast": "spark", "targets": ["piece:1"]}], ("408.5",)),
    (
        "strike-two-hidden-pieces",
        both(
            at("combat", "declare_attackers", round_="The Assault"),
            give("Ben", "battlefield", {"card": "Charnel Abbey", "id": "abbey"}),
            give("Ben", "hand", {"card": "Spark", "id": "ben-decoy"}),
            give("Ana", "battlefield", {"card": "Sun-Hunter", "id": "h1"}, {"card": "Sun-Hunter", "id": "h2"}),
        ),
        [
            {"player": "Ana", "pass": True},
            {"player": "Ben", "depart": {"to": "abbey", "pieces": ["master", "ben-decoy"]}},
            "pass",
            {
                "player": "Ana",
                "attack": [{"attacker": "h1", "target": "piece:1"}, {"attacker": "h2", "target": "piece:2"}],
            },
        ],
        ("506.3e", "408.5b"),
    ),
    (
        "strike-ones-own-procession",
        both(
            at("combat", "declare_attackers", round_="The Assault"),
            TWO_HAVENS,
            give("Ana", "battlefield", {"card": "Sun-Hunter", "id": "h1"}),
        ),
        [*SET_OUT, {"player": "Ana", "attack": [{"attacker": "h1", "target": "piece:1"}]}],
        ("408.5b", "506.3e"),
    ),
    # -- count counters (Scatter) --------------------------------------------------------------------
    (
        "a-counting-entity-cannot-attack",
        both(IN_COMBAT, give("Ana", "battlefield", {"card": "Ox", "id": "ox", "counters": {"count": 1}})),
        [{"player": "Ana", "attack": [{"attacker": "ox", "target": "dark"}]}],
        ("702.45b", "122.2j"),
    ),
    (
        "a-counting-entity-cannot-block",
        both(IN_COMBAT, give("Ben", "battlefield", {"card": "Ox", "id": "ox", "counters": {"count": 1}})),
        [ATTACKS, TO_BLOCKS, {"player": "Ben", "block": [{"blocker": "ox", "attacker": "pikeman"}]}],
        ("702.45b", "122.2j"),
    ),
    # -- co-opting an Influencer ------------------------------------------------------------------
    ("co-opt-what-is-no-entity", nothing, [{"player": "Ana", "co_opt": "dark"}], ("302.10",)),
    ("co-opt-what-is-no-influencer", nothing, [{"player": "Ana", "co_opt": "column"}], ("302.10", "723.2c")),
    (
        "co-opt-ones-own-influencer",
        give("Ana", "battlefield", {"card": "Gilded Emissary", "id": "emissary"}),
        [{"player": "Ana", "co_opt": "emissary"}],
        ("302.10", "723.2c"),
    ),
    # -- Wield --------------------------------------------------------------------------------------
    ("wield-what-is-no-weapon", nothing, [{"player": "Ana", "wield": "pikeman", "to": "drudge"}], ("702.18a", "301.5")),
    (
        "wield-anothers-weapon",
        give("Ben", "battlefield", {"card": "Pallbearer's Maul", "id": "bens-maul"}),
        [{"player": "Ana", "wield": "bens-maul", "to": "pikeman"}],
        ("301.5d", "702.18a"),
    ),
    (
        "wield-at-power-speed",
        MAUL,
        [
            {"player": "Ana", "cast": "spark", "targets": ["column"]},
            {"player": "Ana", "wield": "maul", "to": "pikeman"},
        ],
        ("702.18a", "505.6"),
    ),
    (
        "wield-against-its-binding",
        give("Ana", "battlefield", {"card": "Sun Maul", "id": "sun-maul"}),
        [{"player": "Ana", "wield": "sun-maul", "to": "pikeman"}],
        ("731.4a",),
    ),
    ("wield-onto-an-enemy", MAUL, [{"player": "Ana", "wield": "maul", "to": "column"}], ("702.18a", "301.5b")),
    # -- Immure -------------------------------------------------------------------------------------
    (
        "immure-from-what-is-no-haven",
        nothing,
        [{"player": "Ana", "immure": "pikeman", "entity": "drudge"}],
        ("702.47a", "602.3"),
    ),
    ("immure-without-immure", nothing, [{"player": "Ana", "immure": "haven", "entity": "drudge"}], ("702.47a",)),
    (
        "immure-against-its-binding",
        give("Ana", "battlefield", {"card": "Sun Keep", "id": "sun-keep"}),
        [{"player": "Ana", "immure": "sun-keep", "entity": "drudge"}],
        ("731.4a",),
    ),
    ("immure-an-enemy", KEEP, [{"player": "Ana", "immure": "keep", "entity": "column"}], ("702.47a",)),
    (
        "immure-the-shadowless",
        KEEP,
        [
            {"player": "Ana", "immure": "keep", "entity": "drudge"},
            "pass",
            {"player": "Ana", "immure": "keep", "entity": "drudge"},
        ],
        ("702.47a",),
    ),
    # -- setting a Trap ---------------------------------------------------------------------------
    ("set-what-is-no-trap", nothing, [{"player": "Ana", "set_trap": "spark", "haven": "haven"}], ("307.3",)),
    (
        "set-a-trap-off-turn",
        both(at("combat", "beginning_of_combat"), give("Ana", "hand", {"card": "Snare", "id": "snare"})),
        [{"player": "Ana", "set_trap": "snare", "haven": "haven"}],
        ("307.3",),
    ),
    (
        "set-a-trap-in-anothers-haven",
        give("Ana", "hand", {"card": "Snare", "id": "snare"}),
        [{"player": "Ana", "set_trap": "snare", "haven": "dark"}],
        ("307.3",),
    ),
    (
        "set-a-trap-with-no-slot",
        both(
            give("Ana", "hand", {"card": "Snare", "id": "snare"}),
            give(
                "Ana",
                "wards",
                {"card": "Snare", "id": "w1", "attached_to": "haven"},
                {"card": "Snare", "id": "w2", "attached_to": "haven"},
            ),
        ),
        [{"player": "Ana", "set_trap": "snare", "haven": "haven"}],
        ("307.3", "116.2b"),
    ),
    # -- the abilities of other zones: Exhume, Bleed ----------------------------------------------------
    (
        "exhume-without-exhume",
        give("Ana", "spoils", {"card": "Ox", "id": "dead-ox"}),
        [{"player": "Ana", "exhume": "dead-ox"}],
        ("702.22a",),
    ),
    (
        "exhume-from-the-battlefield",
        give("Ana", "battlefield", {"card": "Risen Pallbearer", "id": "risen"}),
        [{"player": "Ana", "exhume": "risen"}],
        ("702.22a", "113.5"),
    ),
    (
        "activate-a-spoils-card-by-an-ability-number",
        give("Ana", "spoils", {"card": "Risen Pallbearer", "id": "risen"}),
        [{"player": "Ana", "activate": "risen", "ability": 2}],
        ("113.5", "702.22a"),
    ),
    (
        "exhume-what-is-no-entity",
        give("Ana", "spoils", {"card": "Spark", "id": "dead-spark"}),
        [{"player": "Ana", "exhume": "dead-spark"}],
        ("702.22a",),
    ),
    (
        "exhume-at-power-speed",
        give("Ana", "spoils", {"card": "Risen Pallbearer", "id": "risen"}),
        [{"player": "Ana", "cast": "spark", "targets": ["column"]}, {"player": "Ana", "exhume": "risen"}],
        ("702.22a",),
    ),
    (
        "exhume-against-its-binding",
        give("Ana", "spoils", {"card": "Dawn Pallbearer", "id": "dawn"}),
        [{"player": "Ana", "exhume": "dawn"}],
        ("731.4a",),
    ),
    (
        "bleed-what-is-not-in-hand",
        give("Ana", "spoils", {"card": "Grave Mutter", "id": "mutter"}),
        [{"player": "Ana", "bleed": "mutter"}],
        ("702.21a", "113.5"),
    ),
    (
        "bleed-against-its-binding",
        give("Ana", "hand", {"card": "Dawn Mutter", "id": "dawn-mutter"}),
        [{"player": "Ana", "bleed": "dawn-mutter"}],
        ("731.4a",),
    ),
    # -- brewing a Formula ---------------------------------------------------------------------------
    ("brew-a-component-twice", COMPONENTS, [{"player": "Ana", "brew": ["base", "base"]}], ("710.2",)),
    ("brew-what-is-no-component", nothing, [{"player": "Ana", "brew": ["spark"]}], ("710.1", "710.2")),
    (
        "brew-from-the-spoils",
        give("Ana", "spoils", {"card": "Fever Base", "id": "dead-base"}),
        [{"player": "Ana", "brew": ["dead-base"]}],
        ("710.2", "312.4"),
    ),
    ("brew-the-base-first", COMPONENTS, [{"player": "Ana", "brew": ["vector", "base"]}], ("710.2",)),
    (
        "brew-a-targeted-component",
        give("Ana", "hand", {"card": "Aimed Base", "id": "aimed"}),
        [{"player": "Ana", "brew": ["aimed"]}],
        ("710.2",),
    ),
    ("brew-two-vectors", COMPONENTS, [{"player": "Ana", "brew": ["base", "vector", "vector-2"]}], ("710.2",)),
    (
        "brew-a-permanent-base",
        give("Ana", "hand", {"card": "Homunculus Base", "id": "homunculus"}),
        [{"player": "Ana", "brew": ["homunculus"]}],
        ("710.3",),
    ),
    ("brew-with-two-sources", COMPONENTS, [{"player": "Ana", "brew": ["base", "profane"]}], ("710.2", "106.4")),
    (
        "turn-up-a-dormant-sleeper",
        give("Ana", "battlefield", {"card": "Lurker", "id": "lurker", "face_down": True}),
        [{"player": "Ana", "turn_face_up": "lurker"}],
        ("702.39b", "708.8"),
    ),
    # -- calling a Debt (116.2g, 702.48b) ----------------------------------------------------------------
    (
        "call-a-debt-outside-the-main-phase",
        both(at("combat", "beginning_of_combat"), OWES_ANA),
        [{"player": "Ana", "call_debt": "Ben"}],
        ("116.2g", "702.48b"),
    ),
    ("call-a-debt-on-oneself", OWES_ANA, [{"player": "Ana", "call_debt": "Ana"}], ("702.48b", "116.2g")),
    ("call-a-debt-not-owed", nothing, [{"player": "Ana", "call_debt": "Ben"}], ("702.48b", "122.2i")),
]


def board_for(patch) -> dict:
    board = copy.deepcopy(BASE)
    patch(board)
    board["actions"], board["expect"] = [], []
    return board


class _WrittenOut(yaml.SafeDumper):
    """A patch may put one dict in two places: written out twice, as scenarios hold no aliases."""

    def ignore_aliases(self, data) -> bool:
        return True


def _run(patch, actions):
    """The state before the last action, and what the last action led to (state, events)."""
    text = yaml.dump(board_for(patch), Dumper=_WrittenOut, sort_keys=False)
    state = load_string(text, "refusal-case.yaml").state
    for action in actions[:-1]:
        state, events = apply(state, action)
        assert not any(e.refused or e.engine_error for e in events), (action, [e.text for e in events])
    return state, apply(state, actions[-1])


@pytest.fixture(scope="module")
def sites_hit():
    """(module, line) of each refusal site the cases reach, recorded as each Refused is made."""
    hit: dict[tuple[str, int], str] = {}
    original = errors.Refused.__init__

    def recording(self, text, *rules, policy=None):
        frame = sys._getframe(1)
        while Path(frame.f_code.co_filename).name == "errors.py":
            frame = frame.f_back
        hit.setdefault((Path(frame.f_code.co_filename).stem, frame.f_lineno), text)
        original(self, text, *rules, policy=policy)

    errors.Refused.__init__ = recording
    try:
        for _, patch, actions, _ in CASES:
            _run(patch, actions)
    finally:
        errors.Refused.__init__ = original
    return hit


def refusal_sites() -> set[tuple[str, int]]:
    """Every Refused(...) and Malformed(...) call in the engine's code."""
    sites = set()
    for path in ENGINE_DIR.rglob("*.py"):
        if path.name == "errors.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("Refused", "Malformed"):
                sites.add((path.stem, node.lineno))
    return sites


def test_the_cases_are_named_once():
    names = [c[0] for c in CASES]
    assert len(names) == len(set(names))


@pytest.mark.parametrize("name, patch, actions, rules", CASES, ids=[c[0] for c in CASES])
def test_the_refusal_cites_the_rule_that_forbids_the_action(name, patch, actions, rules, corpus):
    before, (after, events) = _run(patch, actions)
    assert len(events) == 1 and events[0].refused, [e.text for e in events]
    assert after is before  # a refused action leaves the state as it was
    cited = events[0].rules
    if rules == MALFORMED:
        assert cited == ()
        return
    assert cited and {f"nd:{r}" for r in rules} <= set(cited), (events[0].text, cited)
    assert all(corpus.get(r) is not None for r in cited), cited


@pytest.mark.slow
def test_every_refusal_site_is_driven_by_a_case(sites_hit):
    sites = refusal_sites()
    assert len(sites) > 100
    assert sorted(sites - set(sites_hit)) == []


def test_a_malformed_action_is_never_given_a_rule():
    modules = sorted(ENGINE_DIR.rglob("*.py"))
    assert modules
    for path in modules:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Malformed":
                assert len(node.args) == 1 and not node.keywords, (path.name, node.lineno)
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Refused" and path.name != "errors.py":
                assert len(node.args) >= 2, ("a Refused without a rule: make it Malformed", path.name, node.lineno)


def test_every_player_expectation_a_scenario_may_write_is_one_the_replay_checks():
    """scenario_checks accepts a player expectation's keys; replay reads each of them from the
    state. The two lists are one family: a key accepted but never checked would pass silently."""
    from judge.engine.scenarios.replay import PLAYER_FACTS
    from judge.engine.scenarios.scenario_checks import EXPECT_PLAYER

    assert set(PLAYER_FACTS) == EXPECT_PLAYER
