"""Asking a player: where the rules give a player a choice, the engine calls `ask`, and play
stops until the player answers (issue 15, "the player chooses").

The answer comes from the first of:

1. the answers the paused action is replayed with — `{player: P, choose: ..}` (below);
2. the scenario's pre-set `answers:` — the first one left for that player (and that kind, if it
   names one), used up as it is taken;
3. the engine's stated default (choices.CHOICE_KINDS), only if the scenario opts in with
   `defaults:` — never for a "may", which the next action that is not an answer declines;

and each is logged, citing the rule that gives the choice. A choice with one possible answer is
no choice: it is taken without asking. Otherwise `ask` raises NeedChoice, which stops the action:
actions.apply returns the game as it stands at the question, with the Choice waiting in
`state.pending` and remembering the action (Paused). An answer replays that action from the
state it started from with the answers so far: `apply` is a pure function, so everything before
the question happens again exactly as it did, and this time the question has its answer. The
events logged before the stop are not logged twice. So `ask` must come before anything its
answer decides is changed — the waiting state is the game paused at the question.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.engine.choosing.choices import CHOICE_KINDS, describe, read
from judge.engine.core.errors import Refused
from judge.engine.core.events import event
from judge.engine.core.state import Choice, GameState


@dataclass(frozen=True)
class Paused:
    """What a waiting choice paused: the action, the state it started from, the answers given."""

    base: GameState
    action: object  # the action; None: settling the board as a scenario sets it up (117.5)
    answers: tuple = ()  # ((player, kind, answer), ..) in the order they were given
    logged: int = 0  # the events the action had logged when it stopped


class NeedChoice(Exception):
    """Control flow, not a defect: a choice has no answer yet and the action stops at it."""

    def __init__(self, choice: Choice) -> None:
        super().__init__(f"{choice.player} must choose: {choice.prompt}")
        self.choice = choice


def ask(
    s: GameState,
    log: list,
    kind: str,
    player: str,
    options,
    prompt: str,
    *,
    count=(1, 1),
    keys=(),
    default=None,
    for_player: str | None = None,
    cites: tuple = (),
):
    """The answer to the choice `kind` that `player` makes among `options` (see the module
    docstring): a tuple of ids (pick, order), a word, or ((key, ids), ..) (map). `cites` are the
    rules of what the prompt is about (the keyword a trigger comes from), cited by every event of
    the choice after the rule that gives it."""
    spec = CHOICE_KINDS[kind]
    choice = Choice(
        kind, player, tuple(options), spec.rule, prompt, tuple(count), tuple(keys), for_player, cites=tuple(cites)
    )
    rules = (spec.rule, *choice.cites)
    forced = _forced(choice, spec.shape)
    if forced is not None:
        return forced
    given: list[list] = s.__dict__.get("_answers") or []  # [player, kind, value] each (actions.py)
    for i, (who, k, value) in enumerate(given):
        if who == player and k == kind:
            del given[i]
            value = read(s, choice, _as_written(value))
            verb = _verb(choice, value)
            said = "" if verb == "declines" else f": {describe(s, choice, value)}"
            log.append(event(f"{player} {verb}{said} — {prompt}", *rules))
            return value
    for i, pre in enumerate(s.preset):
        if pre.player == player and pre.kind in (None, kind):
            where = f"`answers:` no. {pre.number}"
            try:
                value = read(s, choice, pre.value)
            except Refused as why:
                raise Refused(
                    f"{player}'s answer given in advance ({where}) does not fit: {why.text}", *why.rules
                ) from None
            s.preset = s.preset[:i] + s.preset[i + 1 :]
            log.append(
                event(f"{player}'s answer given in advance ({where}): {describe(s, choice, value)} — {prompt}", *rules)
            )
            return value
    if default is not None and not spec.optional and ("*" in s.defaults or kind in s.defaults):
        value = default if isinstance(default, str) else tuple(default)
        log.append(
            event(
                f"a default is taken for {player}, as the scenario allows (`defaults:`): "
                f"{spec.default} — {describe(s, choice, value)} — {prompt}",
                *rules,
            )
        )
        return value
    raise NeedChoice(choice)


def _forced(choice: Choice, shape: str):
    """The only possible answer, if there is just one (then there is nothing to ask)."""
    options = choice.options
    if shape == "pick" and choice.count[1] <= 0:
        return ()
    if shape == "pick" and choice.count[0] >= len(options):
        return options
    if shape == "order" and len(set(options)) <= 1:
        return options
    if shape == "word" and len(options) == 1:
        return options[0]
    if shape == "map" and not options:
        return ()
    if shape == "divide" and len(options) == 1:
        return ((options[0], choice.count[0]),)
    return None


def _as_written(value):
    """A stored answer as a scenario would write it, to read it again against the options."""
    if isinstance(value, tuple) and value and isinstance(value[0], tuple):
        if isinstance(value[0][1], int):  # a divide: ((id, amount), ..)
            return dict(value)
        return {k: list(ids) for k, ids in value}
    return list(value) if isinstance(value, tuple) else value


def _verb(choice: Choice, value) -> str:
    if value == CHOICE_KINDS[choice.kind].declined and CHOICE_KINDS[choice.kind].optional:
        return "declines"
    return "chooses" + (f" for {choice.for_player}" if choice.for_player else "")


def question(s: GameState, choice: Choice) -> str:
    """The waiting choice in words: who, what, the options, how to answer."""

    def name(oid):
        obj = s.objects.get(oid)
        return f"{oid} ({obj.card or 'a card'})" if obj is not None else str(oid)

    spec = CHOICE_KINDS[choice.kind]
    shape = spec.shape
    if shape == "word":
        options = " | ".join(choice.options)
    else:
        options = ", ".join(name(o) for o in choice.options) or "none"
    least, most = choice.count
    how = {
        "pick": (f"choose {least}" if least == most else f"choose {least} to {most}") + f" of: {options}",
        "order": f"order all of: {options} ({spec.listed})",
        "word": f"answer {options}",
        "map": f"for each of {', '.join(name(k) for k in choice.keys)}, the ids it takes, from: {options}",
        "divide": f"divide {least} among: {options} ({{ID: N, ..}}, each N 0 or more, adding up to {least})",
    }[shape]
    whose = f" (in {choice.for_player}'s place)" if choice.for_player else ""
    tail = " — or any other action declines" if spec.optional else ""
    return (
        f"waiting for {choice.player}{whose}: {choice.prompt}; {how}; answer with "
        f"{{player: {choice.player}, choose: ..}}{tail}"
    )
