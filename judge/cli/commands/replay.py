"""`judge replay SCENARIO.yaml [--json] [--until N]`: step a No Dawn scenario through the
engine and print each step's events with the rules behind them, the final state and the
expectations. A replay that stops at a choice the scenario does not answer says so, with the
options. Exit 0 only if every expectation holds (and no action was left untaken at a choice),
1 otherwise, 3 if the engine reported an engine error (a defect, printed plainly on stderr;
--traceback adds the traceback). The work is judge.engine.scenarios.replay's; this module only renders."""

from __future__ import annotations

import sys

from judge.cli import UserError
from judge.replay_words import STOPPED, not_modelled_head, note_body, note_place, rule_heading, rule_number, said
from judge.safe_text import json_text


def register(sub) -> None:
    p = sub.add_parser(
        "replay",
        help="replay a No Dawn scenario: step log with cited rules, final state, checks",
        description="Replay a scenario file (see scenario-format.md): every action, the events "
        "it caused and the rules cited, then the final state and each expectation.",
    )
    p.add_argument("scenario", metavar="SCENARIO.yaml")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.add_argument("--until", type=int, metavar="N", help="stop after the Nth action")
    p.add_argument("--traceback", action="store_true", help="show the traceback of an engine error")
    p.set_defaults(func=run)


def run(args) -> int:
    from judge.engine.core.errors import ScenarioError
    from judge.engine.scenarios.replay import run_file

    if args.until is not None and args.until < 0:
        raise UserError("--until must be 0 or more")
    try:
        replay = run_file(args.scenario, args.until)
    except ScenarioError as exc:
        raise UserError(exc.describe()) from None
    editions = _engine_edition(replay)
    if args.json:
        out = replay.to_dict()
        if editions is not None:
            out["edition"] = editions.to_dict()
        print(json_text(out, indent=2))
    else:
        _render(replay, editions)
    if replay.engine_errors:
        _report_defects(replay, args.traceback)
        return ENGINE_ERROR_EXIT
    return 0 if replay.ok else 1


ENGINE_ERROR_EXIT = 3


def _report_defects(replay, with_traceback: bool) -> None:
    for n, e in replay.engine_errors:
        where = "while setting the board up" if n == 0 else f"at step {n}"
        print(f"judge replay: {replay.scenario.path}: engine error {where}: {e.text}", file=sys.stderr)
        if with_traceback and e.detail:
            print(e.detail.rstrip(), file=sys.stderr)
    if not with_traceback:
        print(
            "judge replay: this is a defect in the engine, not a ruling; --traceback shows where it happened",
            file=sys.stderr,
        )


def _engine_edition(replay):
    """The cited rules against the edition the engine plays (None while it is the one read)."""
    from judge import context
    from judge.editions.engine_rules import compare_cited
    from judge.editions.errors import EditionError

    try:
        return compare_cited(context.corpus(), replay.cited_rules)
    except (EditionError, OSError) as exc:  # an edition unreadable now: the replay stands, and says what is missing
        print(f"judge replay: the cited rules were not checked against the edition read: {exc}", file=sys.stderr)
        return None


def _titles(replay) -> dict:
    """Rule titles from the corpus, for the ids the log cites (empty if the corpus is unavailable)."""
    ids = replay.cited_rules
    from judge import context

    try:
        corpus = context.corpus()
    except Exception as exc:  # the log is still useful without titles, and says why they are missing
        print(f"judge replay: rule titles left out, the rules could not be loaded: {exc}", file=sys.stderr)
        return {}
    titles = {}
    for rid in ids:
        entry = corpus.get(rid)
        if entry is not None:
            titles[rid] = rule_heading(entry.title, entry.text, entry.number or "")
    return titles


def _render(replay, editions=None) -> None:
    from rich.table import Table
    from rich.text import Text

    from judge.console import stdout_console
    from judge.safe_text import for_terminal, one_line

    # A scenario file comes from anyone: its names and texts are shown as Text, never as markup,
    # and with escape sequences removed.
    console = stdout_console()
    titles = _titles(replay)

    def cell(value) -> Text:
        return Text(one_line(str(value)))

    def cites(event) -> Text:
        text = Text()
        for i, rid in enumerate(event.rules):
            if i:
                text.append(" · ")
            text.append(one_line(rule_number(rid)), style="bold cyan")
            if titles.get(rid):
                text.append(f" {one_line(titles[rid])}", style="dim")
        return text

    console.print(Text(one_line(replay.scenario.title), style="bold"))
    if editions is not None:  # said first: the replay plays other words than those read now
        console.print(Text(editions.sentence(), style="bold yellow" if editions.changes else "dim"))
    notes = replay.not_modelled
    if notes:  # said first and plainly: the replay leans on something the engine does not play
        console.print(Text(not_modelled_head(len(notes)), style="bold yellow"))
        for n, e in notes:
            console.print(Text(f"  {note_place(n)}: ", style="yellow") + Text(for_terminal(note_body(e.text))))
    for e in replay.scenario.setup_events:
        console.print(Text("  setup: ", style="dim") + Text(for_terminal(e.text)))
        console.print(Text("      ") + cites(e))
    for step in replay.steps:
        console.print(Text(f"{step.n:>3}. ", style="bold") + Text(one_line(step.action), style="bold yellow"))
        for e in step.events:
            style = (
                "bold magenta"
                if e.engine_error
                else "red"
                if e.refused
                else "bold blue"
                if e.asks
                else "yellow"
                if e.not_modelled
                else ""
            )
            console.print(Text("     ") + Text(for_terminal(e.text), style=style))
            if e.rules:
                console.print(Text("       ") + cites(e))
    from judge.engine.scenarios.replay import final_dict

    if replay.stopped_at is not None:
        console.print(Text("\n" + STOPPED.format(n=replay.stopped_at), style="bold blue"))
    if replay.waiting:
        console.print(Text(for_terminal(replay.waiting[0].upper() + replay.waiting[1:]), style="bold blue"))
    final = final_dict(replay.final)
    t = final["turn"]
    console.print(
        Text(
            "\n"
            + one_line(
                f"Final state — {t['round']}, {t['active']}'s turn, {t['phase']}"
                + (f" / {t['step']}" if t["step"] else "")
                + f"; priority: {said(t['priority'])}"
                + (f"; game over: {final['result']}" if final["game_over"] else "")
            ),
            style="bold",
        )
    )
    players = Table("player", "Vitae", "Corruption", "Wrath", "pool", "hand", "Spoils", "sheltered", "result")
    for p in final["players"]:
        players.add_row(
            *map(
                cell,
                (
                    p["name"],
                    p["vitae"],
                    p["corruption"],
                    p["wrath"],
                    p["pool"],
                    p["hand"],
                    ", ".join(p["spoils"]),
                    ", ".join(p["shelter"]),
                    "won" if p["won"] else "lost" if p["lost"] else "",
                ),
            )
        )
    console.print(players)
    field = Table("battlefield", "controller", "A/V or Defense", "damage", "drained", "counters")
    for o in final["battlefield"]:
        stats = (
            f"{o['attack']}/{o['vigor']}" if "attack" in o else (f"Defense {o['defense']}" if "defense" in o else "")
        )
        field.add_row(
            *map(
                cell,
                (
                    f"{o['card']} ({o['id']})",
                    o["controller"],
                    stats,
                    o["damage"],
                    "yes" if o["drained"] else "",
                    ", ".join(f"{k} {v}" for k, v in o.get("counters", {}).items()),
                ),
            )
        )
    console.print(field)
    if final["stack"]:
        console.print(
            cell("Stack (bottom first): " + "; ".join(f"{i['label']} ({i['controller']})" for i in final["stack"]))
        )
    else:
        console.print(Text("Stack: empty"))
    for e in replay.expectations:
        console.print(
            Text("  PASS " if e["ok"] else "  FAIL ", style="green" if e["ok"] else "bold red")
            + Text(for_terminal(e["text"]))
        )
