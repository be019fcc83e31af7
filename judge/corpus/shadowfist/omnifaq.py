"""Parser for the Shadowfist OmniFAQ (2007-08-10): one flattened line of 127,740 characters.

Produces, in document order:
  sf:errata/<slug>        the errata list (card, faction, sets)
  sf:topic/<slug>         the General Topics, each with its rulings sf:topic/<slug>/<n>
  sf:card/<slug>          the card-by-card entries, each with its rulings sf:card/<slug>/<n>
Same-name PAP entries get "-2" on the second id. The copy is truncated inside The Eastern King:
`facts` records where it stops and which mentioned cards lie beyond the cut.

Texts keep the source wording; only resource icons are normalised ([Tec], [Tech] -> [tec]).
The icons' words ("tech", "magic"…) go in extra["search_text"] so that a search finds them.
"""

from __future__ import annotations

import re
from collections import defaultdict

from judge.corpus.model import Entry, ParsedDocument, Problem, Ref, Span
from judge.corpus.shadowfist.cards import CardHeading, Mention, SeeParser, find_card_headings, harvest_mentions
from judge.corpus.shadowfist.entries import CardBody, parse_card_body
from judge.corpus.shadowfist.sections import (
    StructureError,
    find_sections,
    parse_errata_list,
    split_topics,
)
from judge.corpus.shadowfist.text import (
    Ruling,
    group_rulings,
    icon_words,
    lost_word,
    normalize_icons,
    ruling_units,
    sort_key,
    tokenize,
)
from judge.corpus.slug import slugify

DOC = "sf"
GAME = "shadowfist"
SOURCE = "Shadowfist OmniFAQ"
LAST_WORDS = 10
CITED_WORDS = 6  # a ruling is cited by its card or topic and its first words


def parse(text: str) -> ParsedDocument:
    try:
        return _Builder(text).build()
    except StructureError as exc:
        return ParsedDocument([], [Problem(DOC, "structure", f"Shadowfist OmniFAQ not parsed: {exc}")], {})


def _first_words(text: str) -> str:
    """“Item (h) in the example list…”: the words a judge looks for in the FAQ."""
    words = text.split()
    return "“" + " ".join(words[:CITED_WORDS]) + ("…" if len(words) > CITED_WORDS else "") + "”"


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


class _Builder:
    def __init__(self, text: str):
        self.text = text
        self.entries: list[Entry] = []
        self.by_id: dict[str, Entry] = {}
        self.problems: list[Problem] = []
        self.card_ids_by_key: dict[str, list[str]] = defaultdict(list)
        self.beyond_end: dict[str, list[str]] = {}
        self.no_entry: dict[str, list[str]] = {}
        self.last_key = ""
        # Old id -> the ruling that holds its sentence, for ids of the one-sentence cut that no
        # longer name a ruling of their own (saved rulings, boards and links still cite them).
        self.former_ids: dict[str, str] = {}
        # A copy that stops mid-sentence was cut short (this one stops at "until the ta").
        self.truncated = not re.search(r"[.!?)\"']\s*$", text)

    # -- helpers ----------------------------------------------------------------------------
    def _add(self, entry: Entry) -> Entry:
        words = icon_words(entry.text)
        if words:
            entry.extra["search_text"] = entry.text + " " + " ".join(words)
        self.entries.append(entry)
        self.by_id[entry.id] = entry
        parent = self.by_id.get(entry.parent) if entry.parent else None
        if parent is not None:
            parent.children.append(entry.id)
        return entry

    def _unique_id(self, prefix: str, name: str, taken: set[str] | dict | None = None) -> str:
        """<prefix>/<slug>, with -2, -3… for a repeated name (PAP versions, Silver Jet)."""
        taken = self.by_id if taken is None else taken
        base = f"{prefix}/{slugify(name) or 'untitled'}"
        candidate, n = base, 2
        while candidate in taken:
            candidate, n = f"{base}-{n}", n + 1
        return candidate

    def _clean(self, start: int, end: int) -> str:
        return normalize_icons(self.text[start:end].strip())

    # -- build ------------------------------------------------------------------------------
    def build(self) -> ParsedDocument:
        text = self.text
        sections, list_tokens = find_sections(text)
        errata_items = parse_errata_list(text, *sections.errata_list)
        topics = split_topics(text, list_tokens, sections.topic_bodies)
        topic_names = [t.name for t in topics]
        mentions = harvest_mentions(text, sections.topic_bodies[0], len(text))
        lexicon = {sort_key(m.name) for m in mentions} | {sort_key(e.name) for e in errata_items}
        headings = find_card_headings(text, *sections.cards, topic_names, lexicon)
        see = SeeParser(topic_names)
        bodies = [parse_card_body(text, h, see, at_eof=self.truncated and h is headings[-1]) for h in headings]
        errata_by_key = defaultdict(list)
        for item in errata_items:
            errata_by_key[sort_key(item.name)].append(item)

        # Card ids first, so that the errata list and the topics can link to them.
        card_ids: list[str] = []
        for h in headings:
            card_id = self._unique_id("sf:card", h.name, taken=set(card_ids))
            card_ids.append(card_id)
            self.card_ids_by_key[sort_key(h.name)].append(card_id)
        self.last_key = sort_key(headings[-1].name) if headings else ""

        errata_entries = [self._errata_entry(item) for item in errata_items]
        for topic in topics:
            self._topic(topic, see)
        for card_id, body in zip(card_ids, bodies):
            self._card(card_id, body, errata_by_key, see)
        self._link_errata(errata_entries)
        self._link_mentions(mentions)
        facts = self._facts(headings, card_ids, errata_items, topics, mentions)
        return ParsedDocument(self.entries, self.problems, facts, former_ids=self.former_ids)

    # -- errata list ------------------------------------------------------------------------
    def _errata_entry(self, item) -> Entry:
        entry_id = self._unique_id("sf:errata", item.name)
        return self._add(
            Entry(
                id=entry_id,
                doc=DOC,
                game=GAME,
                kind="errata",
                title=item.name,
                text=self._clean(item.start, item.end),
                span=Span(char_start=item.start, char_end=item.end),
                citation=f"{SOURCE} — errata list: {item.name} ({item.faction})",
                extra={"faction": item.faction, "sets": list(item.sets)},
            )
        )

    def _link_errata(self, errata_entries: list[Entry]) -> None:
        for entry in errata_entries:
            ref = self._card_ref(entry.title, entry.title, "see", entry.id)
            if ref.status == "resolved" and ref.target is not None:
                card = self.by_id[ref.target]
                card.extra.setdefault("faction", entry.extra["faction"])
                card.extra["errata_list"] = entry.id
                for s in entry.extra["sets"]:
                    if s not in card.extra["sets"]:
                        card.extra["sets"].append(s)
            entry.refs.append(ref)

    # -- topics -----------------------------------------------------------------------------
    def _topic(self, topic, see: SeeParser) -> None:
        topic_id = self._unique_id("sf:topic", topic.name)
        entry = self._add(
            Entry(
                id=topic_id,
                doc=DOC,
                game=GAME,
                kind="topic",
                title=topic.name,
                text=self._clean(topic.body_start, topic.end),
                span=Span(char_start=topic.start, char_end=topic.end),
                citation=f"{SOURCE} — General Topics: {topic.name}",
            )
        )
        for ruling in group_rulings(self.text, ruling_units(self.text, topic.body_start, topic.end)):
            self._ruling(entry, ruling, see)

    # -- cards ------------------------------------------------------------------------------
    def _card(self, card_id: str, body: CardBody, errata_by_key, see: SeeParser) -> None:
        h: CardHeading = body.heading
        name_end = h.start + len(h.name)
        same_name = self.card_ids_by_key[sort_key(h.name)]
        label = h.name
        extra: dict = {"signal": h.signal, "sets": [], "pap": body.pap}
        if len(same_name) > 1:
            version = same_name.index(card_id) + 1
            extra["version"] = version
            label = f"{h.name} (PAP, {_ordinal(version)} entry)"
        tags: list[str] = []
        if body.pap:
            tags.append("pap")
        head_text = self._clean(name_end, body.head_end)
        entry = Entry(
            id=card_id,
            doc=DOC,
            game=GAME,
            kind="card",
            title=h.name,
            text=head_text or h.name,
            span=Span(char_start=h.start, char_end=h.end),
            citation=f"{SOURCE} — {label}",
            tags=tags,
            extra=extra,
        )
        if body.errata is not None:
            e = body.errata
            tags.append("errata")
            extra["errata_text"] = self._clean(e.start, e.end)
            extra["errata"] = {
                "type": e.type,
                "cost": normalize_icons(e.cost),
                "fighting": e.fighting,
                "body": e.body,
                "generates": e.generates,
                "provides": normalize_icons(e.provides),
                "rules_text": self._clean(e.rules_start, e.end),
                "end_signal": e.end_signal,
                "no_rulings": e.no_rulings,
            }
            if e.end_signal == "heuristic" and body.rulings:
                tags.append("boundary-guess")
                extra["caveat"] = "Where the errata card text ends and the rulings begin is inferred."
        if body.truncated:
            tags.append("truncated")
            extra["caveat"] = "The FAQ copy ends in the middle of this entry."
        if body.rulings and self.text[body.rulings[0].start].islower():
            # The heading runs straight into a lower-case word: a word was probably lost
            # between them, so the heading/ruling boundary is a guess (Discerning Fire).
            tags.append("boundary-guess")
            extra["caveat"] = (
                "The first ruling starts mid-sentence: its opening words were probably lost in flattening."
            )
        self._add(entry)
        see_dates = {}
        for ref in body.see:
            if ref.kind == "topic":
                entry.refs.append(self._topic_ref(ref))
                if ref.date:
                    see_dates[ref.target] = ref.date
                    if f"added:{ref.date}" not in tags:
                        tags.append(f"added:{ref.date}")
            else:
                entry.refs.append(self._card_ref(ref.target, self.text[ref.start : ref.end], "see", card_id))
        for ref in body.inline_see:
            entry.refs.append(self._card_ref(ref.target, self.text[ref.start : ref.end], "see", card_id))
        if see_dates:
            extra["see_dates"] = see_dates
        for k, ruling in enumerate(group_rulings(self.text, body.rulings)):
            made = self._ruling(entry, ruling, see)
            if k == 0 and "boundary-guess" in tags:
                made.tags.append("boundary-guess")

    def _ruling(self, parent: Entry, ruling: Ruling, see: SeeParser) -> Entry:
        """One ruling, named by its first sentence's place: `<parent>/<n>` where n counts the
        sentences, so the ids of the one-sentence cut it absorbed map onto it."""
        label = parent.citation.split(" — ", 1)[1]
        if parent.kind == "topic":
            label = parent.title
        entry_id = f"{parent.id}/{ruling.numbers[0]}"
        for n in ruling.numbers[1:]:
            self.former_ids[f"{parent.id}/{n}"] = entry_id
        text = " ".join(self._clean(u.start, u.end) for u in ruling.units)
        tags = [f"added:{d}" for d in ruling.dates]
        if any(lost_word(self.text[u.start : u.end]) for u in ruling.units):
            tags.append("lost-word")
        extra = {"sentences": [f"{parent.id}/{n}" for n in ruling.numbers]} if len(ruling.numbers) > 1 else {}
        entry = self._add(
            Entry(
                id=entry_id,
                doc=DOC,
                game=GAME,
                kind="ruling",
                title=parent.title,
                text=text,
                parent=parent.id,
                span=Span(char_start=ruling.start, char_end=ruling.end),
                citation=f"{SOURCE} — {label}: {_first_words(text)}",
                tags=tags,
                extra=extra,
            )
        )
        # "(See See X Fighting for more details.)": a See to a topic inside a ruling.
        for unit in ruling.units:
            tokens = tokenize(self.text, unit.start, unit.end)
            for k, tok in enumerate(tokens):
                if tok.word == "See":
                    hit = see.at(self.text, tokens, k)
                    if hit and hit[1].kind == "topic":
                        entry.refs.append(self._topic_ref(hit[1]))
        return entry

    # -- references -------------------------------------------------------------------------
    def _topic_ref(self, ref) -> Ref:
        note = f"added {ref.date}" if ref.date else ""
        return Ref(f"See {ref.target}", f"sf:topic/{slugify(ref.target)}", kind="see", note=note)

    def _card_ref(self, name: str, surface: str, kind: str, source_id: str, near: str | None = None) -> Ref:
        """A reference to a card by name: resolved to its entry, or marked as lying beyond the
        end of this truncated copy, or as a card the FAQ has no entry for."""
        key = sort_key(name)
        ids = self.card_ids_by_key.get(key, [])
        if ids:
            target = ids[0]
            # Inside one PAP version, "<same name> (SET)" means the other version.
            if near in ids and len(ids) > 1:
                target = next(i for i in ids if i != near)
            return Ref(surface, target, kind=kind)
        if self.truncated and key > self.last_key:
            self.beyond_end.setdefault(name, [])
            if source_id not in self.beyond_end[name]:
                self.beyond_end[name].append(source_id)
            return Ref(
                surface,
                None,
                kind=kind,
                status="external",
                note=f"{name}'s entry lies beyond the end of this copy of the FAQ",
            )
        self.no_entry.setdefault(name, [])
        if source_id not in self.no_entry[name]:
            self.no_entry[name].append(source_id)
            self.problems.append(
                Problem(DOC, "no-entry", f"{source_id}: {surface!r} names a card the FAQ has no entry for", source_id)
            )
        return Ref(surface, None, kind=kind, status="dangling", note=f"the FAQ has no entry for {name}")

    def _link_mentions(self, mentions: list[Mention]) -> None:
        """`Name (SET)` in a ruling, topic or card text links to that card's entry."""
        holders = sorted(
            (e for e in self.entries if e.kind in ("ruling", "topic", "card")),
            key=lambda e: (e.span.char_start, -(e.span.char_end or 0)),
        )
        for m in mentions:
            holder = None
            for e in holders:  # the innermost entry whose span holds the mention
                if (e.span.char_start or 0) <= m.start and m.end <= (e.span.char_end or 0):
                    holder = e
            if holder is None:
                continue
            surface = self.text[m.start : m.end]
            if any(surface in ref.surface for ref in holder.refs):
                continue  # already part of "See Card (SET) for more rulings."
            card_id = (
                holder.parent if holder.kind == "ruling" and (holder.parent or "").startswith("sf:card/") else holder.id
            )
            ref = self._card_ref(m.name, surface, "mention", holder.id, near=card_id)
            if ref.target == card_id:
                continue  # a card naming itself
            holder.refs.append(ref)
            if ref.status == "resolved" and ref.target is not None:
                sets = self.by_id[ref.target].extra["sets"]
                if m.set not in sets:
                    sets.append(m.set)

    # -- document facts ---------------------------------------------------------------------
    def _facts(self, headings, card_ids, errata_items, topics, mentions) -> dict:
        text = self.text
        last_words = " ".join(text.split()[-LAST_WORDS:])
        last_id = card_ids[-1] if card_ids else None
        if last_id and self.truncated:
            self.problems.append(
                Problem(
                    DOC,
                    "truncated",
                    f"the FAQ stops mid-sentence at character {len(text)} inside {headings[-1].name}: …{last_words}",
                    last_id,
                )
            )
        return {
            "truncated": self.truncated,
            "truncation": {
                "char_offset": len(text),
                "last_entry": last_id,
                "last_entry_title": headings[-1].name if headings else None,
                "last_words": last_words,
            }
            if self.truncated
            else None,
            "covers": f"{headings[0].name} – {headings[-1].name}" if headings else "",
            "beyond_end": self.beyond_end,
            "no_entry": self.no_entry,
            "counts": {
                "errata_list": len(errata_items),
                "topics": len(topics),
                "cards": len(headings),
                "card_rulings": sum(
                    1 for e in self.entries if e.kind == "ruling" and (e.parent or "").startswith("sf:card/")
                ),
                "topic_rulings": sum(
                    1 for e in self.entries if e.kind == "ruling" and (e.parent or "").startswith("sf:topic/")
                ),
                "mentions": len(mentions),
            },
        }
