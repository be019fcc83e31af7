"""Finding the card entries in the flattened Card-By-Card section.

Headings lost their line breaks, so a card entry is "<Name> <rulings…>" run on from the
previous one. Candidate headings are proposed at sentence starts and scored by the signals the
text offers (a following `See <Topic>`, `ERRATA` or `PAP`; a name known from `Name (SET)`
mentions or the errata list; a following sentence-opening word; a repeated name…). The entries
are the heaviest chain of candidates whose names strictly increase in the FAQ's alphabetical
order — the order does most of the work of rejecting capitalised phrases inside rulings.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from judge.corpus.shadowfist.sections import ends_sentence
from judge.corpus.shadowfist.text import DATE_STAMP, Token, bare, sentence_spans, sort_key, tokenize, vocabulary

MAX_NAME_WORDS = 9
MARKERS = ("See", "ERRATA", "PAP")
# Signal weights; a tiny per-word bonus prefers the longer of two otherwise equal names.
WEIGHTS = {
    "see": 10,
    "errata": 10,
    "pap": 10,
    "lexicon": 6,
    "repeat": 4,
    "bang": 3,
    "weak": 3,
    "weak-": 2,
    "generic": 1,
    "gap": 0.5,
}
LENGTH_BONUS = 0.01
STRONG = ("see", "errata", "pap", "lexicon")


@dataclass
class Mention:
    """`Name (SET)` in running text."""

    name: str
    set: str
    start: int  # of the name
    end: int  # after the closing parenthesis


@dataclass
class SeeRef:
    kind: str  # "topic" | "card"
    target: str  # topic or card name as written
    start: int
    end: int
    set: str | None = None
    date: str | None = None


@dataclass
class Candidate:
    first: int  # token index
    count: int  # words in the name
    name: str
    key: str
    signal: str
    score: float
    pap: bool = False


@dataclass
class CardHeading:
    name: str
    start: int  # character offset of the name
    end: int  # end of the whole entry
    signal: str  # which signal chose it: see, errata, pap, lexicon, weak, repeat, bang, generic, gap
    pap: bool


# -- signals that need no card names --------------------------------------------------------
def _set_pattern() -> str:
    return "|".join(re.escape(s) for s in sorted(vocabulary().sets, key=len, reverse=True))


def harvest_mentions(text: str, start: int, end: int) -> list[Mention]:
    """Every `Name (SET)`: the capitalised run before a set abbreviation in parentheses."""
    vocab = vocabulary()
    mentions: list[Mention] = []
    for m in re.finditer(rf"(?<= )\(({_set_pattern()})\)", text[:end]):
        if m.start() < start:
            continue
        before = tokenize(text, max(start, m.start() - 120), m.start())
        words: list[Token] = []
        for tok in reversed(before):
            if len(words) == 6 or tok.word in MARKERS or ")" in tok.word:
                break
            if (
                words
                and (ends_sentence(tok.word) or tok.word.endswith((",", ";")))
                and tok.word not in vocab.abbreviations
            ):
                break
            if not (_capitalised(tok.word) or tok.word in vocab.connectors):
                break
            if tok.word.startswith("("):  # "(Positive Chi (LS), …": the name opens a parenthesis
                words.insert(0, Token(tok.word[1:], tok.start + 1, tok.end))
                break
            if tok.word in vocab.mention_breaks:
                break
            words.insert(0, tok)
        # Trim words that belong to the sentence rather than the name ("If", "of", "a").
        while words and (
            words[0].word in vocab.connectors or (words[0].word in vocab.starters and words[0].word != "The")
        ):
            words.pop(0)
        if words and not words[-1].word.endswith((".", ",", ":", ";")):
            name = text[words[0].start : words[-1].end]
            mentions.append(Mention(name, m.group(1), words[0].start, m.end()))
    return mentions


def _capitalised(word: str) -> bool:
    stripped = word.lstrip("\"'(")
    return bool(stripped) and (stripped[0].isupper() or stripped[0].isdigit() or stripped[0] == "$")


def _gerund_opening(word: str, after: str) -> bool:
    """ "Toasting the Character is…": a capitalised -ing word before a lower-case word opens a
    sentence as often as a closed-class word does."""
    return bool(re.fullmatch(r"[A-Z][a-z]+ing", word)) and bool(after) and after[0].islower()


def _name_like(word: str, connectors: frozenset) -> bool:
    return _capitalised(word) or word[0] in '$"' or word in connectors


class SeeParser:
    """`See <Topic> [(date)]` and `See <Card> (SET) for [more |other ]rulings.`"""

    def __init__(self, topic_names: list[str]):
        self.topics = sorted((name.split(" ") for name in topic_names), key=len, reverse=True)
        self.card_ref = re.compile(
            rf"See ((?:(?!See )\S+ ){{1,8}}?)\(({_set_pattern()})\) for (?:more |other )?rulings\."
        )

    def at(self, text: str, tokens: list[Token], k: int) -> tuple[int, SeeRef] | None:
        """Parse a See reference at token k: (index after it, the reference)."""
        if k >= len(tokens) or tokens[k].word != "See":
            return None
        m = self.card_ref.match(text, tokens[k].start)
        if m:
            j = k
            while j < len(tokens) and tokens[j].end < m.end():
                j += 1
            return j + 1, SeeRef("card", m.group(1).strip(), tokens[k].start, m.end(), set=m.group(2))
        for words in self.topics:
            span = tokens[k + 1 : k + 1 + len(words)]
            if [t.word for t in span] == words:
                j = k + 1 + len(words)
                ref = SeeRef("topic", " ".join(words), tokens[k].start, span[-1].end)
                stamp = DATE_STAMP.fullmatch(tokens[j].word) if j < len(tokens) else None
                if stamp:
                    ref.date = stamp.group(1)
                    j += 1
                return j, ref
        return None

    def chain(self, text: str, tokens: list[Token], k: int) -> tuple[int, list[SeeRef]]:
        refs: list[SeeRef] = []
        while (hit := self.at(text, tokens, k)) is not None:
            k, ref = hit
            refs.append(ref)
        return k, refs


# -- candidates -----------------------------------------------------------------------------
class _Segmenter:
    def __init__(self, text: str, start: int, end: int, topic_names: list[str], lexicon: set[str]):
        self.text = text
        self.tokens = tokenize(text, start, end)
        self.see = SeeParser(topic_names)
        self.lexicon = lexicon
        self.vocab = vocabulary()
        self.starts = self._candidate_starts()

    def _candidate_starts(self) -> list[int]:
        tokens = self.tokens
        starts = {0}
        for i in range(1, len(tokens)):
            word = tokens[i - 1].word
            if (ends_sentence(word) and word not in self.vocab.abbreviations) or bare(word) == "rulings":
                starts.add(i)
            if tokens[i].word == "See":
                after, refs = self.see.chain(self.text, tokens, i)
                if refs:
                    starts.add(after)
        return sorted(s for s in starts if s < len(tokens))

    def _names_at(self, i: int):
        tokens = self.tokens
        connectors = self.vocab.connectors
        for count in range(1, MAX_NAME_WORDS + 1):
            if i + count > len(tokens):
                return
            last = tokens[i + count - 1].word
            if last in MARKERS or not _name_like(last, connectors):
                return
            if count > 1:
                prev = tokens[i + count - 2].word
                if re.search(r"[.!?:;][\"')]*$", prev) and prev not in self.vocab.abbreviations:
                    return
            quoted_title = tokens[i].word.startswith('"') and re.search(r'"[!?]?$', last)
            if not quoted_title and (
                last in connectors or bare(last) in self.vocab.starters or last.endswith((".", ",", ":", ";"))
            ):
                continue
            if re.search(r"(?:'s|s')$", last):  # a possessive opens a phrase ("The Amulet's …")
                continue
            yield count

    def _first_word_ok(self, i: int, count: int) -> bool:
        """A name may open with a sentence starter only as "The <Capital>…" or when two
        capitalised words follow it ("Both Guns Blazing")."""
        tokens = self.tokens
        first = bare(tokens[i].word)
        if first not in self.vocab.starters:
            return True
        following = [tokens[i + k].word for k in range(1, count)]
        if first == "The":
            return bool(following) and _capitalised(following[0])
        return len(following) >= 2 and all(_capitalised(w) for w in following[:2])

    def score(self, i: int, count: int, starters: frozenset, strong_only: bool) -> Candidate | None:
        tokens = self.tokens
        words = [t.word for t in tokens[i : i + count]]
        name = self.text[tokens[i].start : tokens[i + count - 1].end]
        nxt = tokens[i + count].word if i + count < len(tokens) else ""
        after = tokens[i + count + 1].word if i + count + 1 < len(tokens) else ""
        signals: list[str] = []
        if nxt == "See" and self.see.at(self.text, tokens, i + count):
            signals.append("see")
        if nxt == "ERRATA":
            signals.append("errata")
        if nxt == "PAP":
            signals.append("pap")
        first_ok = self._first_word_ok(i, count)
        if first_ok and sort_key(name) in self.lexicon:
            signals.append("lexicon")
        if not strong_only and first_ok:
            if [t.word for t in tokens[i + count : i + 2 * count]] == words:
                signals.append("repeat")
            if re.search(r"[!?][\"']?$", words[-1]) and _capitalised(nxt):
                signals.append("bang")
            if bare(nxt) in starters or _gerund_opening(nxt, after):
                lower_after = bool(after) and (after[0].islower() or after[0] in '[("')
                signals.append("weak" if lower_after else "weak-")
            if count >= 2 and re.match(r"[A-Z][a-z]", nxt):
                signals.append("generic")
            if count >= 2 and all(_capitalised(w) for w in words) and re.match(r"[a-z]", nxt):
                signals.append("gap")
        if not signals:
            return None
        best = max(signals, key=lambda s: WEIGHTS[s])
        return Candidate(
            i, count, name, sort_key(name), best.rstrip("-"), WEIGHTS[best] + LENGTH_BONUS * count, pap=nxt == "PAP"
        )

    def candidates(self, starters: frozenset, strong_only: bool) -> list[Candidate]:
        found = []
        for i in self.starts:
            for count in self._names_at(i):
                cand = self.score(i, count, starters, strong_only)
                if cand and cand.key:
                    found.append(cand)
        return found

    @staticmethod
    def chain(cands: list[Candidate]) -> list[Candidate]:
        """Heaviest chain with increasing positions, no overlap and strictly increasing sort
        keys (an equal key only for a later PAP version)."""
        cands = sorted(cands, key=lambda c: (c.first, c.count))
        best = [c.score for c in cands]
        back: list[int | None] = [None] * len(cands)
        for j, c in enumerate(cands):
            for i in range(j):
                p = cands[i]
                if p.first + p.count > c.first:
                    continue
                if not (p.key < c.key or (p.key == c.key and c.pap and p.pap)):
                    continue
                if best[i] + c.score > best[j]:
                    best[j] = best[i] + c.score
                    back[j] = i
        if not cands:
            return []
        k: int | None = max(range(len(cands)), key=lambda j: best[j])
        chosen = []
        while k is not None:
            chosen.append(cands[k])
            k = back[k]
        return list(reversed(chosen))

    def learned_starters(self, chosen: list[Candidate]) -> frozenset:
        """Words that open two or more sentences inside the entries found so far."""
        counts: Counter = Counter()
        tokens = self.tokens
        for k, c in enumerate(chosen):
            body_start = tokens[c.first + c.count].start if c.first + c.count < len(tokens) else tokens[-1].end
            body_end = tokens[chosen[k + 1].first].start if k + 1 < len(chosen) else tokens[-1].end
            for s, _ in sentence_spans(self.text, body_start, body_end):
                word = bare(self.text[s : self.text.find(" ", s) if self.text.find(" ", s) != -1 else None])
                if word and word[0].isupper() and word not in MARKERS:
                    counts[word] += 1
        return frozenset(w for w, n in counts.items() if n >= 2)


def find_card_headings(text: str, start: int, end: int, topic_names: list[str], lexicon: set[str]) -> list[CardHeading]:
    seg = _Segmenter(text, start, end, topic_names, lexicon)
    first_pass = seg.chain(seg.candidates(seg.vocab.starters, strong_only=True))
    starters = seg.vocab.starters | seg.learned_starters(first_pass)
    chosen = seg.chain(seg.candidates(starters, strong_only=False))
    tokens = seg.tokens
    headings: list[CardHeading] = []
    for k, c in enumerate(chosen):
        entry_start = tokens[c.first].start
        entry_end = tokens[chosen[k + 1].first - 1].end if k + 1 < len(chosen) else tokens[-1].end
        headings.append(CardHeading(c.name, entry_start, entry_end, c.signal, c.pap))
    return headings
