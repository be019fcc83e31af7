"""`judge ruling save|amend|overturn|withdraw|list|show|export|import`: the saved-rulings log (a
shared SQLite file). A ruling is never edited in place: a correction is a revision appended to it."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

from judge.cli import EXIT_NOTHING_FOUND, NothingFound, UserError
from judge.cli.commands.options import add_db_option


def register(sub) -> None:
    p = sub.add_parser(
        "ruling",
        help="save, list, show and export the rulings given at an event",
        description="The saved-rulings log: an SQLite file (default "
        "<data dir>/rulings.sqlite3; JUDGE_RULINGS_DB or --db to share one file).",
    )
    actions = p.add_subparsers(dest="ruling_command", metavar="ACTION")

    save = actions.add_parser("save", help="record a ruling")
    save.add_argument("--question", "-q", default="", help="what the players asked")
    save.add_argument("--answer", "-a", required=True, help="the ruling, in the judge's words")
    save.add_argument(
        "--cite",
        "-c",
        action="extend",
        nargs="+",
        default=[],
        metavar="ID",
        help="an entry id or rule number the ruling rests on (repeatable)",
    )
    _particulars(save)
    add_db_option(save)
    save.set_defaults(func=run_save)

    listing = actions.add_parser("list", help="list saved rulings, oldest first")
    listing.add_argument("--event", help="only rulings from this event")
    listing.add_argument("--table", help="only rulings from this table")
    listing.add_argument(
        "--stale",
        action="store_true",
        help="only rulings citing an entry whose text changed in a newer edition, or is gone",
    )
    add_db_option(listing)
    listing.set_defaults(func=run_list)

    from judge.rulings.revisions import KINDS

    for kind in KINDS.values():  # amend, overturn, withdraw: what each takes is the kinds table's
        revise = actions.add_parser(kind.command, help=REVISION_HELP[kind.command])
        revise.add_argument("number", metavar="N", help="the ruling number (3, #3 or saved:3)")
        revise.add_argument("--reason", "-r", required=True, help="why (kept in the ruling's history)")
        revise.add_argument(
            "--judge",
            default="",
            help="who decided" + (" (required: the head judge hearing the appeal)" if kind.needs_judge else ""),
        )
        if kind.new_text:
            revise.add_argument(
                "--answer",
                "-a",
                help="the ruling as it now stands"
                + (" (required)" if kind.command == "overturn" else " (default: unchanged)"),
            )
            revise.add_argument("--question", "-q", help="the question, reworded (default: unchanged)")
            revise.add_argument(
                "--cite",
                "-c",
                action="extend",
                nargs="+",
                metavar="ID",
                help="the citations as they now stand, all of them (default: unchanged)",
            )
        add_db_option(revise)
        revise.set_defaults(func=run_revise, revision=kind.command)

    show = actions.add_parser("show", help="show one saved ruling, as it now stands")
    show.add_argument("number", metavar="N", help="the ruling number (3, #3 or saved:3)")
    show.add_argument("--history", action="store_true", help="every revision, the ruling as first given first")
    add_db_option(show)
    show.set_defaults(func=run_show)

    export = actions.add_parser("export", help="write every saved ruling as YAML, Markdown, JSON Lines or CSV")
    export.add_argument(
        "--format",
        choices=("yaml", "markdown", "jsonl", "csv"),
        default="yaml",
        help="jsonl (to merge with `judge ruling import`) and csv: one line a revision, with "
        "its ruling's UUID; yaml and markdown: each ruling as it now stands",
    )
    export.add_argument("-o", "--output", type=Path, help="write to this file instead of stdout")
    add_db_option(export)
    export.set_defaults(func=run_export)

    merge = actions.add_parser("import", help="merge another event's log (JSON Lines from export --format jsonl)")
    merge.add_argument("file", type=Path, metavar="FILE")
    add_db_option(merge)
    merge.set_defaults(func=run_import)

    push = actions.add_parser("sync", help="push this log to a judge program's PostgreSQL archive (judge[archive])")
    push.add_argument("--to", required=True, metavar="URL", help="the archive: postgresql://user@host:port/db")
    push.add_argument("--station", help="this station's name in the archive (default: the host's name)")
    add_db_option(push)
    push.set_defaults(func=run_sync)

    p.set_defaults(func=run, ruling_help=p.print_help)


REVISION_HELP = {
    "amend": "correct a ruling's text or citations, with a reason (a new revision; the old one is kept)",
    "overturn": "record an appeal's decision: the new ruling, who decided and why",
    "withdraw": "withdraw a ruling entered in error, with a reason",
}


def run(args) -> int:
    """`judge ruling` with no action: the help."""
    args.ruling_help()
    return 2


def _particulars(p) -> None:
    p.add_argument("--event", default="", help="the event's name")
    p.add_argument("--table", default="", help="the table number")
    p.add_argument("--judge", default="", help="the judge's name")


def open_store(db: Path | None):
    from judge.rulings.store import RulingStore, default_db_path

    return RulingStore(db or default_db_path())


MAX_NUMBER_DIGITS = 18


def parse_number(text: str) -> int:
    m = re.fullmatch(r"\s*(?:saved:|#)?(\d+)\s*", str(text))
    if not m:
        from judge.safe_text import one_line

        raise UserError(f"{one_line(repr(text))[:80]} is not a ruling number (3, #3 or saved:3)")
    if len(m.group(1).lstrip("0")) > MAX_NUMBER_DIGITS:  # SQLite's integers stop at 19 digits
        raise UserError(f"ruling numbers have at most {MAX_NUMBER_DIGITS} digits; {len(m.group(1)):,} were given")
    return int(m.group(1))


def get_ruling(store, number: int):
    from judge.rulings.store import RulingsError

    try:
        ruling = store.get(number)
    except RulingsError as exc:
        raise UserError(str(exc)) from None
    if ruling is None:
        raise NothingFound(f"no saved ruling #{number} in {store.path}")
    return ruling


# How `judge ruling save` names each stored field in a refusal.
OPTION_OF_FIELD = {
    "answer": "--answer",
    "question": "--question",
    "event": "--event",
    "table": "--table",
    "judge": "--judge",
}


def run_save(args) -> int:
    from judge import context
    from judge.rulings.fields import check as check_fields
    from judge.rulings.store import RulingsError
    from judge.sheet.build import UnknownEntries, resolve_all

    if not args.answer.strip():
        raise UserError("--answer is empty: a ruling needs an answer")
    refusal = check_fields(
        OPTION_OF_FIELD,
        dict(
            answer=args.answer.strip(),
            question=args.question.strip(),
            event=args.event.strip(),
            table=args.table.strip(),
            judge=args.judge.strip(),
        ),
    )
    if refusal:
        raise UserError(f"{refusal}; nothing was saved")
    try:
        from judge.rulings.citing import stored_id

        corpus = context.corpus()
        cites = [stored_id(w.entry, w.corpus or corpus) for w in resolve_all(corpus, args.cite)] if args.cite else []
    except UnknownEntries as exc:
        raise UserError(f"{exc}; nothing was saved") from None
    from judge.safe_text import one_line

    store = open_store(args.db)
    try:
        ruling = store.save(args.answer, args.question, cites, args.event, args.table, args.judge)
    except RulingsError as exc:
        raise UserError(f"{exc}; nothing was saved") from None
    print(f"Saved ruling #{ruling.number} ({one_line(str(store.path))})")
    return 0


def run_revise(args) -> int:
    from judge.rulings.revise import revise
    from judge.rulings.store import RulingsError
    from judge.safe_text import one_line

    number = parse_number(args.number)
    cites = getattr(args, "cite", None)
    if cites is not None:
        cites = _stored_cites(cites, f"ruling #{number} was not revised; nothing was written")
    store = open_store(args.db)
    try:
        ruling = revise(
            store,
            number,
            args.revision,
            args.reason,
            args.judge,
            getattr(args, "answer", None),
            getattr(args, "question", None),
            cites,
        )
    except RulingsError as exc:
        raise UserError(one_line(str(exc))) from None
    print(
        one_line(
            f"Ruling #{ruling.number} {ruling.mark}: revision {len(ruling.revisions)} "
            f"({str(store.path)}); its history: judge ruling show {ruling.number} --history"
        )
    )
    return 0


def _stored_cites(wanted: list[str], refused: str) -> list[str]:
    """Citations resolved as `judge ruling save` resolves them; an unknown one is a UserError."""
    from judge import context
    from judge.rulings.citing import stored_id
    from judge.sheet.build import UnknownEntries, resolve_all

    corpus = context.corpus()
    try:
        return [stored_id(w.entry, w.corpus or corpus) for w in resolve_all(corpus, wanted)]
    except UnknownEntries as exc:
        raise UserError(f"{exc}; {refused}") from None


def _all(store):
    from judge.rulings.store import RulingsError
    from judge.safe_text import one_line

    try:
        rulings = store.all()
    except RulingsError as exc:
        raise UserError(str(exc)) from None
    for reason in store.skipped:  # rows another program wrote that are not rulings
        print(f"judge: {one_line(reason)}", file=sys.stderr)
    return rulings


def run_list(args) -> int:
    from judge.safe_text import one_line

    store = open_store(args.db)
    rulings = [
        r
        for r in _all(store)
        if (args.event is None or r.event == args.event) and (args.table is None or r.table == args.table)
    ]
    if args.stale:
        return _list_stale(store, rulings)
    if not rulings:
        print(
            f"No saved rulings in {one_line(str(store.path))}"
            + (" match the --event/--table given." if args.event or args.table else ".")
        )
        return EXIT_NOTHING_FOUND
    # One line per ruling (greppable, never wrapped into a table): number, time, where, what.
    # Stored text may come from another program: shown with controls and line breaks made visible.
    from judge.rulings.listing import listed

    for r in rulings:
        print(listed(r))
    return 0


def _list_stale(store, rulings) -> int:
    """The rulings whose cited entries changed since, each with the entries that did."""
    from judge.rulings.citing import changes
    from judge.safe_text import one_line

    stale = [(r, changes(r.cites)) for r in rulings]
    stale = [(r, found) for r, found in stale if found]
    if not stale:
        print(f"No saved rulings in {one_line(str(store.path))} cite an entry that changed since.")
        return EXIT_NOTHING_FOUND
    for r, found in stale:
        print(
            one_line(
                f"#{r.number:<4} {r.given_at.replace('T', ' ')[:16]}  {' '.join((r.question or r.answer).split())}"
            )
        )
        for change in found:
            print(one_line(f"      {change.cite}: {change.reason}"))
    return 0


def run_show(args) -> int:
    from rich.text import Text

    from judge import context
    from judge.console import stdout_console
    from judge.safe_text import for_terminal, one_line

    ruling = get_ruling(open_store(args.db), parse_number(args.number))
    corpus = context.corpus()
    console = stdout_console()
    console.print(Text(one_line(ruling.citation), style="bold cyan"))
    console.print(
        Text(one_line(f"given {ruling.given_at}" + (f" by {ruling.judge}" if ruling.judge else "")), style="dim")
    )
    if ruling.latest:  # how it came to stand as it does; the history is one option away
        console.print(Text(one_line(ruling.standing_note), style="bold red" if ruling.status != "amended" else "bold"))
    if args.history:
        _print_history(console, ruling)
        return 0
    if ruling.question:
        console.print(Text("Question", style="bold underline"))
        console.print(Text(for_terminal(ruling.question)))
    console.print(Text("Ruling", style="bold underline"))
    console.print(Text(for_terminal(ruling.answer)))
    if ruling.cites:
        console.print(Text("Cites", style="bold underline"))
        from judge.editions import ids
        from judge.lookup import resolve

        for cite in ruling.cites:
            entry = resolve(corpus, cite).entry if ids.split(cite) else corpus.get(cite)
            line = Text(f"  {one_line(cite)}  ")
            line.append(entry.citation if entry else "(no longer in the corpus)", style="bold" if entry else "red")
            console.print(line)
    if ruling.latest:
        console.print(
            Text(f"\nIts {len(ruling.revisions)} revisions: judge ruling show {ruling.number} --history", style="dim")
        )
    console.print(Text(f"\nThe sheet, with every cited text: judge sheet --saved {ruling.number}", style="dim"))
    return 0


def _print_history(console, ruling) -> None:
    """Every revision, oldest first, each with what it said."""
    from rich.text import Text

    from judge.safe_text import for_terminal, one_line

    for revision in ruling.revisions:
        console.print(Text("\n" + one_line(revision.summary()), style="bold underline"))
        if revision.question:
            console.print(Text("Question: ", style="bold").append(for_terminal(revision.question), style=""))
        console.print(Text("Ruling: ", style="bold").append(for_terminal(revision.answer), style=""))
        if revision.cites:
            console.print(Text("Cites: ", style="bold").append(one_line(", ".join(revision.cites)), style=""))


def run_export(args) -> int:
    from judge.files import WriteError
    from judge.rulings.export import export
    from judge.safe_text import one_line
    from judge.sheet.output import write_file

    store = open_store(args.db)
    rulings = _all(store)
    citation_of: Callable[[str], str] = str
    if args.format == "markdown":
        from judge import context

        corpus = context.corpus()

        def cited(entry_id: str) -> str:
            entry = corpus.get(entry_id)
            return entry.citation if entry else entry_id

        citation_of = cited
    content = export(rulings, args.format, citation_of)
    if args.output:
        _not_the_log(args.output, store.path, "--output")
        try:
            path = write_file(args.output, content)
        except WriteError as exc:
            raise UserError(one_line(str(exc))) from None
        print(f"{len(rulings)} rulings written to {one_line(str(path))}", file=sys.stderr)
    else:
        sys.stdout.write(content)
    return 0


def _not_the_log(path: Path, log: Path, what: str) -> None:
    """Refuse `path` when it is the rulings file itself, telling by os.stat alone (opening the
    file outside SQLite would drop SQLite's locks: judge.rulings.store._check_file)."""
    import os

    from judge.safe_text import one_line

    try:
        same = os.path.samefile(path, log)
    except OSError:
        return
    if same:
        raise UserError(f"{what} {one_line(str(path))} is the rulings log itself; nothing was done")


def run_import(args) -> int:
    from judge.rulings.interchange import ImportRefused, merge, read_file
    from judge.rulings.store import RulingsError
    from judge.safe_text import one_line

    store = open_store(args.db)
    _not_the_log(args.file, store.path, "FILE")
    try:
        lines = read_file(args.file)
        rulings, revisions = merge(store, lines, one_line(str(args.file))[:200])
    except (ImportRefused, RulingsError) as exc:
        raise UserError(one_line(str(exc))) from None
    print(
        one_line(
            f"Imported {rulings} new rulings and {revisions} new revisions in all from {args.file} into "
            f"{store.path} ({len(lines)} revisions read, {len(lines) - revisions} already in the log)"
        )
    )
    return 0


def run_sync(args) -> int:
    import socket

    from judge.rulings.archive import ArchiveError, sync, where
    from judge.safe_text import one_line

    store = open_store(args.db)
    rulings = _all(store)
    try:
        report = sync(rulings, args.to, args.station or socket.gethostname())
    except ArchiveError as exc:  # the local log is not touched either way
        raise UserError(one_line(str(exc))) from None
    print(
        one_line(
            f"Synced {report.rulings} rulings ({report.revisions} revisions) from {store.path} to "
            f"{where(args.to)}: {report.new_rulings} new rulings, {report.new_revisions} new revisions"
        )
    )
    return 0
