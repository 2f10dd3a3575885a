"""What is printed on a tile or a hex: nodes (places a route can stop) and paths joining hex edges and nodes.

One model serves every tile and every printed hex of every title (docs/board-data.md, "Nodes and paths"). A
node's kind is a word of the title's (`title.json` → `node_kinds`); the core never gives a kind a meaning.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from solver.core.geometry import rotate
from solver.core.lazy import lazy

_END = re.compile(r"^([en])(\d{1,2})$")


@dataclass(frozen=True)
class End:
    """One end of a path: hex edge `index` (0-5) or node `index` of the tile."""

    kind: Literal["edge", "node"]
    index: int

    @classmethod
    def parse(cls, text: str) -> End:
        """`"e3"` is edge 3, `"n0"` node 0; ValueError otherwise."""
        match = _END.match(text)
        if not match:
            raise ValueError(f"{text!r} is not a path end (e0-e5 for an edge, n0, n1, ... for a node)")
        return cls("edge" if match.group(1) == "e" else "node", int(match.group(2)))

    def rotated(self, rotation: int) -> End:
        return End("edge", rotate(self.index, rotation)) if self.kind == "edge" else self

    def __str__(self) -> str:
        return f"{self.kind[0]}{self.index}"


@dataclass(frozen=True)
class Node:
    """A place a route can stop, of one of the title's node kinds: `value` is £ as printed, or by phase for
    off-board areas; `slots` is the number of station-marker spaces."""

    kind: str
    value: int | Mapping[str, int] = 0
    slots: int = 0
    name: str | None = None

    def value_in(self, phase: str) -> int:
        """The node's value in `phase` (the printed value when it does not change by phase)."""
        return self.value if isinstance(self.value, int) else self.value[phase]


@dataclass(frozen=True)
class Path:
    """Track joining two ends; `terminal` marks an end a route may stop at but not run through."""

    a: End
    b: End
    terminal: bool = False

    def rotated(self, rotation: int) -> Path:
        return Path(self.a.rotated(rotation), self.b.rotated(rotation), self.terminal)

    @property
    def ends(self) -> frozenset[End]:
        return frozenset((self.a, self.b))


@dataclass(frozen=True)
class Face:
    """The nodes and paths of a tile at rotation 0, or of a printed hex as it lies on the map."""

    nodes: tuple[Node, ...] = ()
    paths: tuple[Path, ...] = ()

    def exits(self, rotation: int = 0) -> frozenset[int]:
        """The hex edges track leaves by, at `rotation`."""
        return frozenset(
            rotate(end.index, rotation) for path in self.paths for end in (path.a, path.b) if end.kind == "edge"
        )

    def rotated(self, rotation: int) -> Face:
        return Face(self.nodes, tuple(p.rotated(rotation) for p in self.paths))

    @lazy
    def leaving(self) -> Mapping[tuple[str, int], tuple[tuple[int, End], ...]]:
        """For each end, by its kind and index (`("edge", 3)`, `("node", 0)`), the paths leaving it in the order of
        `paths`: each path's index and its other end (a path read from `a`, then from `b`), so that a walk along
        track looks up the paths at an edge or node rather than reading every path of the face."""
        out: dict[tuple[str, int], list[tuple[int, End]]] = {}
        for i, path in enumerate(self.paths):
            out.setdefault((path.a.kind, path.a.index), []).append((i, path.b))
            out.setdefault((path.b.kind, path.b.index), []).append((i, path.a))
        return {end: tuple(paths) for end, paths in out.items()}
