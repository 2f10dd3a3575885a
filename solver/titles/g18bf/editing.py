"""Edits of an 18BF board as pure functions (docs/board-18bf.md, "Editing"): the core's edits
(`solver.core.editing`) with 18BF's board rules (`tile_lays.board_problems`: §10.4 tiles, §10.5 station markers,
§8 train limits) and every company's trains as Table 4 has them (`trains.train_problems`, §10.10, §8). Each takes a
position and returns a new one that breaks no rule the old one did not, or raises InputError naming the hex or
company and the section; nothing is ever half-applied. The app's Board page calls them; its undo stack is the list
of earlier positions.

The edits copy the table: no company's turn is checked (§10.4's route and home-hex conditions, §10.5's route and
cost), since a position holds no turn (docs/board-18bf.md, "Not checked").
"""

from __future__ import annotations

from solver.core import editing
from solver.core.board_position import BoardPosition
from solver.core.editing import verbs
from solver.errors import Problem
from solver.titles.g18bf.tile_lays import MANIFEST, MARKERS, PHASES, TILE_LAY, board_problems, chain_lays, phase_colours
from solver.titles.g18bf.trains import train_problems

#: The corporate entities (minors, publics, Systems) whose markers and trains a position holds.
COMPANIES = "§7"


def edit_problems(position: BoardPosition) -> list[Problem]:
    """The board rules and, for every company in play, its trains (Table 4, §8, §10.10): what an edit may not add.
    A file may hold a train the evaluator refuses (it is judged when the company runs, docs/routes-18bf.md); an
    edit does not put one there."""
    trains = [p for company in sorted(position.companies) for p in train_problems(position, company)]
    return board_problems(position) + trains


#: 18BF's part in the core's edits: its rules and the section each refusal cites.
RULES = editing.EditRules(
    title="18BF",
    doc="docs/board-18bf.md",
    marker="station marker",
    # privates, ferries and undergrounds hold neither (§7.1); minors, publics and Systems do (§7.2-§7.4, §10.5)
    operating_kinds=("minor", "public", "system"),
    train_examples="2, 3, 5G, 3+3",
    problems=edit_problems,
    lays=lambda _position, hex_: chain_lays(hex_),
    colours=phase_colours,
    phase_rule=PHASES,
    tile_for_hex=TILE_LAY,
    keep_track=TILE_LAY,
    marker_space=MARKERS,
    company_rule=COMPANIES,
    in_play=COMPANIES,
    tiles_in_box=MANIFEST,
)

#: The core's edit verbs with these rules (each documented in solver/core/editing.py and the module's docs file).
tile_offer, lay_tile, remove_tile, place_marker, remove_marker, set_trains, remove_company, set_phase = verbs(RULES)
