"""`judge conflicts [--kind conflict|anomaly] [--json]`: every note the readers show beside an
entry — the policies where the No Dawn rules contradict themselves, then the damage and doubt
recorded in the documents, grouped by kind."""

from __future__ import annotations

from judge.safe_text import json_text


def register(sub) -> None:
    p = sub.add_parser(
        "conflicts",
        help="list the rules' contradictions (the engine's policies) and the documents' recorded damage",
        description="List every policy (where the rules contradict themselves: the readings, "
        "the engine's default and why, the entries concerned) and every recorded anomaly "
        "(lost icons, lists that lost their items, duplicated paragraphs, the truncated FAQ…) "
        "with the entries that show it. `judge show ID` gives one entry's notes.",
    )
    p.add_argument("--kind", choices=("conflict", "anomaly"), help="only policies, or only anomalies")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.set_defaults(func=run)


def _grouped_anomalies(corpus, index) -> list[dict]:
    """Anomalies by kind, in the order of rules/anomalies.yaml, each with the entries showing it."""
    groups: dict[str, dict] = {}
    for entry_id, note in index.anomalies():
        group = groups.setdefault(
            note.id,
            {"kind": "anomaly", "id": note.id, "title": note.title, "explanation": note.explanation, "entries": []},
        )
        entry = corpus.get(entry_id)
        group["entries"].append(
            {
                "id": entry_id,
                "citation": entry.citation if entry else entry_id,
                "detail_label": note.detail_label,
                "detail": note.detail,
            }
        )
    return list(groups.values())


def run(args) -> int:
    from judge import context
    from judge.conflicts import present

    corpus = context.corpus()
    index = context.conflicts()
    conflicts = [] if args.kind == "anomaly" else present.in_number_order(index.conflicts)
    anomalies = [] if args.kind == "conflict" else _grouped_anomalies(corpus, index)
    problems = [p.__dict__ for p in index.problems]
    if args.json:
        print(
            json_text(
                {"conflicts": [present.note_dict(n) for n in conflicts], "anomalies": anomalies, "problems": problems},
                indent=2,
            )
        )
        return 2 if problems else 0
    from rich.padding import Padding
    from rich.text import Text

    from judge.console import stdout_console
    from judge.safe_text import one_line

    console = stdout_console()
    if conflicts:
        console.print(Text(f"Conflicts in the No Dawn rules: {len(conflicts)} policies", style="bold underline"))
        for note in conflicts:
            console.print(Text(one_line(present.heading(note)), style=present.STYLE["conflict"]))
            for line in present.body_lines(note):
                console.print(Padding(Text(one_line(line)), (0, 0, 0, 2)))
    if anomalies:
        total = sum(len(g["entries"]) for g in anomalies)
        console.print(
            Text(f"\nRecorded damage and doubt: {len(anomalies)} kinds on {total} entries", style="bold underline")
        )
        for group in anomalies:
            console.print(
                Text(
                    one_line(f"{present.ANOMALY_MARK} {group['title']} ({group['id']}): {len(group['entries'])}"),
                    style=present.STYLE["anomaly"],
                )
            )
            console.print(Padding(Text(one_line(group["explanation"]), style="dim"), (0, 0, 0, 2)))
            for item in group["entries"]:
                detail = f" — {item['detail_label']}: {item['detail']}" if item["detail"] else ""
                console.print(Padding(Text(one_line(f"{item['citation']} ({item['id']}){detail}")), (0, 0, 0, 2)))
    for problem in problems:
        console.print(Text(one_line(f"problem: {problem['message']}"), style="red"))
    return 2 if problems else 0
