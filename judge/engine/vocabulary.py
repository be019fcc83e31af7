"""The closed vocabularies of the card and scenario formats (scenario-format.md).

Anything outside these sets is an error naming the file and line, never ignored.
"""
from __future__ import annotations

CARD_TYPES = frozenset({
    "Entity", "Caprice", "Power", "Relic", "Weapon", "Ritual", "Contract", "Terrain", "Blood",
    "Companion", "Trap", "Haven", "Estate", "Master",
})
PERMANENT_TYPES = CARD_TYPES - {"Caprice", "Power", "Trap"}
SUPERTYPES = frozenset({"Eminent", "Mortal"})
BINDINGS = frozenset({"night", "day", "unbound"})

# Keyword abilities of rule 702 (the head word; some take a number or cost: "Siege 3").
KEYWORDS = frozenset({
    "Celerity", "Frenzy", "Vigilance", "Feed", "Venom", "Overrun", "Dread", "Bloodlust", "Flying",
    "Reach", "Deathless", "Elusive", "Toll", "Sanctity", "Ambush", "Bulwark", "Wield", "Bind",
    "Recall", "Bleed", "Exhume", "Despoil", "Pit-marked", "Tribute", "Muster", "Scholarship",
    "Champion", "Siege", "Drop-rites", "Transmute", "Masquerade", "Evidence", "Shroud", "Mandate",
    "Entwine", "Backlash", "Command", "Conscript", "Sleeper", "Contagion", "Decay", "Dominance",
    "Devour", "Pack", "Scatter", "Revenant", "Immure", "Debt", "Reckoning",
})

CARD_KEYS = frozenset({
    "name", "type", "supertypes", "subtypes", "lineage", "cost", "attack", "vigor", "blood_seal",
    "binding", "keywords", "text", "abilities", "targets", "defense", "rooms", "wards",
    "initial_vitae", "enlightenment",
    # additions (documented in cards/nodawn/README.md): a Garethean Master's Ascension threshold
    "ascends",
})
COST_KEYS = frozenset({"vitae", "master", "corruption", "wrath", "source"})
ABILITY_COST_KEYS = COST_KEYS | {"drain", "sacrifice"}
TRIGGER_EVENTS = frozenset({"enters", "dies", "attacks", "blocks", "cast", "upkeep", "end_step", "drop"})
TARGET_KINDS = frozenset({"Entity", "spell", "player", "permanent", "spell or ability", "Haven",
                          "Relic", "Ritual", "Weapon", "Companion", "Terrain", "Blood"})
DURATIONS = frozenset({"end_of_turn", "end_of_combat", "permanent"})

# effect name -> (allowed keys when written as a mapping, the key a bare scalar stands for)
EFFECTS: dict[str, tuple[frozenset, str | None]] = {
    "deal_damage": (frozenset({"amount", "to"}), None),
    "destroy": (frozenset({"to"}), "to"),
    "counter": (frozenset({"to"}), "to"),
    "draw": (frozenset({"n", "who"}), "n"),
    "gain_vitae": (frozenset({"amount", "who"}), "amount"),
    "lose_vitae": (frozenset({"amount", "who"}), "amount"),
    "corruption": (frozenset({"amount", "who"}), "amount"),
    "wrath": (frozenset({"amount", "who"}), "amount"),
    "add_counters": (frozenset({"kind", "n", "to"}), None),
    "modify": (frozenset({"attack", "vigor", "until", "to"}), None),
    "prevent_damage": (frozenset({"amount", "to", "until"}), None),
    "sacrifice": (frozenset({"who", "what"}), None),
    "banish": (frozenset({"to"}), "to"),
    "return_to_hand": (frozenset({"to"}), "to"),
    "discard": (frozenset({"n", "who"}), "n"),
    # addition: a Vitae ability's product ("Drain this: add 2 Vitae"), rule 106.7
    "add_vitae": (frozenset({"amount", "source"}), "amount"),
}
OBJECT_RECIPIENTS = frozenset({"target", "self", "each_entity", "each_other_entity", "attached",
                               "each_opponent_entity", "each_own_entity"})
PLAYER_RECIPIENTS = frozenset({"controller", "each_player", "each_opponent", "target_player", "owner"})
