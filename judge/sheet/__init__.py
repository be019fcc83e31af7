"""Ruling sheets: the cited rules of a ruling, in full, ready to hand over or print.

    from judge.sheet import build_sheet, render
    sheet = build_sheet(corpus, ["704.5j", "nd:118.6"], question=..., ruling=...)
    render([sheet], "markdown")   # or "html", "text", "terminal"
"""
from judge.sheet.build import UnknownEntries, build_sheet
from judge.sheet.formats import RENDERERS, render
from judge.sheet.model import Sheet

FORMATS = tuple(RENDERERS)

__all__ = ["FORMATS", "Sheet", "UnknownEntries", "build_sheet", "render"]
