"""The card vocabulary: every closed set of words the card format accepts (scenario-format.md,
cards/nodawn/README.md), in this one module.

Anything outside these sets is an error naming the file and line, never ignored. The reader
(judge/cards/reader.py) validates against them; the engine registers what each word does in
its own tables (effects.HANDLERS, triggers.TRIGGER_RULES, layers), and tests check that those
tables cover these sets exactly.
"""

from __future__ import annotations

CARD_TYPES = frozenset(
    {
        "Entity",
        "Caprice",
        "Power",
        "Relic",
        "Weapon",
        "Ritual",
        "Contract",
        "Terrain",
        "Blood",
        "Companion",
        "Trap",
        "Haven",
        "Estate",
        "Master",
    }
)
PERMANENT_TYPES = CARD_TYPES - {"Caprice", "Power", "Trap"}
SUPERTYPES = frozenset({"Eminent", "Mortal"})
BINDINGS = frozenset({"night", "day", "unbound"})
# The six lineages of 105.1, by their story names (rulings/nodawn/lineages.yaml says what each fixes).
LINEAGES = frozenset({"Elian", "Garethean", "Kaelite", "Liamite", "Orionite", "Theronite"})

# Keyword abilities of rule 702 (the head word; some take a number or cost: "Siege 3").
KEYWORDS = frozenset(
    {
        "Celerity",
        "Frenzy",
        "Vigilance",
        "Feed",
        "Venom",
        "Overrun",
        "Dread",
        "Bloodlust",
        "Flying",
        "Reach",
        "Deathless",
        "Elusive",
        "Toll",
        "Sanctity",
        "Ambush",
        "Bulwark",
        "Wield",
        "Bind",
        "Recall",
        "Bleed",
        "Exhume",
        "Despoil",
        "Pit-marked",
        "Tribute",
        "Muster",
        "Scholarship",
        "Champion",
        "Siege",
        "Drop-rites",
        "Transmute",
        "Masquerade",
        "Evidence",
        "Shroud",
        "Mandate",
        "Entwine",
        "Backlash",
        "Command",
        "Conscript",
        "Sleeper",
        "Contagion",
        "Decay",
        "Dominance",
        "Devour",
        "Pack",
        "Scatter",
        "Revenant",
        "Immure",
        "Debt",
        "Reckoning",
    }
)
# A keyword printed under an old name, read under the name the rules give it now: the old
# "Sleeper N" countdown is Reckoning N (702.39d). head -> (the new head, the parameter form it applies to).
RENAMED_KEYWORDS = {"Sleeper": ("Reckoning", "number", "702.39d")}
# The families rule 702.49 leaves out of No Dawn: a card carrying one is refused, naming its sub-rule.
ABSENT_KEYWORDS = {
    "Regenerate": "702.49a",
    "Dredge": "702.49b",
    "Level up": "702.49c",
    "Banding": "702.49d",
    "Ante": "702.49e",
}

CARD_KEYS = frozenset(
    {
        "name",
        "type",
        "supertypes",
        "subtypes",
        "lineage",
        "cost",
        "attack",
        "vigor",
        "blood_seal",
        "binding",
        "keywords",
        "text",
        "abilities",
        "targets",
        "defense",
        "rooms",
        "wards",
        "initial_vitae",
        "enlightenment",
        # additions (documented in cards/nodawn/README.md): a Garethean Master's Ascension threshold,
        # static abilities (611.3, 613, 614, 615) and how a permanent enters (614.6a-b)
        "ascends",
        "statics",
        "enters",
        # riders: effects that happen as the card's spell resolves only if a keyword's condition holds
        "tribute",
        "siege",
        # a modal spell's modes (700.4, 601.2b), each a list of effects, and how many are chosen;
        # what an unpaid Backlash synthesis cost backfires (702.36a); Reckoning's telegraphed effect (702.50a)
        "modes",
        "mode_count",
        "backfire",
        "reckoning",
        # additions (F4): more than one card type (300.2), a Power's other door (304.5), a
        # Contract's clauses (714.2), a Haven's convoy Defense (408.5f) and Room functions (312.1)
        "types",
        "castable_with",
        "clauses",
        "convoy_defense",
        "room_functions",
        # an Influencer's printed co-opt: any other Master may pay its cost to control it (302.10, 723.2c)
        "co_opt",
        # additions (F5a): how a Sleeper waits and matures (702.39b-c); a printed dominance (702.42)
        "sleeper",
        "dominance",
    }
)
SLEEPER_KEYS = frozenset({"wakes", "targets", "gathers", "arms"})
SLEEPER_ARMS_KEYS = frozenset({"at", "effects"})
DOMINANCE_KEYS = frozenset({"if", "pay", "price", "fails"})
# rider key -> the keyword whose condition earns it (a paid Tribute, 702.25a; a met Siege, 702.29a)
RIDERS = {"tribute": "Tribute", "siege": "Siege"}
CO_OPT_KEYS = frozenset({"cost", "until"})
BACKFIRE_KEYS = frozenset({"corruption", "damage"})
# The six lineage crafts a Room may bear (312.1); what each does is card text, not rule.
ROOM_FUNCTIONS = frozenset({"Laboratory", "Scriptorium", "Forge", "Vault", "Kennel", "Confessional"})
# The crafts of a Component (710.1), read from its subtypes; a Formula is brewed in this order (710.3).
COMPONENT_CRAFTS = ("Base", "Vector", "Selector", "Amplifier")
ENTERS_KEYS = frozenset({"drained", "counters"})
# A static ability: exactly one of these says what it does ...
STATIC_KINDS = frozenset(
    {
        "modify",
        "set",
        "switch",
        "define",
        "grant",
        "remove",
        "add_subtypes",
        "reduce_damage",
        "double_damage",
        "spoils_to_void",
        "dies_to_domain",
        "pool_to_draws",
        "draw_to_recall",
        # addition: Pack's "can't be blocked alone" (702.44a, with `while: pack`)
        "cant_be_blocked_alone",
        # an enter-modifier (614.8): as an Entity it affects enters, its controller
        # may sacrifice other Entities; N Growth counters on this for each
        "feast",
        # addition: a cost reduction (601.2f) — {vitae: N, per: {subtype}} on the card
        # itself, or {vitae: N, of: TYPE} for its controller's spells (and Traps set,
        # 307.3) of that type: "Traps you set cost 1 less" is {vitae: 1, of: Trap}
        "reduce_cost",
        # additions: a Terrain's approach tax on the Entities declared against its
        # controller's Havens, and its sharpening of their sprung Traps (303.5a, 604.4)
        "approach_tax",
        "trap_bonus",
        # addition: a static control change (613.1b), "You control the bound Entity"
        "control",
    }
)
REDUCE_COST_KEYS = frozenset({"vitae", "per", "of"})
# ... and these say where and when (judge/engine/reading/layers.py)
STATIC_QUALIFIERS = frozenset({"affects", "subtype", "with_keyword", "while"})
# What a static's `affects:` may name; `self` is the default.
AFFECTS = frozenset(
    {
        "self",
        "attached",
        "own_entities",
        "other_own_entities",
        "opponent_entities",
        "each_entity",
        "own_sources",
        # addition: the Entities attacking a Haven the source's controller controls (303.5a)
        "attacking_own_havens",
    }
)
# What a defining ability (layer 7a) may count, for the source's controller.
COUNTS = frozenset({"spoils", "entities", "hand"})
# When a static functions (`while:`): the round type, its source's Siege or Pack threshold.
CONDITIONS = frozenset({"night", "day", "siege", "pack"})
COST_KEYS = frozenset({"vitae", "master", "corruption", "wrath", "source"})
ABILITY_COST_KEYS = COST_KEYS | {"drain", "sacrifice"}
TRIGGER_EVENTS = frozenset(
    {
        "enters",
        "dies",
        "attacks",
        "blocks",
        "cast",
        "upkeep",
        "end_step",
        "drop",
        # additions: an attacker's becoming blocked, once per attack and once per
        # blocker (700.1, 509.3a); dealing damage (603.2e); its controller sacrificing
        # an Entity (701.12a)
        "becomes_blocked",
        "blocked_by_entity",
        "deals_damage",
        "sacrifices",
        # additions: the Dusk and Dawn rites, on the world cycle's flips (603.14a, 731.5)
        "night_falls",
        "day_breaks",
        # "when you Bleed this card" (702.21a)
        "bled",
    }
)
# A triggered ability's intervening "if" (603.4), checked as it triggers and as it resolves:
# `if: {controls: {subtype, type, at_least}}`; `if: {different_names: N}`, the controller's
# Entities with different names (201.3b, addition F4). judge/engine/triggered/conditions.py reads them.
TRIGGER_CONDITIONS = frozenset({"controls", "different_names"})
CONTROLS_KEYS = frozenset({"subtype", "type", "at_least"})
TARGET_KINDS = frozenset(
    {
        "Entity",
        "spell",
        "player",
        "permanent",
        "spell or ability",
        "Haven",
        "Relic",
        "Ritual",
        "Weapon",
        "Companion",
        "Terrain",
        "Blood",
        # addition (F4): a hidden piece of an opponent's Procession (408.5, 309.4)
        "Procession piece",
    }
)
DURATIONS = frozenset({"end_of_turn", "end_of_combat", "permanent", "your_next_turn"})
CYCLE_TYPES = frozenset({"night", "day"})
ZONE_INSTEAD = frozenset({"void", "hand", "domain"})

# effect name -> (allowed keys when written as a mapping, the key a bare scalar stands for)
EFFECTS: dict[str, tuple[frozenset, str | None]] = {
    "deal_damage": (frozenset({"amount", "to", "unpreventable"}), None),  # unpreventable: 615.9
    "destroy": (frozenset({"to", "instead"}), "to"),  # instead: a self-replacement (614.7)
    "counter": (frozenset({"to"}), "to"),
    "draw": (frozenset({"n", "who"}), "n"),
    # may: the player chooses whether to accept (a pending choice); invites: giver — accepting
    # Invites the effect's controller across the accepting player's thresholds (310.11)
    "gain_vitae": (frozenset({"amount", "who", "may", "invites"}), "amount"),
    "lose_vitae": (frozenset({"amount", "who"}), "amount"),
    "corruption": (frozenset({"amount", "who"}), "amount"),
    "wrath": (frozenset({"amount", "who"}), "amount"),
    "add_counters": (frozenset({"kind", "n", "to"}), None),
    "remove_counters": (frozenset({"kind", "n", "to"}), None),  # addition (122.1)
    "modify": (frozenset({"attack", "vigor", "until", "to"}), None),
    # additions: the other layers (613.1f, 613.4b, 613.4d, 613.1d)
    "set_stats": (frozenset({"attack", "vigor", "until", "to"}), None),
    "switch_stats": (frozenset({"until", "to"}), "to"),
    "grant": (frozenset({"keywords", "until", "to"}), None),
    "remove_keywords": (frozenset({"keywords", "until", "to"}), None),
    "add_subtypes": (frozenset({"subtypes", "until", "to"}), None),
    # prevention (615): amount N or "all"; from: the one source it watches; combat: combat damage
    # only; next_instance: the next time, however large (615.4)
    "prevent_damage": (frozenset({"amount", "to", "until", "from", "combat", "next_instance"}), None),
    # replacement (614.6f): the next damage to `to` is dealt to `onto` instead
    "redirect_damage": (frozenset({"to", "onto", "until"}), None),
    # the world cycle: a shift (500.12) and an extra turn (500.11)
    "shift": (frozenset({"type"}), "type"),
    "extra_turn": (frozenset({"who"}), "who"),
    "sacrifice": (frozenset({"who", "what"}), None),
    "banish": (frozenset({"to"}), "to"),
    "return_to_hand": (frozenset({"to"}), "to"),
    "discard": (frozenset({"n", "who"}), "n"),
    # addition: a Vitae ability's product ("Drain this: add 2 Vitae"), rule 106.7
    "add_vitae": (frozenset({"amount", "source"}), "amount"),
    # additions: control changes (layer 2, 613.1b; 701.27, 723.2): `bloodlust` grants it while controlled
    "gain_control": (frozenset({"to", "until", "bloodlust"}), "to"),
    "replenish": (frozenset({"to"}), "to"),  # un-drain (110.5b)
    "attach": (frozenset({"to"}), "to"),  # attach this Weapon or Ritual (701.4a); Wield's own effect
    # tokens (111.2, 701.8a): n tokens of a card, or a token copy of an object (707.1), under `who`
    # (the effect's controller by default); `id` names them
    "create_token": (frozenset({"card", "n", "copy_of", "id", "who"}), "card"),
    # a delayed trigger (603.7): its effects happen at the next cleanup or end step, on the objects
    # the resolution named (700.7)
    "delayed": (frozenset({"at", "effects"}), None),
    # a type-changing effect (613.1d): "becomes a Relic" replaces the card type
    "set_type": (frozenset({"type", "to", "until"}), None),
    # a card returning from its owner's Spoils (by: the keyword whose rule governs the return —
    # Exhume: not newly turned, banished if it would leave, 702.22a; Revenant: restless, 702.46a)
    "return_to_battlefield": (frozenset({"to", "by"}), "to"),
    # "you may pay {cost}: [effects]" — a choice as it resolves (608.4): pay or decline
    "may_pay": (frozenset({"cost", "effects"}), None),
    # the Challenge (701.17): `to` and `with` deal damage equal to their Attack to each other
    "challenge": (frozenset({"to", "with"}), None),
    # Immure's effect (702.47a): the target Entity's shadow is sealed into this Haven
    "immure": (frozenset({"to"}), "to"),
    # additions: "counter target spell unless its controller pays N" (701.7b, 118.9); Foresee N
    # (701.16a)
    "counter_unless_pays": (frozenset({"amount", "to"}), "amount"),
    "foresee": (frozenset({"n", "who"}), "n"),
    # additions (F4): Suspicion (123.2); effects that permit or forbid the drop (101.2); a look at
    # a hidden card, not a reveal (309.4, 708.6)
    "raise_suspicion": (frozenset({"amount"}), "amount"),
    "permit_drop": (frozenset({"extra", "who", "until"}), None),
    "forbid_drop": (frozenset({"who", "until"}), None),
    "look": (frozenset({"to"}), "to"),
    # addition (F5a): "…and they take on a Debt to you" (702.48a): each player `who` names (the
    # targeted player unless it says) owes the effect's controller a Debt; `price`: the Vitae its
    # honoring costs (702.48c), when the card prints one
    "take_debt": (frozenset({"who", "price"}), "who"),
    # the keyword triggers' own effects (F5a), as Immure's: a Sleeper matures (702.39b-c); Dominance's
    # Burden resolves (702.42a-b) — each reads the card's `sleeper:` / `dominance:`
    "mature": (frozenset(), None),
    "burden": (frozenset(), None),
}
RETURN_WAYS = frozenset({"Exhume", "Revenant"})
DELAY_POINTS = frozenset({"cleanup", "end_step"})
# A spell's targets by slot (115.1: chosen as it is cast, never changed; 608.3: an illegal one is
# left alone, and the others keep their places): `target` on a card with one target; on a card
# with several, a slot — first_target, second_target, third_target — or every one, each_target.
TARGET_SLOTS = ("first_target", "second_target", "third_target")
OBJECT_RECIPIENTS = frozenset(
    {
        "target",
        "self",
        "each_entity",
        "each_other_entity",
        "attached",
        "each_opponent_entity",
        "each_own_entity",
        "each_target",
        *TARGET_SLOTS,
    }
)
PLAYER_RECIPIENTS = frozenset({"controller", "each_player", "each_opponent", "target_player", "owner"})
