"""Generic helpers over a Python module's syntax tree, for the plugin's source reader
(`plugin_source.py`): the module's functions by line, its calls by name, each node's text and place,
and the scope of each function (its parameters and local assignments)."""
from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from types import ModuleType
from typing import Any

NESTED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


@dataclass(frozen=True)
class Unknown:
    """An expression whose value the source does not tell."""

    where: str  # file:line
    text: str   # the expression as written


@dataclass
class Values:
    """What an expression may be: the values found, and the parts that could not be read."""

    found: list = field(default_factory=list)
    unknown: list[Unknown] = field(default_factory=list)

    def add(self, value: Any) -> None:
        if not any(type(value) is type(known) and value == known for known in self.found):
            self.found.append(value)

    def merge(self, other: Values) -> Values:
        for value in other.found:
            self.add(value)
        self.unknown += [u for u in other.unknown if u not in self.unknown]
        return self


@dataclass
class ModuleSource:
    module: ModuleType
    path: Path
    text: str
    tree: ast.Module

    @cached_property
    def parents(self) -> dict[ast.AST, ast.AST]:
        return {child: node for node in ast.walk(self.tree) for child in ast.iter_child_nodes(node)}

    @cached_property
    def functions_at(self) -> dict[int, list[ast.AST]]:
        """Functions and lambdas by the first line of their code (a decorator's line when decorated)."""
        found: dict[int, list[ast.AST]] = {}
        for node in ast.walk(self.tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                lines = {node.lineno} | {d.lineno for d in getattr(node, "decorator_list", [])[:1]}
                for line in lines:
                    found.setdefault(line, []).append(node)
        return found

    @cached_property
    def calls(self) -> dict[str, list[ast.Call]]:
        """Every call in the module by the name it calls (`f(...)` and `x.f(...)` under "f")."""
        found: dict[str, list[ast.Call]] = {}
        for node in ast.walk(self.tree):
            if isinstance(node, ast.Call):
                name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
                if name:
                    found.setdefault(name, []).append(node)
        return found

    @cached_property
    def lines(self) -> list[bytes]:
        return [line.encode() for line in self.text.splitlines()]

    def segment(self, node: ast.AST) -> str:
        """The node's source text (ast.get_source_segment splits the whole file at each call)."""
        first, last = node.lineno - 1, node.end_lineno - 1
        if first == last:
            return self.lines[first][node.col_offset:node.end_col_offset].decode()
        parts = [self.lines[first][node.col_offset:], *self.lines[first + 1:last],
                 self.lines[last][:node.end_col_offset]]
        return "\n".join(part.decode() for part in parts)

    def where(self, node: ast.AST) -> str:
        try:
            shown = self.path.resolve().relative_to(Path.cwd())
        except ValueError:
            shown = self.path
        return f"{shown}:{getattr(node, 'lineno', '?')}"

    def unknown(self, node: ast.AST) -> Values:
        return Values(unknown=[Unknown(self.where(node), " ".join(self.segment(node).split()))])


@dataclass
class Scope:
    """One function's body (or a module's top level, `node` None) and the class its `self` is."""

    source: ModuleSource
    node: ast.AST | None
    owner: type | None

    @property
    def key(self) -> tuple:
        return id(self.source), id(self.node), self.owner

    @cached_property
    def params(self) -> list[str]:
        if self.node is None:
            return []
        args = self.node.args
        return [a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]]

    @cached_property
    def assignments(self) -> dict[str, list[ast.expr | None]]:
        """Each local name and the expressions assigned to it; None where the value is not one."""
        if self.node is None or isinstance(self.node, ast.Lambda):
            return {}
        found: dict[str, list[ast.expr | None]] = {}

        def bind(target: ast.AST, value: ast.expr | None) -> None:
            if isinstance(target, ast.Name):
                found.setdefault(target.id, []).append(value)
            elif isinstance(target, (ast.Tuple, ast.List)):
                paired = isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) == len(target.elts)
                for position, element in enumerate(target.elts):
                    bind(element, value.elts[position] if paired else None)
            elif isinstance(target, ast.Starred):
                bind(target.value, None)

        for node in own_nodes(self.node):
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    bind(target, node.value)
            elif isinstance(node, (ast.AnnAssign, ast.NamedExpr)) and node.value is not None:
                bind(node.target, node.value)
            elif isinstance(node, (ast.AugAssign, ast.For, ast.AsyncFor)):
                bind(node.target, None)
            elif isinstance(node, ast.withitem) and node.optional_vars is not None:
                bind(node.optional_vars, None)
            elif isinstance(node, ast.ExceptHandler) and node.name:
                found.setdefault(node.name, []).append(None)
        return found


def own_nodes(function: ast.AST) -> Iterator[ast.AST]:
    """The nodes of a function's body, not those of the functions and classes defined in it."""
    todo = list(function.body) if isinstance(function.body, list) else [function.body]
    while todo:
        node = todo.pop()
        yield node
        todo.extend(child for child in ast.iter_child_nodes(node) if not isinstance(child, NESTED))
