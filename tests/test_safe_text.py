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


def test_json_output_escapes_what_a_terminal_could_act_on():
    """issue 29: an imported edition's C1 controls reached the terminal through --json."""
    import json

    from judge.safe_text import json_text

    value = {"text": "a\x9b31mred\x9b0m \x85 \u202eevil\u202c \u2028 é ✚", "n": [1, "\x7f"]}
    printed = json_text(value, indent=2)
    assert json.loads(printed) == value
    assert not [c for c in printed if 0x7F <= ord(c) <= 0x9F or c in "\u2028\u2029\u202a\u202b\u202c\u202d\u202e"]
    assert "é ✚" in printed  # readable text stays readable


def test_every_json_a_command_prints_goes_through_json_text():
    from pathlib import Path

    commands = Path(__file__).resolve().parents[1] / "judge" / "commands"
    offenders = [p.name for p in commands.glob("*.py") if "json.dumps(" in p.read_text(encoding="utf-8")]
    assert offenders == []
