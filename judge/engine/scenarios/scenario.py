"""Scenario files (scenario-format.md): read, validated with file and line, built into a
starting `GameState` plus the actions and expectations to replay.

This module reads the file whole — players, turn, world, stack, answers and defaults — and
assembles the state. The values, cards and objects each zone lists are read by
scenario_objects.py; what actions and expectations name is checked by scenario_checks.py (the
builder's two bases).

Additions to the contract (documented in tests/scenarios/README.md): a player may carry
`turns_taken` (how many turns they have begun; 0 makes their next turn their first) and the
file may name a `starting_player` (for the opening-draw exception, 504.1a).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from judge.engine.checks import priority
from judge.engine.choosing.choices import CHOICE_KINDS
from judge.engine.core.policies import Policies, default_table
from judge.engine.core.state import PHASES, ROUNDS, STEPS, GameState, Obj, Player, Preset, StackItem
from judge.engine.play.actions import guarded
from judge.engine.reading import calendar
from judge.engine.reading import seats as seat_law
from judge.engine.scenarios.scenario_checks import ScenarioChecks
from judge.yamlio import LDict, key_line, load_file, load_text, one_of

TOP_KEYS = {
    "title",
    "game",
    "policies",
    "cards",
    "turn",
    "players",
    "stack",
    "actions",
    "expect",
    "starting_player",
    "description",
    "answers",
    "defaults",
    # additions (F4): the shared Suspicion meter (123.1), the cycle count and the calendar (730)
    "suspicion",
    "cycle",
    "feasts",
}
TURN_KEYS = {"active", "round", "phase", "step", "priority"}
PLAYER_KEYS = {
    "name",
    "master",
    "refuge",
    "corruption",
    "wrath",
    "pool",
    "spent_from_master",
    "dropped",
    "hand",
    "domain",
    "battlefield",
    "shelter",
    "spoils",
    "void",
    "pit",
    "turns_taken",
    "power_slot",
    "wards",
    "suspicion_share",
    "laboratory",
    "invited",
    "seats",
    # addition (F5a): the Debt markers a player owes (122.2i, 702.48a)
    "debts",
}


@dataclass
class Scenario:
    title: str
    path: str
    state: GameState
    actions: list
    action_lines: list
    expect: list
    setup_events: list = field(default_factory=list)
    # what the scenario relies on that the engine does not model (not-modelled events), found as
    # it loads: a card whose printed text names a keyword its card file lacks
    not_modelled: list = field(default_factory=list)


class _Builder(ScenarioChecks):
    """Reads one scenario file whole: the players, the turn, the world and the stack, then the
    actions and expectations (checked by ScenarioChecks), into a Scenario. Its bases read the
    values, cards and objects (ObjectReader) and check references (ScenarioChecks)."""

    def __init__(self, raw, path: str) -> None:
        self.raw = raw
        self.path = path
        self.objects: dict[str, Obj] = {}
        self.names: dict[str, list[str]] = {}

    # -- the whole file --------------------------------------------------------------------
    def build(self) -> Scenario:
        raw = self.raw
        if not isinstance(raw, dict):
            self.fail("a scenario is a mapping (title, game, turn, players, actions, expect…)", raw, 1)
        self.keys(raw, TOP_KEYS, "the scenario")
        if raw.get("game", "nodawn") != "nodawn":
            self.fail(f"game must be nodawn, not {raw.get('game')!r}", raw, raw.line_of("game"))
        policies = Policies(default_table(), raw.get("policies"), self.path, key_line(raw, "policies"))
        self.load_cards()
        players_raw = raw.get("players")
        if not isinstance(players_raw, list) or not players_raw:
            self.fail("players must be a non-empty list", raw, raw.line_of("players") if "players" in raw else 1)
        players: list[Player] = []
        battlefield: list[str] = []
        for praw in players_raw:
            self.keys(praw, PLAYER_KEYS, "a player")
            name = praw.get("name")
            if not isinstance(name, str) or not name:
                self.fail("a player needs a name", praw)
            if any(p.name == name for p in players):
                self.fail(f"duplicate player {name!r}", praw)
            master = praw.get("master")
            if not isinstance(master, dict):
                self.fail(f"{name}: master must be {{card: NAME, vitae: N}}", praw)
            self.keys(master, {"card", "vitae"}, f"{name}'s master")
            mcard = self.cards[self.need_card(master.get("card"), master)]
            vitae = self.int_(master.get("vitae", mcard.initial_vitae), "master vitae", master)
            p = Player(
                name,
                mcard.name,
                vitae,
                mcard.initial_vitae or vitae,
                corruption=self.int_(praw.get("corruption", 0), "corruption", praw),
                wrath=self.int_(praw.get("wrath", 0), "wrath", praw),
                pool=self.pool(praw.get("pool"), praw),
                spent_from_master=self.int_(praw.get("spent_from_master", 0), "spent_from_master", praw),
                dropped=self.bool_(praw.get("dropped"), "dropped", praw),
                turns_taken=self.int_(praw.get("turns_taken", 2), "turns_taken", praw),
                suspicion_share=self.int_(praw.get("suspicion_share", 0), "suspicion_share", praw),
            )
            p.laboratory = self.zone_list(praw.get("laboratory"), name, "laboratory", praw)
            invited = praw.get("invited") or []
            if not isinstance(invited, list) or not all(isinstance(n, str) for n in invited):
                self.fail(f"{name}: invited must be a list of player names", praw)
            p.invited = tuple(invited)
            p.debts = self.debts(praw.get("debts"), name, praw)
            seats = praw.get("seats") or []
            if not isinstance(seats, list):
                self.fail(f"{name}: seats must be a list of Haven ids", praw)
            p.seats = tuple(str(h) for h in seats)
            p.hand = self.zone_list(praw.get("hand"), name, "hand", praw)
            p.domain = self.domain(praw.get("domain"), name, praw)
            for zone in ("spoils", "void", "pit", "shelter"):
                setattr(p, zone, self.zone_list(praw.get(zone), name, zone, praw))
            p.slot = self.zone_list(praw.get("power_slot"), name, "slot", praw)
            p.wards = self.zone_list(praw.get("wards"), name, "wards", praw)
            battlefield += self.zone_list(praw.get("battlefield"), name, "battlefield", praw)
            p.refuge = str(praw["refuge"]) if praw.get("refuge") is not None else None
            players.append(p)
        names = [p.name for p in players]
        self.player_names = set(names)
        for p in players:
            for haven in p.seats:  # 310.8a: Havens that already gained the Master's seat (408.5i)
                if haven not in battlefield or self.cards[self.objects[haven].card].type != "Haven":
                    self.fail(f"{p.name}: seats names {haven!r}, not a Haven on the battlefield", players_raw)
            for debt in p.debts:
                if debt.creditor not in self.player_names or debt.creditor == p.name:
                    self.fail(
                        f"{p.name}: a Debt is owed to another player, not {debt.creditor!r} (702.48a)", players_raw
                    )
            for other in p.invited:
                if other not in self.player_names or other == p.name:
                    self.fail(f"{p.name}: invited names {other!r}, not another player", players_raw)
            labs = [
                o
                for o in battlefield
                if self.objects[o].owner == p.name and "Laboratory" in self.cards[self.objects[o].card].room_functions
            ]
            for oid in p.laboratory:  # 312.4: stored face down, bound to a Laboratory Room the player controls
                if not labs:
                    self.fail(
                        f"{p.name} stores cards in a Laboratory but controls no Haven with a Laboratory Room (312.4)",
                        None,
                        self.objects[oid]._line,
                    )
                self.objects[oid].attached_to = self.objects[oid].attached_to or labs[0]
        for oid in battlefield:
            obj = self.objects[oid]
            bound_player = obj.attached_to in self.player_names and self.cards[obj.card].type == "Ritual"
            if obj.attached_to is not None and obj.attached_to not in self.objects and not bound_player:
                self.fail(
                    f"attached_to {obj.attached_to!r} names no object (nor, for a Ritual bound to a player, a player)",
                    None,
                    obj._line,
                )
        for p in players:
            for oid in p.wards:  # a Ward arms the Haven it names, else the player's first Haven (307.3)
                obj = self.objects[oid]
                if self.cards[obj.card].type != "Trap":
                    self.fail(f"{obj.card} in {p.name}'s wards is not a Trap", None, obj._line)
                havens = [
                    o
                    for o in battlefield
                    if self.objects[o].owner == p.name and self.cards[self.objects[o].card].type == "Haven"
                ]
                if obj.attached_to is None and havens:
                    obj.attached_to = havens[0]
                if obj.attached_to not in havens:
                    self.fail(f"the Ward {obj.card} must arm a Haven {p.name} owns on the battlefield", None, obj._line)
                armed = sum(1 for w in p.wards if self.objects[w].attached_to == obj.attached_to)
                slots = self.cards[self.objects[obj.attached_to].card].wards or 0
                if armed > slots:  # 116.2b: up to the Haven's printed Wards
                    self.fail(
                        f"{self.objects[obj.attached_to].card} has {slots} Ward slot(s), not {armed}", None, obj._line
                    )
            if p.refuge is None:
                havens = [
                    o
                    for o in battlefield
                    if self.objects[o].owner == p.name and self.cards[self.objects[o].card].type == "Haven"
                ]
                p.refuge = havens[0] if havens else None
            elif p.refuge not in self.objects:
                self.fail(f"{p.name}'s refuge {p.refuge!r} names no object", players_raw)
            for oid in p.shelter:  # in the refuge, or in the Haven its attached_to names (514.4c)
                obj = self.objects[oid]
                if obj.attached_to is not None:
                    host = self.objects.get(obj.attached_to)
                    if host is None or host.zone != "battlefield" or self.cards[host.card].type != "Haven":
                        self.fail(
                            "a sheltered card's attached_to must name a Haven on the battlefield", None, obj._line
                        )
                    obj.sheltered_in, obj.attached_to = obj.attached_to, None
                else:
                    obj.sheltered_in = p.refuge
        turn = raw.get("turn") or LDict()
        self.keys(turn, TURN_KEYS, "turn", key_line(raw, "turn"))
        active = turn.get("active", names[0])
        if active not in names:
            self.fail(f"unknown player {active!r}", turn, turn.line_of("active") if isinstance(turn, LDict) else None)
        phase = turn.get("phase", "main1")
        if not one_of(phase, PHASES):
            self.fail(f"unknown phase {phase!r} (one of {', '.join(PHASES)})", turn, turn.line_of("phase"))
        step = turn.get("step")
        if not one_of(step, STEPS[phase]):
            self.fail(f"step {step!r} is not a step of the {phase} phase", turn, turn.line_of("step"))
        prio = turn.get("priority", active)
        if prio not in names:
            self.fail(f"unknown player {prio!r}", turn, turn.line_of("priority"))
        round_index = self.round(turn.get("round", "The Hunt"), turn)
        starting = raw.get("starting_player", names[0])
        if starting not in names:
            self.fail(f"unknown player {starting!r}", raw, raw.line_of("starting_player"))
        state = GameState(
            players=players,
            objects=self.objects,
            battlefield=battlefield,
            stack=[],
            active=active,
            round_index=round_index,
            phase=phase,
            step=step,
            priority=prio,
            cards=self.cards,
            policies=policies,
            starting_player=starting,
        )
        self.world(raw, state)
        for p, praw in zip(players, players_raw):
            if praw.get("refuge") is not None and p.refuge not in seat_law.havens(state, p.name):
                self.fail(
                    f"{p.name}'s refuge {p.refuge!r} is not a Haven {p.name} controls (514.4a)",
                    praw,
                    praw.line_of("refuge"),
                )
            if (
                praw.get("refuge") is not None
                and p.refuge is not None
                and not seat_law.holds_seat(state, p.name, p.refuge)
            ):
                self.fail(
                    f"{p.name}'s refuge {p.refuge!r} is not a Haven holding the seat of {p.name}'s Master: a "
                    f"Master may take refuge only in a Haven that holds its seat (310.8a) — its lineage Haven, "
                    f"or one that gained the seat (seats:)",
                    praw,
                    praw.line_of("refuge"),
                )
        for oid in battlefield:
            state.objects[oid].timestamp = state.next_ts
            state.next_ts += 1
        self.stack(raw.get("stack"), state)
        for obj in self.objects.values():
            obj.__dict__.pop("_line", None)
        state.tokens = tuple(oid for oid, obj in self.objects.items() if obj.token)
        state.preset = self.answers(raw.get("answers"), raw)
        state.defaults = self.defaults(raw.get("defaults"), raw)
        state.freeze_all()  # the board is committed: every action from here on forks it
        actions_raw = raw.get("actions") or []
        if not isinstance(actions_raw, list):
            self.fail("actions must be a list", raw, raw.line_of("actions"))
        lines = list(getattr(actions_raw, "item_lines", [None] * len(actions_raw)))
        for action, line in zip(actions_raw, lines):
            self.check_action(action, line)
        expect = raw.get("expect") or []
        if not isinstance(expect, list):
            self.fail("expect must be a list", raw, raw.line_of("expect"))
        for item, line in zip(expect, getattr(expect, "item_lines", [None] * len(expect))):
            self.check_expectation(item, line, len(actions_raw))
        state, setup = guarded(state, priority.settle)  # what is already due on the board (117.5)
        return Scenario(
            str(raw.get("title", Path(self.path).stem)),
            self.path,
            state,
            list(actions_raw),
            lines,
            list(expect),
            setup,
            self.notes(),
        )

    def answers(self, raw, top) -> tuple:
        """`answers:` — choices answered in advance: [{player, choose, kind?}], each taken by the
        first choice of that player (and kind) that play asks for (asking.py)."""
        if raw is None:
            return ()
        if not isinstance(raw, list):
            self.fail("answers must be a list of {player, choose, kind}", top, top.line_of("answers"))
        out = []
        for number, (item, line) in enumerate(zip(raw, getattr(raw, "item_lines", [None] * len(raw))), 1):
            self.keys(item, {"player", "choose", "kind"}, "an answer given in advance")
            if "choose" not in item:
                self.fail("an answer given in advance needs choose", item, line)
            self.check_player(item.get("player"), item, line)
            kind = item.get("kind")
            if kind is not None and not one_of(kind, CHOICE_KINDS):
                self.fail(f"unknown choice kind {kind!r} (known: {', '.join(sorted(CHOICE_KINDS))})", item, line)
            out.append(Preset(item["player"], _plain(item["choose"]), kind, number))
        return tuple(out)

    def defaults(self, raw, top) -> frozenset:
        """`defaults: engine` (every choice with a stated default) or a list of choice kinds: the
        choices the scenario leaves to the engine's stated default instead of stopping."""
        if raw is None:
            return frozenset()
        if raw == "engine":
            return frozenset({"*"})
        kinds = raw if isinstance(raw, list) else None
        if kinds is None or not all(isinstance(k, str) for k in kinds):
            self.fail("defaults must be `engine` or a list of choice kinds", top, top.line_of("defaults"))
        for k in kinds:
            if not one_of(k, CHOICE_KINDS):
                self.fail(
                    f"unknown choice kind {k!r} (known: {', '.join(sorted(CHOICE_KINDS))})",
                    top,
                    top.line_of("defaults"),
                )
            if not CHOICE_KINDS[k].default:
                self.fail(f"the choice {k!r} has no stated default: it must be answered", top, top.line_of("defaults"))
        return frozenset(kinds)

    def world(self, raw, state: GameState) -> None:
        """`suspicion: N` (123.1, 0..10), `cycle: N` (730.1) and the announced `feasts:` (730.2)."""
        if "suspicion" in raw:
            state.suspicion = self.int_(raw["suspicion"], "suspicion", raw)
            if not 0 <= state.suspicion <= 10:
                self.fail("suspicion is bounded 0..10 (123.1)", raw, raw.line_of("suspicion"))
        state.inquest_armed = state.suspicion < 7  # a meter already at 7 has had its Inquest (123.4b)
        if "cycle" in raw:
            state.cycle = self.int_(raw["cycle"], "cycle", raw)
            if state.cycle < 1:
                self.fail("the cycle count starts at 1 (730.1)", raw, raw.line_of("cycle"))
        feasts = raw.get("feasts") or []
        if not isinstance(feasts, list):
            self.fail("feasts must be a list of {name, cycle, round}", raw, raw.line_of("feasts"))
        table = calendar.feast_table()
        out = []
        for f in feasts:
            self.keys(f, {"name", "cycle", "round"}, "a feast")
            if not one_of(f.get("name"), table):
                self.fail(
                    f"feast {f.get('name')!r} is not modelled by the engine: the rules state no law for it "
                    f"(known: {', '.join(sorted(table))}; rulings/nodawn/feasts.yaml)",
                    f,
                )
            out.append((f["name"], self.int_(f.get("cycle"), "feast cycle", f), ROUNDS[self.round(f.get("round"), f)]))
        state.feasts = tuple(out)

    def stack(self, raw, state: GameState) -> None:
        if raw is None:
            return
        if not isinstance(raw, list):
            self.fail("stack must be a list", raw, key_line(self.raw, "stack"))
        for item, line in self.items(raw):
            self.keys(item, {"spell", "controller", "targets", "x"}, "a stack object", line)
            controller = item.get("controller")
            if not one_of(controller, self.player_names):
                self.fail(f"unknown player {controller!r}", item, key_line(item, "controller"))
            if "spell" not in item:
                self.fail("a stack object needs spell: CARD", item)
            oid = self.new_object(item["spell"], controller, "stack", item, key_line(item, "spell"))
            if not isinstance(item.get("targets") or [], list):
                self.fail("targets must be a list", item, key_line(item, "targets"))
            x = self.int_(item.get("x") or 0, "x", item)
            targets = []
            for t in item.get("targets") or []:
                self.check_ref(t, item)
                t = str(t)
                targets.append(
                    self.names[t][0] if t not in self.objects and t not in self.player_names and t in self.names else t
                )
            state.objects[oid] = self.objects[oid]
            state.stack.append(
                StackItem(
                    "spell",
                    controller,
                    obj=oid,
                    targets=tuple(targets),
                    x=x,
                    label=self.objects[oid].card,
                    uid=state.next_uid,
                )
            )
            state.next_uid += 1


def _plain(value):
    """A YAML value as plain lists, dicts and scalars (what an answer reads)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def load(path: str | Path) -> Scenario:
    path = str(path)
    return _Builder(load_file(path), path).build()


def load_string(text: str, path: str = "<scenario>") -> Scenario:
    return _Builder(load_text(text, path), path).build()
