"""The turn and its procedures, and the special actions and keyword abilities that effects
also carry out: each may give priority (checks), none resolves the stack.

    turn.py             steps and turn-based actions (500–514)
    combat_declarations.py  declaring attacks and blocks: what may attack what, what may block (506–509)
    combat_damage.py    the combat damage steps, assignment, the strike back, shields' order (510, 615.3);
                        the end of combat (511)
    cycle.py            the world cycle, shifts and extra turns (500.8–500.12)
    processions.py      the Passage: the Master on the road among decoys, strikes, arrival (408.5)
    grounds.py          Terrain statics on the approach (604.4)
    faces.py            face-down play: laying cards face down, turning them up (708)
    attaching.py        Wield and the attach instruction (702.18, 701.4)
    immure.py           Immure: a Haven's activated ability, shadowless Entities (702.47)
    zone_abilities.py   Exhume, Revenant, Bleed: keyword abilities that work outside the battlefield (113.5)

May import: core, reading, choosing, triggered, performing, mechanics, checks.
"""
