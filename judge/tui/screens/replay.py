"""The replay screen: step a scenario forward and back and see why each thing happened.

Up front, under the header, what the replay does not rule on, in `judge replay`'s words: the
"Not modelled here" notes, an engine error, the choice the replay stops at (who, what, among
which options, how to answer). Left, the steps (marked ! for an engine error — a defect, never a
ruling —, ✗ for a refused action, ? where play asks a player, ~ where a note belongs); right, the
current step's events, each with the rules it cites (Enter opens one in a lookup screen, Escape
comes back), and the state after the step: turn, players, battlefield, stack, anything waiting.
The replay itself comes from the engine through judge.tui.engine_adapter; its text is the
scenario's and is shown as plain text (rich Text), never read as markup.
"""

from __future__ import annotations

from pathlib import Path

from rich.console import Group
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from judge import paths
from judge.replay_words import STOPPED, not_modelled_head, note_body, note_place, rule_heading, rule_number
from judge.tui import engine_adapter as ea
from judge.tui import messages
from judge.tui.basket import StepItem
from judge.tui.guard import guarded
from judge.tui.screens.base import JudgeScreen
from judge.tui.screens.dialogs import PromptScreen
from judge.tui.screens.file_picker import FilePicker, start_folder
from judge.tui.widgets.link_list import LinkList


class ReplayScreen(JudgeScreen):
    CSS_PATH = "replay.tcss"  # beside this file
    BINDINGS = [
        Binding("right,l", "step(1)", "Next", key_display="→"),
        Binding("left,h", "step(-1)", "Prev", key_display="←"),
        Binding("home", "go(0)", "Start", show=False),
        Binding("end", "go_end", "End", show=False),
        Binding("g", "goto", "Go to"),
        Binding("ctrl+b", "cite", "Cite"),
        Binding("ctrl+l", "load", "Load"),
    ]

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.view: ea.ReplayView | None = None
        self.current = 0

    @property
    def replay(self) -> ea.ReplayView:
        """The replay shown: what draws a step runs only once one is (go() says when none is);
        None there is a defect, raised as one."""
        if self.view is None:
            raise RuntimeError("the replay screen draws a replay before one was loaded")
        return self.view

    def compose(self) -> ComposeResult:
        yield Static("", id="replay-head")
        with VerticalScroll(id="replay-notice-scroll"):  # scrolls only if the notes outgrow half the screen
            yield Static("", id="replay-notice")
        with Horizontal(id="replay-main"):
            yield OptionList(id="replay-steps")
            with Vertical(id="replay-pane"):
                yield LinkList(id="replay-events", wrap=True)
                with VerticalScroll(id="replay-state-scroll"):
                    yield Static("", id="replay-state")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#replay-steps", OptionList).border_title = "Steps"
        self.query_one("#replay-head", Static).update(
            Text("No replay loaded: Ctrl+L loads a scenario file, or Ctrl+R on the board.", style="dim")
        )
        self.query_one("#replay-events", LinkList).show_lines([])
        self.query_one("#replay-steps", OptionList).focus()

    # -- loading -----------------------------------------------------------------------------
    def action_load(self) -> None:
        default = self.view.path if self.view and not self.view.path.startswith("<") else ""
        start = start_folder(Path(default) if default else None, paths.boards_dir())
        self.app.push_screen(
            FilePicker("Replay a scenario file", start, default), lambda path: path and self.load_path(path)
        )

    @guarded
    def load_path(self, path: str) -> None:
        try:
            view = ea.replay_file(path)
        except ea.EngineProblem as exc:
            self.app.notify(f"Cannot replay: {exc}", severity="error", timeout=10)
            return
        self.show_replay(view)

    @guarded
    def show_replay(self, view: ea.ReplayView) -> None:
        self.view = view
        steps = self.query_one("#replay-steps", OptionList)
        steps.clear_options()
        for step in view.steps:
            line = Text(f"{step.n:>2} ", style="bold")
            mark, style = step_mark(step)
            if mark:
                line.append(f"{mark} ", style=f"bold {style}")
            # the action itself is coloured only where it was not played as written
            line.append(step.action, style=style if step.engine_error or step.refused else "")
            line.no_wrap, line.overflow = True, "ellipsis"
            steps.add_option(Option(line, id=f"step-{step.n}"))
        if view.stopped_at is not None:  # the action the replay did not take, not a step to go to
            line = Text(f"{view.stopped_at:>2} ", style="dim")
            line.append(f"not taken: {view.not_taken}", style="dim italic")
            line.no_wrap, line.overflow = True, "ellipsis"
            steps.add_option(Option(line, disabled=True))
        steps.border_title = f"Steps · {len(view.steps) - 1}"
        self.show_notice()
        self.go(0)
        steps.focus()

    def show_notice(self) -> None:
        notice = self.query_one("#replay-notice", Static)
        lines = notice_lines(self.replay, edition_note(self.library, self.replay))
        notice.update(Group(*lines))
        self.query_one("#replay-notice-scroll").display = bool(lines)

    def library_changed(self, library) -> None:
        if self.view is not None:  # the rules loaded after the replay: which edition they are can be said now,
            self.show_notice()  # and each cited rule named by its title, not its number alone
            self.show_step()

    # -- moving ------------------------------------------------------------------------------
    def go(self, n: int) -> None:
        if self.view is None:
            self.app.notify("No replay loaded (Ctrl+L)", severity="warning")
            return
        n = max(0, min(len(self.view.steps) - 1, n))
        self.current = n
        steps = self.query_one("#replay-steps", OptionList)
        if steps.highlighted != n:
            steps.highlighted = n
        self.show_step()

    def action_step(self, delta: int) -> None:
        self.go(self.current + delta)

    def action_go(self, n: int) -> None:
        self.go(n)

    def action_go_end(self) -> None:
        if self.view is not None:
            self.go(len(self.view.steps) - 1)

    @guarded
    def action_goto(self) -> None:
        if self.view is None:
            self.app.notify("No replay loaded (Ctrl+L)", severity="warning")
            return

        def answer(text: str | None) -> None:
            if text is None:
                return
            try:
                self.go(int(text))
            except ValueError:
                self.app.notify("A step number, 0 for the board as set up", severity="warning")

        self.app.push_screen(PromptScreen(f"Go to step (0–{len(self.view.steps) - 1}):"), answer)

    @on(OptionList.OptionHighlighted, "#replay-steps")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if self.view is not None and event.option_index != self.current:
            self.current = event.option_index
            self.show_step()

    @on(OptionList.OptionSelected, "#replay-steps")
    def _selected(self, _event) -> None:
        self.query_one("#replay-events", LinkList).focus()

    # -- showing -----------------------------------------------------------------------------
    def citation(self, rule_id: str) -> Text:
        """A cited rule as `judge replay` names it: its number, then its title or first words."""
        library = self.library
        entry = library.get(rule_id) if library is not None else None
        # No colour of its own: a highlighted link takes the cursor's colours, which stay apart
        # behind a modal (cyan text on the blue cursor dimmed to one and the same 256-colour).
        line = Text(rule_number(rule_id), style="bold")
        if entry is not None:
            line.append(" " + rule_heading(entry.title, entry.text, entry.number or ""))
        return line

    @guarded
    def show_step(self) -> None:
        view = self.replay
        step = view.steps[self.current]
        # Step and expectations first: a long title is what gets cut at 80 columns.
        head = Text(f"step {step.n}/{len(view.steps) - 1}", style="bold")
        if view.expectations:
            ok = sum(1 for good, _ in view.expectations if good)
            head.append(
                f" · expectations {ok}/{len(view.expectations)}",
                style="green" if ok == len(view.expectations) else "bold red",
            )
        head.append(f" · {view.title}")
        head.no_wrap, head.overflow = True, "ellipsis"
        self.query_one("#replay-head", Static).update(head)
        lines: list[tuple[Text, str | None]] = [(Text(step.action, style="bold"), None)]
        decided = [i for i in step.deciding if step.events[i].outcome or step.events[i].error]
        first_decided = None  # the line of the first event that changed the outcome: shown at the top
        for i, event in enumerate(step.events):
            style = (
                "bold magenta reverse"
                if event.engine_error
                else "bold red"
                if event.error
                else "bold blue"
                if event.asks
                else "yellow"
                if event.not_modelled
                else ""
            )
            if i in decided:
                first_decided = len(lines) if first_decided is None else first_decided
                text = Text("▶ " + event.text, style=style or "bold")  # it decided the outcome
            else:
                text = Text("• " + event.text, style=style)
            if event.policy:
                text.append(f"  [policy {event.policy}]", style="magenta")
            lines.append((text, None))
            for rule in event.rules:
                lines.append((Text("    → ") + self.citation(rule), rule))
        if not step.events:
            lines.append((Text("  (no events)", style="dim"), None))
        events = self.query_one("#replay-events", LinkList)
        events.show_lines(lines)
        events.border_title = f"Step {step.n} · events and cited rules"
        if first_decided is not None:  # what decided it, in view however many events came before
            if first_decided + 1 < len(lines) and lines[first_decided + 1][1]:
                events.highlighted = first_decided + 1  # its first cited rule: Enter opens it
            self.call_after_refresh(self._scroll_events_to, first_decided)
        self.query_one("#replay-state", Static).update(self.state_renderable(step))

    def _scroll_events_to(self, index: int) -> None:
        events = self.query_one("#replay-events", LinkList)
        events._update_lines()  # OptionList's own map of options to lines (Textual 8)
        line = events._index_to_line.get(index)
        if line is not None:
            events.scroll_to(y=line, animate=False, immediate=True)

    def on_resize(self, event) -> None:
        # Under 100 columns the steps go above the events, full width: a short list of steps
        # beside a tall, narrow events pane left most of the screen empty and the events cut.
        self.set_class(event.size.width < NARROW, "-narrow")

    def state_renderable(self, step: ea.StepView) -> Group:
        state = step.state
        parts: list = []
        for event in (e for e in step.events if e.engine_error):
            parts.append(Text("ENGINE ERROR — " + note_body(event.text), style="bold magenta reverse"))
        refused = [e for e in step.events if e.error]
        for event in refused:
            parts.append(Text("Refused: " + event.text, style="bold red"))
            for rule in event.rules:
                entry = self.library.get(rule) if self.library else None
                if entry is not None:
                    parts.append(Text(f"{entry.citation}: {entry.text}", style="red"))
        parts.append(Text(state.turn, style="bold"))
        for p in state.players:
            line = Text(f"{p['name']}", style="bold")
            if p["lost"]:
                line.append(" (lost)", style="red")
            if p["won"]:
                line.append(" (won)", style="green")
            line.append(
                f"  Vitae {p['vitae']} · Corruption {p['corruption']} · Wrath {p['wrath']}"
                f" · pool {p['pool']} · hand {len(p['hand'])}"
            )
            parts.append(line)
            for zone in ("hand", "shelter", "spoils", "pit", "void"):
                if p[zone]:
                    parts.append(Text(f"  {zone}: {', '.join(p[zone])}", style="dim"))
        parts.append(Text("Battlefield", style="bold underline"))
        parts += [Text("  " + b) for b in state.battlefield] or [Text("  (empty)", style="dim")]
        if state.combat:
            parts.append(Text("Combat", style="bold underline"))
            parts += [Text("  " + c) for c in state.combat]
        parts.append(Text("Stack (top first)", style="bold underline"))
        parts += [Text("  " + s) for s in state.stack] or [Text("  (empty)", style="dim")]
        if state.pending:
            parts.append(Text("Waiting", style="bold underline"))
            parts += [Text("  " + w, style="yellow") for w in state.pending]
        if self.current == len(self.replay.steps) - 1 and self.replay.expectations:
            parts.append(Text("Expectations", style="bold underline"))
            for good, text in self.replay.expectations:
                parts.append(Text(("  ✓ " if good else "  ✗ ") + text, style="green" if good else "red"))
        return Group(*parts)

    @on(LinkList.Followed, "#replay-events")
    def _open_rule(self, event: LinkList.Followed) -> None:
        self.post_message(messages.ShowEntry(event.target))

    @guarded
    def action_cite(self) -> None:
        if self.view is None:
            self.app.notify("No replay loaded (Ctrl+L)", severity="warning")
            return
        step = self.view.steps[self.current]
        self.post_message(
            messages.CiteStep(
                StepItem(
                    self.view.title,
                    step.n,
                    step.action,
                    tuple((e.text, tuple(e.rules)) for e in step.events),
                    step.deciding,
                )
            )
        )


NARROW = 100  # columns under which the steps stand above the events (replay.tcss, .-narrow)


# -- what the replay does not rule on, in `judge replay`'s words ---------------------------------
ENGINE_ERROR = "Engine error {where}: {what}"


def step_mark(step: ea.StepView) -> tuple[str, str]:
    """The mark a step's row carries and its colour: the gravest thing in it first."""
    if step.engine_error:
        return "!", "magenta"
    if step.refused:
        return "✗", "red"
    if step.asks:
        return "?", "blue"
    if step.not_modelled:
        return "~", "yellow"
    return "", ""


def edition_note(library, view: ea.ReplayView) -> tuple[str, bool] | None:
    """(what the replay says of the edition read, whether a cited rule reads otherwise there) —
    None while the rules are not loaded or the edition read is the one the engine plays."""
    if library is None:
        return None
    from judge.editions.engine_rules import compare_cited

    report = compare_cited(library.corpus, [r for step in view.steps for e in step.events for r in e.rules])
    return (report.sentence(), bool(report.changes)) if report is not None else None


def notice_lines(view: ea.ReplayView, edition: tuple[str, bool] | None = None) -> list[Text]:
    """The panel under the header, the same at every step: empty when the replay rules on everything
    (and plays the edition of the rules read)."""
    lines: list[Text] = []
    if edition is not None:
        text, differs = edition
        lines.append(Text(text, style="bold yellow" if differs else "dim"))
    for n, what in view.engine_errors:
        where = "while setting the board up" if n == 0 else f"at step {n}"
        lines.append(Text(ENGINE_ERROR.format(where=where, what=what), style="bold magenta"))
    if view.not_modelled:
        lines.append(Text(not_modelled_head(len(view.not_modelled)), style="bold yellow"))
        for note in view.not_modelled:
            lines.append(Text(f"  {note_place(note.step)}: ", style="yellow") + Text(note.text))
    return lines + stop_lines(view)


def stop_lines(view: ea.ReplayView) -> list[Text]:
    """Where the replay stops and the question it waits on: who must choose, what, how to answer."""
    lines: list[Text] = []
    if view.stopped_at is not None:
        lines.append(Text(STOPPED.format(n=view.stopped_at), style="bold blue"))
    if view.waiting:
        lines.append(Text(view.waiting[0].upper() + view.waiting[1:], style="bold blue"))
    return lines
