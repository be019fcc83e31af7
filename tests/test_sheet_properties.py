"""Any text a judge or a source can hold survives every format: HTML reads back exactly."""

from __future__ import annotations

import datetime as dt
from html.parser import HTMLParser

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.safe_text import for_terminal
from judge.sheet import render
from judge.sheet.model import CitedEntry, Quoted, ReplayLog, ReplayStep, Sheet, SourceVersion, StepEvent

# Printable text, including markup characters and non-ASCII; no control characters (which
# HTML cannot carry) and no surrogates.
TEXT = st.text(st.characters(blacklist_categories=("Cc", "Cs")), min_size=1, max_size=80).filter(str.strip)


def _sheet(text: str, question: str, ruling: str) -> Sheet:
    cited = CitedEntry(
        id="nd:1.1",
        citation="No Dawn CR 1.1",
        title=text,
        text=text,
        doc="nd",
        breadcrumb="No Dawn",
        tags=("proposed",),
        parent=Quoted("No Dawn CR 1", text, "nd:1"),
        examples=(text,),
        contains=(Quoted("No Dawn CR 1.1a", text, "nd:1.1a"),),
    )
    log = ReplayLog(
        title=text,
        source="x.yaml",
        steps=(ReplayStep(1, text, (StepEvent(text, ("nd:1.1",)),)),),
        expectations=((False, text),),
    )
    return Sheet(
        date=dt.date(2026, 1, 2),
        cited=(cited,),
        sources=(SourceVersion("nd", "No Dawn", "ab" * 32),),
        question=question,
        ruling=ruling,
        event=text,
        table=text,
        judge=text,
        replay=log,
    )


class _Texts(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []

    def handle_data(self, data):
        self.texts.append(data)


@settings(max_examples=60, deadline=None)
@given(TEXT, TEXT, TEXT)
def test_html_reads_back_every_text_exactly(text, question, ruling):
    reader = _Texts()
    reader.feed(render([_sheet(text, question, ruling)], "html"))
    reader.close()
    # Exactly as judge.safe_text leaves it: a bidi override (U+202A–E, U+2066–9: printable, but
    # able to make a ruling read otherwise than it says) is shown as U+FFFD, by design.
    text, question, ruling = for_terminal(text), for_terminal(question), for_terminal(ruling)
    assert reader.texts.count(text) >= 4  # the entry, its context, its sub-rule and its example
    assert question in reader.texts and ruling in reader.texts


def test_a_bidi_override_reads_back_as_the_replacement_character():
    reader = _Texts()
    reader.feed(render([_sheet("a\u202eb", "q\u2066", "r")], "html"))
    reader.close()
    assert "a\ufffdb" in reader.texts and "q\ufffd" in reader.texts
    assert not any("\u202e" in t or "\u2066" in t for t in reader.texts)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(TEXT, TEXT, TEXT)
def test_every_format_renders_without_error(text, question, ruling):
    sheet = _sheet(text, question, ruling)
    for fmt in ("markdown", "text", "terminal"):
        out = render([sheet, sheet], fmt)
        assert out.endswith("\n")
    flat = " ".join(render([sheet], "text").split())
    assert " ".join(text.split()) in flat
