"""The card pages: a card's own page (its entry's permalink, `/sf/card/charmed-life`) reads as
`judge card` does — errata, rulings numbered, the topics it refers to with theirs, where the
rules name it, what mentions it — and `/card?name=…` finds a card by a loose name (typos, case,
punctuation and a leading "The" forgiven: judge.search.cardnames), in the game chosen on this
browser: one card → its page (a redirect), several → a choice, a name a truncated FAQ only
mentions → what is known of it, none → a 404 page with the nearest names.
"""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from judge.corpus.documents import GAME_TITLES
from judge.corpus.model import Entry
from judge.serve import game_choice, pages, reading
from judge.serve.linked_text import pieces
from judge.serve.permalinks import card_path, entry_path
from judge.serve.typed import carrying, typed

MAX_NAME_CHARS = 200  # far above any card's name; a longer one is refused before matching


def card_view(request: Request, entry: Entry) -> dict:
    from judge import card_facts  # deferred: start-up
    from judge.replay_words import counted  # deferred: start-up

    corpus = reading.library(request).corpus
    facts = card_facts.card_document(corpus, entry)  # what --json gives: the topics, mentions…
    extra = entry.extra

    def rulings(parent_id: str) -> list[dict]:
        parent = corpus.entries[parent_id]  # the card's own id, or a topic it refers to by id
        return [
            {"n": n, "href": entry_path(r.id), "tags": r.tags, "text": pieces(corpus, r.text, r.refs)}
            for n, r in card_facts.listed_rulings(corpus, parent)
        ]

    rules_card = not card_facts.from_rulings_document(corpus, entry)
    return {
        "entry": entry,
        "crumbs": reading.crumbs(request, corpus, entry),
        "facts": card_facts.fact_lines(entry),
        "caveat": extra.get("caveat", ""),
        "summary": extra.get("summary", ""),
        "engine": [
            {"text": line, "warning": warning} for line, warning in card_facts.engine_lines(facts.get("engine"))
        ],
        "errata": extra.get("errata_text", ""),
        "card_text": entry.text if rules_card and "errata_text" not in extra else "",
        "rules_card": rules_card,
        "without_rulings": (
            {"text": absent[0], "warning": absent[1]} if (absent := card_facts.without_rulings(corpus, entry)) else None
        ),
        "rulings": rulings(entry.id),
        "topics": [
            {
                "href": entry_path(t["id"]),
                "title": t["title"],
                "citation": t["citation"],
                "count": counted(len(t["rulings"]), "ruling"),
                "rulings": rulings(t["id"]),
            }
            for t in facts["topics"]
        ],
        "see_also": [
            {
                "href": entry_path(s["target"]) if s["status"] == "resolved" and s["target"] else None,
                "label": s["citation"] or s["surface"],
                "note": s["note"] if s["status"] != "resolved" else "",
            }
            for s in facts["see_also"]
        ],
        "named_in": [_line(e) for e in facts["named_in"]],
        "mentioned_by": [_line(e) for e in facts["mentioned_by"]],
        "notes": [],
        "cites": [entry.id],
        "question": "",
        "guessed_from": guessed_from(request, entry),
    }


def guessed_from(request: Request, entry: Entry) -> str:
    """The name typed when this card was opened as the closest match to it (`?typed=`), as
    `judge card` says "Closest match for …"; '' when the card was not a guess. The name is
    looked up again, so a link cannot make a card claim a guess it was not."""
    from judge.search.cardnames import lookup  # deferred: start-up

    name = typed(request)
    if not name or len(name) > MAX_NAME_CHARS:
        return ""
    result = lookup(reading.library(request).corpus, name, game_choice.chosen(request))
    return name if result.status == "fuzzy" and any(c.id == entry.id for c in result.cards) else ""


def _line(brief: dict) -> dict:
    from judge.render import snippet  # deferred: start-up

    return {
        "href": entry_path(brief["id"]),
        "label": brief["citation"] or brief["id"],
        "text": snippet(brief["text"], 70),
    }


async def card_lookup(request: Request) -> Response:
    from judge import card_facts  # deferred: start-up
    from judge.search.cardnames import lookup  # deferred: start-up

    name = request.query_params.get("name", "").strip()
    if len(name) > MAX_NAME_CHARS:
        raise HTTPException(400, f"A card name is at most {MAX_NAME_CHARS} characters; this one is {len(name):,}.")
    game = game_choice.chosen(request)
    corpus = reading.library(request).corpus
    if not name:
        cards = sorted(
            (c for c in corpus.of_kind("card") if game is None or c.game == game),
            key=lambda c: (c.title.lower(), c.doc),
        )
        return pages.render(
            request,
            "cards.html",
            name=name,
            heading=f"{len(cards)} cards ({reading.game_title(game)})",
            choices=[_choice(c) for c in cards],
            message="",
            mentions=[],
        )
    result = lookup(corpus, name, game)
    if result.found and len(result.cards) == 1:  # a guess carries the name typed, for the card to say so
        target = entry_path(result.cards[0].id)
        return RedirectResponse(carrying(target, name) if result.status == "fuzzy" else target, status_code=303)
    if result.found:  # several versions of one card (the PAP's numbered entries)
        return pages.render(
            request,
            "cards.html",
            name=name,
            heading=f"{result.cards[0].title}: {len(result.cards)} entries",
            choices=[_choice(c) for c in result.cards],
            message="",
            mentions=[],
        )
    if result.status == "ambiguous":
        choices = [
            {
                "href": entry_path(c.group.entries[0].id) if len(c.group.entries) == 1 else card_path(c.group.name),
                "label": c.group.name,
                "detail": _group_detail(c.group),
            }
            for c in result.candidates
        ]
        return pages.render(
            request,
            "cards.html",
            name=name,
            heading=f"{name!r} could be any of these cards",
            choices=choices,
            message="",
            mentions=[],
        )
    if result.status == "not_found":
        nearest = [
            {"href": card_path(c.group.name), "label": c.group.name, "detail": _group_detail(c.group)}
            for c in result.candidates
        ]
        where = f" in {GAME_TITLES[game]} (the game chosen on this phone)" if game else ""
        return pages.render(
            request,
            "not_found.html",
            status_code=404,
            title="No such card",
            message=f"No card named {name!r}{where}.",
            nearest=nearest,
        )
    group = result.beyond
    if group is None:  # every other status is answered above: a lookup naming no card is a defect
        raise RuntimeError(f"card lookup {result.status!r} for {name!r} names no card")
    return pages.render(
        request,
        "cards.html",
        name=name,
        heading=group.name,
        choices=[],
        message=card_facts.missing_message(corpus, group),
        mentions=[_line(card_facts.brief(e)) for e in card_facts.mentioned_elsewhere(corpus, group.mentioned_by)],
    )


def _choice(card: Entry) -> dict:
    return {
        "href": entry_path(card.id),
        "label": card.title,
        "detail": f"{GAME_TITLES.get(card.game, card.game)} · {card.citation or card.id}",
    }


def _group_detail(group) -> str:
    detail = GAME_TITLES.get(group.game, group.game)
    if group.missing == "beyond_end":
        return detail + ", entry beyond the end of this copy"
    if group.missing:
        return detail + ", mentioned only"
    if len(group.entries) > 1:
        return detail + f", {len(group.entries)} entries"
    return detail


def routes() -> list[Route]:
    return [Route("/card", card_lookup, name="card_lookup")]
