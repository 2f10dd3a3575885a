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

from functools import partial

from solver.core import editing
from solver.core.board_position import BoardPosition
from solver.errors import Problem
from solver.titles.g18bf.tile_lays import MARKERS, PHASES, TILE_LAY, board_problems, chain_lays, phase_colours
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
    train_examples="2, 3, 5G, 3+3",
    problems=edit_problems,
    lays=lambda _position, hex_: chain_lays(hex_),
    colours=phase_colours,
    tile_for_hex=TILE_LAY,
    keep_track=TILE_LAY,
    marker_space=MARKERS,
    company_rule=COMPANIES,
    in_play=COMPANIES,
    phase_rule=PHASES,
    # privates, ferries and undergrounds hold neither (§7.1); minors, publics and Systems do (§7.2-§7.4, §10.5)
    operating_kinds=("minor", "public", "system"),
)

#: Every tile that may be laid on a hex now with its legal rotations (§10.4: the hex's kind, its yellow triangles, the
#: track kept on an upgrade, no track off the map or into a blank or impassable side, a brown Y city with the most
#: exits; §8: the phase's colours; the manifest's count, §18), its station markers keeping their places.
tile_offer = partial(editing.tile_offer, RULES)
#: A tile laid or upgraded on a hex, its station markers replaced on the new tile (§10.4).
lay_tile = partial(editing.lay_tile, RULES)
#: The tile on a hex removed (a mistake corrected): its markers go back to the printed city.
remove_tile = partial(editing.remove_tile, RULES)
#: A company's station marker on a city space (§10.5: its count, one per hex but a System's or a public's in London,
#: a minor on its home): London's six parts and each space of a multi-space city are nodes of the hex.
place_marker = partial(editing.place_marker, RULES)
#: A company's station marker taken off a city (a minor in play keeps its home marker, §10.5, §19).
remove_marker = partial(editing.remove_marker, RULES)
#: A company in play with its trains (Table 4, §8 limits, §10.10); a minor put in play needs its home marker.
set_trains = partial(editing.set_trains, RULES)
#: A company taken out of play (its markers stay on the map).
remove_company = partial(editing.remove_company, RULES)
#: The phase (§8): refused when a tile's colour, a train limit or an obsolete train breaks it.
set_phase = partial(editing.set_phase, RULES)
