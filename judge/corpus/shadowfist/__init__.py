"""The Shadowfist OmniFAQ: the parser (omnifaq.py) over its parts — the text and its tokens
(text.py), the sections (sections.py), the card headings and mentions (cards.py) and the card
entries' bodies (entries.py)."""
