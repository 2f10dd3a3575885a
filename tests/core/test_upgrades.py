"""Upgrade rotations (solver.core.upgrades): every old path kept, nodes matched by kind or by what a kind may
become, fixed rotations; checked on 1860's tiles and printed hexes and by properties over every tile."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from solver.core.board_data import load_board
from solver.core.faces import End, Face, Node, Path
from solver.core.upgrades import upgrade_fits, upgrade_rotations

BOARD = load_board("1860")
TILES = sorted(BOARD.tiles)


def test_a_large_station_with_two_exits_upgrades_where_the_new_exits_cover_the_old() -> None:
    """Tile 5 (exits 0, 1) laid at rotation 2 has exits 2, 3; tile 12 (exits 0, 1, 2) covers them at 1 and 2."""
    assert upgrade_rotations(BOARD.tiles["5"].face, 2, BOARD.tiles["12"].face, BOARD.becomes) == (1, 2)


def test_a_lost_path_allows_no_rotation() -> None:
    """Tile 6 (exits 0, 2) cannot become 756 (exits 0, 1): no rotation keeps both old exits."""
    assert upgrade_rotations(BOARD.tiles["6"].face, 0, BOARD.tiles["756"].face, BOARD.becomes) == ()


def test_a_halt_may_become_a_small_station_but_not_the_reverse() -> None:
    halt, small = BOARD.tiles["741"].face, BOARD.tiles["747"].face
    assert upgrade_rotations(halt, 0, small, BOARD.becomes) == (0,)
    assert upgrade_rotations(small, 0, halt, BOARD.becomes) == ()
    assert upgrade_rotations(halt, 0, small) == ()  # without the title's kinds, a kind stays itself


def test_a_fixed_rotation_tile_is_laid_only_at_rotation_zero() -> None:
    """Newport's green tile keeps Shide on the south side (1860 RB L469): rotation 0 only, Newport -> node 0."""
    newport = BOARD.hexes["G5"].face
    assert upgrade_rotations(newport, 0, BOARD.tiles["763"].face, BOARD.becomes, fixed_rotation=True) == (0,)
    fits = upgrade_fits(newport, 0, BOARD.tiles["763"].face, BOARD.becomes, fixed_rotation=True)
    assert [(f.rotation, f.node_map) for f in fits] == [(0, (0,))]


def test_printed_villages_match_any_tile_nodes_they_may_become() -> None:
    """Cowes (a large station and two villages, no track) takes 787 at every rotation, one village becoming
    the small station and the other the halt, in either order."""
    fits = upgrade_fits(BOARD.hexes["F2"].face, 0, BOARD.tiles["787"].face, BOARD.becomes)
    assert {f.rotation for f in fits} == set(range(6))
    assert {f.node_map for f in fits} == {(0, 1, 2), (0, 2, 1)}


def test_an_old_tile_with_more_nodes_than_the_new_one_does_not_fit() -> None:
    assert upgrade_fits(BOARD.tiles["744"].face, 0, BOARD.tiles["747"].face, BOARD.becomes) == ()


@given(st.sampled_from(TILES), st.integers(0, 5))
def test_a_tile_keeps_its_own_paths_at_its_own_rotation(tile: str, rotation: int) -> None:
    face = BOARD.tiles[tile].face
    assert rotation in upgrade_rotations(face, rotation, face, BOARD.becomes)


@given(st.sampled_from(TILES), st.sampled_from(TILES), st.integers(0, 5), st.integers(0, 5))
def test_turning_the_old_tile_turns_the_answer(old: str, new: str, rotation: int, turn: int) -> None:
    a, b = BOARD.tiles[old].face, BOARD.tiles[new].face
    before = upgrade_rotations(a, rotation, b, BOARD.becomes)
    after = upgrade_rotations(a, (rotation + turn) % 6, b, BOARD.becomes)
    assert after == tuple(sorted((r + turn) % 6 for r in before))


def test_an_empty_face_is_kept_by_every_rotation() -> None:
    assert upgrade_rotations(Face(), 0, BOARD.tiles["9"].face) == tuple(range(6))


def _city(*edges: int) -> tuple[Node, tuple[Path, ...]]:
    return Node("city", 30, 1), tuple(Path(End("edge", e), End("node", 0)) for e in edges)


def test_separate_spaces_join_into_one_city_only_where_the_title_lets_its_kind_join() -> None:
    """Two one-space cities (on edges 0 and 3) replaced by one city on edges 0 and 3: the old nodes must share one
    new node. The core refuses that unless the title declares the kind joinable (title.json →
    `node_kinds.<kind>.joins`, 18BF §10.4: "some of the separate spaces are linked into one city")."""
    two = Face(
        (Node("city", 30, 1), Node("city", 30, 1)),
        (Path(End("edge", 0), End("node", 0)), Path(End("edge", 3), End("node", 1))),
    )
    node, paths = _city(0, 3)
    one = Face((node,), paths)
    assert upgrade_fits(two, 0, one) == ()
    fits = upgrade_fits(two, 0, one, joining=frozenset({"city"}))
    assert [(f.rotation, f.node_map) for f in fits] == [(0, (0, 0)), (3, (0, 0))]
    assert upgrade_fits(two, 0, one, joining=frozenset({"town"})) == ()


def test_joinable_kinds_still_need_every_old_path() -> None:
    """Joining is no licence to drop track: two cities on edges 0 and 3 do not fit one city on edges 0 and 1."""
    two = Face(
        (Node("city", 30, 1), Node("city", 30, 1)),
        (Path(End("edge", 0), End("node", 0)), Path(End("edge", 3), End("node", 1))),
    )
    node, paths = _city(0, 1)
    assert upgrade_fits(two, 0, Face((node,), paths), joining=frozenset({"city"})) == ()
