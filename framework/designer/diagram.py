"""The state machine drawn: Graphviz dot (and SVG through Graphviz), or Mermaid."""
from __future__ import annotations

import shutil
import subprocess

from framework.engine import GAME_END_ID, GAME_SETUP_ID, Game
from framework.engine.graph import build_graph

SHAPES = {"active_player": "box", "multiple_active": "box3d", "game": "diamond", "manager": "ellipse"}


def _node_label(state) -> str:
    return f"{state.id} {state.name}\\n({state.type.value})"


def to_dot(game: type[Game]) -> str:
    graph = build_graph(game)
    lines = [f'digraph "{game.name}" {{', "  rankdir=TB;", '  node [fontname="Helvetica"];']
    for state_id, state in sorted(graph.states.items()):
        style = ', style="rounded"' if state.type.value == "active_player" else ""
        lines.append(f'  s{state_id} [label="{_node_label(state)}", shape={SHAPES[state.type.value]}{style}];')
    for edge in graph.edges:
        target = edge.target if edge.target is not None else "unknown"
        label = f' [label="{edge.label}"]' if edge.label else ""
        lines.append(f"  s{edge.source} -> s{target}{label};")
    for state_id in sorted(graph.dynamic):
        lines.append(f'  s{state_id} -> dynamic{state_id} [style=dashed, label="computed"];')
        lines.append(f'  dynamic{state_id} [label="?", shape=plaintext];')
    lines.append("}")
    return "\n".join(lines) + "\n"


def to_mermaid(game: type[Game]) -> str:
    graph = build_graph(game)
    lines = ["stateDiagram-v2"]
    for state_id, state in sorted(graph.states.items()):
        lines.append(f'    s{state_id} : {state.id} {state.name} ({state.type.value})')
    lines.append(f"    [*] --> s{GAME_SETUP_ID}")
    for edge in graph.edges:
        label = f" : {edge.label}" if edge.label else ""
        lines.append(f"    s{edge.source} --> s{edge.target if edge.target is not None else 'unknown'}{label}")
    lines.append(f"    s{GAME_END_ID} --> [*]")
    return "\n".join(lines) + "\n"


def to_svg(game: type[Game]) -> str:
    dot = shutil.which("dot")
    if dot is None:
        raise RuntimeError("SVG needs Graphviz's `dot` (apt-get install graphviz); "
                           "--format dot or mermaid work without it")
    return subprocess.run([dot, "-Tsvg"], input=to_dot(game), capture_output=True, text=True, check=True).stdout


FORMATS = {"dot": to_dot, "mermaid": to_mermaid, "svg": to_svg}
