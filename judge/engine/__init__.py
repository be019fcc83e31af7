"""The No Dawn rules engine: a pure state and `apply(state, action) -> (state, events)`.

A pipeline, each layer importing only the ones below it (tests/test_engine_structure.py):

    actions.py          apply(): one action in, refusals and engine errors out (never raises);
                        an action stopped at a choice waits, and an answer replays it (asking.py)
    action_kinds.py     ACTIONS: every action kind — its keys, shape, references, handler
    references.py       what an action's words name (ids, card names in a zone, `top`, players)
    passing.py          passing priority (117.3b, 117.4), `until`: the top of the game loop
    turn.py combat.py   steps and turn-based actions (500–514), combat (506–511)
    cycle.py shelter.py the world cycle, shifts and extra turns (500.8–500.12); the Day (514.4, 503.3)
    seats.py            the law of the seat: which Havens may bed the Master (310.8a)
    processions.py      the Passage: the Master on the road among decoys, strikes, arrival (408.5)
    calendar.py         the cycle count and the feasts that recolor a round (730; rulings/nodawn/feasts.yaml)
    suspicion.py        the shared Suspicion meter, the Inquest and the Purge (123)
    casting.py costs.py casting spells (601, 710.2, 304.3, 601.11); the cost block (118)
    sealing.py          the drop: sealing cards from hand, Pit-marked casts (106.5a, 407, 505.4, 702.24a)
    activating.py       field sources (106.5c–d) and activated abilities (602)
    wards.py            setting a Trap (307.3); springing one from an attacked Haven's Wards (509.2, C5, C6)
    faces.py guise.py   face-down play: laying cards face down, turning them up (708); the guises (708.2)
    resolve.py          resolving the top of the stack (608); targets keep their slots (608.3, 115.1)
    announcements.py    405.6's announcements, one table (rulings/nodawn/announcements.yaml): what
                        targeting and countering read to treat each as a spell (405.6c, C42)
    families.py         the families the rules list, members played and refused (cards/nodawn/README.md)
    contracts.py        Contracts, Liturgies and Great Works: Lore counters and clauses (714, 715)
    coopt.py attaching.py   co-opting an Influencer (302.10); Wield and the attach instruction (702.18, 701.4)
    zone_abilities.py   Exhume, Revenant, Bleed: keyword abilities that work outside the battlefield (113.5)
    immure.py           Immure: a Haven's activated ability, shadowless Entities (702.47)
    priority.py         giving priority: state-based actions, then triggers (117.5)
    sba.py triggers.py  state-based actions (704); triggered abilities (603), TRIGGER_RULES; Toll (702.14a);
                        delayed triggers (603.7)
    unchanged.py        whether a state still holds what the last check that found nothing saw (a skip)
    rites.py            laying to rest: the undertaker's choice as an Entity dies (709.2)
    conditions.py       intervening "if" conditions of triggered abilities (603.4)
    debts.py            Debt: markers on players, the call on the stack, honored or refused (702.48, 116.2g)
    dominance.py        Dominance: the Burden at its controller's upkeep, its teeth, the loss (702.42, C45)
    sleepers.py         Sleeper: the dormant and the gathering form maturing at upkeep (702.39)
    effects.py          HANDLERS: what each effect of a resolving object does (608.4), and the dispatch; the
                        effects that run instructions through it: "you may pay" (608.4), delayed (603.7),
                        mature, burden, and those that put a permanent onto the battlefield (create_token,
                        return_to_battlefield: a rite's clause I, 714.3a)
    damage_effects.py   deal_damage, challenge (701.17), prevent_damage (615), redirect_damage (614.6f)
    zone_effects.py     destroy, banish, return_to_hand, draw, discard, sacrifice, counter (701.7),
                        foresee (701.16), look (309.4)
    continuous_effects.py   the layered effects (613.1), gain_control (layer 2), permit_drop, forbid_drop (101.2)
    player_effects.py   Vitae (119), Corruption and Wrath (122.2), Suspicion (123), Debt (702.48), shifts and
                        extra turns (500.8-500.12)
    permanent_effects.py    counters (122.1), replenish (110.5b), attach (701.4), Immure (702.47)
    effect_context.py   Context: one resolution's controller, source, targets, X; what an effect's words name;
                        choose_for, a choice a Mandate's controller makes for an opponent (702.35a, 723.4)
    feasts.py           enter-modifiers that take objects: Devour, `feast:` statics (614.8, 702.43a) —
                        not the calendar's feasts (calendar.py)
    offers.py           optional gains ("may"): accept or decline, a gift that Invites (310.11)
    keywords.py         MODELLED: the 702 keywords the engine reads, declared where they are read
    asking.py           ask(): a choice the rules give a player — answered, given in advance, a
                        default the scenario allows, or the action stops at it
    choices.py          CHOICE_KINDS: every kind of choice (its rule, answer shape, default), answers read
    arranging.py        cards arriving together whose order is their owner's (407.4, 404.3): recorded, and
                        asked when something first reads the order
    timestamps.py       a player's objects entering at once take their timestamps in the order they choose
                        (613.7d), asked where it can matter
    perform.py          carries out proposed events after replacement: moves, damage, Vitae, draws
    replacement.py      rewrites proposed events: replacement and prevention (614–616)
    proposals.py        the proposed events (Hit, ZoneChange, Gain, Draw, Draws)
    arrival.py          how a permanent enters (614.6a-b, Decay's counters, a rite's Lore 714.3a) and tokens
                        put onto the battlefield
    control.py          layer 2: control changes, their durations and reverting (613.1b, 723); removal from combat
    grounds.py counting.py  Terrain statics on the approach (604.4); count counters and Scatter (702.45)
    damage.py zones.py  what dealt damage does (120); moving between zones — mutation only
    layers.py characteristics.py targeting.py outcome.py   reading the state; winning and losing
    state.py frozen.py  GameState and its records; copy-on-write sharing between states, frozen on commit
    events.py errors.py policies.py                        the values everything passes around
    support.py          what the engine cannot play of a card (it imports the whole engine, above)
    scenario.py replay.py                                  scenario files in, replays out
    scenario_objects.py scenario_checks.py   a scenario's values, cards and objects; its references checked

Card files are read by judge/cards (vocabulary, model, reader), shared with the corpus.

Extension points, one table each: a keyword (`NAME = keywords.implements("Keyword", "702.x")` in
the module that reads it; keywords.MODELLED gathers them), an action kind
(action_kinds.ACTIONS), an effect
(effects.HANDLERS, its keys in judge/cards/vocabulary.py, its handler in the *_effects.py module of its
kind), a trigger event
(triggers.TRIGGER_RULES and a `triggers.fire` where it happens), a kind of choice
(choices.CHOICE_KINDS and an `asking.ask` where the rules give it), a kind of proposed event
(proposals, replacement.GATHER, perform.CARRY).

Every event cites the rules that made it happen; rule numbers appear in this package only as
string literals such as "704.5j", so the test suite can collect and check them all.
"""

from judge.engine.play.actions import apply

__all__ = ["apply"]
