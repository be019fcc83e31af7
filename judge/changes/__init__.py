"""What changed between two editions of one document, and one entry through every edition.

Pure functions over entries (no files, no UI): `match` pairs the entries of an old and a new
edition, `words` diffs the text of a changed entry word by word, `diff` and `trace` build the
reports the CLI, the TUI and the renderers (`render_*`) show.
"""
