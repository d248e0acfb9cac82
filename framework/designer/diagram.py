"""The state machine drawn: Graphviz dot (and SVG through Graphviz), or Mermaid.

An edge is labelled with its transition's name, else with the actions that take it. Edges only
seen in play (`--simulate N`) are dashed; a state with an exit the source does not tell has a
dashed edge to "?".
"""
from __future__ import annotations

import shutil
import subprocess

from framework.designer.proof.state_graph import StateGraph, build_graph
from framework.engine import GAME_END_ID, GAME_SETUP_ID, Game

SHAPES = {"active_player": "box", "multiple_active": "box3d", "game": "diamond", "manager": "ellipse"}


def _node_label(state) -> str:
    return f"{state.id} {state.name}\\n({state.type.value})"


def drawn_edges(graph: StateGraph) -> list[tuple[int, int | None, str, bool]]:
    """(source, target, label, proven) once per source and target."""
    by_pair: dict[tuple[int, int | None], list] = {}
    for edge in graph.edges:
        by_pair.setdefault((edge.source, edge.target), []).append(edge)
    drawn = []
    for (source, target), edges in by_pair.items():
        labels = list(dict.fromkeys(e.label for e in edges if e.label))
        if not labels:
            labels = list(dict.fromkeys(e.via for e in edges if e.via not in ("", "enter", "setup")))
        drawn.append((source, target, ", ".join(labels), any(e.proven for e in edges)))
    return drawn


def to_dot(game: type[Game], graph: StateGraph | None = None) -> str:
    graph = graph or build_graph(game)
    lines = [f'digraph "{game.name}" {{', "  rankdir=TB;", '  node [fontname="Helvetica"];']
    for state_id, state in sorted(graph.states.items()):
        style = ', style="rounded"' if state.type.value == "active_player" else ""
        lines.append(f'  s{state_id} [label="{_node_label(state)}", shape={SHAPES[state.type.value]}{style}];')
    for source, target, label, proven in drawn_edges(graph):
        attributes = [f'label="{label}"'] if label else []
        if not proven:
            attributes += ["style=dashed", 'tooltip="seen in play, not in the source"']
        shown = f" [{', '.join(attributes)}]" if attributes else ""
        lines.append(f"  s{source} -> s{target if target is not None else 'unknown'}{shown};")
    for state_id in sorted(graph.dynamic):
        lines.append(f'  s{state_id} -> dynamic{state_id} [style=dashed, label="computed"];')
        lines.append(f'  dynamic{state_id} [label="?", shape=plaintext];')
    lines.append("}")
    return "\n".join(lines) + "\n"


def to_mermaid(game: type[Game], graph: StateGraph | None = None) -> str:
    graph = graph or build_graph(game)
    lines = ["stateDiagram-v2"]
    for state_id, state in sorted(graph.states.items()):
        lines.append(f'    s{state_id} : {state.id} {state.name} ({state.type.value})')
    lines.append(f"    [*] --> s{GAME_SETUP_ID}")
    for source, target, label, proven in drawn_edges(graph):
        label = label if proven else f"{label} (seen in play)".strip()
        shown = f" : {label}" if label else ""
        lines.append(f"    s{source} --> s{target if target is not None else 'unknown'}{shown}")
    for state_id in sorted(graph.dynamic):
        lines.append(f"    s{state_id} --> dynamic{state_id} : computed")
    lines.append(f"    s{GAME_END_ID} --> [*]")
    return "\n".join(lines) + "\n"


def to_svg(game: type[Game], graph: StateGraph | None = None) -> str:
    dot = shutil.which("dot")
    if dot is None:
        raise RuntimeError("SVG needs Graphviz's `dot` (apt-get install graphviz); "
                           "--format dot or mermaid work without it")
    return subprocess.run([dot, "-Tsvg"], input=to_dot(game, graph), capture_output=True, text=True,
                          check=True).stdout


FORMATS = {"dot": to_dot, "mermaid": to_mermaid, "svg": to_svg}
