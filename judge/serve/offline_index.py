"""The word index the offline bundle carries: exported from the server's own search, never kept
by hand.

- The postings are the lexicon's (judge.search.lexicon: an entry's own words, what surrounds it,
  and the judge's index questions), with their BM25 weights and the idf the server computes.
- The word forms are the server's analysis applied to every word of those fields and of the
  bridge's and table talk's files: each form a judge may type, mapped to the term it is indexed
  as (folding, contractions, Snowball stemming, the irregular and derived words). A word they do
  not list is stemmed on the phone by the vendored Porter2 (static/porter2.js, VENDORED.md) after
  the same irregular and derived tables, exported here.
- The vocabulary bridge's groups, the table talk and the field weights are the searcher's.

The phone scores as word_scoring.WordScorer does for the typed words and the bridge (each concept
by its best reading, coverage of the question's concepts); it does not add phrase, title or
glossary bonuses, nor the game prior. README: "Offline" gives its recall beside the server's.
"""

from __future__ import annotations

from judge.corpus.model import Corpus
from judge.search import analysis, word_scoring
from judge.search.lexicon import FIELDS

WEIGHT_SCALE = 1000  # BM25 weights travel as integers: three decimals are plenty for a ranking


def _row(raw: tuple[bytes, bytes], keep: dict[int, int]) -> tuple[list[int], list[int]]:
    from array import array

    docs, weights = array("i"), array("f")
    docs.frombytes(raw[0])
    weights.frombytes(raw[1])
    out_docs, out_weights, previous = [], [], 0
    for d, w in zip(docs, weights):
        local = keep.get(d)
        if local is None:
            continue
        out_docs.append(local - previous)  # ascending: gaps are small numbers
        out_weights.append(round(w * WEIGHT_SCALE))
        previous = local
    return out_docs, out_weights


def _forms(texts) -> dict[str, str]:
    """Each word form (lowercased, apostrophes read) whose term differs from it -> its term."""
    out: dict[str, str] = {}
    for text in texts:
        for match in analysis._WORD_RE.finditer(analysis.fold(text)):
            word = analysis._word(match.group(0))
            if word is None or not word.isalpha() or word in out:
                continue
            term = analysis._stem(word)
            if term != word:
                out[word] = term
    return out


def _curated_words() -> list[str]:
    """Every string of the bridge's and the table talk's files (what a judge types to reach them)."""
    from judge.search import synonyms  # deferred: start-up

    found: list[str] = []

    def walk(value) -> None:
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, list):
            for v in value:
                walk(v)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)

    for relative in [synonyms.SYNONYMS_FILE, *synonyms.CONCEPT_FILES, synonyms.TABLE_TALK_FILE]:
        walk(synonyms._read_yaml(relative))
    return found


def export(corpus: Corpus, searcher, game: str | None, entry_ids: set[str]) -> dict:
    from judge.search.index import documents  # deferred: start-up

    lexicon = searcher.lexicon
    kept = [n for n, entry_id in enumerate(lexicon.ids) if entry_id in entry_ids]
    keep = {n: local for local, n in enumerate(kept)}
    fields: dict[str, dict[str, list]] = {}
    unnamed: dict[str, dict[str, list]] = {}
    for field in FIELDS:
        fields[field], unnamed[field] = {}, {}
        for term, raw in lexicon.postings[field].items():
            docs, weights = _row(raw, keep)
            if docs:
                fields[field][term] = [round(lexicon.idf(field, term), 4), docs, weights]
        for term, raw in lexicon.unnamed[field].items():
            docs, weights = _row(raw, keep)
            if term in fields[field]:
                unnamed[field][term] = [docs, weights]
    texts = [d[f] for d in documents(corpus) if d["id"] in entry_ids for f in FIELDS]
    scorer = searcher._words
    groups = [[g.game, [list(p) for p in g.phrases]] for g in scorer.synonyms if game is None or g.game in (None, game)]
    tables = analysis.tables()
    return {
        "ids": [lexicon.ids[n] for n in kept],
        "fields": fields,
        "unnamed": unnamed,
        "field_weights": dict(word_scoring.field_weights()),
        "talk": sorted(scorer.talk),
        "talk_weight": word_scoring.TALK_WEIGHT,
        "groups": groups,
        "forms": _forms(texts + _curated_words()),
        "analysis": {
            "stop": sorted(analysis.STOP_WORDS),
            "negations": analysis.NEGATIONS,
            "pronouns": sorted(analysis.PRONOUN_CONTRACTIONS),
            "fold": {chr(k): v for k, v in analysis._FOLD.items()},
            "symbols": tables["symbols"],
            # for a word the forms do not list: Porter2 (static/porter2.js) after these
            "irregular": tables["irregular"],
            "derived": tables["derived"],
        },
    }
