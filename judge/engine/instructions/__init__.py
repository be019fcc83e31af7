"""A resolving object's instructions (608.4): the effect handlers, by kind, and what they run in.

    effects.py          HANDLERS: what each effect of a resolving object does (608.4), and the dispatch; the
                        effects that run instructions through it: "you may pay" (608.4), delayed (603.7),
                        mature, burden, and those that put a permanent onto the battlefield (create_token,
                        return_to_battlefield: a rite's clause I, 714.3a)
    effect_context.py   Context: one resolution's controller, source, targets, X; what an effect's words name;
                        choose_for, a choice a Mandate's controller makes for an opponent (702.35a, 723.4)
    damage_effects.py   deal_damage, challenge (701.17), prevent_damage (615), redirect_damage (614.6f)
    zone_effects.py     destroy, banish, return_to_hand, draw, discard, sacrifice, counter (701.7),
                        foresee (701.16), look (309.4)
    continuous_effects.py   the layered effects (613.1), gain_control (layer 2), permit_drop, forbid_drop (101.2)
    player_effects.py   Vitae (119), Corruption and Wrath (122.2), Suspicion (123), Debt (702.48), shifts and
                        extra turns (500.8-500.12)
    permanent_effects.py    counters (122.1), replenish (110.5b), attach (701.4), Immure (702.47)
    arrival.py          how a permanent enters (614.6a-b, Decay's counters, a rite's Lore 714.3a) and tokens
                        put onto the battlefield

May import: core, reading, choosing, triggered, performing, mechanics, checks, procedures.
"""
