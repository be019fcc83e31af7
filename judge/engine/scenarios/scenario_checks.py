"""What a scenario's actions and expectations name, checked as the file loads (with file and
line) against the board it lays out: objects and players, each action's keys and shape
(action_kinds.py), each expectation's kind and keys. Nothing here runs an action — replay.py
does, and judges the expectations.

A base of scenario.py's builder, which sets `player_names` before these run; the cards,
objects and values they read are scenario_objects.py's.
"""

from __future__ import annotations

from judge.engine.core.errors import Refused
from judge.engine.core.state import ROUNDS
from judge.engine.play.action_kinds import ACTIONS, action_kind, read_action
from judge.engine.scenarios.scenario_objects import ObjectReader
from judge.yamlio import one_of

EXPECT_PLAYER = {
    "vitae",
    "corruption",
    "wrath",
    "pool",
    "hand",
    "lost",
    "won",
    "refuge",
    "battlefield",
    "suspicion_share",
    "debts",
    "invited",
}
EXPECT_OBJECT = {
    "zone",
    "damage",
    "drained",
    "attack",
    "vigor",
    "has",
    "lacks",
    "counters",
    "revealed",
    "face_down",
    "controller",
    "of",
    "defense",
}
EXPECT_TURN = {"round", "active"}
EXPECT_WORLD = {"suspicion", "cycle"}
ZONE_NAMES = {
    "battlefield",
    "hand",
    "spoils",
    "void",
    "pit",
    "stack",
    "domain",
    "shelter",
    "slot",
    "wards",
    "gone",
    "left",
    "laboratory",
}
SPECIAL_REFS = {"seal", "top", "fire", "set"}


class ScenarioChecks(ObjectReader):
    """The checks, as a base of scenario._Builder: `player_names` is set before they run."""

    player_names: set[str]

    def check_ref(self, ref, node, line=None) -> None:
        ref = str(ref)
        if ref in SPECIAL_REFS or ref in self.player_names or ref in self.objects:
            return
        if ref in self.token_ids or ref.rstrip("0123456789").removesuffix("-") in self.token_ids:
            return  # a token an effect will create under that id (create_token's `id`, numbered when taken)
        if ref.startswith("piece:") and ref[6:].isdigit() and int(ref[6:]) >= 1:
            return  # a Procession piece, by its place in a departure (408.5): checked as the action is taken
        if ref in self.names:
            if len(self.names[ref]) > 1:
                self.fail(f"{ref!r} names {len(self.names[ref])} objects; give them ids and use the id", node, line)
            return
        if ref in self.cards:
            return  # a card that will exist by then (a spell cast later)
        self.fail(f"unknown object or player {ref!r}", node, line)

    def check_player(self, name, node, line=None) -> None:
        if not one_of(name, self.player_names):
            self.fail(f"unknown player {name!r}", node, line)

    def check_action(self, action, line) -> None:
        kind = action_kind(action)
        if kind is None:
            self.fail(f"not an action: {action!r} (see scenario-format.md, Actions)", action, line)
        if action == "pass":
            return
        spec = ACTIONS[kind]
        self.keys(action, spec.keys, f"a {kind} action")
        try:
            form = read_action(kind, action)
        except Refused as why:
            self.fail(why.text, action, line)
        if "player" in action:
            self.check_player(action["player"], action, line)
        value = action.get(kind)
        if spec.names_card and str(value) not in self.objects:
            self.need_card(value, action)
        for r in spec.refs(form):
            self.check_ref(r, action, line)
        if kind in ("cast", "fire"):
            self.check_target_slots(value, action, line)

    def check_target_slots(self, named, action, line) -> None:
        """115.1, 601.2c: a spell's targets fill the slots its card prints, one each; naming more
        names a slot the card does not have."""
        given = action.get("targets")
        card = self.cards.get(self.objects[named].card if named in self.objects else named)
        if card is None or not isinstance(given, list) or (card.type == "Ritual" and not card.targets):
            return  # (a Ritual with no printed kind binds to an Entity: cast_checks.py checks it)
        slots = len(card.targets)
        if len(given) > slots:
            self.fail(
                f"{card.name} has {slots} target slot{'' if slots == 1 else 's'}: `targets:` names "
                f"{len(given)}, and target {slots + 1} is no slot of the card (115.1, 601.2c)",
                action,
                line,
            )

    def check_expectation(self, item, line, n_actions: int) -> None:
        if not isinstance(item, dict):
            self.fail("an expectation is a mapping", item, line)
        if "after" in item:
            after = self.int_(item["after"], "after", item)
            if not 0 <= after <= n_actions:
                self.fail(f"after: {after} is outside 0..{n_actions}", item, line)
        body = {k for k in item if k != "after"}
        if "player" in item:
            self.keys(item, {"after", "player"} | EXPECT_PLAYER, "a player expectation")
            self.check_player(item["player"], item, line)
            if "battlefield" in item:
                self.int_(item["battlefield"], "battlefield (the permanents they control)", item)
        elif "object" in item:
            self.keys(item, {"after", "object"} | EXPECT_OBJECT, "an object expectation")
            self.check_ref(item["object"], item, line)
            if "zone" in item and not one_of(item["zone"], ZONE_NAMES):
                self.fail(f"unknown zone {item['zone']!r}", item, line)
            for key in ("has", "lacks"):
                if key in item and (not isinstance(item[key], list) or not all(isinstance(k, str) for k in item[key])):
                    self.fail(f"{key} must be a list of keywords", item, line)
            if "counters" in item and not isinstance(item["counters"], dict):
                self.fail("counters must map a counter kind to a number", item, line)
            for key in ("controller", "of"):
                if key in item:
                    self.check_player(item[key], item, line)
        elif body and body <= EXPECT_WORLD:
            for key in body:
                self.int_(item[key], key, item)
        elif body and body <= EXPECT_TURN:
            if "round" in item:
                self.round(item["round"], item)
                if not one_of(item["round"], ROUNDS):
                    self.fail(f"round expectations name the round ({', '.join(ROUNDS)})", item, line)
            if "active" in item:
                self.check_player(item["active"], item, line)
        elif body == {"stack"}:
            self.int_(item["stack"], "stack", item)
        elif body == {"cited"}:
            if not isinstance(item["cited"], list) or not all(_rule_id_like(r) for r in item["cited"]):
                self.fail("cited must be a list of rule ids", item, line)
        elif body == {"error"}:
            if not _rule_id_like(item["error"]):
                self.fail(
                    f'error names the rule a refusal cites (such as "505.4d"), not {item["error"]!r:.60}', item, line
                )
        else:
            self.fail(f"unknown expectation {dict(item)!r}", item, line)


def _rule_id_like(value) -> bool:
    """A rule id as YAML gives it: text, or a number for an unquoted one such as 704.3."""
    return isinstance(value, (str, int, float)) and not isinstance(value, bool)
