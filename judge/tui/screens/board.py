"""The board screen: set up a No Dawn board snippet and load or save it as a scenario file.

The tree shows the turn, every player (Master Vitae, Corruption, Wrath, pool) and their zones,
and the stack; keys change the selected line. The board is the scenario data itself
(judge.tui.board_model), checked by the engine when it is saved or replayed, so a board saved
here replays with `judge replay` and a scenario file opens here unchanged.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Static, Tree

from judge import paths
from judge.tui import board_model as bm
from judge.tui import engine_adapter as ea
from judge.tui import messages, slots
from judge.tui.guard import guarded
from judge.tui.screens.base import JudgeScreen
from judge.tui.screens.dialogs import CardPicker, PromptScreen
from judge.tui.screens.file_picker import FilePicker, start_folder
from judge.tui.widgets.plain_tree import PlainTree

TURN_FIELDS = ("active", "round", "phase", "step", "priority")


class BoardScreen(JudgeScreen):
    CSS_PATH = "board.tcss"  # beside this file
    BINDINGS = [
        Binding("a", "add", "Add"),
        Binding("delete", "remove", "Del", key_display="del"),
        Binding("plus,equals_sign", "adjust(1)", "+1", key_display="+"),
        Binding("minus", "adjust(-1)", "−1", key_display="-"),
        Binding("d", "damage(1)", "Damage", show=False),
        Binding("D", "damage(-1)", "Dmg−1", show=False),
        Binding("c", "counter", "Counter", show=False),
        Binding("x", "drained", "Drained", show=False),
        Binding("m", "move", "Move", show=False),
        Binding("e", "edit", "Edit", show=False),
        Binding("n", "new_player", "New player", show=False),
        Binding("ctrl+s", "save", "Save"),
        Binding("ctrl+l", "load", "Load"),
        Binding("ctrl+r", "replay", "Replay"),
        Binding("ctrl+n", "new_board", "New board", show=False),
    ]

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.data: dict | None = None
        self.path: Path | None = None
        self.dirty = False

    @property
    def board(self) -> dict:
        """The scenario data on screen: set when the screen is mounted (a blank board) or a file
        is loaded, so every handler has one; None there is a defect, said as one."""
        if self.data is None:
            raise RuntimeError("the board screen has no board yet: it is not mounted")
        return self.data

    def compose(self) -> ComposeResult:
        yield Static("", id="board-turn")
        with Horizontal(id="board-main"):
            yield PlainTree("Board", id="board-tree")  # names from the file: never markup
            with Vertical(id="board-detail"), VerticalScroll(id="board-info-scroll"):
                yield Static("", id="board-info")
        yield Footer()

    def on_mount(self) -> None:
        tree = self.query_one(Tree)
        tree.show_root = False
        tree.border_title = "Board"
        tree.focus()
        if self.data is None:
            try:
                self.data = ea.blank_scenario()
            except ea.EngineProblem as exc:
                self.data = {
                    "title": "New board",
                    "game": "nodawn",
                    "turn": {},
                    "players": [],
                    "stack": [],
                    "actions": [],
                    "expect": [],
                }
                self.app.notify(str(exc), severity="error")
        self.rebuild()

    def say_missing_masters(self) -> None:
        """A new board's players without a Master: who, and what the card files lack."""
        try:
            missing = ea.missing_masters(self.board)
        except ea.EngineProblem as exc:
            missing = str(exc)
        if missing:
            self.app.notify(missing, severity="warning", timeout=15)

    # -- drawing -----------------------------------------------------------------------------
    @guarded
    def rebuild(self, keep: tuple | None = None) -> None:
        tree = self.query_one(Tree)
        keep = keep if keep is not None else self.selected_key()
        tree.clear()
        data = self.data or {}
        turn = data.get("turn") or {}
        turn_node = tree.root.add("Turn", data=("turn",), expand=True)
        for field in TURN_FIELDS:
            value = turn.get(field)
            turn_node.add_leaf(f"{field}: {value if value is not None else '—'}", data=("turn", field))
        for i, p in enumerate(data.get("players") or []):
            master = p.get("master") or {}
            head = Text(p.get("name", "?"), style="bold")
            head.append(f"  {master.get('card') or '(no Master)'}", style="dim")
            pnode = tree.root.add(head, data=("player", i), expand=True)
            pnode.add_leaf(f"master: {master.get('card') or '— none (a picks one)'}", data=("player", i, "master"))
            for field in bm.PLAYER_NUMBERS:
                pnode.add_leaf(f"{field}: {bm.get_number(data, i, field)}", data=("player", i, field))
            for zone_name in bm.ZONES:
                cards = p.get(zone_name)
                if not cards and zone_name not in ("hand", "battlefield", "spoils"):
                    continue
                cards = cards if isinstance(cards, list) else []
                znode = pnode.add(f"{zone_name} ({len(cards)})", data=("zone", i, zone_name), expand=True)
                for j, item in enumerate(cards):
                    znode.add_leaf(object_label(item), data=("object", i, zone_name, j))
        stack = data.get("stack") or []
        snode = tree.root.add(f"Stack ({len(stack)})", data=("stack",), expand=True)
        for j, item in enumerate(stack):
            snode.add_leaf(f"{item.get('spell') or item}  ({item.get('controller', '?')})", data=("stackitem", j))
        for section, title in (("actions", "Actions"), ("expect", "Expect")):
            lines = data.get(section) or []
            node = tree.root.add(f"{title} ({len(lines)})", data=(section,), expand=True)
            for j, line in enumerate(lines):
                node.add_leaf(ea.describe_action(line), data=(section, j))
        self._select(keep)
        self.refresh_head()
        self.show_detail()

    def refresh_head(self) -> None:
        data = self.data or {}
        turn = data.get("turn") or {}
        # The position first and the title last: at 80 columns the end of the line is cut.
        head = Text(
            f"{turn.get('round', '?')} · {turn.get('active', '?')}'s turn · {turn.get('phase', '?')}", style="bold"
        )
        if turn.get("step"):
            head.append(f" · {turn['step']}", style="bold")
        head.append(f" · {self.path.name if self.path else '(unsaved)'}{' *' if self.dirty else ''}", style="dim")
        head.append(f" · {data.get('title') or 'Board'}")
        head.no_wrap, head.overflow = True, "ellipsis"
        self.query_one("#board-turn", Static).update(head)

    def _select(self, key: tuple | None) -> None:
        tree = self.query_one(Tree)
        if key is None:
            return
        tree._tree_lines  # noqa: B018 - lay out the new lines now, so nodes know their line numbers
        for candidate in (key, key[:3], key[:2], key[:1]):
            for node in _walk(tree.root):
                if node.data == candidate:
                    tree.move_cursor(node)
                    return

    def selected_key(self) -> tuple | None:
        tree = self.query_one(Tree)
        node = tree.cursor_node
        return node.data if node is not None else None

    def on_tree_node_highlighted(self, _event) -> None:
        self.show_detail()

    @guarded
    def show_detail(self) -> None:
        key = self.selected_key() or ()
        data = self.data or {}
        out = Text()
        if key and key[0] == "object":
            _, i, zone_name, j = key
            item = data["players"][i][zone_name][j]
            name = bm.card_name(item)
            out.append(name + "\n", style="bold")
            if isinstance(item, dict):
                for k, v in item.items():
                    if k != "card":
                        out.append(f"{k}: {v}\n", style="cyan")
            out.append(
                ea.card_text(name, data) or "(no card text: not in cards/nodawn or this file)",
                style="" if ea.card_text(name, data) else "dim",
            )
            out.append("\n\nd/D damage · c counter · x drained · e id · m move · del remove", style="dim")
        elif key and key[0] == "player":
            p = data["players"][key[1]]
            out.append(f"{p.get('name')}\n", style="bold")
            master = (p.get("master") or {}).get("card")
            if master:
                out.append(ea.card_text(master, data) + "\n\n")
            else:  # who has none, what the card files hold, how to give one
                out.append(ea.missing_masters(data) + "\n\n", style="yellow")
            out.append("+/- adjust · e type a value · a add to hand · del remove player", style="dim")
        elif key and key[0] == "zone":
            out.append(f"{key[2]}: a adds a card here", style="dim")
        elif key and key[0] == "turn":
            out.append("+/- cycles the value · e types it", style="dim")
        elif key and key[0] in ("stack", "stackitem"):
            out.append("a puts a spell on the stack (controlled by the active player) · del removes", style="dim")
        elif key and key[0] == "actions":
            out.append(
                "a adds an action: what (cast, activate, attack, block, pass, until …), who, then its "
                "cards and targets picked from the board — or written as in a scenario file:\n",
                style="dim",
            )
            out.append("  pass\n  {player: Ana, cast: Sacramental Fire, targets: [column]}\n", style="cyan")
            out.append("del removes · Ctrl+R replays the board with them", style="dim")
        elif key and key[0] == "expect":
            out.append("a adds a line, written as in a scenario file:\n", style="dim")
            out.append('  {object: column, zone: spoils}\n  {cited: ["704.5j"]}\n', style="cyan")
            out.append("del removes · Ctrl+R replays the board with them", style="dim")
        out.append("\n\nCtrl+S save · Ctrl+L load · Ctrl+R replay · n new player · Ctrl+N new board", style="dim")
        self.query_one("#board-info", Static).update(out)

    # -- changes -----------------------------------------------------------------------------
    def change(self, fn, keep: tuple | None = None) -> None:
        """Apply one edit whole, or not at all (a refused edit is a notification)."""
        before = bm.snapshot(self.board)
        try:
            fn()
        except bm.BoardError as exc:
            self.data = before
            self.app.notify(str(exc), severity="warning")
            return
        self.dirty = True
        self.rebuild(keep)

    def _card_names(self, slot: str) -> list[str]:
        """The cards legal for the slot (judge/tui/slots.yaml), this board's own cards included."""
        try:
            return slots.legal_names(slot, ea.card_types(self.board))
        except (ea.EngineProblem, slots.SlotsError) as exc:
            self.app.notify(str(exc), severity="error")
            return []

    def _pick_card(self, title: str, slot: str, then) -> None:
        names = self._card_names(slot)
        if not names:
            self.app.notify(
                f"No cards to pick from: neither cards/nodawn/ nor this board has a card that can go in {slot}",
                severity="warning",
            )
            return
        self.app.push_screen(CardPicker(names, title), lambda name: name and then(name))

    @guarded
    def action_add(self) -> None:
        key = self.selected_key() or ("turn",)
        if key[0] in ("stack", "stackitem"):
            controller = (self.board.get("turn") or {}).get("active") or ""
            self._pick_card(
                "Cast onto the stack",
                "stack",
                lambda name: self.change(lambda: bm.add_to_stack(self.board, name, controller)),
            )
            return
        if key[0] == "player" and len(key) == 3 and key[2] == "master":
            i = key[1]

            def set_master(name: str) -> None:
                bm.set_master(self.board, i, name)
                start = ea.initial_vitae(name, self.board)  # the Master's printed starting Vitae
                if start is not None:
                    bm.set_number(self.board, i, "vitae", start)

            self._pick_card("Pick a Master", "master", lambda name: self.change(lambda: set_master(name)))
            return
        if key[0] == "actions":
            self.pick_action()
            return
        if key[0] == "expect":

            def add_expectation(text: str | None) -> None:
                if text:
                    self.change(lambda: bm.add_line(self.board, "expect", text), keep=("expect",))

            self.app.push_screen(
                PromptScreen(
                    "Expectation (YAML, as in a scenario file):",
                    "",
                    '{object: ID, zone: spoils} · {player: Ana, vitae: 17} · {cited: ["704.5j"]}',
                ),
                add_expectation,
            )
            return
        if key[0] in ("player", "zone", "object"):
            i = key[1]
            zone_name = key[2] if key[0] in ("zone", "object") else "hand"
            who = self.board["players"][i].get("name")
            self._pick_card(
                f"Add to {who}'s {zone_name}",
                zone_name,
                lambda name: self.change(
                    lambda: bm.add_card(self.board, i, zone_name, name), keep=("zone", i, zone_name)
                ),
            )
            return
        self.app.notify("Select a player, a zone or the stack first", severity="warning")

    # -- an action from pickers (judge.tui.action_picker) ------------------------------------
    @work(exclusive=True, group="action-picker")
    async def pick_action(self) -> None:
        """Add the action the pickers assemble; or ask for it as YAML, as the judge chose."""
        from judge.tui.action_picker import WRITE_YAML, ActionPicker
        from judge.tui.guard import report

        try:
            action = await ActionPicker(self.app, self.board).pick()
            if action == WRITE_YAML:

                def add_written(text: str | None) -> None:
                    if text:
                        self.change(lambda: bm.add_line(self.board, "actions", text), keep=("actions",))

                self.app.push_screen(
                    PromptScreen(
                        "Action (YAML, as in a scenario file):", "", "pass · {player: Ana, cast: CARD, targets: [ID]}"
                    ),
                    add_written,
                )
            elif action is not None:
                self.change(lambda: self.board.setdefault("actions", []).append(action), keep=("actions",))
        except Exception as exc:  # a defect is a notification, as in every handler
            report(self.app, exc)

    @guarded
    def action_remove(self) -> None:
        key = self.selected_key() or ()
        if key and key[0] == "object":
            self.change(lambda: bm.remove_card(self.board, key[1], key[2], key[3]))
        elif key and key[0] == "stackitem":
            self.change(lambda: bm.remove_from_stack(self.board, key[1]))
        elif key and key[0] in ("actions", "expect") and len(key) == 2:
            self.change(lambda: bm.remove_line(self.board, key[0], key[1]))
        elif key and key[0] == "player" and len(key) == 2:
            self.change(lambda: bm.remove_player(self.board, key[1]))
        else:
            self.app.notify("Select a card, a stack item or a player to remove", severity="warning")

    @guarded
    def action_adjust(self, delta: int) -> None:
        key = self.selected_key() or ()
        if key and key[0] == "player" and len(key) == 3 and key[2] in bm.PLAYER_NUMBERS:
            _, i, field = key
            self.change(lambda: bm.set_number(self.board, i, field, bm.get_number(self.board, i, field) + delta))
        elif key and key[0] == "turn" and len(key) == 2:
            self.change(lambda: self._cycle_turn(key[1], delta))
        elif key and key[0] == "object":
            self.action_damage(delta)
        else:
            self.app.notify("Select a number (Vitae, Corruption, Wrath, pool) or a turn field", severity="warning")

    def _cycle_turn(self, field: str, delta: int) -> None:
        turn = self.board.setdefault("turn", {})
        names = [p.get("name") for p in self.board.get("players") or []]
        try:
            rounds, phases, steps = ea.turn_vocabulary()
        except ea.EngineProblem as exc:
            raise bm.BoardError(str(exc)) from None
        if field in ("active", "priority"):
            turn[field] = bm.cycle(names, turn.get(field), delta)
        elif field == "round":
            turn["round"] = bm.cycle(list(rounds), turn.get("round"), delta)
        elif field == "phase":
            turn["phase"] = bm.cycle(list(phases), turn.get("phase"), delta)
            turn["step"] = steps.get(turn["phase"], (None,))[0]
        elif field == "step":
            turn["step"] = bm.cycle(list(steps.get(turn.get("phase"), (None,))), turn.get("step"), delta)

    @guarded
    def action_damage(self, delta: int) -> None:
        key = self.selected_key() or ()
        if not key or key[0] != "object":
            self.app.notify("Select a card on the battlefield", severity="warning")
            return
        self.change(lambda: bm.change_damage(self.board, key[1], key[2], key[3], delta))

    @guarded
    def action_drained(self) -> None:
        key = self.selected_key() or ()
        if not key or key[0] != "object":
            self.app.notify("Select a card on the battlefield", severity="warning")
            return
        self.change(lambda: bm.toggle_drained(self.board, key[1], key[2], key[3]))

    @guarded
    def action_move(self) -> None:
        key = self.selected_key() or ()
        if not key or key[0] != "object":
            self.app.notify("Select a card to move", severity="warning")
            return
        _, i, from_zone, j = key
        zones = [z for z in bm.ZONES if z != from_zone]

        def move_to(to_zone: str | None) -> None:
            if to_zone:
                self.change(lambda: bm.move_card(self.board, i, from_zone, j, to_zone), keep=("zone", i, to_zone))

        self.app.push_screen(CardPicker(zones, "Move to", placeholder="zone…"), move_to)

    @guarded
    def action_counter(self) -> None:
        key = self.selected_key() or ()
        if not key or key[0] != "object":
            self.app.notify("Select a card on the battlefield", severity="warning")
            return

        def answer(text: str | None) -> None:
            if not text:
                return
            kind, _, amount = text.strip().partition(" ")
            try:
                delta = int(amount) if amount else 1
            except ValueError:
                self.app.notify("Write the kind, then an optional amount: growth 2, growth -1", severity="warning")
                return
            self.change(lambda: bm.change_counter(self.board, key[1], key[2], key[3], kind, delta))

        self.app.push_screen(PromptScreen("Counter kind and amount", "", "e.g. growth, growth 2, growth -1"), answer)

    @guarded
    def action_edit(self) -> None:
        key = self.selected_key() or ()
        if key and key[0] == "player" and len(key) == 3 and key[2] in bm.PLAYER_NUMBERS:
            _, i, field = key

            def answer(text: str | None) -> None:
                if text is None:
                    return
                try:
                    value = int(text)
                except ValueError:
                    self.app.notify(f"{field} is a whole number", severity="warning")
                    return
                self.change(lambda: bm.set_number(self.board, i, field, value))

            self.app.push_screen(PromptScreen(f"{field}:", str(bm.get_number(self.board, i, field))), answer)
        elif key and key[0] == "object":
            _, i, zone_name, j = key
            item = self.board["players"][i][zone_name][j]
            current = item.get("id", "") if isinstance(item, dict) else ""

            def answer_id(text: str | None) -> None:
                if text:
                    self.change(lambda: bm.set_object_id(self.board, i, zone_name, j, text))

            self.app.push_screen(
                PromptScreen(f"Id for {bm.card_name(item)} (what actions call it):", current), answer_id
            )
        elif key and key[0] == "turn" and len(key) == 2:
            field = key[1]

            def answer_turn(text: str | None) -> None:
                if text is not None:
                    self.change(lambda: bm.set_turn(self.board, field, text.strip() or None))

            current = (self.board.get("turn") or {}).get(field) or ""
            self.app.push_screen(PromptScreen(f"{field}:", str(current)), answer_turn)
        else:

            def answer_title(text: str | None) -> None:
                if text:
                    self.change(lambda: self.board.__setitem__("title", text.strip()))

            self.app.push_screen(PromptScreen("Board title:", self.board.get("title", "")), answer_title)

    @guarded
    def action_new_player(self) -> None:
        def add(name: str) -> None:
            bm.add_player(self.board, name)
            ea.give_masters(self.board)  # a Master no other player has, while the card files hold one

        def named(name: str | None) -> None:
            if name:
                self.change(lambda: add(name))

        self.app.push_screen(PromptScreen("New player's name:"), named)

    @guarded
    def action_new_board(self) -> None:
        try:
            self.data = ea.blank_scenario()
        except ea.EngineProblem as exc:
            self.app.notify(str(exc), severity="error")
            return
        self.path, self.dirty = None, False
        self.say_missing_masters()
        self.rebuild(("turn",))

    @property
    def title_text(self) -> str:
        """How the judge knows this board: its file's name, else its title."""
        return self.path.name if self.path else (self.data or {}).get("title") or "Board"

    # -- files -------------------------------------------------------------------------------
    def default_path(self) -> Path:
        if self.path is not None:
            return self.path
        from judge.corpus.slug import slugify

        name = slugify((self.data or {}).get("title") or "board") or "board"
        return self.boards_folder() / f"{name}.yaml"

    @staticmethod
    def boards_folder() -> Path:
        return paths.boards_dir()

    def action_save(self) -> None:
        self.app.push_screen(PromptScreen("Save the board as:", str(self.default_path())), self.save_to)

    @guarded
    def save_to(self, path: str | None) -> None:
        if not path:
            return
        try:
            written = ea.write_scenario(self.board, path, own_folder=self.boards_folder())
        except ea.EngineProblem as exc:
            self.app.notify(f"Not saved: {exc}", severity="error", timeout=10)
            return
        self.path, self.dirty = written, False
        self.refresh_head()
        self.app.notify(f"Saved {written}")

    def action_load(self) -> None:
        start = start_folder(self.path, paths.boards_dir())
        self.app.push_screen(
            FilePicker("Load a board or scenario file", start, str(self.path or "")),
            lambda path: path and self.load_path(path),
        )

    @guarded
    def load_path(self, path: str) -> None:
        try:
            data = ea.read_scenario(path)
        except ea.EngineProblem as exc:
            self.app.notify(f"Not loaded: {exc}", severity="error", timeout=10)
            return
        self.data, self.path, self.dirty = data, Path(path).expanduser(), False
        self.rebuild(("turn",))
        self.app.notify(f"Loaded {self.path.name}")

    @guarded
    def action_replay(self) -> None:
        try:
            view = ea.replay_data(self.board)
        except ea.EngineProblem as exc:
            self.app.notify(f"Cannot replay: {exc}", severity="error", timeout=10)
            return
        self.post_message(messages.ShowReplay(view))


def object_label(item) -> Text:
    if not isinstance(item, dict):
        return Text(str(item))
    out = Text(str(item.get("card", "?")))
    if item.get("id"):
        out.append(f" [{item['id']}]", style="dim")
    if item.get("damage"):
        out.append(f" dmg {item['damage']}", style="red")
    if item.get("drained"):
        out.append(" drained", style="yellow")
    for kind, n in (item.get("counters") or {}).items():
        out.append(f" {kind}×{n}", style="cyan")
    if item.get("token"):
        out.append(" token", style="dim")
    if item.get("attached_to"):
        out.append(f" on {item['attached_to']}", style="dim")
    return out


def _walk(node):
    for child in node.children:
        yield child
        yield from _walk(child)
