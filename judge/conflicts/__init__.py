"""Where the documents contradict themselves or were damaged: one note per entry concerned.

Conflicts come from the engine's policy file (rulings/nodawn/policies.yaml, read by
policy_file.py, which the engine also imports); anomalies from the tags the parsers record,
explained by rules/anomalies.yaml. notes.py builds the index entry id -> notes; present.py
shows a note in the terminal, in JSON and as plain lines for sheets and the TUI.
"""
