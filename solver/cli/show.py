"""``python -m solver show POSITION``: a readable summary of a position: of 1862 with the stops each company
reaches; of another title (1860, 18bf) the board as its data gives it (tiles, station markers by node,
companies)."""

from __future__ import annotations

import argparse
from typing import Any

from solver.any_position import load_checked_position, what_was_checked
from solver.cli.common import add_json_flag, print_json
from solver.core.board_position import BoardPosition
from solver.title_positions import position_summary
from solver.titles.g1862 import hexgrid
from solver.titles.g1862.position import Position
from solver.titles.g1862.track import build_graph


def register(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("position", help="position JSON file")
    add_json_flag(parser)
    parser.set_defaults(run=run)


def summary(position: Position) -> dict[str, Any]:
    """The position as the facts a player checks at the table: tiles, markers, companies, reachable stops."""
    game = position.game
    graph = build_graph(position)
    tiles = []
    for lay in sorted(position.tiles.values(), key=lambda t: hexgrid.parse_hex(t.hex)):
        tile = game.tiles[lay.tile]
        tiles.append(
            {
                "hex": lay.hex,
                "name": game.hex_name(lay.hex),
                "tile": lay.tile,
                "color": tile.color,
                "rotation": lay.rotation,
                "exits": list(tile.exits_at(lay.rotation)),
                "small_stations": [list(t) for t in lay.small_stations],
                "markers": list(position.stations.get(lay.hex, ())),
            }
        )
    companies = []
    for c in position.companies.values():
        companies.append(
            {
                "id": c.id,
                "name": game.companies[c.id].name,
                "home": c.home,
                "trains": [t.name for t in c.trains],
                "permits": sorted(p.value for p in c.permits),
                "markers": position.markers_of(c.id) + (["London"] if c.id in position.london else []),
                "tokened_out": sorted(n[2:] for n in graph.blocked_for(c.id)),
            }
        )
    return {
        "name": position.name,
        "phase": position.phase,
        "variant": {"length": position.variant.length, "max_markers": position.variant.max_markers},
        "tiles": tiles,
        "london": list(position.london),
        "companies": companies,
        "stations": len(graph.stations),
    }


def _show_board(path: str, position: BoardPosition, as_json: bool) -> int:
    data = {**position_summary(position), "checked": what_was_checked(position)}
    if as_json:
        print_json(data)
        return 0
    print(f"{data['name'] or path}: {position.board.name}, {data['map']} map, phase {data['phase']}")
    print(f"\nTiles ({len(data['tiles'])}):")
    for t in data["tiles"]:
        marks = "  markers " + " | ".join(", ".join(node) or "-" for node in t["markers"]) if t["markers"] else ""
        print(f"  {t['hex']:<4} {t['name']:<20} tile {t['tile']:<5} {t['color']:<7} rot {t['rotation']}{marks}")
    for h in data["printed_hexes_with_markers"]:
        marks = " | ".join(", ".join(node) or "-" for node in h["markers"])
        print(f"  {h['hex']:<4} {h['name']:<20} (no tile)  markers {marks}")
    print(f"\nCompanies ({len(data['companies'])}):")
    for c in data["companies"]:
        print(
            f"  {c['id']:<5} {c['name']:<32} home {c['home'] or '-':<4} trains {', '.join(c['trains']) or '-'}; "
            f"markers {', '.join(c['markers']) or '-'}"
        )
    print(f"\nChecked against {what_was_checked(position)}.")
    return 0


def run(args: argparse.Namespace) -> int:
    position = load_checked_position(args.position)
    if isinstance(position, BoardPosition):
        return _show_board(args.position, position, args.json)
    data = summary(position)
    if args.json:
        print_json(data)
        return 0
    print(
        f"{data['name'] or args.position}: phase {data['phase']}, {data['variant']['length']} game, "
        f"{data['variant']['max_markers']} markers per company"
    )
    print(f"\nTiles ({len(data['tiles'])}):")
    for t in data["tiles"]:
        extra = f"  small stations on {t['small_stations']}" if t["small_stations"] else ""
        marks = f"  markers {', '.join(t['markers'])}" if t["markers"] else ""
        print(f"  {t['hex']:<4} {t['name']:<20} tile {t['tile']:<5} {t['color']:<7} rot {t['rotation']}{marks}{extra}")
    empty = {h: o for h, o in position.stations.items() if h not in position.tiles}
    for h, owners in empty.items():
        print(f"  {h:<4} {position.game.hex_name(h):<20} (no tile)  markers {', '.join(owners)}")
    print(f"\nLondon links: {', '.join(data['london']) or 'none'}")
    print(f"\nCompanies ({len(data['companies'])}):")
    for c in data["companies"]:
        print(
            f"  {c['id']:<5} {c['name']:<32} home {c['home']:<4} trains {', '.join(c['trains']) or '-'}; "
            f"permits {', '.join(c['permits']) or '-'}; markers {', '.join(c['markers']) or '-'}"
        )
        if c["tokened_out"]:
            print(f"        tokened out for it: {', '.join(c['tokened_out'])}")
    return 0
