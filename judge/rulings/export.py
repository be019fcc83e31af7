"""Saved rulings written out: JSON Lines (to merge into another log: `judge ruling import`) and CSV
(a spreadsheet), one line a revision (judge.rulings.interchange); YAML (to archive) and Markdown
(to read), one entry a ruling as it now stands."""

from __future__ import annotations

from collections.abc import Callable

import yaml

from judge.rulings.store import SavedRuling
from judge.safe_text import for_markdown, for_terminal, markdown_code, one_line

FORMATS = ("yaml", "markdown", "jsonl", "csv")


def to_yaml(rulings: list[SavedRuling]) -> str:
    return yaml.safe_dump({"rulings": [r.to_dict() for r in rulings]}, allow_unicode=True, sort_keys=False, width=100)


def to_markdown(rulings: list[SavedRuling], citation_of: Callable[[str], str] = str) -> str:
    """`citation_of` names a cited id for a reader ("No Dawn CR 704.5j"); ids by default.

    Stored text is shared between judges: every piece of it is escaped (for_markdown) so that
    the file, rendered, shows it as written, never as headings, links, images or HTML.
    """
    out = ["# Saved rulings", ""]
    if not rulings:
        out += ["No rulings saved yet.", ""]
    for r in rulings:
        out += [f"## {for_markdown(one_line(r.citation))}", ""]
        facts = [f"given {r.given_at}"] + ([f"judge {r.judge}"] if r.judge else [])
        out += ["*" + for_markdown(one_line(", ".join(facts))) + "*", ""]
        if r.latest:
            out += ["**" + for_markdown(one_line(r.standing_note)) + "**", ""]
        if r.question:
            out += [f"**Question.** {_paragraph(r.question)}", ""]
        out += [f"**Ruling.** {_paragraph(r.answer)}", ""]
        if r.cites:
            out += (
                ["Cites:", ""]
                + [f"- {for_markdown(one_line(citation_of(c)))} ({markdown_code(c)})" for c in r.cites]
                + [""]
            )
    return "\n".join(out)


def _paragraph(text: str) -> str:
    """Stored text as one Markdown paragraph: escaped, its line breaks kept as hard breaks (a
    blank line would end the paragraph, and what followed could start a heading or a list)."""
    lines = [for_markdown(line).strip() for line in for_terminal(text).split("\n")]
    return "\\\n".join(line for line in lines if line)


def export(rulings: list[SavedRuling], fmt: str, citation_of: Callable[[str], str] = str) -> str:
    if fmt == "yaml":
        return to_yaml(rulings)
    if fmt == "markdown":
        return to_markdown(rulings, citation_of)
    if fmt in ("jsonl", "csv"):
        from judge.rulings import interchange  # deferred: start-up

        return interchange.to_jsonl(rulings) if fmt == "jsonl" else interchange.to_csv(rulings)
    raise ValueError(f"unknown export format {fmt!r} ({', '.join(FORMATS)})")
