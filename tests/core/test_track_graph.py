"""The track graph (solver.core.track_graph) on real positions of the Isle of Wight board: links inside a hex and
across hex sides, each knowing its paths and sides; impassable borders cut track; the two tracks of a crossing
tile stay apart; an off-board area joins only when track reaches it; node references. And the board facts the
graph is built from, read once per board: the hex sides track may cross (`Board.crossings`), each face's paths by
the end they leave (`Face.leaving`), each tile's faces by rotation (`Tile.rotations`); the graph, which walks each
link from the end that sorts first only, holds every link that walking every path from every node finds."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.run_18bf import positions as bf_positions
from solver.core.board_data import load_board
from solver.core.board_position import BoardPosition, parse_position, read_position
from solver.core.geometry import opposite
from solver.core.track_graph import NodeRef, Piece, Side, TrackGraph
from solver.titles.g18bf.random_board import random_position

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
TITLES = ("18bf", "1860")


def _position(tiles: list[tuple[str, str, int]], phase: str = "3") -> BoardPosition:
    return parse_position(
        {"game": "1860", "phase": phase, "tiles": [{"hex": h, "tile": t, "rotation": r} for h, t, r in tiles]}
    )


def _pairs(graph: TrackGraph) -> set[tuple[str, str]]:
    return {(str(a), str(b)) for a in graph.nodes for b in graph.neighbours(a) if a < b}


def test_the_cowes_tile_joins_its_large_station_small_station_and_halt_in_a_chain() -> None:
    graph = TrackGraph(_position([("F2", "787", 0), ("F4", "749", 0)]))
    assert _pairs(graph) == {("F2:0", "F2:1"), ("F2:1", "F2:2"), ("F2:2", "F4:0")}
    inside = graph.links(NodeRef("F2", 0), NodeRef("F2", 1))
    assert len(inside) == 1 and inside[0].sides == () and inside[0].pieces == (Piece("F2", 2),)
    across = graph.links(NodeRef("F2", 2), NodeRef("F4", 0))[0]
    assert across.sides == (("F2", 0),) and across.pieces == (Piece("F2", 0), Piece("F4", 1))
    assert across.hexes() == ("F2", "F4")


def test_a_link_read_backwards_is_the_link_from_the_other_end() -> None:
    graph = TrackGraph(_position([("F2", "787", 0), ("F4", "749", 0)]))
    a, b = NodeRef("F2", 2), NodeRef("F4", 0)
    assert graph.links(b, a) == tuple(link.reversed() for link in graph.links(a, b))
    assert graph.links(b, a)[0].hexes() == ("F4", "F2")


def test_the_medina_cuts_the_track_between_cowes_and_whippingham() -> None:
    """F2's side 5 faces Whippingham G3 across the river Medina (The Map, RB L59): track on both sides of it
    does not join."""
    graph = TrackGraph(_position([("F2", "787", 5), ("G3", "741", 1)]))
    assert 5 in graph.faces["F2"].exits() and 2 in graph.faces["G3"].exits()
    assert graph.neighbours(NodeRef("F2", 2)) == (NodeRef("F2", 1),)


def test_the_two_tracks_of_a_crossing_tile_stay_apart() -> None:
    graph = TrackGraph(_position([("F6", "743", 0), ("F8", "20", 0), ("F10", "743", 0), ("E9", "757", 1)]))
    (link,) = graph.links(NodeRef("F6", 0), NodeRef("F10", 0))
    assert Piece("F8", 0) in link.pieces and Piece("F8", 1) not in link.pieces
    # Shorwell's track through the other path of the crossing ends at Merstone's side without track.
    assert NodeRef("G7", 0) not in graph.neighbours(NodeRef("E9", 0))


def test_ryde_pier_joins_only_once_ryde_esplanade_reaches_it_and_is_an_end() -> None:
    yellow = TrackGraph(_position([]))
    assert yellow.neighbours(NodeRef("J2", 0)) == ()
    green = TrackGraph(_position([("I3", "758", 0)]))
    (link,) = green.links(NodeRef("I3", 0), NodeRef("J2", 0))
    assert link.sides == (("I3", 4),)
    assert green.end_only == {NodeRef("J2", 0)}
    assert green.nodes[NodeRef("J2", 0)].value_in("3") == 20


def test_newport_and_shide_are_two_stations_not_joined_inside_the_hex() -> None:
    graph = TrackGraph(_position([("G5", "763", 0)]))
    assert graph.links(NodeRef("G5", 0), NodeRef("G5", 1)) == ()
    assert graph.describe(NodeRef("G5", 1)) == "large Shide"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("G5", "G5 has 2 nodes: name one of G5:0 (large Newport), G5:1 (large Shide)"),
        ("F2:5", "F2 has 3 node(s) now: F2:5 is not one of them"),
        ("Z9", "Z9 is not a hex of the full map"),
        ("D8", "D8 has no station"),
        ("G5-0", "'G5-0' is not a node reference"),
    ],
)
def test_a_node_reference_that_names_no_node_says_why(text: str, message: str) -> None:
    graph = TrackGraph(_position([("G5", "763", 0), ("F2", "787", 0)]))
    with pytest.raises(ValueError, match="^" + message.replace("(", r"\(").replace(")", r"\)")):
        graph.node_ref(text)


def test_a_node_reference_names_the_node() -> None:
    graph = TrackGraph(_position([("G5", "763", 0)]))
    assert graph.node_ref("G5:1") == NodeRef("G5", 1)
    assert graph.node_ref("B6") == NodeRef("B6", 0)
    assert str(NodeRef("G5", 1)) == "G5:1"


@pytest.mark.parametrize("title", TITLES)
def test_a_hex_side_is_crossed_both_ways_or_not_at_all(title: str) -> None:
    board = load_board(title)
    assert board.crossings, "some hex sides are crossed"
    for (hex_, edge), other in board.crossings.items():
        assert board.crossings.get((other, opposite(edge))) == hex_
        assert board.layout.neighbour(hex_, edge) == other
        border = board.border(hex_, edge)
        assert border is None or border.type != "impassable"
    walls = [b for b in board.borders if b.type == "impassable"]
    assert walls, f"{title} has impassable borders"
    assert not any((wall.hex, wall.edge) in board.crossings for wall in walls)


@pytest.mark.parametrize("title", TITLES)
def test_each_path_leaves_both_its_ends_in_the_order_of_the_face(title: str) -> None:
    board = load_board(title)
    for tile in board.tiles.values():
        for rotation, face in enumerate(tile.rotations):
            assert face == tile.face.rotated(rotation)
            listed = sorted((end, i, other) for end, paths in face.leaving.items() for i, other in paths)
            expected = sorted(
                ((here.kind, here.index), i, there)
                for i, path in enumerate(face.paths)
                for here, there in ((path.a, path.b), (path.b, path.a))
            )
            assert listed == expected
            for paths in face.leaving.values():
                assert [i for i, _ in paths] == sorted(i for i, _ in paths)


def _boards() -> list[BoardPosition]:
    """Dense 18BF boards of the benchmark, random 18BF boards of phase 5, and 1860's example positions."""
    out = [p for _, _, p in bf_positions("dense")[:4]]
    out += [random_position(seed, "M15", 3, "LMS", ("5", "4"), phase="5", markers=2) for seed in range(2)]
    out += [read_position(f) for f in sorted(EXAMPLES.glob("position-1860-*.json"))]
    return out


def _reference_links(position: BoardPosition) -> set[tuple[NodeRef, NodeRef, tuple[Piece, ...], tuple[Side, ...]]]:
    """Every link of the position by the definition, walked the plain way (every path of each face read at every
    step, each neighbour and border looked up on the layout), from every node, both ways: (a, b, pieces, sides)."""
    board = position.board
    faces = {h: position.face(h) for h in board.hexes}
    found: set[tuple[NodeRef, NodeRef, tuple[Piece, ...], tuple[Side, ...]]] = set()

    def across(start: NodeRef, hex_id: str, edge: int, pieces: tuple[Piece, ...], sides: tuple[Side, ...]) -> None:
        border = board.border(hex_id, edge)
        other = board.layout.neighbour(hex_id, edge)
        if (border is not None and border.type == "impassable") or other not in faces:
            return
        assert other is not None
        side = min((hex_id, edge), (other, opposite(edge)))
        if side in sides:
            return
        for j, path in enumerate(faces[other].paths):
            for here, there in ((path.a, path.b), (path.b, path.a)):
                if here.kind == "edge" and here.index == opposite(edge) and Piece(other, j) not in pieces:
                    walked = (*pieces, Piece(other, j))
                    if there.kind == "node":
                        found.add((start, NodeRef(other, there.index), walked, (*sides, side)))
                    else:
                        across(start, other, there.index, walked, (*sides, side))

    for hex_id, face in faces.items():
        for n in range(len(face.nodes)):
            start = NodeRef(hex_id, n)
            for i, path in enumerate(face.paths):
                for here, there in ((path.a, path.b), (path.b, path.a)):
                    if here.kind == "node" and here.index == n:
                        if there.kind == "node":
                            found.add((start, NodeRef(hex_id, there.index), (Piece(hex_id, i),), ()))
                        else:
                            across(start, hex_id, there.index, (Piece(hex_id, i),), ())
    return {link for link in found if link[0] != link[1]}


@pytest.mark.parametrize("position", _boards(), ids=lambda p: p.name[:40])
def test_the_links_are_every_walk_along_track_between_two_nodes_each_way_once(position: BoardPosition) -> None:
    graph = TrackGraph(position)
    links = [link for a in graph.nodes for b in graph.neighbours(a) for link in graph.links(a, b)]
    assert links, "the board has track"
    listed = [(link.a, link.b, link.pieces, link.sides) for link in links]
    assert len(set(listed)) == len(listed), "no link twice"
    assert set(listed) == _reference_links(position)
    for a in graph.nodes:
        for b in graph.neighbours(a):
            assert [link.reversed() for link in graph.links(b, a)] == list(graph.links(a, b))
