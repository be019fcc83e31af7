"""An offer made as an instruction resolves: "you may pay {cost}: [effects]" (608.4; Revenant's
return, 702.46a). The instruction leaves a pending choice (effects._may_pay, kind "may-pay")
with the instructions after it; `{player: P, choose: pay}` pays and carries out the offer's
effects, then the rest; `decline` — or any other next action — carries out only the rest.
"""
from __future__ import annotations

from judge.engine import costs, effects
from judge.engine.errors import Refused
from judge.engine.events import event
from judge.engine.state import Choice, GameState


def answer(s: GameState, choice: Choice, chosen: list, log: list) -> None:
    if len(chosen) != 1 or chosen[0] not in choice.options:
        raise Refused(f"the offer is answered {' or '.join(choice.options)}, not {', '.join(map(str, chosen)) or 'nothing'}",
                      choice.rule)
    if chosen[0] != "pay":
        decline(s, choice, log)
        return
    cost, paid, rest, ctx = choice.detail
    costs.pay(s, s.player(choice.player), cost, log, what=choice.prompt.split(": ", 1)[0])
    s.pending.remove(choice)
    log.append(event(f"{choice.player} pays", choice.rule))
    effects.run(s, tuple(paid) + tuple(rest), effects.Context(ctx[0], ctx[1], list(ctx[2]), ctx[3]), log)


def decline(s: GameState, choice: Choice, log: list) -> None:
    _, _, rest, ctx = choice.detail
    s.pending.remove(choice)
    log.append(event(f"{choice.player} does not pay", choice.rule))
    effects.run(s, tuple(rest), effects.Context(ctx[0], ctx[1], list(ctx[2]), ctx[3]), log)
