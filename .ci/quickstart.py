#!/usr/bin/env python3
"""Print the README's Quick start commands, one per line, exactly as the README writes them.

CI runs what this prints, so the README and CI cannot drift apart: the commands are the lines
of the first ```sh block under the "## Quick start" heading (blank lines and # comments left out).

usage: quickstart.py [README.md]
"""
from __future__ import annotations

import re
import sys
from pathlib import Path


def quickstart_commands(readme: str) -> list[str]:
    section = re.search(r"^## Quick start\s*$(.*?)(?=^## |\Z)", readme, re.M | re.S)
    if section is None:
        raise ValueError('no "## Quick start" section')
    block = re.search(r"^```(?:sh|bash|shell)\s*$(.*?)^```\s*$", section[1], re.M | re.S)
    if block is None:
        raise ValueError("the Quick start section has no ```sh block")
    return [line.strip() for line in block[1].splitlines() if line.strip() and not line.lstrip().startswith("#")]


def main() -> int:
    path = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parents[1] / "README.md")
    try:
        commands = quickstart_commands(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as problem:
        print(f"{path}: {problem}", file=sys.stderr)
        return 1
    print("\n".join(commands))
    return 0


if __name__ == "__main__":
    sys.exit(main())
