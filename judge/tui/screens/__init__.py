"""The TUI's screens: lookup, card, board, replay, and the basket and help dialogs."""
