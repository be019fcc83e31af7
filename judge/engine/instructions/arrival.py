"""A permanent's arrival on the battlefield: how it enters (614.6a–b) — the replacements that
change the arrival itself, so it is never on the battlefield otherwise — and the new objects
effects put there (tokens, 111.2, 701.8a)."""

from __future__ import annotations

from judge.engine.core import keywords
from judge.engine.core.events import event
from judge.engine.core.state import GameState, Obj
from judge.engine.mechanics import contracts
from judge.replay_words import counted

DECAY = keywords.implements("Decay", "702.41", "number")


def enter_modified(s: GameState, oid: str, log: list) -> tuple:
    """614.6a-b: "enters drained" / "enters with N counters" replace the arrival itself, so the
    permanent is never on the battlefield otherwise and enter-triggers see it so (614.6b). A rite
    enters with its first Lore counter (714.3a): returns clause I's effects, for the caller to
    carry out now (effects.enter), else ()."""
    card = s.card(oid)
    clause_one = contracts.enter_with_lore(s, oid, log)
    if card is None:
        return clause_one
    decay = keywords.number(DECAY, card.keyword_value(DECAY) or "")
    if decay:  # 702.41a: "enters with N decay counters on it"
        obj = s.edit(oid)
        obj.counters["decay"] = obj.counters.get("decay", 0) + decay
        log.append(
            event(
                f"{card.name} enters with {counted(decay, 'decay counter')} (Decay {decay})",
                "702.41a",
                "122.2f",
                "614.6b",
            )
        )
    if not card.enters:
        return clause_one
    obj = s.edit(oid)
    for key, value in card.enters:
        if key == "drained" and value:
            obj.drained = True
            log.append(
                event(
                    f"{card.name} enters drained (a replacement: it is never replenished on the battlefield)",
                    "614.6a",
                    "614.2",
                )
            )
        elif key == "counters":
            for kind, n in value.items():
                obj.counters[kind] = obj.counters.get(kind, 0) + n
            log.append(
                event(
                    f"{card.name} enters with " + ", ".join(counted(n, f"{k} counter") for k, n in value.items()),
                    "614.6b",
                    "614.2",
                )
            )
    return clause_one


def put_token(
    s: GameState, oid: str, card: str, player: str, face_down: bool = False, guise: str | None = None
) -> None:
    """A new token object onto the battlefield under `player`, who owns it (111.2) — face down in
    a guise when it copies a face-down permanent (707.3)."""
    obj = Obj(
        oid,
        card,
        player,
        player,
        "battlefield",
        newly_turned=True,
        token=True,
        timestamp=s.next_ts,
        face_down=face_down,
        guise=guise,
    )
    s.next_ts += 1
    s.add_object(obj)
    s.own("battlefield").append(oid)
