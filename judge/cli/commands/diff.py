"""`judge diff DOC [OLD] [NEW] [--no-moves] [--format …] [-o FILE]`: what changed between two
editions of a document — added, removed, changed (with a word diff) and moved entries."""

from __future__ import annotations

from judge.cli import NothingFound, UserError
from judge.cli.commands import report_output
from judge.safe_text import json_text


def register(sub) -> None:
    from judge.corpus.documents import DOCUMENTS

    keys = ", ".join(d.key for d in DOCUMENTS)
    p = sub.add_parser(
        "diff",
        help="what changed between two editions of a document",
        description="Compare two editions of a document (default: the one before the newest, "
        "and the newest): entries added, removed, changed (word by word, examples, glossary "
        "entries and FAQ rulings included) and moved (renumbered rules are matched to their old "
        "selves by their text). Editions are named as `judge import` named them, or by date.",
    )
    p.add_argument("doc", metavar="DOC", help=f"the document ({keys})")
    p.add_argument("old", metavar="OLD", nargs="?", help="the older edition (default: the one before NEW)")
    p.add_argument("new", metavar="NEW", nargs="?", help="the newer edition (default: the newest)")
    p.add_argument("--no-moves", action="store_true", help="hide entries that only moved (same text, new number)")
    report_output.add_options(p)
    p.set_defaults(func=run)


def document_spec(doc: str):
    from judge.corpus.documents import DOCUMENTS, spec

    try:
        return spec(doc)
    except KeyError:
        raise UserError(f"no document {doc!r}; choose one of {', '.join(d.key for d in DOCUMENTS)}") from None


def run(args) -> int:
    from judge.changes import editions_diff

    spec = document_spec(args.doc)
    fmt = report_output.chosen_format(args)
    try:
        result = editions_diff.diff_editions(spec.key, spec.title, args.old, args.new)
    except editions_diff.NothingToCompare as exc:
        raise NothingFound(str(exc)) from None
    except editions_diff.NoEarlierEdition as exc:
        raise UserError(str(exc)) from None
    moves = not args.no_moves
    if fmt == "json":
        report_output.emit_text(args, json_text(result.to_dict(moves), indent=2) + "\n")
    elif fmt == "markdown":
        from judge.changes import render_markdown

        report_output.emit_text(args, render_markdown.render_diff(result, spec.title, moves))
    elif fmt == "html":
        from judge.changes import render_html

        report_output.emit_text(args, render_html.render_diff(result, spec.title, moves))
    else:
        from judge.changes import render_terminal

        report_output.emit_renderable(args, render_terminal.diff_renderable(result, spec.title, moves))
    return 0
