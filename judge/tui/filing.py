"""Filing the basket's ruling: a sheet written in any format, the ruling log, the printer.

No UI here: the TUI asks for the particulars once (judge.tui.screens.ruling_form) and calls
these. Sheets go through judge.sheet's public functions, the log through judge.rulings.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from judge.corpus.model import Corpus
from judge.tui.basket import Basket

# what the judge can do with the ruling, as the form's buttons and the palette name them
EXPORT, SAVE, PRINT = "export", "save", "print"
ACTIONS = (EXPORT, SAVE, PRINT)
FILE_FORMATS = ("markdown", "html", "text")  # what a sheet file can be (terminal is the screen)


class FilingError(Exception):
    """The ruling could not be filed; the message says what and where."""


@dataclass(frozen=True)
class Particulars:
    """What the ruling sheet and the ruling log record; kept for the session."""

    question: str = ""
    ruling: str = ""
    event: str = ""
    table: str = ""
    judge: str = ""

    def cleaned(self) -> Particulars:
        return replace(
            self, **{k: " ".join(str(v).split()) if k != "ruling" else str(v).strip() for k, v in self.__dict__.items()}
        )


def build(corpus: Corpus, basket: Basket, particulars: Particulars):
    """The basket as one ruling sheet (judge.sheet), refused when it cites what the rules lack."""
    from judge.sheet import UnknownEntries, build_sheet, steps_log

    if not len(basket):
        raise FilingError("the basket is empty: Ctrl+B cites the entry or step you are looking at")
    p = particulars.cleaned()
    try:
        return build_sheet(
            corpus,
            basket.cited_ids(),
            replay=steps_log(basket.steps),
            question=p.question,
            ruling=p.ruling,
            event=p.event,
            table=p.table,
            judge=p.judge,
        )
    except UnknownEntries as exc:
        raise FilingError(f"the basket cites what the loaded rules do not hold: {exc}") from None


def default_path(fmt: str) -> Path:
    from judge.sheet import formats, output

    return output.default_path(formats.EXTENSION[fmt])


def export(corpus: Corpus, basket: Basket, particulars: Particulars, fmt: str, path: str | Path) -> Path:
    """Write the sheet to `path` whole, or nothing (a clear FilingError)."""
    from judge import files
    from judge.sheet import formats, output

    if fmt not in FILE_FORMATS:
        raise FilingError(f"unknown sheet format {fmt!r}: {', '.join(FILE_FORMATS)}")
    target = Path(str(path).strip()).expanduser()
    if not str(path).strip():
        raise FilingError("no file name given")
    if target.is_dir():
        raise FilingError(f"cannot write {target}: it is a folder; no sheet was written")
    text = formats.render([build(corpus, basket, particulars)], fmt)
    try:
        return output.write_file(target, text)
    except files.WriteError as exc:  # it names the file and says why; nothing was left
        raise FilingError(f"{exc}; no sheet was written") from None
    except OSError as exc:
        raise FilingError(f"cannot write {target}: {exc.strerror or exc}; no sheet was written") from None


def save(basket: Basket, particulars: Particulars, store=None):
    """Add the ruling to the ruling log (judge.rulings); returns the saved ruling."""
    from judge.rulings.store import RulingsError, RulingStore

    p = particulars.cleaned()
    if not p.ruling:
        raise FilingError("write the ruling first: the ruling log keeps what you ruled")
    store = store or RulingStore()
    try:
        return store.save(
            p.ruling, question=p.question, cites=basket.cited_ids(), event=p.event, table=p.table, judge=p.judge
        )
    except RulingsError as exc:
        raise FilingError(f"not saved: {exc}") from None


def send_to_printer(corpus: Corpus, basket: Basket, particulars: Particulars, printer: str | None = None):
    """Queue the sheet as plain text with lp; returns judge.sheet.output's PrintResult."""
    from judge.sheet import formats, output

    sheet = build(corpus, basket, particulars)
    return output.send_to_printer(formats.render([sheet], "text"), title=sheet.heading, printer=printer)
