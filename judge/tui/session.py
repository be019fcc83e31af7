"""The TUI's session kept between runs: the citation basket and the lookup history.

One JSON file in the user data folder (judge.paths.data_dir()), written whole or not at all
after every change. A file that cannot be read is reported with its name and line, set aside
as NAME.broken (never overwritten), and the TUI starts empty.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from judge import paths
from judge.tui.basket import Basket, StepItem
from judge.tui.history import History

FILE_NAME = "tui-session.json"
VERSION = 1
KEYS = {"version", "basket", "history", "filed"}
BASKET_KEYS = {"entries", "steps"}
STEP_KEYS = {"scenario", "n", "action", "events", "deciding"}
HISTORY_KEYS = {"items", "position"}


class SessionError(Exception):
    """The session file cannot be used; the message names the file (and line)."""


def session_path() -> Path:
    return paths.data_dir() / FILE_NAME


@dataclass
class Session:
    basket: Basket = field(default_factory=Basket)
    history: History = field(default_factory=History)
    filed: str = ""  # how the basket's ruling was filed since it last changed ("" while it is not)


def to_json(session: Session) -> str:
    data = {
        "version": VERSION,
        "basket": {
            "entries": list(session.basket.entries),
            "steps": [
                {
                    "scenario": s.scenario,
                    "n": s.n,
                    "action": s.action,
                    "events": [[text, list(rules)] for text, rules in s.events],
                    **({"deciding": list(s.deciding)} if s.deciding is not None else {}),
                }
                for s in session.basket.steps
            ],
        },
        "history": {"items": session.history.items, "position": session.history.position},
        "filed": session.filed,
    }
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def from_json(text: str, where: str) -> Session:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SessionError(f"{where} line {exc.lineno}: not JSON ({exc.msg})") from None
    _keys(data, KEYS, where, "the file")
    if data.get("version") != VERSION:
        raise SessionError(f"{where}: version {data.get('version')!r}, this judge reads version {VERSION}")
    basket_data = data.get("basket") or {}
    _keys(basket_data, BASKET_KEYS, where, "basket")
    session = Session()
    for entry_id in _list(basket_data.get("entries"), where, "basket.entries"):
        session.basket.add_entry(_str(entry_id, where, "basket.entries"))
    for n, raw in enumerate(_list(basket_data.get("steps"), where, "basket.steps")):
        name = f"basket.steps[{n}]"
        _keys(raw, STEP_KEYS, where, name)
        events = []
        for event in _list(raw.get("events"), where, f"{name}.events"):
            if not (isinstance(event, list) and len(event) == 2 and isinstance(event[1], list)):
                raise SessionError(f"{where}: {name}.events holds {event!r}, not [text, [rules]]")
            events.append((_str(event[0], where, name), tuple(_str(r, where, name) for r in event[1])))
        if not isinstance(raw.get("n"), int):
            raise SessionError(f"{where}: {name}.n is {raw.get('n')!r}, not a step number")
        deciding = raw.get("deciding")  # absent from files written before it: every event
        if deciding is not None and not (
            isinstance(deciding, list)
            and all(isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(events) for i in deciding)
        ):
            raise SessionError(f"{where}: {name}.deciding is {deciding!r}, not a list of event numbers")
        session.basket.add_step(
            StepItem(
                _str(raw.get("scenario"), where, name),
                raw["n"],
                _str(raw.get("action"), where, name),
                tuple(events),
                tuple(deciding) if deciding is not None else None,
            )
        )
    session.filed = _str(data.get("filed", ""), where, "filed")  # absent from files written before it
    history_data = data.get("history") or {}
    _keys(history_data, HISTORY_KEYS, where, "history")
    items = [_str(i, where, "history.items") for i in _list(history_data.get("items"), where, "history.items")]
    try:
        session.history.restore(items, int(history_data.get("position", len(items) - 1)))
    except (TypeError, ValueError) as exc:
        raise SessionError(f"{where}: history.position: {exc}") from None
    return session


def load(path: Path | None = None) -> tuple[Session, str]:
    """The saved session, and a problem to tell the judge ('' when there is none)."""
    path = path or session_path()
    if not path.exists():
        return Session(), ""
    try:
        return from_json(path.read_text(encoding="utf-8"), str(path)), ""
    except (OSError, UnicodeDecodeError) as exc:
        problem = f"{path}: cannot read it ({exc})"
    except SessionError as exc:
        problem = str(exc)
    try:
        broken = _set_aside(path)
    except OSError as exc:
        return Session(), f"{problem}; could not set it aside ({exc}): this session will not be kept"
    return Session(), f"{problem}; set aside as {broken.name}, starting with an empty basket"


def _set_aside(path: Path) -> Path:
    """Rename `path` to NAME.broken, or NAME.broken.2, .3 … — never over an older one (a link
    made under a new name fails rather than replace, then the old name is removed)."""
    import os

    for n in range(1, 1000):
        broken = path.with_name(path.name + ".broken" + (f".{n}" if n > 1 else ""))
        try:
            os.link(path, broken)
        except FileExistsError:
            continue
        os.unlink(path)
        return broken
    raise OSError(f"999 set-aside copies of {path.name} are in the way")


def save(session: Session, path: Path | None = None) -> None:
    """Write the session whole (raises OSError, naming the file, when it cannot be written)."""
    from judge import files  # the one whole-file-or-nothing writer

    path = path or session_path()
    path.parent.mkdir(parents=True, exist_ok=True)  # judge's own data folder
    try:
        files.write_atomically(path, to_json(session))
    except files.WriteError as exc:
        raise OSError(str(exc)) from None


def _keys(data, allowed: set[str], where: str, name: str) -> None:
    if not isinstance(data, dict):
        raise SessionError(f"{where}: {name} is {type(data).__name__}, not a mapping")
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise SessionError(f"{where}: unknown key(s) in {name}: {', '.join(unknown)}")


def _list(value, where: str, name: str) -> list:
    if value is None:
        return []
    if not isinstance(value, list):
        raise SessionError(f"{where}: {name} is {type(value).__name__}, not a list")
    return value


def _str(value, where: str, name: str) -> str:
    if not isinstance(value, str):
        raise SessionError(f"{where}: {name} holds {value!r}, not text")
    return value
