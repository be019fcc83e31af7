"""Text primitives for the Shadowfist OmniFAQ: tokens with offsets, the FAQ's sort key,
resource icons, sentence and ruling-unit splitting, lost-word detection.

The vocabulary these use (set abbreviations, sentence starters, icon spellings…) is data, in
rulings/shadowfist/omnifaq-parsing.yaml, read once through `vocabulary()`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import yaml

from judge import paths
from judge.corpus.slug import ascii_fold

VOCABULARY_FILE = "rulings/shadowfist/omnifaq-parsing.yaml"
DATE_STAMP = re.compile(r"\((\d{4}-\d\d-\d\d)\)")
ICON = re.compile(r"\[([A-Za-z]{2,5})\]")
_WORD = re.compile(r"\S+")


@dataclass(frozen=True)
class Vocabulary:
    anchors: dict
    sets: frozenset
    connectors: frozenset
    mention_breaks: frozenset
    abbreviations: frozenset
    starters: frozenset
    ruling_openers: tuple
    lost_word: tuple  # compiled patterns
    icon_keys: dict  # any spelling (lower-case) -> key
    icon_words: dict  # key -> word
    joins: Joins


@dataclass(frozen=True)
class Joins:
    """When a sentence depends on the one before it (see ruling_joins in the vocabulary file)."""

    self_contained_length: int
    openers: frozenset
    phrases: tuple
    example_phrases: tuple
    answer_words: frozenset
    ellipsis_endings: frozenset


@lru_cache(maxsize=1)
def vocabulary() -> Vocabulary:
    raw = yaml.safe_load((paths.data_root() / VOCABULARY_FILE).read_text(encoding="utf-8"))
    icon_keys = {}
    icon_words = {}
    for key, spec in raw["icons"].items():
        icon_words[key] = spec["word"]
        for spelling in spec["spellings"]:
            icon_keys[spelling.lower()] = key
    return Vocabulary(
        anchors=dict(raw["anchors"]),
        sets=frozenset(str(s) for s in raw["sets"]),
        connectors=frozenset(raw["connectors"].split()),
        mention_breaks=frozenset(raw["mention_breaks"].split()),
        abbreviations=frozenset(raw["abbreviations"].split()),
        starters=frozenset(raw["sentence_starters"].split()),
        ruling_openers=tuple(re.compile(p) for p in raw["ruling_openers"]),
        lost_word=tuple(re.compile(p) for p in raw["lost_word_patterns"]),
        icon_keys=icon_keys,
        icon_words=icon_words,
        joins=Joins(
            self_contained_length=int(raw["ruling_joins"]["self_contained_length"]),
            openers=frozenset(raw["ruling_joins"]["dependent_openers"].split()),
            phrases=tuple(raw["ruling_joins"]["dependent_phrases"]),
            example_phrases=tuple(raw["ruling_joins"]["example_phrases"]),
            answer_words=frozenset(raw["ruling_joins"]["answer_words"].split()),
            ellipsis_endings=frozenset(raw["ruling_joins"]["ellipsis_endings"].split()),
        ),
    )


# -- tokens ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Token:
    word: str
    start: int
    end: int


def tokenize(text: str, start: int = 0, end: int | None = None) -> list[Token]:
    """Space-separated tokens of text[start:end], with absolute character offsets."""
    end = len(text) if end is None else end
    return [Token(m.group(), m.start(), m.end()) for m in _WORD.finditer(text, start, end)]


def bare(word: str) -> str:
    """A token without surrounding punctuation: '"Yes,' -> 'Yes'."""
    return word.strip("\"'()[],.;:!?")


# -- the FAQ's alphabetical order -----------------------------------------------------------
def sort_key(name: str) -> str:
    """Ignore a leading "The", case and punctuation other than spaces; spaces are significant."""
    folded = ascii_fold(name).strip()
    if folded.lower().startswith("the ") and len(folded) > 4:
        folded = folded[4:]
    folded = re.sub(r"[^A-Za-z0-9 ]", "", folded.lower())
    return re.sub(r" +", " ", folded).strip()


# -- icons ----------------------------------------------------------------------------------
def normalize_icons(text: str) -> str:
    """[Tec], [Tech], [TEC] -> [tec]; brackets that are not icons are left alone."""
    keys = vocabulary().icon_keys

    def repl(m: re.Match) -> str:
        key = keys.get(m.group(1).lower())
        return f"[{key}]" if key else m.group()

    return ICON.sub(repl, text)


def icon_words(text: str) -> list[str]:
    """The words for the icons in (normalised) text, e.g. ["tech", "magic"], once each."""
    vocab = vocabulary()
    words: list[str] = []
    for m in ICON.finditer(text):
        key = vocab.icon_keys.get(m.group(1).lower())
        if key and vocab.icon_words[key] not in words:
            words.append(vocab.icon_words[key])
    return words


# -- sentences and ruling units -------------------------------------------------------------
def sentence_spans(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Split text[start:end] into sentences (absolute offsets).

    A sentence ends at . ! or ? (plus closing quotes/brackets) before a space, outside
    parentheses and quotes, and not on an abbreviation such as "Dr." or "vs.". A date stamp
    "(2007-07-02)" is a sentence of its own so that it can be attached to the ruling before it.
    """
    abbreviations = vocabulary().abbreviations
    spans: list[tuple[int, int]] = []
    tokens = tokenize(text, start, end)
    depth = 0
    quoted = False
    sentence_start: int | None = None
    for i, tok in enumerate(tokens):
        if sentence_start is None:
            sentence_start = tok.start
        if DATE_STAMP.fullmatch(tok.word) and depth == 0:
            if tok.start != sentence_start:
                spans.append((sentence_start, tokens[i - 1].end))
            spans.append((tok.start, tok.end))
            sentence_start = None
            continue
        depth = max(0, depth + tok.word.count("(") - tok.word.count(")"))
        if tok.word.count('"') % 2:
            quoted = not quoted
        last = i == len(tokens) - 1
        ends = re.search(r"[.!?][\"')\]]*$", tok.word) and tok.word not in abbreviations
        if ends and (depth or quoted) and not _closes_soon(text, tok.end, end, depth, quoted):
            depth, quoted = 0, False  # an unbalanced "(" or '"' in the source: stop protecting
        # "…(why? we don't know. But she is.) and the Student's…": a lower-case word goes on.
        if ends and not last and tokens[i + 1].word[0].islower():
            ends = None
        if last or (ends and depth == 0 and not quoted):
            spans.append((sentence_start, tok.end))
            sentence_start = None
    if sentence_start is not None and tokens:
        spans.append((sentence_start, tokens[-1].end))
    return spans


def _closes_soon(text: str, pos: int, end: int, depth: int, quoted: bool, reach: int = 300) -> bool:
    """Whether the open parenthesis / quotation at pos closes within `reach` characters."""
    for ch in text[pos : min(end, pos + reach)]:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == '"':
            quoted = not quoted
        if depth <= 0 and not quoted:
            return True
    return False


@dataclass
class RulingUnit:
    start: int
    end: int
    dates: list[str]


def ruling_units(text: str, start: int, end: int) -> list[RulingUnit]:
    """Sentences grouped into rulings: a sentence plus any following parenthetical; a date
    stamp belongs to the ruling it follows."""
    units: list[RulingUnit] = []
    for s, e in sentence_spans(text, start, end):
        piece = text[s:e]
        stamp = DATE_STAMP.fullmatch(piece)
        if stamp and units:
            units[-1].dates.append(stamp.group(1))
            continue
        if piece.startswith("(") and units and not stamp:
            units[-1].end = e
            continue
        units.append(RulingUnit(s, e, [stamp.group(1)] if stamp else []))
    return units


def lost_word(sentence: str) -> bool:
    """True when flattening visibly dropped a designator, icon or word from the sentence."""
    return any(p.search(sentence) for p in vocabulary().lost_word)


# -- rulings: sentences that stand alone, with those that depend on them -----------------------
@dataclass
class Ruling:
    """One ruling: a sentence that stands alone and the sentences after it that depend on it.
    `numbers` are the sentences' 1-based places among the entry's sentence units (the ids the
    rulings had when each sentence was one: they name the ruling and map old ids to it)."""

    units: list[RulingUnit]
    numbers: list[int]

    @property
    def start(self) -> int:
        return self.units[0].start

    @property
    def end(self) -> int:
        return self.units[-1].end

    @property
    def dates(self) -> list[str]:
        return [d for u in self.units for d in u.dates]


LIST_ITEM = "is an item of the list before"


def dependence(sentence: str, in_list: bool = False) -> str:
    """Why `sentence` cannot stand without the sentence before it ('' when it can). `in_list`:
    the sentence before opened a list (it holds a colon) or was an item of one."""
    joins = vocabulary().joins
    words = sentence.split()
    if not words:
        return ""
    first = words[0].lstrip("\"'(")
    word = bare(first)
    if word in joins.openers and (first == word or first[len(word) :][:1] in ",'"):
        return "opens with a word that points back"
    if word in joins.answer_words and first[len(word) :][:1] in (",", "."):
        return "answers the sentence before"
    if _opens_with(sentence, joins.phrases):
        return "opens with a phrase that points back"
    last = words[-1]
    if last.endswith(".") and last[:-1] in joins.ellipsis_endings:
        return "leaves its verb to the sentence before"
    if in_list and _gerund(first):
        return LIST_ITEM
    if len(sentence) < joins.self_contained_length:
        return "too short to stand alone"
    return ""


def _opens_with(sentence: str, phrases) -> bool:
    return any(sentence.startswith(p) and not sentence[len(p) :][:1].isalnum() for p in phrases)


def _gerund(word: str) -> bool:
    """A capitalised -ing word opening a sentence ("Healing", "Re-triggering"), not one of the
    sentence starters that merely end so ("Nothing", "During")."""
    word = bare(word)
    return (
        len(word) > 5
        and word[0].isupper()
        and word.endswith("ing")
        and word[1:].replace("-", "").islower()
        and word not in vocabulary().starters
    )


def named_cards(sentence: str) -> set[str]:
    """The capitalised words of the cards a sentence names as "Name (SET)" ("Kung", "Fu",
    "Student" from "a Kung Fu Student (FP)"): what a worked example refers back to."""
    vocab = vocabulary()
    names: set[str] = set()
    tokens = sentence.split()
    for k, tok in enumerate(tokens):
        if not (tok.startswith("(") and bare(tok) in vocab.sets):
            continue
        j = k - 1
        while j >= 0 and (tokens[j][:1].isupper() or tokens[j] in vocab.connectors):
            word = bare(tokens[j])
            if word[:1].isupper() and word not in vocab.starters and len(word) > 2:
                names.add(word)
            j -= 1
    return names


def group_rulings(text: str, units: list[RulingUnit]) -> list[Ruling]:
    """The sentence units of one card or topic grouped into rulings: a sentence that depends on
    the one before (`dependence`), or that goes on with a worked example, stays with it. The
    first sentence's antecedent is the card or topic itself; when it is too short to be cited
    alone it goes with the sentence after it."""
    joins = vocabulary().joins
    rulings: list[Ruling] = []
    example: set[str] | None = None  # the cards a worked example in the ruling names so far
    in_list = False
    for n, unit in enumerate(units, 1):
        sentence = text[unit.start : unit.end]
        why = dependence(sentence, in_list)
        if not why and example and example & set(bare(w) for w in sentence.split()):
            why = "goes on with the example"
        if rulings and why:
            rulings[-1].units.append(unit)
            rulings[-1].numbers.append(n)
        else:
            rulings.append(Ruling([unit], [n]))
            example = None
        in_list = ":" in sentence or why == LIST_ITEM
        if _opens_with(sentence, joins.example_phrases):
            example = set()
        if example is not None:
            example |= named_cards(sentence)
    if len(rulings) > 1:
        first = rulings[0]
        if len(" ".join(text[u.start : u.end] for u in first.units)) < joins.self_contained_length:
            rulings[1] = Ruling(first.units + rulings[1].units, first.numbers + rulings[1].numbers)
            del rulings[0]
    return rulings
