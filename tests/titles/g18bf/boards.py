"""18BF positions for the route tests: stretches of the real map (data/18bf) with tiles of the §18 manifest laid
as the reference's worked examples lay them (../shared/reference/18bf/README.md §1.9), built through the core's
position loader."""

from __future__ import annotations

from solver.core.board_data import load_board
from solver.core.board_position import BoardPosition, parse_position
from solver.core.evaluator import Evaluation, RouteSpec
from solver.core.faces import Face
from solver.titles.g18bf.evaluator import evaluate


def position(
    phase: str,
    tiles: list[tuple[str, str, int]],
    stations: dict[str, list[list[str]]],
    companies: dict[str, list[str]],
    privates: dict[str, list[str]] | None = None,
) -> BoardPosition:
    owned = privates or {}
    return parse_position(
        {
            "game": "18bf",
            "phase": phase,
            "tiles": [{"hex": h, "tile": t, "rotation": r} for h, t, r in tiles],
            "stations": stations,
            "companies": {
                c: {"trains": trains, "rules": {"privates": owned[c]} if c in owned else {}}
                for c, trains in companies.items()
            },
        }
    )


def run(pos: BoardPosition, company: str, *routes: tuple[str, str]) -> Evaluation:
    """Evaluate routes given as (train, "N1 N2 ...")."""
    return evaluate(pos, company, [RouteSpec(train, tuple(nodes.split())) for train, nodes in routes])


# R1: Edinburgh D10 = 201 at rotation 4 (Y £30, E and SE), E11 = 8 at 2, E13 = 9 at 1, Berwick E15 = 3 at 0 (£10).
EDINBURGH_BERWICK = [("D10", "201", 4), ("E11", "8", 2), ("E13", "9", 1), ("E15", "3", 0)]

# R2: Cardiff U11 = 57 at 1 (£20, W-E), Bristol U13 = 621 at 1 (Y £30, W-E).
CARDIFF_BRISTOL = [("U11", "57", 1), ("U13", "621", 1)]

# R3: London U23 printed (£40), U25 = 8 at 1 (W-NE, London's triangle), T26 = 9 at 0, Colchester S27 = 58 at 4
# (£10), Harwich S29 red (10/20/30/40).
LONDON_HARWICH = [("U25", "8", 1), ("T26", "9", 0), ("S27", "58", 4)]


def london_east(
    phase: str,
    company: str,
    trains: list[str],
    privates: list[str] | None = None,
    part: int = 4,
    tiles: list[tuple[str, str, int]] | None = None,
) -> BoardPosition:
    """R3's position: `company` with a marker in London part `part` (4 = London(E), the minor EC's home)."""
    parts: list[list[str]] = [[] for _ in range(6)]
    parts[part] = [company]
    return position(
        phase,
        [*LONDON_HARWICH, *(tiles or [])],
        {"U23": parts},
        {company: trains},
        {company: privates} if privates else None,
    )


_DEFAULT = {
    ("plain", None): ("7", "8", "9"),
    ("town", None): ("3", "58", "4"),
    ("city", None): ("5", "6", "57"),
    ("city", "Y"): ("201", "202", "621"),
}


def line(hexes: list[str], chosen: dict[str, str] | None = None) -> list[tuple[str, str, int]]:
    """Tiles laying track along `hexes` (neighbours in order): each hex between the first and the last gets the
    yellow tile of its kind that joins its two neighbours (sharp, gentle or straight), or the tile `chosen` for
    it at the first rotation that joins them through its city; the first and last hexes get a tile only when
    chosen (the track from the neighbour must reach a node there)."""
    board = load_board("18bf")
    pick = chosen or {}
    out = []
    for i, hex_id in enumerate(hexes):
        sides = []
        for j in (i - 1, i + 1):
            if 0 <= j < len(hexes):
                edge = board.layout.edge_towards(hex_id, hexes[j])
                assert edge is not None, (hex_id, hexes[j])
                sides.append(edge)
        if hex_id in pick:
            out.append((hex_id, pick[hex_id], _rotation(board.tiles[pick[hex_id]].face, sides)))
            continue
        if len(sides) < 2:
            continue
        printed = board.hexes[hex_id]
        kind = printed.face.nodes[0].kind if printed.face.nodes else "plain"
        turn = (sides[1] - sides[0]) % 6
        bend = min(turn, 6 - turn)
        tile = _DEFAULT[(kind, printed.label if kind == "city" else None)][bend - 1]
        out.append((hex_id, tile, sides[0] if turn == bend else sides[1]))
    return out


def _rotation(face: Face, sides: list[int]) -> int:
    for r in range(6):
        exits = face.rotated(r).exits()
        if all(s in exits for s in sides):
            return r
    raise AssertionError(f"no rotation reaches {sides}")


RHONDDA_CARDIFF_BRISTOL = [("U9", "621", 1), *CARDIFF_BRISTOL]

NOTTINGHAM_DERBY_STOKE = line(["O21", "O19", "O17", "O15", "O13"])[:3]

# Birmingham Q15 with the green X1 (cities on edges 0-3, 1-4, 2-5), a loop round Coventry Q17: P16 joins
# Birmingham's NE side to Coventry, Coventry joins P16 back to Birmingham's E side.
BIRMINGHAM_LOOP_TILES = [("Q15", "X1", 0), *line(["Q15", "P16", "Q17", "Q15"])[:2]]

GLASGOW_TO_MIDDLESBROUGH = line(
    ["D6", "D8", "D10", "E11", "E13", "E15", "F16", "G17", "H18", "I19"],
    {"D6": "X1", "G17": "623", "H18": "63", "I19": "63"},
)

SCOTLAND_AND_WALES = [
    *line(["D4", "E3", "F4", "G3", "H2"], {"D4": "57"}),
    *line(["D6", "E5", "F6", "G5", "H4", "H2"]),
    *line(["U7", "U5", "T4", "S3"], {"U7": "57"}),
]
