"""A keyboard- and mouse-followable list of links, grouped under headings."""

from __future__ import annotations

from rich.text import Text
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from judge.library import Link
from judge.safe_text import one_line


class LinkList(OptionList):
    """Links grouped by heading; Enter or a click on a link posts `Followed(target)`."""

    class Followed(Message):
        def __init__(self, link_list: LinkList, target: str) -> None:
            super().__init__()
            self.link_list = link_list
            self.target = target

        @property
        def control(self) -> LinkList:
            return self.link_list

    def __init__(self, *args, wrap: bool = False, **kwargs) -> None:
        """`wrap`: long lines wrap onto the next (a replay's events), else end in an ellipsis."""
        super().__init__(*args, **kwargs)
        self._targets: dict[str, str] = {}
        self.wrap = wrap

    def show(self, links: list[Link]) -> None:
        lines: list[tuple[Text, str | None]] = []
        group = None
        for link in links:
            if link.group != group:
                group = link.group
                count = sum(1 for item in links if item.group == group)
                lines.append((Text(one_line(f"{group} ({count})"), style="bold underline"), None))
            line = Text("  ")
            # Labels and details come from documents and saved rulings: text, never terminal codes.
            line.append(one_line(link.label), style="bold" if link.target else "italic red")
            if link.detail:
                line.append(one_line(f"  {link.detail}"), style="dim")
            lines.append((line, link.target))
        self.show_lines(lines)

    def show_lines(self, lines: list[tuple[Text, str | None]]) -> None:
        """Lines in order; those with a target are followable, the others are headings/notes."""
        self.clear_options()
        self._targets.clear()
        options: list = []
        for n, (text, target) in enumerate(lines):
            text.no_wrap = not self.wrap
            text.overflow = "fold" if self.wrap else "ellipsis"
            if target:
                option_id = f"link-{n}"
                self._targets[option_id] = target
                options.append(Option(text, id=option_id))
            else:
                options.append(Option(text, disabled=True))
        self.add_options(options)
        self.border_title = f"Links · {len(self._targets)}" if self._targets else "No links"
        self.highlighted = next((i for i, o in enumerate(options) if not o.disabled), None)

    @property
    def highlighted_target(self) -> str | None:
        if self.highlighted is None:
            return None
        return self._targets.get(self.get_option_at_index(self.highlighted).id or "")

    @property
    def targets(self) -> list[str]:
        return list(self._targets.values())

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        target = self._targets.get(event.option.id or "")
        if target:
            self.post_message(self.Followed(self, target))
