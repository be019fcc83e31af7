"""A player's actions, from apply() down to resolving the top of the stack.

    actions.py          apply(): one action in, refusals and engine errors out (never raises);
                        an action stopped at a choice waits, and an answer replays it (choosing/asking.py)
    action_kinds.py     ACTIONS: every action kind — its form, shape, references, handler;
                        read_action builds the form
    action_forms.py     the forms: one typed frozen dataclass per action kind, its fields the keys
    passing.py          passing priority (117.3b, 117.4), `until`: the top of the game loop
    casting.py          casting spells (601, 710.2, 304.3, 601.11)
    cast_checks.py      what may be cast, Set or Fired now, and the legality of what a cast announces:
                        timing, the Master a Power needs, modes, decree, targets (601.3, 304.5, 601.2b–c)
    sealing.py          the drop: sealing cards from hand, Pit-marked casts (106.5a, 407, 505.4, 702.24a)
    activating.py       field sources (106.5c–d) and activated abilities (602)
    wards.py            setting a Trap (307.3); springing one from an attacked Haven's Wards (509.2, C5, C6)
    coopt.py            co-opting an Influencer (302.10): a special action
    resolve.py          resolving the top of the stack (608); targets keep their slots (608.3, 115.1)

May import: every sub-package below: core, reading, choosing, triggered, performing, mechanics,
checks, procedures, instructions.
"""
