"""`judge sheet`: a ruling sheet with the full text of every rule a ruling rests on.

judge sheet ID [ID…] [--question Q] [--ruling R] [--event E] [--table T] [--judge NAME]
            [--format terminal|markdown|html|text] [-o FILE] [--print [--printer NAME]]
            [--date YYYY-MM-DD] [--as-of YYYY-MM-DD]
judge sheet --replay SCENARIO.yaml [ID…]   every rule the replay cites, with the step log:
            the rules that decided it (and the IDs given) first, the others after the log;
            --all-rules puts every rule before the log
judge sheet --saved N [N…]                 saved rulings, one sheet each
"""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

from judge.cli import UserError
from judge.cli.commands.options import add_db_option

# The names of judge.sheet.formats.RENDERERS, spelled out so that building the command line
# (on every `judge` run) does not import the renderers.
FORMATS = ("terminal", "markdown", "html", "text", "pdf")


def register(sub) -> None:
    import argparse

    p = sub.add_parser(
        "sheet",
        help="print a ruling sheet: the cited rules in full, ready to hand over",
        description=__doc__.split("\n\n", 1)[1] if __doc__ else None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("ids", nargs="*", metavar="ID", help="entry ids or rule numbers (704.5j, nd:glossary/overrun)")
    source = p.add_mutually_exclusive_group()
    source.add_argument(
        "--replay",
        type=Path,
        metavar="SCENARIO.yaml",
        help="cite every rule the replay of this scenario cites, with its step log",
    )
    source.add_argument(
        "--saved", nargs="+", metavar="N", help="a saved ruling (judge ruling list); several make several sheets"
    )
    p.add_argument(
        "--all-rules",
        action="store_true",
        help="with --replay: every cited rule before the step log, not only those that decided it",
    )
    p.add_argument("--question", default="", help="what the players asked")
    p.add_argument("--ruling", default="", help="the ruling, in the judge's words")
    p.add_argument("--event", default="")
    p.add_argument("--table", default="")
    p.add_argument("--judge", default="", help="the judge's name")
    p.add_argument("--date", type=_date, help="the sheet's date (default: today, or the day a saved ruling was given)")
    p.add_argument(
        "--as-of",
        metavar="YYYY-MM-DD",
        help="cite the rules in force that day: the edition of that date, what was not in force "
        "noted (default $JUDGE_EVENT_DATE)",
    )
    p.add_argument(
        "--format",
        choices=FORMATS,
        help="default: terminal on screen; with -o, from the file's suffix (.md .html .txt .pdf); "
        "pdf is the HTML sheet printed by the system's Chromium (pip install 'judge[pdf]')",
    )
    p.add_argument("-o", "--output", type=Path, metavar="FILE", help="write the sheet to this file")
    p.add_argument(
        "--print",
        dest="to_printer",
        action="store_true",
        help="send the sheet to the printer with lp (the file is kept as well)",
    )
    p.add_argument("--printer", metavar="NAME", help="with --print: this printer instead of the default")
    add_db_option(p, "for --saved")
    p.set_defaults(func=run)


def _date(text: str) -> dt.date:
    import argparse

    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date (YYYY-MM-DD)") from None


def build_sheets(args, corpus) -> list:
    """The sheets asked for; raises UserError before anything is written."""
    from judge.lookup.reading import as_of
    from judge.rulings.store import RulingsError
    from judge.sheet.build import UnknownEntries, build_sheet
    from judge.sheet.replay_log import ReplayUnavailable

    particulars = dict(
        question=args.question,
        ruling=args.ruling,
        event=args.event,
        table=args.table,
        judge=args.judge,
        as_of=as_of(args.as_of),
    )
    try:
        if args.saved:
            if args.ids:
                raise UserError("--saved prints saved rulings; cite ids with `judge ruling save` instead")
            return [_saved_sheet(args, corpus, n) for n in args.saved]
        if args.replay:
            log, cited = _replay(args.replay)
            lead = None if args.all_rules or log.decisive is None else list(log.decisive) + list(args.ids)
            return [
                build_sheet(
                    corpus, cited + list(args.ids), date=args.date, replay=log, alone=True, lead=lead, **particulars
                )
            ]
        if not args.ids:
            raise UserError("nothing to cite: give entry ids, --replay SCENARIO.yaml or --saved N")
        return [build_sheet(corpus, list(args.ids), date=args.date, **particulars)]
    except UnknownEntries as exc:
        raise UserError(f"{exc}; no sheet was written") from None
    except (ReplayUnavailable, RulingsError) as exc:
        raise UserError(str(exc)) from None


def _replay(path: Path):
    from dataclasses import replace

    from judge import context
    from judge.editions.engine_rules import compare_cited
    from judge.sheet.replay_log import read_log, run_scenario

    try:
        is_file = path.is_file()
    except OSError as exc:  # a path the system refuses (too long): said, as a missing file is
        raise UserError(f"cannot use {str(path)[:200]} as a scenario file: {exc.strerror or exc}") from None
    if not is_file:
        raise UserError(f"no scenario file {path}")
    log, cited = read_log(run_scenario(path), source=path.name)
    # The rules the engine plays against those read: a sheet warns only of a difference (it
    # names the edition it read in any case).
    report = compare_cited(context.corpus(), cited)
    return (replace(log, edition_note=report.sentence()) if report is not None and report.changes else log), cited


def _saved_sheet(args, corpus, text: str):
    from judge.cli.commands.ruling import get_ruling, open_store, parse_number
    from judge.lookup.reading import as_of
    from judge.sheet.build import build_sheet

    ruling = get_ruling(open_store(args.db), parse_number(text))
    from judge.rulings.citing import edition_id

    return build_sheet(
        corpus,
        [edition_id(c, corpus) for c in ruling.cites],
        date=args.date or ruling.date,
        as_of=as_of(args.as_of),
        question=args.question or ruling.question,
        ruling=args.ruling or ruling.answer_as_it_stands(),
        event=args.event or ruling.event,
        table=args.table or ruling.table,
        judge=args.judge or ruling.judge,
        saved_number=ruling.number,
    )


def _pdf(sheets) -> bytes:
    """The sheets as PDF, or a UserError saying what to install (before anything is written)."""
    from judge.sheet import formats, pdf

    try:
        return pdf.html_to_pdf(formats.render(sheets, "html"))
    except pdf.PdfUnavailable as exc:
        raise UserError(f"{exc}; nothing was written (-o FILE.html writes the sheet for a browser to print)") from None


def run(args) -> int:
    from judge import context, files
    from judge.sheet import formats, output

    if args.printer and not args.to_printer:
        raise UserError("--printer goes with --print")
    if args.all_rules and not args.replay:
        raise UserError("--all-rules goes with --replay (only a replay sheet puts some rules after its step log)")
    try:
        fmt = formats.format_for(args.output, args.format)
    except formats.UnknownSuffix:
        raise UserError(
            f"-o {args.output}: cannot tell the format from the suffix {args.output.suffix!r}; "
            f"give --format ({', '.join(f for f in FORMATS if f != 'terminal')}) "
            f"or a name ending {', '.join(formats.SUFFIXES)}; nothing was written"
        ) from None
    if fmt == formats.PDF and not args.output and not args.to_printer:
        raise UserError("a PDF is written to a file: give -o FILE.pdf")
    sheets = build_sheets(args, context.corpus())
    if args.to_printer and fmt == "terminal":
        fmt = "text"
    if not args.output and not args.to_printer:
        if fmt == "terminal" and not args.format and not sys.stdout.isatty():
            fmt = "text"  # a pipe or a file: the plain sheet, as it would be printed
        if fmt == "terminal":
            from rich.console import Console

            from judge.sheet.terminal import renderable

            Console().print(renderable(sheets))
        else:
            sys.stdout.write(formats.render(sheets, fmt))
        return 0
    path = args.output or output.default_path(formats.EXTENSION[fmt])
    content = _pdf(sheets) if fmt == formats.PDF else formats.render(sheets, fmt)
    try:
        written = output.write_file(path, content)
    except files.WriteError as exc:
        raise UserError(str(exc)) from None
    print(f"Sheet written to {written}", file=sys.stderr)
    if not args.to_printer:
        return 0
    result = output.send_to_printer(formats.render(sheets, "text"), title=sheets[0].heading, printer=args.printer)
    if result.sent:
        print(f"Printing: {result.message}", file=sys.stderr)
        return 0
    print(f"judge: not printed — {result.message}; the sheet is in {written}", file=sys.stderr)
    return 1
