"""Steps that need the whole corpus, run after every document is parsed.

Each document's own references are resolved by its parser; the modules listed here add what
crosses documents or comes from data beside them (e.g. No Dawn card files become entries and
link to the rules that name them). Each exposes `link(corpus)`; one not written yet is skipped.
"""

from __future__ import annotations

import importlib

from judge.corpus.model import Corpus, Problem

LINKERS = ("judge.corpus.nodawn.cards",)


def link_all(corpus: Corpus) -> None:
    for name in LINKERS:
        try:
            module = importlib.import_module(name)
            module.link(corpus)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                _report(corpus, name, exc)
        except Exception as exc:  # a broken linker must not take the documents down with it
            _report(corpus, name, exc)


def _report(corpus: Corpus, name: str, exc: Exception) -> None:
    corpus.problems.append(Problem("", "linker-error", f"{name}: {exc.__class__.__name__}: {exc}"))
