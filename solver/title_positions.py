"""Positions of the titles other than 1862 (1860, 18BF) as a player starts and reads them, from the core's board
data alone: a new board of a title, and the summary that `show` prints and the Board page lists.

A new board is the printed map of the chosen map variant at the chosen phase, with no tiles, and each company
chosen in play with its station marker on its home: the node `home_node` of the hex `home` that the title's
`companies.json` gives (1860: Major Companies, RB L171-L181, a company's first base on its home; 18BF: §19, a
minor's home). Companies without a home there (18BF's private, public and System companies) start none. The
position is read back through the core's loader, so a choice the board data does not allow (a home off the
chosen map, more homes on a node than it has spaces) is refused whole, naming the hex and node. The title's own
rules (which companies may be in play in a phase, trains) come with its rules package; docs/app.md.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from solver.any_position import short_title
from solver.core.board_data import load_board
from solver.core.board_position import BOARD, BoardPosition, parse_position
from solver.errors import InputError, Problem


def new_title_position(
    game: str, map_variant: str | None, phase: str, companies: Iterable[str], name: str = ""
) -> BoardPosition:
    """The printed board of `game` (its first map when `map_variant` is None) in `phase`, each of `companies`
    in play with its home station marker; InputError naming the company, hex or node otherwise."""
    board = load_board(game, map_variant)
    stations: dict[str, list[list[str]]] = {}
    in_play: dict[str, dict[str, Any]] = {}
    problems: list[Problem] = []
    for company in companies:
        info = board.companies.get(company)
        if info is None:
            why = f"{company!r} is not a company of {game}"
            problems.append(Problem(f"company {company}", board.rule("companies", BOARD), why))
            continue
        in_play[company] = {"trains": []}
        if info.home is None:
            continue
        if info.home not in board.hexes:
            problems.append(
                Problem(
                    f"company {company}",
                    board.rule("hexes", BOARD),
                    f"its home {info.home} is not on the {board.map_variant} map; leave it out of play",
                )
            )
            continue
        nodes = stations.setdefault(info.home, [[] for _ in board.hexes[info.home].face.nodes])
        nodes[info.home_node].append(company)
    if problems:
        raise InputError(problems)
    data = {
        "game": game,
        "name": name,
        "map": board.map_variant,
        "phase": phase,
        "stations": stations,
        "companies": in_play,
    }
    return parse_position(data, "new board")


def _by_id(hex_: str) -> tuple[str, int]:
    """Hex ids in reading order: letter, then number."""
    return hex_[0], int(hex_[1:])


def position_summary(position: BoardPosition) -> dict[str, Any]:
    """The position as the facts its board data gives: the tiles with their exits and the companies on each
    node, the printed hexes holding markers, and the companies in play with their trains and markers
    (`HEX:nI` where the hex has several nodes)."""
    board = position.board
    tiles = []
    for lay in sorted(position.tiles.values(), key=lambda t: _by_id(t.hex)):
        tile = board.tiles[lay.tile]
        tiles.append(
            {
                "hex": lay.hex,
                "name": board.hexes[lay.hex].name or "",
                "tile": lay.tile,
                "color": tile.color,
                "rotation": lay.rotation,
                "exits": sorted(tile.face.exits(lay.rotation)),
                "markers": [list(node) for node in position.stations.get(lay.hex, ())],
            }
        )
    printed = [
        {"hex": h, "name": board.hexes[h].name or "", "markers": [list(node) for node in nodes]}
        for h, nodes in sorted(position.stations.items(), key=lambda item: _by_id(item[0]))
        if h not in position.tiles and any(nodes)
    ]
    companies = []
    for c in position.companies.values():
        info = board.companies[c.id]
        markers = [
            f"{h}:n{i}" if len(nodes) > 1 else h
            for h, nodes in sorted(position.stations.items(), key=lambda item: _by_id(item[0]))
            for i, node in enumerate(nodes)
            if c.id in node
        ]
        companies.append(
            {
                "id": c.id,
                "name": info.name,
                "kind": info.kind,
                "home": info.home,
                "trains": list(c.trains),
                "markers": markers,
            }
        )
    return {
        "game": board.title,
        "title": short_title(board.title),
        "map": board.map_variant,
        "name": position.name,
        "phase": position.phase,
        "tiles": tiles,
        "printed_hexes_with_markers": printed,
        "companies": companies,
    }
