"""Saved rulings written out: YAML (to archive or merge) and Markdown (to read)."""
from __future__ import annotations

from typing import Callable

import yaml

from judge.rulings.store import SavedRuling

FORMATS = ("yaml", "markdown")


def to_yaml(rulings: list[SavedRuling]) -> str:
    return yaml.safe_dump({"rulings": [r.to_dict() for r in rulings]}, allow_unicode=True,
                          sort_keys=False, width=100)


def to_markdown(rulings: list[SavedRuling], citation_of: Callable[[str], str] = str) -> str:
    """`citation_of` names a cited id for a reader ("No Dawn CR 704.5j"); ids by default."""
    out = ["# Saved rulings", ""]
    if not rulings:
        out += ["No rulings saved yet.", ""]
    for r in rulings:
        out += [f"## {r.citation}", ""]
        facts = [f"given {r.given_at}"] + ([f"judge {r.judge}"] if r.judge else [])
        out += ["*" + ", ".join(facts) + "*", ""]
        if r.question:
            out += [f"**Question.** {r.question}", ""]
        out += [f"**Ruling.** {r.answer}", ""]
        if r.cites:
            out += ["Cites:", ""] + [f"- {citation_of(c)} (`{c}`)" for c in r.cites] + [""]
    return "\n".join(out)


def export(rulings: list[SavedRuling], fmt: str, citation_of: Callable[[str], str] = str) -> str:
    if fmt == "yaml":
        return to_yaml(rulings)
    if fmt == "markdown":
        return to_markdown(rulings, citation_of)
    raise ValueError(f"unknown export format {fmt!r} ({', '.join(FORMATS)})")
