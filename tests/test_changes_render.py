"""The diff and trace renderers keep document text harmless: escape sequences never reach the
terminal, markup is shown not run, in rich, Markdown and HTML."""

from __future__ import annotations

from rich.console import Console

from judge.changes import render_html, render_markdown, render_terminal
from judge.changes.diff import compare
from judge.changes.trace import trace
from judge.corpus.model import Entry

EVIL = "\x1b]8;;http://x\x07link\x1b]8;;\x07 [red]red[/red] <b>bold</b> *em*"


def entry(number, text):
    return Entry(id=f"nd:{number}", doc="nd", game="nodawn", kind="rule", text=f"{number}. {text}", number=number)


LONG = (
    "A player whose Master's Vitae is 0 or less loses the game; a player who attempted to draw from an "
    "empty Domain since the last check loses the game too."
)


def evil_diff():
    return compare("nd", "a", [entry("1.1", LONG)], "b", [entry("1.1", f"{LONG} {EVIL}")])


def plain(renderable) -> str:
    console = Console(width=200, record=True, color_system=None, force_terminal=True, file=__import__("io").StringIO())
    console.print(renderable)
    return console.export_text()


def test_terminal_shows_markup_as_text_and_drops_escapes():
    out = plain(render_terminal.diff_renderable(evil_diff(), "No Dawn"))
    assert out == (
        "No Dawn: edition a → b\n1 changed, 0 added, 0 removed, 0 moved.\n\nChanged (1)\n  1.1\n"
        f"    {LONG} {{+link [red]red[/red] <b>bold</b> *em*+}}\n"
    )


def test_markdown_escapes_everything_it_would_read():
    out = render_markdown.render_diff(evil_diff(), "No Dawn")
    assert out.endswith(
        "last check loses the game too\\. **link \\[red\\]red\\[/red\\] &lt;b&gt;bold&lt;/b&gt; \\*em\\***\n"
    )
    assert "\x1b" not in out


def test_html_escapes_and_is_one_page():
    out = render_html.render_diff(evil_diff(), "No Dawn")
    assert "loses the game too. <ins>link [red]red[/red] &lt;b&gt;bold&lt;/b&gt; *em*</ins></p>" in out
    assert out.count("<html") == 1 and "\x1b" not in out and "<b>" not in out


def test_trace_in_every_format():
    editions = [
        ("a", [entry("1.1", "Old words.")]),
        ("b", [entry("1.2", "Old words.")]),
        ("c", [entry("1.2", "New words.")]),
    ]
    result = trace("nd:1.2", editions)
    assert plain(render_terminal.trace_renderable(result, "No Dawn")) == (
        "nd:1.2 through 3 editions of No Dawn\nFollowed from edition c, oldest edition first.\n\n"
        "a: 1.1 — first edition\n  Old words.\n\nb: 1.2 — same text, renumbered from 1.1\n  Old words.\n\n"
        "c: 1.2 — changed\n  [-Old-] {+New+} words.\n"
    )
    markdown = render_markdown.render_trace(result, "No Dawn")
    assert markdown.endswith("## c\\: 1\\.2 — changed\n\n> ~~Old~~ **New** words\\.\n")
    assert '<p class="text"><del>Old </del><ins>New </ins>words.</p>' in render_html.render_trace(result, "No Dawn")


def test_a_move_carried_by_a_reworded_parent_is_shown_on_its_own_line():
    def sub(number, text, parent):
        e = entry(number, text)
        e.kind, e.parent, e.text = "subrule", f"nd:{parent}", f"{number} {text}"
        return e

    words = "Toll is a triggered ability that counters a spell unless its controller pays the cost"
    old = [
        entry("1.1", words),
        sub("1.1a", "Pay or lose it.", "1.1"),
        entry("1.5", "Elusive permanents cannot be targeted."),
        sub("1.5a", "Not by opponents.", "1.5"),
    ]
    new = [
        entry("1.2", words + " at once"),
        sub("1.2a", "Pay or lose it.", "1.2"),
        entry("1.6", "Elusive permanents cannot be targeted."),
        sub("1.6a", "Not by opponents.", "1.6"),
    ]
    out = plain(render_terminal.diff_renderable(compare("nd", "a", old, "b", new), "No Dawn"))
    assert out == (
        "No Dawn: edition a → b\n1 changed, 0 added, 0 removed, 3 moved.\n\nChanged (1)\n"
        "  1.1 → 1.2 (renumbered)\n    Toll is a triggered ability that counters a spell unless its "
        "controller pays the cost {+at once+}\n\nMoved (3)\n  1.1a → 1.2a (renumbered)\n"
        "  1.5 → 1.6 (renumbered, with 1 entry under it)\n"
    )
