"""`judge trace ID [--format …] [-o FILE]`: one entry through every edition of its document —
its number and text in each, the word diff from the edition before, across renumbering."""

from __future__ import annotations

from judge.cli import NothingFound
from judge.cli.commands import report_output
from judge.safe_text import json_text


def register(sub) -> None:
    p = sub.add_parser(
        "trace",
        help="one entry through every edition: its number and text in each",
        description="Follow one entry through every edition of its document, oldest first: "
        "its number and text in each, the word diff from the edition before, and where it was "
        "renumbered, moved, added or removed. ID is an id (nd:704.5j: the entry of that number "
        "in the newest edition that has one), nd@EDITION:704.5j (the entry of that edition) or "
        "a number the main corpus resolves (704.5j).",
    )
    p.add_argument("target", metavar="ID")
    report_output.add_options(p)
    p.set_defaults(func=run)


def target_of(text: str) -> tuple[str, str, str | None]:
    """(doc, entry id, edition or None) for what the user typed."""
    from judge.changes.editions_diff import split_target

    target = split_target(text)
    if target is not None:
        return target
    from judge import context
    from judge.lookup import resolve

    found = resolve(context.corpus(), text, None)
    if found.entry is None:
        raise NothingFound(f"no entry {text!r}" + (f" ({found.note})" if found.note else ""))
    return found.entry.doc, found.entry.id, None


def run(args) -> int:
    from judge.changes import editions_diff
    from judge.cli.commands.diff import document_spec

    fmt = report_output.chosen_format(args)
    doc, entry_id, edition = target_of(args.target)
    spec = document_spec(doc)
    result, read = editions_diff.trace_entry(doc, entry_id, edition)
    if result is None:
        where = f"edition {edition}" if edition else f"any of the {read} editions of {spec.title}"
        raise NothingFound(f"no entry {entry_id} in {where}")
    if fmt == "json":
        report_output.emit_text(args, json_text(result.to_dict(), indent=2) + "\n")
    elif fmt == "markdown":
        from judge.changes import render_markdown

        report_output.emit_text(args, render_markdown.render_trace(result, spec.title))
    elif fmt == "html":
        from judge.changes import render_html

        report_output.emit_text(args, render_html.render_trace(result, spec.title))
    else:
        from judge.changes import render_terminal

        report_output.emit_renderable(args, render_terminal.trace_renderable(result, spec.title))
    return 0
