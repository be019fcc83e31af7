"""The No Dawn Comprehensive Rules: the parser (rules.py) and its parts — the glossary (glossary.py),
the rule references (refs.py), the status tags (tags.py) — and the card entries linked in from the
card files (cards.py, a linker judge.corpus.crosslinks runs)."""
