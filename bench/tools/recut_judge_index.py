"""Carry the judge's index over a re-cut of a document's entries (issue 31: the Shadowfist
rulings, once one sentence each, now hold the sentences that depend on one another).

    python bench/tools/recut_judge_index.py sf

For each entry that holds several former entries (`extra["sentences"]`, the ids they had), the
item is the union of the items the blind writers wrote for those pieces — their questions and
their words, each once, in order — with the hash of the entry's new text and the former ids it
joined listed under `merged`. No question is written here. An entry made only of skipped pieces
is skipped for the first piece's reason. Entries that were not joined keep their item as it was.
Run it again and it changes nothing (the pieces' items are read back from `merged`).
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from judge.editions.loader import load_corpus
from judge.search import judge_index


def _once(values: list[str]) -> list[str]:
    seen, out = set(), []
    for v in values:
        key = " ".join(v.split()).casefold()
        if key and key not in seen:
            seen.add(key)
            out.append(" ".join(v.split()))
    return out


def merged_draft(pieces: list[dict], merged: list[str]) -> dict:
    """One item from the items written for its pieces (drafts: q and w, or skip)."""
    written = [p for p in pieces if "skip" not in p]
    if not written:
        return {"skip": pieces[0]["skip"], "merged": merged}
    questions = _once([q for p in written for q in p["q"]])
    words = _once([w for p in written for w in p["w"].split(",")])
    return {"q": questions, "w": ", ".join(words), "merged": merged}


def recut(doc: str) -> tuple[int, int]:
    """Rewrite the document's index file; (items before, items after)."""
    corpus = load_corpus()
    path = judge_index.index_path(doc)
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    drafts = {}
    for item_id, item in raw.items():
        drafts[item_id] = {k: v for k, v in item.items() if k != "hash"}
    ordered = []
    for entry in corpus.in_doc(doc):
        former = entry.extra.get("sentences") or []
        if len(former) > 1:
            own = drafts.get(entry.id, {})
            if own.get("merged") == former[1:]:
                ordered.append((entry, own))  # carried over before: as it is
                continue
            missing = [f for f in former if f not in drafts]
            if missing:
                raise SystemExit(f"{path}: no item for {', '.join(missing)}, a piece of {entry.id}")
            ordered.append((entry, merged_draft([drafts[f] for f in former], former[1:])))
        else:
            if entry.id not in drafts:
                raise SystemExit(f"{path}: no item for {entry.id}")
            ordered.append((entry, drafts[entry.id]))
    judge_index.write_index(doc, ordered)
    return len(raw), len(ordered)


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    before, after = recut(sys.argv[1])
    print(f"{judge_index.index_path(sys.argv[1])}: {before} items -> {after}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
