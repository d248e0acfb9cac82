"""`export-bga`'s client files: the game's `client.js` as BGA's current client module, `modules/js/Game.js`,
and its `client.css` as `<name>.css`.

A client module here is written in BGA's gamegui words (static/README.md): `export class Game` with `setup`,
`onEnteringState`, `onLeavingState`, `onUpdateActionButtons`, `setupNotifications` and `notif_<type>` methods,
using `this.player_id`, `this.gamedatas`, `this.statusBar`, `this.bgaPerformAction`, `this.isCurrentPlayerActive()`.
BGA's current framework makes `new Game(bga)` and hands it `bga` (`bga.actions`, `bga.statusBar`, `bga.players`,
`bga.gameArea`, `bga.notifications`, `bga.gameui`). The export keeps the game's code as written and adds:
- the framework's browser helpers it imports (`/static/js/dom.js`, ...), inlined: BGA serves the file alone;
- a bridge: the exported `Game` extends the game's class and gives it those gamegui names on top of `bga`.
What cannot carry over is said at the top of the file (our shell's `onGamedatasUpdate`, imports it cannot inline).
A game without a `client.js` gets a skeleton with every hook, its states and their actions named.
"""
from __future__ import annotations

import re
import sys
import textwrap
from pathlib import Path

from framework.engine import GAME, GAME_END_ID, GAME_SETUP_ID, Game

STATIC_JS = Path(__file__).resolve().parents[2] / "static" / "js"
IMPORT = re.compile(r'^import\s*\{([^}]*)\}\s*from\s*["\']([^"\']+)["\'];?[ \t]*$', re.M)
EXPORTED = re.compile(r"^export\s+(?:async\s+)?(?:function\*?|class|const|let|var)\s+([A-Za-z_$][\w$]*)", re.M)
GAME_CLASS = re.compile(r"^export\s+class\s+Game\b", re.M)

# The gamegui names our shell gives a Game (static/js/gamegui.js), as BGA's Game class reaches them through `bga`.
BRIDGE = """\
// ----- the bridge: the gamegui names this game was written with, on BGA's `bga` ------------------------
const GAMEGUI_NAMES = {
  player_id: { get() { return this.bga.players.getCurrentPlayerId(); } },
  table_id: { get() { return this.bga.gameui.table_id; } },
  describeAction: { value() {   // BGA has no describe endpoint: the game's own fallback (the server judges) applies
    return Promise.reject(new Error("BGA describes no moves"));
  } },
  isSpectator: { get() { return this.bga.gameui.isSpectator; } },
  statusBar: { get() { return this.bga.statusBar; } },
  bgaPerformAction: { value(action, args = {}, options = {}) {
    return this.bga.actions.performAction(action, args, options);
  } },
  isCurrentPlayerActive: { value() { return this.bga.players.isCurrentPlayerActive(); } },
  getActivePlayerId: { value() { return this.bga.gameui.getActivePlayerId(); } },
  getActivePlayers: { value() { return this.bga.gameui.getActivePlayers(); } },
  bgaSetupPromiseNotifications: { value(options = {}) {
    return this.bga.notifications.setupPromiseNotifications({ handlers: [this], ...options });
  } },
  getGameAreaElement: { value() { return this.bga.gameArea.getElement(); } },
  showMessage: { value(text, type = "info") { return this.bga.gameui.showMessage(text, type); } },
  bgaAnimationsActive: { value() {
    const ui = this.bga.gameui;
    return typeof ui.bgaAnimationsActive === "function" ? ui.bgaAnimationsActive() : true;
  } },
  wait: { value(ms) { return new Promise((resolve) => setTimeout(resolve, this.bgaAnimationsActive() ? ms : 0)); } },
  bgaSlideFrom: { value(element, from, ms = 400) {   // our shell's glide from another element's place
    if (!this.bgaAnimationsActive() || !element || !from || !element.animate) return Promise.resolve();
    const a = from.getBoundingClientRect(), b = element.getBoundingClientRect();
    const dx = a.left + a.width / 2 - b.left - b.width / 2, dy = a.top + a.height / 2 - b.top - b.height / 2;
    return element.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
      { duration: ms, easing: "ease-out" })
      .finished.catch(() => {});
  } },
  getHandBarElement: { value() {   // BGA has no bottom bar: the hand goes at the end of the game area
    const area = this.bga.gameArea.getElement();
    this.handBar = this.handBar || Object.assign(document.createElement("div"), { className: "hand-slot" });
    if (this.handBar.parentNode !== area) area.append(this.handBar);
    return this.handBar;
  } },
};

export class Game extends __CLASS__ {
  constructor(bga) {
    super();
    this.bga = bga;
  }

  setup(gamedatas) {
    this.gamedatas = gamedatas;   // BGA's gameui keeps this object's gamestate current
    return super.setup(gamedatas);
  }
}
for (const [name, descriptor] of Object.entries(GAMEGUI_NAMES)) {
  if (!(name in __CLASS__.prototype)) Object.defineProperty(Game.prototype, name, descriptor);   // the game's own win
}
// Our log takes DOM nodes as bgaFormatText's arg values; BGA's takes HTML: a node becomes its markup (built with
// textContent, so escaped).
if (typeof __CLASS__.prototype.bgaFormatText === "function") {
  Game.prototype.bgaFormatText = function (log, args) {
    const out = __CLASS__.prototype.bgaFormatText.call(this, log, args);
    const html = (v) => (v instanceof Node ? v.outerHTML ?? v.textContent : v);
    for (const [key, value] of Object.entries((out && out.args) || {})) {
      const nodes = Array.isArray(value) && value.some((v) => v instanceof Node);
      out.args[key] = nodes ? value.map(html).join(" ") : html(value);
    }
    return out;
  };
}
"""

# Shell classes a module may use in its area (static/css/app.css), which BGA's page does not define.
SHELL_CSS = {
    "muted": ".muted { color: #5f6368; }",
    "visually-hidden": ".visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; "
                       "clip: rect(0 0 0 0); }",
    "action-button": ".action-button { font: inherit; padding: 8px 14px; min-height: 40px; border-radius: 6px; "
                     "border: 1px solid #1f5f99; background: #1f5f99; color: #fff; cursor: pointer; }",
}


def client_folder(game: type[Game]) -> Path | None:
    """The folder of the module that defines the Game class, where the server finds client.js."""
    path = getattr(sys.modules.get(game.__module__), "__file__", None)
    return Path(path).resolve().parent if path else None


def client_files(game: type[Game], project: str) -> dict[str, str]:
    """{path in the project: text} of the client files: modules/js/Game.js and <project>.css."""
    folder = client_folder(game)
    script, css = (folder / "client.js", folder / "client.css") if folder else (None, None)
    source = script.read_text() if script and script.is_file() else None
    files = {"modules/js/Game.js": game_js(game, source, folder) if source else skeleton_js(game)}
    style = css.read_text() if css and css.is_file() else ""
    used = [rule for name, rule in SHELL_CSS.items() if source and re.search(rf"[.\"' ]{re.escape(name)}\b", source)]
    if used:
        style += "\n/* The framework's page classes this client uses (BGA's page has none of them). */\n"
        style += "\n".join(used) + "\n"
    if style:
        files[f"{project}.css"] = style
    return files


def game_js(game: type[Game], source: str, folder: Path) -> str:
    """The game's client module as BGA's modules/js/Game.js."""
    if not GAME_CLASS.search(source):
        raise ValueError(f"{game.name}/client.js has no `export class Game`: write it as static/README.md says "
                         "before exporting it")
    inlined: dict[str, str] = {}   # a file's path -> the constant its inlined exports are held in
    blocks: list[str] = []
    untouched: list[str] = []

    def inline(path: Path) -> str:
        if str(path) not in inlined:
            body = rewrite_imports(path.read_text(), path.parent, inline, untouched)
            names = EXPORTED.findall(body)
            holder = "__" + re.sub(r"\W", "_", path.stem) + "_js"
            inlined[str(path)] = holder
            body = re.sub(r"^export\s+", "", body, flags=re.M)
            blocks.append(f"// ----- {display(path)}, inlined (BGA serves Game.js alone) -----\n"
                          f"const {holder} = (() => {{\n{body.rstrip()}\nreturn {{ {', '.join(names)} }};\n}})();\n")
        return inlined[str(path)]

    body = rewrite_imports(source, folder, inline, untouched)
    body = GAME_CLASS.sub("class GameModule", body)
    notes = [f"{game.title}: its client module (games/{game.name}/client.js), exported by `bga export-bga` for "
             "BGA's current client (modules/js/Game.js).",
             "The game's code is kept as written; the framework helpers it imports are inlined above it, and the "
             "bridge at the end gives its Game the gamegui names it uses, from BGA's `bga`.",
             "gamedatas: the game's get_all_datas() becomes getAllDatas(); the framework added `players` (by id, with "
             "`seat` from 0), `playerorder` and `gamestate` (`possibleactions`, `active_player`, `multiactive`, "
             "`args`): have getAllDatas give players their seat (player_no - 1)."]
    if re.search(r"\bonGamedatasUpdate\s*\(", source):
        notes.append("TO PORT: BGA never calls onGamedatasUpdate (our shell calls it with the view after each move): "
                     "update the page from the notif_ handlers instead, with what each notification says.")
    if re.search(r"\bdescribeAction\s*\(", source):
        notes.append("TO PORT: describeAction asks our server's describe endpoint, which BGA does not have: here it "
                     "rejects, so the game shows its fallback; to keep the live description, judge the selection in "
                     "the client or add an action of your own that answers.")
    notes += [f"TO PORT: {line.strip()} is not inlined: put that code here." for line in untouched]
    header = "/**\n" + "\n".join(textwrap.fill(note, 112, initial_indent=" * ", subsequent_indent=" *   ")
                                   for note in notes) + "\n */\n"
    return header + "\n".join(blocks) + "\n" + body.rstrip() + "\n\n" + BRIDGE.replace("__CLASS__", "GameModule")


def rewrite_imports(source: str, folder: Path, inline, untouched: list[str]) -> str:
    """`import { a, b as c } from "/static/js/x.js"` -> `const { a, b: c } = __x_js;`, for the framework's helpers
    and the game's own files; any other import is left as it is and noted."""
    def replace(match: re.Match) -> str:
        names, where = match.group(1), match.group(2)
        if where.startswith("/static/js/"):
            path = STATIC_JS / where.removeprefix("/static/js/")
        elif where.startswith("."):
            path = (folder / where).resolve()
        else:
            path = None
        if path is None or not path.is_file():
            untouched.append(match.group(0))
            return match.group(0)
        holder = inline(path)
        fields = ", ".join(re.sub(r"\s+as\s+", ": ", name.strip()) for name in names.split(",") if name.strip())
        return f"const {{ {fields} }} = {holder};"
    return IMPORT.sub(replace, source)


def display(path: Path) -> str:
    try:
        return "/static/js/" + str(path.relative_to(STATIC_JS))
    except ValueError:
        return path.name


def skeleton_js(game: type[Game]) -> str:
    """A Game.js for a game played by the generic renderer here: every hook, each player state and its actions."""
    cases = []
    for state in game.states:
        if state.type == GAME or state.id in (GAME_SETUP_ID, GAME_END_ID) or not state.actions:
            continue
        lines = [f'      case "{state.name}":']
        for name, spec in state.actions.items():
            arguments = ", ".join(spec.schema.fields)
            lines.append(f'        // this.bga.statusBar.addActionButton(_("{name}"), () => '
                         f'this.bga.actions.performAction("{name}", {{{f" {arguments} " if arguments else ""}}}));')
        cases.append("\n".join(lines + ["        break;"]))
    switch = "\n".join(cases)
    return f"""/**
 * {game.title}: a skeleton written by `bga export-bga` (the game has no client.js: the generic renderer plays
 * it here). Build the page in setup() from gamedatas (the game's get_all_datas() as getAllDatas()).
 */
export class Game {{
  constructor(bga) {{
    this.bga = bga;
  }}

  setup(gamedatas) {{
    this.gamedatas = gamedatas;
    this.setupNotifications();
  }}

  onEnteringState(stateName, args) {{}}

  onLeavingState(stateName) {{}}

  onUpdateActionButtons(stateName, args) {{
    if (!this.bga.players.isCurrentPlayerActive()) return;
    switch (stateName) {{
{switch}
    }}
  }}

  setupNotifications() {{
    this.bga.notifications.setupPromiseNotifications();
  }}
}}
"""
