"""Resolve what a judge typed — an id, a printed number, `704.5.`, a range `116.2b–c` — to the
entry (or, for a range, the entries) it names.

Used by `judge show`, ruling sheets and the TUI. A name typed whole (`overrun`, `charmed life`)
opens the entry of that name. When nothing matches, it offers the nearest existing numbers of the
same rule (704.5l → 704.5k, 704.5m; 704.5z → the last sub-rules of 704.5) or ids, and says why.

Beside it, judge.lookup.reading: which edition an entry is read in, and how commands say so.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field

from judge.corpus import ranges
from judge.corpus.documents import DOCUMENTS, normalize_game
from judge.corpus.model import Corpus, Entry
from judge.corpus.slug import normalize_name

_NUMBER = re.compile(r"^(\d{1,3}(?:\.\d+[a-z]?)?)(\.?)$")


@dataclass
class Lookup:
    entry: Entry | None
    alone: bool = False  # "704.5." asks for the rule without its sub-rules
    suggestions: list[Entry] = field(default_factory=list)
    # Why the suggestions are what they are ("No Dawn CR has no rule 999; its last rules are …"),
    # or, for a name several entries carry, the others that carry it.
    note: str = ""
    also: list[Entry] = field(default_factory=list)
    # The corpus the entry is in: the main one, or one edition's (an id `nd@2026-11:704.5j`).
    corpus: Corpus | None = None
    edition: object | None = None  # judge.editions.store.Edition, for an `@` id
    # A range (`116.2b–c`) names every entry from one end to the other; `entry` is the first.
    members: list[Entry] = field(default_factory=list)


# Entries that are named things a judge types whole, best first: a glossary term before the
# topic, card or rule that shares its name.
NAMED_KINDS = ("glossary", "term", "topic", "subtopic", "card", "errata", "rule", "subsection")
NEIGHBOURS = 2  # numbers offered on each side of a missing one


def _docs_for(game: str | None) -> list[str]:
    g = normalize_game(game)
    return [d.key for d in DOCUMENTS if g is None or d.game == g]


def resolve(corpus: Corpus, wanted: str, game: str | None = None) -> Lookup:
    """An id or a document-prefixed number resolves whatever the game; a bare number, path or
    name is looked for in the game's documents. `nd@NAME:…` looks in that edition of the
    document (UnknownEdition, naming the editions, when it has none of that name or date)."""
    from judge.editions import ids  # deferred: start-up

    named = ids.split(wanted)
    if named is not None and named[0] in corpus.documents:
        return _in_edition(corpus, *named)
    found = _resolve(corpus, wanted, game)
    found.corpus = corpus
    return found


def _in_edition(corpus: Corpus, doc: str, name: str, rest: str) -> Lookup:
    from judge import editions  # deferred: start-up

    edition = editions.find(doc, name)
    target = corpus if corpus.editions.get(doc) == edition else editions.corpus_for(doc, edition.name)
    found = _resolve(target, f"{doc}:{rest}", None)
    found.corpus, found.edition = target, edition
    return found


def _resolve(corpus: Corpus, wanted: str, game: str | None) -> Lookup:
    wanted = wanted.strip().replace("\u2013", "-")
    docs = _docs_for(game)
    if wanted in corpus.entries:
        return Lookup(corpus.entries[wanted])
    if wanted in corpus.former_ids:  # an id of an earlier cut (a saved ruling's, a board's)
        holder = corpus.former_ids[wanted]
        return Lookup(corpus.entries[holder], note=f"{wanted} is now part of {holder}")
    # Ids and document keys are lower case: "ND:704.5j", "nd:glossary/Overrun" are typed so
    # from a printed citation, and mean the same entry.
    if wanted.lower() in corpus.entries:
        return Lookup(corpus.entries[wanted.lower()])
    # "704.5j" or "nd:704.5." — a printed number, optionally with its document prefix
    prefix, _, rest = wanted.rpartition(":")
    if prefix.lower() in corpus.documents:
        prefix = prefix.lower()
    if prefix and prefix in corpus.documents:
        docs, wanted_number = [prefix], rest
    else:
        wanted_number = wanted
    if wanted_number != wanted_number.lower() and (
        _NUMBER.match(wanted_number.lower()) or ranges.parse(wanted_number.lower())
    ):
        wanted_number = wanted_number.lower()  # 704.5J is the 704.5j the document prints
    ends = ranges.parse(wanted_number)
    if ends:
        if prefix and prefix in corpus.documents:
            return _range(corpus, *ends, docs)
        found = _range(corpus, *ends, docs)
        if found.entry is None and not found.suggestions:
            # A range only another game's document numbers so names its entries whatever the
            # game filter says, as a single number does.
            outside = _range(corpus, *ends, [d for d in _docs_for(None) if d not in docs])
            if outside.entry is not None:
                outside.note = f"from {_title(corpus, outside.entry.doc)}, outside the game filter"
            if outside.entry is not None or outside.suggestions:
                return outside
        return found
    m = _NUMBER.match(wanted_number)
    if m:
        number, alone = m.group(1), bool(m.group(2))
        for doc in docs:
            entry = corpus.by_number(doc, number)
            if entry:
                return Lookup(entry, alone=alone)
        if not (prefix and prefix in corpus.documents):
            # A number only one document has names its entry whatever the game filter says.
            elsewhere = [e for e in (corpus.by_number(d, number) for d in _docs_for(None)) if e]
            if len(elsewhere) == 1:
                entry = elsewhere[0]
                return Lookup(entry, alone=alone, note=f"from {_title(corpus, entry.doc)}, outside the game filter")
        return _missing_number(corpus, number, docs)
    # "glossary/overrun" without its document prefix
    for doc in docs:
        entry = corpus.get(f"{doc}:{wanted}")
        if entry:
            return Lookup(entry)
    named = entries_named(corpus, wanted, docs)
    if named:
        return Lookup(named[0], also=named[1:])
    bridged = _bridged_names(corpus, wanted, docs)
    if bridged:
        entry, other = bridged[0]
        return Lookup(
            entry,
            also=[e for e, _ in bridged[1:]],
            note=f"{wanted.strip()!r} is another game's word: {_title(corpus, entry.doc)} calls it {other}",
        )
    numbered = _missing_paragraph(corpus, wanted)
    if numbered is not None:
        return numbered
    return Lookup(None, suggestions=nearest_ids(corpus, wanted, docs))


def _range(corpus: Corpus, start: str, end: str, docs: list[str]) -> Lookup:
    """Every entry from `start` to `end` in the first document (of `docs`, the game's first) that
    has the start. Refused, with the reason, when it has no run between them: an end missing,
    ends of two levels (a rule and a sub-rule), or ends given backwards."""
    doc = next((d for d in docs if corpus.by_number(d, start)), None)
    if doc is None:
        return _missing_number(corpus, start, docs)
    first, last = corpus.by_number(doc, start), corpus.by_number(doc, end)
    assert first is not None, "doc is the first document that has the start"
    if last is None:
        return _missing_number(corpus, end, [doc])
    title = _title(corpus, doc)
    if first.kind != last.kind:
        return Lookup(
            None,
            suggestions=[first, last],
            note=f"a range runs between numbers of one level; in {title} {start} is a {first.kind}, "
            f"{end} a {last.kind}",
        )
    if ranges.number_key(start) > ranges.number_key(end):
        return Lookup(None, suggestions=[last, first], note=f"the range {start}–{end} runs backwards")
    return Lookup(first, members=ranges.expand(corpus, doc, start, end))


def entries_named(corpus: Corpus, name: str, docs: list[str]) -> list[Entry]:
    """The entries whose title is `name` typed whole (case, punctuation, a leading "The" and the
    "Theronite / Beast-blood" alternatives don't count), the kinds of NAMED_KINDS in that order."""
    key = normalize_name(name)
    if not key:
        return []
    found = []
    for entry in corpus.entries.values():
        if (
            entry.doc in docs
            and entry.kind in NAMED_KINDS
            and entry.title
            and any(normalize_name(part.split(" (")[0]) == key for part in entry.title.split(" / "))
        ):
            found.append(entry)
    return sorted(found, key=lambda e: NAMED_KINDS.index(e.kind))


def _bridged_names(corpus: Corpus, name: str, docs: list[str]) -> list[tuple[Entry, str]]:
    """The entries named by what the vocabulary bridge translates `name` into — `trample` is
    Overrun in No Dawn — as search bridges it (judge.search.synonyms), each with the name it
    goes by. Read only when nothing is named so: the bridge's files are not read for a hit."""
    from judge.search.analysis import analyze  # deferred: start-up
    from judge.search.synonyms import bridges, load_groups  # deferred: start-up

    terms = analyze(name)
    if not terms or len(terms) > 4:
        return []
    games = sorted({corpus.game_of(d) for d in docs})
    found: list[tuple[Entry, str]] = []
    for bridge in bridges(terms, load_groups(corpus), games):
        if tuple(terms) != bridge.trigger:  # the whole name translated, not a word of it
            continue
        for entry in _titled(corpus, docs):
            if tuple(analyze(entry.title.split(" (")[0])) == bridge.phrase and entry not in (e for e, _ in found):
                found.append((entry, entry.title))
    return sorted(found, key=lambda pair: NAMED_KINDS.index(pair[0].kind))


def _titled(corpus: Corpus, docs: list[str]):
    return (e for e in corpus.entries.values() if e.doc in docs and e.kind in NAMED_KINDS and e.title)


def _has_shape(corpus: Corpus, doc: str, number: str) -> bool:
    shape = ranges.number_shape(number)
    return any(ranges.number_shape(n) == shape for n in corpus.numbers(doc))


def _parent_number(number: str) -> str:
    """704.5z -> 704.5; 704.5 -> 704; 704 -> "" (a top-level number)."""
    parts = ranges.number_parts(number)
    if len(parts) == 1:
        return ""
    last = parts[-1]
    return number[: len(number) - len(last)].rstrip(".")


def _missing_number(corpus: Corpus, number: str, docs: list[str]) -> Lookup:
    """The numbers beside a missing one, in the same rule first: 704.5z -> the last sub-rules of
    704.5; 704.9b with no 704.9 -> the neighbours of 704.9; 999 -> the document's last rules.
    Never a number of another shape (a different document's scheme)."""
    suggestions: list[Entry] = []
    notes: list[str] = []
    for doc in docs:
        if not _has_shape(corpus, doc, number):
            continue
        title = _title(corpus, doc)
        probe = number
        while True:
            parent = _parent_number(probe)
            siblings = sorted(
                (
                    n
                    for n in corpus.numbers(doc)
                    if ranges.number_shape(n) == ranges.number_shape(probe) and _parent_number(n) == parent
                ),
                key=ranges.number_key,
            )
            if siblings:
                break
            if not parent:
                break
            probe = parent
        if not siblings:
            continue
        keys = [ranges.number_key(n) for n in siblings]
        i = bisect.bisect_left(keys, ranges.number_key(probe))
        if i == len(siblings):  # past the end of the rule (or of the document)
            chosen = siblings[-NEIGHBOURS:]
            where = f"rule {parent}" if parent else "the document"
            notes.append(f"{title} has no rule {number}; {where} ends at {siblings[-1]}")
        else:
            chosen = siblings[max(0, i - 1) : i + 1]
            notes.append(f"{title} has no rule {number}")
        suggestions += [e for e in (corpus.by_number(doc, n) for n in chosen) if e]
    if not notes:
        notes.append(f"no document searched numbers its rules like {number}")
    return Lookup(None, suggestions=suggestions, note="; ".join(notes))


def _title(corpus: Corpus, doc: str) -> str:
    return corpus.documents[doc].title if doc in corpus.documents else doc


def _missing_paragraph(corpus: Corpus, wanted: str) -> Lookup | None:
    """ "lcg:attachment-cards/9" when the topic has five paragraphs: its last ones, said so."""
    head, _, tail = wanted.rpartition("/")
    parent = corpus.get(head) if tail.isdigit() else None
    if parent is None:
        return None
    numbered = [c for c in corpus.children(parent) if c.id.rpartition("/")[2].isdigit()]
    if not numbered:
        return Lookup(None, note=f"{parent.id} has no numbered paragraphs")
    numbered.sort(key=lambda c: int(c.id.rpartition("/")[2]))
    last = int(numbered[-1].id.rpartition("/")[2])
    below = [c for c in numbered if int(c.id.rpartition("/")[2]) < int(tail)]
    above = [c for c in numbered if int(c.id.rpartition("/")[2]) > int(tail)]
    if not above:
        return Lookup(
            None, suggestions=numbered[-NEIGHBOURS:], note=f"{parent.id} has no paragraph {tail}; it ends at /{last}"
        )
    return Lookup(None, suggestions=below[-1:] + above[:1], note=f"{parent.id} has no paragraph {tail}")


def nearest_ids(corpus: Corpus, wanted: str, docs: list[str], limit: int = 5) -> list[Entry]:
    candidates = [e.id for e in corpus.entries.values() if e.doc in docs]
    bare = {c.split(":", 1)[1]: c for c in candidates}
    import difflib  # here: only an id that is not there needs it

    names = difflib.get_close_matches(wanted.split(":", 1)[-1], list(bare), n=limit, cutoff=0.6)
    return [corpus.entries[bare[n]] for n in names]
