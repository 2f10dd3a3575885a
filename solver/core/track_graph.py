"""The track graph of a position: its nodes (the places a route can stop) and the links of track between them.

A link is one way along track from a node to the next node it reaches: a path of one hex from the node to a hex
side, across that side to the neighbour's matching side (unless an impassable border lies on it, or the map
ends), along a path of that hex, and so on until a path ends at a node; or a path joining two nodes inside one
hex. Each link lists the paths it runs on (`Piece`: a hex and the index of the path in the hex's face) and the
hex sides it crosses, so a title's rules can tell whether two trains share track or a route re-enters a hex.
Where track branches between two nodes, each way is its own link. Nodes on off-board hexes, and nodes a path
marks `terminal`, may end a route but not be run through (`end_only`).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType

from solver.core.board_position import BoardPosition
from solver.core.faces import Face, Node
from solver.core.geometry import opposite

_REF = re.compile(r"^([A-Z]\d{1,3})(?::(\d{1,2}))?$")


@dataclass(frozen=True, order=True)
class NodeRef:
    """Node `index` of hex `hex` (in the order of the face now on the hex), written `HEX:n`."""

    hex: str
    index: int

    def __str__(self) -> str:
        return f"{self.hex}:{self.index}"


@dataclass(frozen=True, order=True)
class Piece:
    """One path of the face on a hex: the hex and the path's index in the face."""

    hex: str
    path: int


#: A hex side, written from the side of the hex that comes first: (hex, edge).
Side = tuple[str, int]


@dataclass(frozen=True)
class Link:
    """Track from node `a` to node `b`: the paths in order and the hex sides crossed in order."""

    a: NodeRef
    b: NodeRef
    pieces: tuple[Piece, ...]
    sides: tuple[Side, ...]

    def reversed(self) -> Link:
        return Link(self.b, self.a, self.pieces[::-1], self.sides[::-1])

    @cached_property
    def track(self) -> frozenset[Piece | Side]:
        """Every path and hex side of the link: two links share track when these meet."""
        return frozenset((*self.pieces, *self.sides))

    def hexes(self) -> tuple[str, ...]:
        """The hexes the link runs through, in order, each stretch in one hex once."""
        out: list[str] = [self.a.hex]
        for piece in self.pieces:
            if piece.hex != out[-1]:
                out.append(piece.hex)
        return tuple(out)


def track_hexes(track: frozenset[Piece | Side]) -> str:
    """The hexes of some track (paths and hex sides), sorted, for a message: `D10, E11`."""
    return ", ".join(sorted({item.hex if isinstance(item, Piece) else item[0] for item in track}))


class TrackGraph:
    """The nodes and links of a position; `links(a, b)` are the ways from a to b, each oriented from a."""

    def __init__(self, position: BoardPosition) -> None:
        self.position = position
        board = position.board
        self.faces: Mapping[str, Face] = MappingProxyType({h: position.face(h) for h in board.hexes})
        self.nodes: Mapping[NodeRef, Node] = MappingProxyType(
            {NodeRef(h, i): node for h, face in self.faces.items() for i, node in enumerate(face.nodes)}
        )
        ends = {ref for ref in self.nodes if board.hexes[ref.hex].kind == "offboard"}
        for h, face in self.faces.items():
            for path in face.paths:
                if path.terminal:
                    ends |= {NodeRef(h, end.index) for end in (path.a, path.b) if end.kind == "node"}
        self.end_only: frozenset[NodeRef] = frozenset(ends)
        #: The nodes in sorted order, and each node's place in it (a search's node number).
        self.order: tuple[NodeRef, ...] = tuple(sorted(self.nodes, key=lambda ref: (ref.hex, ref.index)))
        self.numbers: Mapping[NodeRef, int] = MappingProxyType({ref: i for i, ref in enumerate(self.order)})
        by_pair: dict[tuple[NodeRef, NodeRef], list[Link]] = defaultdict(list)
        self._pieces: dict[tuple[str, int], Piece] = {}
        for start in self.order:
            # Every link is walked from both its ends (the walk reads track the same both ways): it is kept as
            # walked from the end that sorts first (`_walks` reaches only the nodes after its start).
            for link in self._walks(start):
                by_pair[(link.a, link.b)].append(link)
                by_pair[(link.b, link.a)].append(link.reversed())
        self._links: Mapping[tuple[NodeRef, NodeRef], tuple[Link, ...]] = MappingProxyType(
            {pair: tuple(links) for pair, links in by_pair.items()}
        )
        neighbours: dict[NodeRef, set[NodeRef]] = defaultdict(set)
        for a, b in self._links:
            neighbours[a].add(b)
        self._neighbours = {a: tuple(sorted(bs, key=lambda ref: (ref.hex, ref.index))) for a, bs in neighbours.items()}

    # ------------------------------------------------------------ queries

    def links(self, a: NodeRef, b: NodeRef) -> tuple[Link, ...]:
        """Every way along track from `a` to the next node `b`, oriented from `a` (none when not joined)."""
        return self._links.get((a, b), ())

    def neighbours(self, a: NodeRef) -> tuple[NodeRef, ...]:
        """The nodes one link away from `a`, sorted."""
        return self._neighbours.get(a, ())

    def node_ref(self, text: str) -> NodeRef:
        """The node a reference names: `HEX:n`, or `HEX` for a hex with one node; ValueError saying why not."""
        match = _REF.match(text.strip())
        if not match:
            raise ValueError(f"{text!r} is not a node reference (HEX:n, or HEX when the hex has one node)")
        hex_id, index = match.group(1), match.group(2)
        face = self.faces.get(hex_id)
        if face is None:
            raise ValueError(f"{hex_id} is not a hex of the {self.position.board.map_variant} map")
        if not face.nodes:
            raise ValueError(f"{hex_id} has no station")
        if index is None:
            if len(face.nodes) > 1:
                names = ", ".join(f"{hex_id}:{i} ({self.describe(NodeRef(hex_id, i))})" for i in range(len(face.nodes)))
                raise ValueError(f"{hex_id} has {len(face.nodes)} nodes: name one of {names}")
            return NodeRef(hex_id, 0)
        if int(index) >= len(face.nodes):
            raise ValueError(f"{hex_id} has {len(face.nodes)} node(s) now: {hex_id}:{index} is not one of them")
        return NodeRef(hex_id, int(index))

    def describe(self, ref: NodeRef) -> str:
        """The node's kind and printed name, for messages: `large Newport`."""
        node = self.nodes[ref]
        return f"{node.kind} {node.name}" if node.name else node.kind

    # ------------------------------------------------------------ building

    def _walks(self, start: NodeRef) -> list[Link]:
        """Every link from `start` to a node that sorts after it: along each path leaving it, then across sides and
        along paths until a node."""
        out: list[Link] = []
        for i, there in self.faces[start.hex].leaving.get(("node", start.index), ()):
            piece = self._piece(start.hex, i)
            if there.kind != "node":
                self._across(start, start.hex, there.index, (piece,), (), out)
            elif there.index > start.index:
                out.append(Link(start, NodeRef(start.hex, there.index), (piece,), ()))
        return out

    def _piece(self, hex_id: str, path: int) -> Piece:
        """The path `path` of the face on `hex_id`, one object per graph (two links share track when their pieces
        are the same)."""
        known = self._pieces.get((hex_id, path))
        if known is None:
            known = self._pieces[(hex_id, path)] = Piece(hex_id, path)
        return known

    def _across(
        self,
        start: NodeRef,
        hex_id: str,
        edge: int,
        pieces: tuple[Piece, ...],
        sides: tuple[Side, ...],
        out: list[Link],
    ) -> None:
        """Continue a walk leaving `hex_id` by `edge` (where no impassable border lies and the map goes on), adding
        each link it ends in to `out` when it ends at a node after `start`."""
        other = self.position.board.crossings.get((hex_id, edge))
        if other is None:
            return
        entry = opposite(edge)
        side = min((hex_id, edge), (other, entry))
        if side in sides:
            return
        sides = (*sides, side)
        for j, there in self.faces[other].leaving.get(("edge", entry), ()):
            piece = self._piece(other, j)
            if piece in pieces:
                continue
            if there.kind != "node":
                self._across(start, other, there.index, (*pieces, piece), sides, out)
            elif (other, there.index) > (start.hex, start.index):
                out.append(Link(start, NodeRef(other, there.index), (*pieces, piece), sides))
