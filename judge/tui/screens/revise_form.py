"""The dialog that corrects a saved ruling from the TUI: amend, overturn or withdraw it.

As `judge ruling amend|overturn|withdraw N`: which fields a kind takes and what it needs are the
kinds table's (judge.rulings.revisions.KINDS); the store appends the revision in one transaction
and refuses it whole, naming the ruling (RevisionRefused). A refusal is said in the form, which
stays open with what was typed; nothing is written.
"""

from __future__ import annotations

import re

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from judge.rulings.revise import revise
from judge.rulings.revisions import Kind
from judge.rulings.store import RulingsError, RulingStore, SavedRuling

# How the form names what a revision takes, in a refusal (the CLI names its options).
OPTIONS = {"reason": "the Reason field", "judge": "the Judge field", "answer": "the Ruling field"}
_CITE_SEPARATORS = re.compile(r"[\s,;]+")


class ReviseForm(ModalScreen[SavedRuling | None]):
    """Dismissed with the ruling as it now stands once the revision is written; None if cancelled."""

    CSS_PATH = "revise_form.tcss"  # beside this file
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, store: RulingStore, ruling: SavedRuling, kind: Kind, corpus=None) -> None:
        """`corpus`: where changed citations are resolved, as `judge ruling save` resolves them."""
        super().__init__()
        self.store, self.ruling, self.kind, self.corpus = store, ruling, kind, corpus

    def fields(self) -> list[tuple[str, str, str]]:
        """(name, label, pre-filled value): what this kind takes, the ruling as it stands filled in."""
        r = self.ruling
        judge = "Judge*" if self.kind.needs_judge else "Judge"
        out = [("reason", "Reason*", ""), ("judge", judge, "")]
        if self.kind.new_text:
            out += [
                ("answer", "Ruling", r.answer),
                ("question", "Question", r.question),
                ("cites", "Cites", " ".join(r.cites)),
            ]
        return out

    def compose(self) -> ComposeResult:
        with Vertical(id="revise-box"):
            yield Static(f"{self.ruling.citation}", id="revise-ruling", markup=False)
            with Grid(id="revise-fields"):
                for name, label, value in self.fields():
                    yield Label(label)
                    yield Input(value, id=f"revise-{name}", compact=True)
            yield Static("", id="revise-problem", markup=False)
            with Horizontal(id="revise-buttons"):
                yield Button(self.kind.command.capitalize(), id="revise-do", variant="primary", compact=True)
                yield Button("Cancel", id="revise-cancel", compact=True)

    def on_mount(self) -> None:
        box = self.query_one("#revise-box")  # apart: ruff format is not stable on the chained assignment
        box.border_title = (
            f"{self.kind.command.capitalize()} ruling #{self.ruling.number} · * must be filled in · Esc cancels"
        )
        self.query_one("#revise-reason", Input).focus()

    def _value(self, name: str) -> str:
        return self.query_one(f"#revise-{name}", Input).value

    @on(Input.Submitted)
    def _enter(self, _event) -> None:
        self.submit()

    @on(Button.Pressed, "#revise-do")
    def _do(self, _event) -> None:
        self.submit()

    @on(Button.Pressed, "#revise-cancel")
    def _cancel(self, _event) -> None:
        self.dismiss(None)

    def submit(self) -> None:
        answer = question = None
        cites: list[str] | None = None
        if self.kind.new_text:
            answer, question = self._value("answer").strip(), self._value("question").strip()
            wanted = [c for c in _CITE_SEPARATORS.split(self._value("cites")) if c]
            if wanted != list(self.ruling.cites):  # unchanged citations are kept as stored
                try:
                    cites = self._resolved(wanted)
                except ValueError as exc:
                    self.refuse(f"Citations: {exc}. Nothing was written.")
                    return
        try:
            revised = revise(
                self.store,
                self.ruling.number,
                self.kind.command,
                self._value("reason"),
                self._value("judge"),
                answer,
                question,
                cites,
                options=OPTIONS,
            )
        except RulingsError as exc:
            text = str(exc)
            self.refuse(f"{text[0].upper()}{text[1:]}.")
            return
        self.dismiss(revised)

    def _resolved(self, wanted: list[str]) -> list[str]:
        """The citations as they are stored (an unknown one: ValueError with the nearest ids)."""
        if not wanted:
            return []
        if self.corpus is None:
            raise ValueError("the rules are still loading; leave the citations as they were or wait")
        from judge.rulings.citing import stored_id
        from judge.sheet.build import UnknownEntries, resolve_all

        try:
            return [stored_id(w.entry, w.corpus or self.corpus) for w in resolve_all(self.corpus, wanted)]
        except UnknownEntries as exc:
            raise ValueError(str(exc)) from None

    def refuse(self, why: str) -> None:
        self.query_one("#revise-problem", Static).update(why)

    def action_cancel(self) -> None:
        self.dismiss(None)
