"""The track graph routes run on, built from a position (2.3, 7.4, 7.8).

Nodes are stations and hex sides:

* ``L:F5``            the large station of a town hex with a tile (all its exits meet there);
* ``S:E6:1-4``        a small station on the track of village hex E6 that joins map edges 1 and 4;
* ``O:A4:midlands``   an off-board node (scored as its area, once per company, 7.8);
* ``X:B3|B5``         the side shared by two hexes (or by a land hex and the off-board hex beyond it).

Each segment is one piece of track inside one hex: station to side, side to side (a village track with no
station), or side to off-board node (entering the off-board hex counts as one hex for Freight, 7.8.1).
A route that is a simple path in this graph reuses no track segment and visits no station twice (7.4).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Literal

from solver.core.lazy import lazy
from solver.errors import Problem
from solver.titles.g1862 import hexgrid
from solver.titles.g1862.gamedata import GameData, Tile
from solver.titles.g1862.position import Position, TileLay

NodeId = str
StationKind = Literal["large", "small", "offboard"]


def large_id(hex_: str) -> NodeId:
    return f"L:{hex_}"


def small_id(hex_: str, track: tuple[int, int]) -> NodeId:
    return f"S:{hex_}:{track[0]}-{track[1]}"


def offboard_id(node: str) -> NodeId:
    return f"O:{node}"


@cache
def side_id(a: str, b: str) -> NodeId:
    first, second = sorted((a, b), key=hexgrid.parse_hex)
    return f"X:{first}|{second}"


@dataclass(frozen=True)
class Station:
    """A place a train can stop: a large or small station, or an off-board node of an area."""

    id: NodeId
    kind: StationKind
    hex: str
    value: int
    slots: int = 0
    markers: tuple[str, ...] = ()
    area: str | None = None
    area_type: Literal["red", "port"] | None = None

    @lazy
    def scoring_unit(self) -> str:
        """What 'scored once' counts (7.8): the station itself, or the whole off-board area (worked out once:
        the route listings ask for it hundreds of times)."""
        return f"area:{self.area}" if self.area else self.id


@dataclass(frozen=True)
class Segment:
    """One piece of track inside one hex, joining two nodes."""

    a: NodeId
    b: NodeId
    hex: str

    def other(self, node: NodeId) -> NodeId:
        return self.b if node == self.a else self.a


@dataclass(frozen=True)
class TrackGraph:
    """The graph of a position for one phase: stations, sides and segments, with station values."""

    position: Position
    stations: Mapping[NodeId, Station]
    sides: frozenset[NodeId]
    segments: tuple[Segment, ...]
    adjacency: Mapping[NodeId, tuple[tuple[NodeId, int], ...]] = field(repr=False)

    @property
    def game(self) -> GameData:
        return self.position.game

    @lazy
    def nodes(self) -> tuple[NodeId, ...]:
        return tuple(sorted(set(self.stations) | self.sides))

    def neighbours(self, node: NodeId) -> list[NodeId]:
        return [n for n, _ in self.adjacency.get(node, ())]

    def segment_between(self, a: NodeId, b: NodeId) -> Segment | None:
        for n, index in self.adjacency.get(a, ()):
            if n == b:
                return self.segments[index]
        return None

    def is_blocked(self, node: NodeId, company: str) -> bool:
        """A large station whose slots are all filled by other companies' markers: the company may end a
        route there but not pass through it (7.4, 7.8)."""
        st = self.stations.get(node)
        if st is None or st.kind != "large":
            return False
        return len(st.markers) >= st.slots and company not in st.markers

    def blocked_for(self, company: str) -> frozenset[NodeId]:
        return frozenset(n for n in self.stations if self.is_blocked(n, company))

    def marker_stations(self, company: str) -> frozenset[NodeId]:
        """Large stations holding one of the company's markers (London markers are not stations, 7.4)."""
        return frozenset(n for n, st in self.stations.items() if st.kind == "large" and company in st.markers)

    def path_of(self, hexes: Sequence[str], where: str = "route") -> tuple[list[NodeId], list[Problem]]:
        """Turn a route written as hexes in visiting order into graph nodes.

        The first and last hexes are the route's ends: a town's large station or an off-board hex (whose
        node is the one entered from the neighbouring land hex). Every hex between is passed through on the
        track that joins the side it is entered by and the side it is left by (7.4, 7.8). Returns the nodes
        and, if the hexes do not follow track, the problems.
        """
        game = self.game
        problems: list[Problem] = []
        if len(hexes) < 2:
            return [], [Problem(where, "7.8", "a route runs between at least two stations (two hexes or more)")]
        for h in hexes:
            if h not in game.land_hexes and h not in game.offboard_hexes:
                return [], [Problem(f"{where} hex {h}", "7.4", f"{h} is not a hex of the map")]
        for a, b in itertools.pairwise(hexes):
            if hexgrid.edge_towards(a, b) is None:
                return [], [Problem(f"{where} {a}->{b}", "7.4", f"{a} and {b} are not adjacent hexes")]
        nodes: list[NodeId] = []
        last = len(hexes) - 1
        for i, h in enumerate(hexes):
            prev_h = hexes[i - 1] if i > 0 else None
            next_h = hexes[i + 1] if i < last else None
            if h in game.offboard_hexes:
                if 0 < i < last:
                    problems.append(
                        Problem(
                            f"{where} hex {h}",
                            "7.4",
                            f"{game.hex_name(h)} is an off-board area: a route ends there",
                        )
                    )
                    continue
                land = next_h if i == 0 else prev_h
                assert land is not None
                node = self._offboard_node(land, h)
                if node is None:
                    problems.append(
                        Problem(
                            f"{where} {land}->{h}",
                            "7.4",
                            f"no track runs from {land} into the off-board hex {h}",
                        )
                    )
                    continue
                if i == 0:
                    nodes += [node, side_id(h, land)]
                else:
                    nodes.append(node)
                continue
            in_edge = hexgrid.edge_towards(h, prev_h) if prev_h else None
            out_edge = hexgrid.edge_towards(h, next_h) if next_h else None
            node_path, problem = self._through_hex(h, in_edge, out_edge, where)
            if problem:
                problems.append(problem)
                continue
            nodes += node_path
            if next_h is not None:
                nodes.append(side_id(h, next_h))
        if problems:
            return [], problems
        for a, b in itertools.pairwise(nodes):
            if self.segment_between(a, b) is None:
                problems.append(Problem(where, "7.4", f"no track between {describe(a)} and {describe(b)}"))
        return (nodes, []) if not problems else ([], problems)

    def _offboard_node(self, land: str, off: str) -> NodeId | None:
        edge = hexgrid.edge_towards(land, off)
        if edge is None or land not in self.game.edges:
            return None
        link = self.game.edges[land][edge]
        if link.kind != "offboard" or link.node is None:
            return None
        node = offboard_id(link.node)
        side = side_id(land, off)
        return node if self.segment_between(side, node) is not None else None

    def _through_hex(
        self, h: str, in_edge: int | None, out_edge: int | None, where: str
    ) -> tuple[list[NodeId], Problem | None]:
        """Nodes inside land hex `h` between the side entered (`in_edge`) and the side left (`out_edge`);
        None for a route's end."""
        game = self.game
        name = f"{h} ({game.hex_name(h)})"
        lay = self.position.tiles.get(h)
        if lay is None:
            return [], Problem(f"{where} hex {name}", "7.4", "there is no tile, so no track, on this hex")
        if h in game.towns:
            return [large_id(h)], None
        tile = game.tiles[lay.tile]
        if in_edge is None or out_edge is None:
            return [], Problem(
                f"{where} hex {name}",
                "7.8",
                "a route must begin and end at a large station or an off-board area, not a village",
            )
        want = frozenset((in_edge, out_edge))
        for track in tile.tracks_at(lay.rotation):
            if track == want:
                key = (min(want), max(want))
                if key in lay.small_stations:
                    return [small_id(h, key)], None
                return [], None
        return [], Problem(
            f"{where} hex {name}",
            "7.4",
            f"tile {tile.id} has no track from its {hexgrid.EDGE_NAMES[in_edge]} side to its "
            f"{hexgrid.EDGE_NAMES[out_edge]} side",
        )


def describe(node: NodeId) -> str:
    """A node as a player would say it: 'F5', 'small station in E6', 'Midlands (A4)', 'side B3/B5'."""
    kind, _, rest = node.partition(":")
    if kind == "L":
        return rest
    if kind == "S":
        return f"small station in {rest.split(':')[0]}"
    if kind == "O":
        hex_, _, area = rest.partition(":")
        return f"{area} ({hex_})"
    return f"side {rest.replace('|', '/')}"


@dataclass(frozen=True)
class _LayTrack:
    """The track one tile lay puts on the board, whatever the rest of the position (2.3, 7.4): its segments,
    each with the hex sides it reaches, in the order `build_graph` adds them, and its small stations (a large
    station's value and markers come from the position, so it is built per graph)."""

    tile: Tile  # the tile it was worked out for (the game's own object)
    small_value: int
    pieces: tuple[tuple[Segment, tuple[NodeId, ...]], ...]
    small: tuple[Station, ...]


# Per tile lay (hex, tile, rotation, small stations): a board has dozens of lays and each solve builds its
# graph once, so the track of each lay is worked out once (docs/optimizer.md, "Design history"). An entry is
# used only for the tile object and small-station value it was made with.
_LAY_TRACK: dict[TileLay, _LayTrack] = {}


def _lay_track(lay: TileLay, tile: Tile, small_value: int) -> _LayTrack:
    known = _LAY_TRACK.get(lay)
    if known is not None and known.tile is tile and known.small_value == small_value:
        return known
    h = lay.hex
    pieces: list[tuple[Segment, tuple[NodeId, ...]]] = []
    small: list[Station] = []
    if tile.station == "large":
        node = large_id(h)
        for edge in tile.exits_at(lay.rotation):
            other = hexgrid.neighbour(h, edge)
            assert other is not None
            side = side_id(h, other)
            pieces.append((Segment(node, side, h), (side,)))
    else:
        for track in tile.tracks_at(lay.rotation):
            a, b = sorted(track)
            side_a = side_id(h, hexgrid.neighbour(h, a) or "")
            side_b = side_id(h, hexgrid.neighbour(h, b) or "")
            if (a, b) in lay.small_stations:
                station = Station(small_id(h, (a, b)), "small", h, small_value)
                small.append(station)
                pieces += ((Segment(side_a, station.id, h), (side_a,)), (Segment(station.id, side_b, h), (side_b,)))
            else:
                pieces.append((Segment(side_a, side_b, h), (side_a, side_b)))
    known = _LAY_TRACK[lay] = _LayTrack(tile, small_value, tuple(pieces), tuple(small))
    return known


def build_graph(position: Position) -> TrackGraph:
    """The track graph of a valid position, with station values for its phase (7.8, 9.0)."""
    game = position.game
    stations: dict[NodeId, Station] = {}
    pieces: list[tuple[Segment, tuple[NodeId, ...]]] = []  # each segment with the hex sides it reaches
    small_value = game.small_station_revenue
    for h, lay in position.tiles.items():
        tile = game.tiles[lay.tile]
        track = _lay_track(lay, tile, small_value)
        if tile.station == "large":
            node = large_id(h)
            stations[node] = Station(node, "large", h, tile.revenue, tile.slots, tuple(position.stations.get(h, ())))
        for station in track.small:
            stations[station.id] = station
        pieces += track.pieces
    count = Counter(side for _, reached in pieces for side in reached)

    for node_info in game.nodes.values():
        area = game.areas[node_info.area]
        node = offboard_id(node_info.id)
        entered = False
        for entry in node_info.entries:
            side = side_id(entry.hex, node_info.hex)
            if side in count:  # some tile's track points into the off-board hex here
                pieces.append((Segment(side, node, node_info.hex), (side,)))
                count[side] += 1
                entered = True
        if entered:
            stations[node] = Station(
                node,
                "offboard",
                node_info.hex,
                game.area_value(area.id, position.phase),
                area=area.id,
                area_type=area.type,
            )

    # Sides only matter where track reaches them from both hexes (or a land hex and an off-board node).
    live = {s for s, c in count.items() if c >= 2}
    kept = [seg for seg, reached in pieces if all(side in live for side in reached)]
    adjacency: dict[NodeId, list[tuple[NodeId, int]]] = {}
    for i, seg in enumerate(kept):
        adjacency.setdefault(seg.a, []).append((seg.b, i))
        adjacency.setdefault(seg.b, []).append((seg.a, i))
    return TrackGraph(
        position=position,
        stations=stations,
        sides=frozenset(live),
        segments=tuple(kept),
        adjacency={k: tuple(v) for k, v in adjacency.items()},
    )
