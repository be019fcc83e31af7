"""What a card's view shows, as plain data: its errata, its rulings numbered, the topics it
refers to (See), where the rules name it, what mentions it, and whether the engine plays it.

`judge card` prints it (and --json is this data); the judge station's card page draws it. A
card a truncated FAQ only mentions gets `missing_message` instead of an empty list of rulings.
"""

from __future__ import annotations

from judge.corpus.model import Corpus, Entry


def brief(entry: Entry) -> dict:
    return {
        "id": entry.id,
        "kind": entry.kind,
        "title": entry.title,
        "citation": entry.citation,
        "text": entry.text,
        "tags": list(entry.tags),
    }


def numbered_ruling(entry: Entry, n: int) -> dict:
    return brief(entry) | {
        "n": n,
        "added": [t.split(":", 1)[1] for t in entry.tags if t.startswith("added:")],
        "lost_word": "lost-word" in entry.tags,
    }


def listed_rulings(corpus: Corpus, parent: Entry) -> list[tuple[int, Entry]]:
    """A card's or topic's rulings with the number each is listed by: the number its id ends in,
    so what a judge reads is what they type (`sf:card/NAME/12`). Shadowfist rulings keep their
    first sentence's number, so a card's list may read 1–5, 12, 14; an id not ending in a number
    is listed by its place."""
    return [(listed_number(r, place), r) for place, r in enumerate(corpus.children(parent, "ruling"), 1)]


def listed_number(ruling: Entry, place: int) -> int:
    """The number `ruling`, at `place` in its list, is listed by (see listed_rulings)."""
    tail = ruling.id.rsplit("/", 1)[-1]
    return int(tail) if tail.isdigit() and len(tail) <= 6 else place


def numbered_rulings(corpus: Corpus, entry: Entry) -> list[dict]:
    return [numbered_ruling(r, n) for n, r in listed_rulings(corpus, entry)]


def see_references(corpus: Corpus, entry: Entry) -> tuple[list[Entry], list[dict]]:
    """The topics a card refers to, and its other See references (cards, possibly missing)."""
    topics: list[Entry] = []
    others: list[dict] = []
    for ref in entry.refs:
        if ref.kind != "see":
            continue
        target = corpus.get(ref.target) if ref.target else None
        if target is not None and target.kind == "topic":
            if target not in topics:
                topics.append(target)
        else:
            others.append(
                {
                    "surface": ref.surface,
                    "target": ref.target,
                    "status": ref.status,
                    "note": ref.note,
                    "citation": target.citation if target else None,
                }
            )
    return topics, others


def named_in(corpus: Corpus, entry: Entry) -> list[Entry]:
    """The rules and examples a card file says name the card (No Dawn cards)."""
    found = []
    for ref in entry.refs:
        if ref.kind == "mention" and ref.status == "resolved":
            assert ref.target is not None, "a resolved reference names the entry it resolves to (Ref)"
            found.append(corpus.get(ref.target))
    return list({e.id: e for e in found if e is not None}.values())


def from_rulings_document(corpus: Corpus, entry: Entry) -> bool:
    info = corpus.documents.get(entry.doc)
    return info is not None and info.kind == "rulings"


def mentioned_by(corpus: Corpus, entry: Entry) -> list[Entry]:
    own = {entry.id, *entry.children}
    return [e for e in corpus.cited_by(entry.id) if e.id not in own]


def engine_status(entry: Entry) -> dict | None:
    """For a No Dawn card: whether the rules engine plays it, and what it does not model
    (judge/engine/coverage/support.py); None for any other entry."""
    if entry.doc != "nd" or entry.kind != "card":
        return None
    from judge.cards.reader import database  # deferred: start-up
    from judge.engine.coverage import support  # deferred: start-up

    card = database().get(entry.title)
    if card is None:
        return None
    return {
        "playable": support.playable(card),
        "not_modelled": [{"what": g.what, "rule": g.rule, "where": g.where(card)} for g in support.gaps(card)],
    }


def card_document(corpus: Corpus, entry: Entry) -> dict:
    topics, other_see = see_references(corpus, entry)
    status = engine_status(entry)
    return (
        entry.to_dict()
        | ({"engine": status} if status is not None else {})
        | {
            "extra": entry.extra,
            "errata": (
                {"text": entry.extra["errata_text"], **entry.extra.get("errata", {})}
                if "errata_text" in entry.extra
                else None
            ),
            "rulings": numbered_rulings(corpus, entry),
            "topics": [brief(t) | {"rulings": numbered_rulings(corpus, t)} for t in topics],
            "see_also": other_see,
            "named_in": [brief(e) for e in named_in(corpus, entry)],
            "mentioned_by": [brief(e) for e in mentioned_by(corpus, entry)],
        }
    )


def mentioned_elsewhere(corpus: Corpus, ids: list[str]) -> list[Entry]:
    return [e for e in (corpus.get(i) for i in ids) if e is not None]


def lookup_document(corpus: Corpus, result) -> dict:
    head = {"query": result.query, "status": result.status}
    if result.found:
        first, *others = result.cards
        return (
            head
            | card_document(corpus, first)
            | {
                "other_versions": [card_document(corpus, e) for e in others],
            }
        )
    if result.status == "ambiguous":
        return head | {
            "candidates": [
                {
                    "name": c.group.name,
                    "game": c.group.game,
                    "doc": c.group.doc,
                    "score": round(c.score, 3),
                    "ids": [e.id for e in c.group.entries],
                    "missing": c.group.missing or None,
                }
                for c in result.candidates
            ]
        }
    group = result.beyond
    info = corpus.documents.get(group.doc)
    return head | {
        "name": group.name,
        "game": group.game,
        "doc": group.doc,
        "message": missing_message(corpus, group),
        "truncation": (info.facts.get("truncation") if info else None),
        "mentioned_by": [brief(e) for e in mentioned_elsewhere(corpus, group.mentioned_by)],
    }


def missing_message(corpus: Corpus, group) -> str:
    info = corpus.documents.get(group.doc)
    title = info.title if info else group.doc
    if group.missing == "beyond_end":
        stop = (info.facts.get("truncation") or {}).get("last_entry_title") if info else None
        where = f" (the copy stops inside {stop})" if stop else ""
        return (
            f"{group.name} is mentioned in the {title}, but its entry lies beyond the end of this "
            f"copy of the FAQ{where}. Its rulings are not available here."
        )
    return f"{group.name} is mentioned in the {title}, but the document has no entry for it."


def fact_lines(entry: Entry) -> list[str]:
    """A card's facts under its name: faction, sets, which PAP version it is."""
    facts = []
    if entry.extra.get("faction"):
        facts.append(f"Faction: {entry.extra['faction']}")
    if entry.extra.get("sets"):
        facts.append("Sets: " + " ".join(entry.extra["sets"]))
    if entry.extra.get("version"):
        facts.append(f"PAP version: entry {entry.extra['version']} of those with this name")
    return facts


def engine_lines(status: dict | None) -> list[tuple[str, bool]]:
    """What the engine does with a card (engine_status), as (line, is_a_warning)."""
    if status is None:
        return []
    if status["playable"]:
        return [("Engine: plays this card in a replay", False)]
    return [
        (f"Engine: not playable — {gap['what']} ({gap['where']}); a scenario using it is refused", True)
        for gap in status["not_modelled"]
    ]


def without_rulings(corpus: Corpus, entry: Entry) -> tuple[str, bool] | None:
    """Why a FAQ's card lists no rulings, as (sentence, is_a_warning): the copy ends inside it,
    or it has none of its own. None when it has rulings, or for a rules document's card (its
    text and where the rules name it say it all)."""
    if corpus.children(entry, "ruling") or not from_rulings_document(corpus, entry):
        return None
    if "truncated" in entry.tags:
        return "This copy of the FAQ ends inside this entry: whatever followed is missing.", True
    return "No rulings of its own in this FAQ" + (" (see below)." if entry.refs else "."), False
