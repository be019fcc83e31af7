"""judge.safe_text: stored and typed text made harmless for terminals, rich markup and Markdown."""
from rich.text import Text

from judge.safe_text import REPLACEMENT, for_markdown, for_rich, for_terminal, one_line


def test_terminal_removes_escape_sequences_whole():
    hostile = "ok\x1b[2J\x1b]0;pwned\x07 then\x1b[31mred\x1b[0m\x1bP1;2|x\x1b\\ end"
    assert for_terminal(hostile) == "ok thenred end"


def test_terminal_makes_other_controls_visible_and_keeps_layout():
    assert for_terminal("a\x00b\x08c\x7fd") == f"a{REPLACEMENT}b{REPLACEMENT}c{REPLACEMENT}d"
    assert for_terminal("a\x00b") == f"a{REPLACEMENT}b"
    assert for_terminal("line one\n\tline two\r\n") == "line one\n\tline two\n"
    assert for_terminal("yes \u202egnorw") == f"yes {REPLACEMENT}gnorw"


def test_one_line_shows_line_breaks():
    assert one_line("GP Oslo\nround 3\r\ntable 9") == "GP Oslo \u23ce round 3 \u23ce table 9"


def test_rich_markup_is_escaped():
    rendered = Text.from_markup(for_rich("game:[/x] [link=file:///etc/passwd]x[/link] [bold]b"))
    assert rendered.plain == "game:[/x] [link=file:///etc/passwd]x[/link] [bold]b"
    assert not rendered.spans


def test_markdown_cannot_become_html_links_images_or_structure():
    hostile = "# Head\n---\n- item\n<script>alert(1)</script> ![x](http://e/i.png) *em* [a](b)"
    escaped = for_markdown(hostile)
    assert "<" not in escaped and ">" not in escaped
    assert "&lt;script&gt;" in escaped
    assert "\\!\\[x\\]\\(http\\:" in escaped
    assert escaped.startswith("\\# Head\n\\-\\-\\-\n\\- item\n")
    assert "\\*em\\*" in escaped
