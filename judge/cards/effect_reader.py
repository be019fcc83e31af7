"""Reading effects: the effect lists a card file gives its spells, abilities, riders and modes
(`[{draw: 1}, {damage: {amount: 2, to: target}}]`) into `Effect` values, validated key by key
against the vocabulary (judge.cards.vocabulary.EFFECTS), with the costs and keyword lists inside
them. An unknown effect or key is a ScenarioError naming the file and line; a 701 keyword action
that no effect performs names its rule (judge.cards.keyword_actions).

The card reader (judge.cards.reader) builds on this: a card is its keys around effect lists.
"""

from __future__ import annotations

from judge.cards import keyword_actions
from judge.cards import vocabulary as V
from judge.cards.model import Cost, Effect
from judge.yamlio import Validator, one_of


class EffectReader(Validator):
    """Validates effects, costs and keyword lists; errors carry the file and the line of the bad part."""

    def __init__(self, path: str | None) -> None:
        self.path = path

    def integer(self, value, what: str, node) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(f"{what} must be an integer, not {value!r}", node)
        return value

    def strings(self, value, what: str, node) -> tuple[str, ...]:
        if value is None:
            return ()
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.fail(f"{what} must be a list of names", node)
        return tuple(value)

    def cost(self, raw, node, allowed=V.COST_KEYS) -> Cost:
        if raw is None:
            return Cost()
        self.keys(raw, allowed, "cost")
        values = {}
        for key in ("vitae", "master", "corruption", "wrath"):
            if key in raw:
                values[key] = self.integer(raw[key], f"cost {key}", raw)
        for key in ("vitae", "master"):
            if values.get(key, 0) < 0:
                self.fail(f"cost {key} cannot be negative", raw)
        source = raw.get("source")
        if source is not None and not isinstance(source, str):
            self.fail("cost source must be a Race name", raw)
        return Cost(
            source=source, drain=bool(raw.get("drain", False)), sacrifice=bool(raw.get("sacrifice", False)), **values
        )

    def effect(self, raw, node) -> Effect:
        if not isinstance(raw, dict) or len(raw) != 1:
            self.fail("an effect is a one-key mapping such as {draw: 1}", raw if isinstance(raw, dict) else node)
        ((name, value),) = raw.items()
        if not one_of(name, V.EFFECTS):
            member = keyword_actions.refused_word(name) if isinstance(name, str) else None
            if member is not None:  # a 701 keyword action no card effect performs: say which rule
                self.fail(member.refusal(name), raw)
            self.fail(f"unknown effect {name!r} (known: {', '.join(sorted(V.EFFECTS))})", raw)
        allowed, scalar_key = V.EFFECTS[name]
        if isinstance(value, dict):
            self.keys(value, allowed, f"effect {name}")
            args = dict(value)
        elif scalar_key is not None and value is not None and not isinstance(value, list):
            args = {scalar_key: value}
        else:
            self.fail(f"effect {name} needs a mapping of {', '.join(sorted(allowed))}", raw)
        for key in ("amount", "n", "attack", "vigor"):
            if key in args and not isinstance(args[key], (int, str)) or isinstance(args.get(key), bool):
                self.fail(f"effect {name}: {key} must be a number or X", raw)
            if name == "prevent_damage" and args.get(key) == "all":
                continue
            if isinstance(args.get(key), str) and args[key] != "X":
                self.fail(f"effect {name}: {key} must be a number or X, not {args[key]!r}", raw)
        for key in ("to", "who"):
            if key in args and not one_of(args[key], V.OBJECT_RECIPIENTS | V.PLAYER_RECIPIENTS):
                self.fail(f"effect {name}: unknown recipient {args[key]!r}", raw)
        for key in ("until",):
            if key in args and not one_of(args[key], V.DURATIONS):
                self.fail(f"effect {name}: unknown duration {args[key]!r}", raw)
        if name == "sacrifice" and "what" in args and not isinstance(args["what"], str):
            # a name that is no card type is the engine's to refuse when played (support.py)
            self.fail(f"effect sacrifice: what must be a card type's name, not {args['what']!r}", raw)
        self.effect_extras(name, args, raw)
        return Effect(name, args)

    def effect_extras(self, name: str, args: dict, raw) -> None:
        """Checks for the effects added beyond the contract (cards/nodawn/README.md)."""
        for key in ("keywords", "subtypes"):
            if key in args:
                words = self.strings(args[key], f"effect {name}: {key}", raw)
                if key == "keywords":
                    self.keyword_list(words, raw)
                args[key] = words
        if name in ("grant", "remove_keywords") and not args.get("keywords"):
            self.fail(f"effect {name} needs keywords", raw)
        if name == "add_subtypes" and not args.get("subtypes"):
            self.fail("effect add_subtypes needs subtypes", raw)
        if name == "shift" and not one_of(args.get("type"), V.CYCLE_TYPES):
            self.fail(f"effect shift: type must be night or day, not {args.get('type')!r}", raw)
        if name == "destroy" and "instead" in args and not one_of(args["instead"], V.ZONE_INSTEAD):
            self.fail(f"effect destroy: instead must be one of {', '.join(sorted(V.ZONE_INSTEAD))}", raw)
        if name == "prevent_damage":
            if args.get("amount") == "all":
                pass
            elif "amount" not in args and not args.get("next_instance"):
                self.fail("effect prevent_damage needs an amount (a number, X or all) or next_instance", raw)
            if "from" in args and not one_of(args["from"], V.OBJECT_RECIPIENTS):
                self.fail(f"effect prevent_damage: unknown source {args['from']!r}", raw)
            for key in ("combat", "next_instance"):
                if key in args and not isinstance(args[key], bool):
                    self.fail(f"effect prevent_damage: {key} must be true or false", raw)
        if name == "create_token":
            if ("card" in args) == ("copy_of" in args):
                self.fail(
                    "effect create_token names either a card (card: NAME) or what it copies (copy_of: target)", raw
                )
            if "card" in args and not isinstance(args["card"], str):
                self.fail("effect create_token: card must be a card name", raw)
            if "copy_of" in args and not one_of(args["copy_of"], V.OBJECT_RECIPIENTS):
                self.fail(f"effect create_token: unknown copy_of {args['copy_of']!r}", raw)
            if "copy_of" in args and "n" in args:
                self.fail("effect create_token: a copy is one token (no n)", raw)
            if "id" in args and not isinstance(args["id"], str):
                self.fail("effect create_token: id must be a name", raw)
        if name == "delayed":
            if not one_of(args.get("at"), V.DELAY_POINTS):
                self.fail(f"effect delayed: at must be one of {', '.join(sorted(V.DELAY_POINTS))}", raw)
            args["effects"] = self.effects(args.get("effects"), raw)
        if name == "return_to_battlefield":
            if args.get("to", "self") not in ("self", "target"):
                self.fail("effect return_to_battlefield returns self or a target card", raw)
            if "by" in args and not one_of(args["by"], V.RETURN_WAYS):
                self.fail(f"effect return_to_battlefield: by must be one of {', '.join(sorted(V.RETURN_WAYS))}", raw)
        if (
            name == "take_debt"
            and "price" in args
            and (isinstance(args["price"], bool) or not isinstance(args["price"], int) or args["price"] < 0)
        ):
            self.fail(f"effect take_debt: price must be a whole number of Vitae, not {args['price']!r} (702.48c)", raw)
        if name == "challenge" and not one_of(args.get("with", "second_target"), V.OBJECT_RECIPIENTS):
            self.fail(f"effect challenge: unknown with {args.get('with')!r}", raw)
        if name == "may_pay":
            args["cost"] = self.cost(args.get("cost"), raw)
            args["effects"] = self.effects(args.get("effects"), raw)
        if name == "set_type" and not one_of(args.get("type"), V.CARD_TYPES):
            self.fail(f"effect set_type: unknown card type {args.get('type')!r}", raw)
        if name == "gain_control" and "bloodlust" in args and not isinstance(args["bloodlust"], bool):
            self.fail("effect gain_control: bloodlust must be true or false", raw)
        for key in ("may",):
            if key in args and not isinstance(args[key], bool):
                self.fail(f"effect {name}: {key} must be true or false", raw)
        if "invites" in args and args["invites"] != "giver":
            self.fail(f"effect {name}: invites must be giver (310.11)", raw)
        if "invites" in args and not args.get("may"):
            self.fail(
                f"effect {name}: an Invitation comes only with an accepted gift: invites needs may: true (310.11)", raw
            )
        if name == "permit_drop":
            self.integer(args.get("extra", 1), "effect permit_drop: extra", raw)
        if name in ("permit_drop", "forbid_drop") and args.get("until", "end_of_turn") not in (
            "end_of_turn",
            "permanent",
        ):
            self.fail(f"effect {name}: until is end_of_turn or permanent", raw)
        if name == "redirect_damage" and not one_of(args.get("onto"), V.OBJECT_RECIPIENTS | V.PLAYER_RECIPIENTS):
            self.fail(f"effect redirect_damage: unknown recipient {args.get('onto')!r}", raw)

    def keyword_list(self, words, node, line=None, name: str | None = None) -> None:
        who = f"{name}: " if name else ""
        for kw in words:
            absent = next(
                (rule for family, rule in V.ABSENT_KEYWORDS.items() if kw == family or kw.startswith(family + " ")),
                None,
            )
            if absent is not None:
                self.fail(f"{who}{kw!r} is a family deliberately left out of No Dawn ({absent})", node, line)
            if not one_of(kw.split(" ")[0], V.KEYWORDS):
                self.fail(f"{who}unknown keyword {kw!r}", node, line)

    def effects(self, raw, node) -> tuple[Effect, ...]:
        if not isinstance(raw, list):
            self.fail("effects must be a list", node)
        out = tuple(self.effect(e, raw) for e in raw)
        # an optional gain ends its list: an effect after it would be carried out whether or not
        # the player accepts, which a printed "If they do, …" contradicts (the rider that may follow
        # an acceptance is `invites:`, on the gain itself)
        if any(e.args.get("may") for e in out[:-1]):
            self.fail("an effect with may: true must be the last of its list", raw)
        return out
