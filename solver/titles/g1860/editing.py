"""Edits of an 1860 board as pure functions (docs/board-1860.md, "Editing"): the core's edits
(`solver.core.editing`) with 1860's board rules and citations; each takes a position and returns a new one that
breaks no rule the old one did not, or raises InputError naming the hex or company and the rule; nothing is ever
half-applied. The app's Board page calls them; its undo stack is the list of earlier positions.

Copying a board from the table (no company named) checks what is on the board: `board_rules.position_problems`
and the core loader's counts. Naming the company that lays a tile adds the rules of its turn
(`board_rules.lay_problems`: it reaches the tile; an upgrade adds track it can use or raises a value, RB L483-L499);
a base the company builds on its turn (`place_marker(..., built=True)`) adds `board_rules.build_problems` (its home
base first, then a station its bases reach, RB L509, L511).
"""

from __future__ import annotations

from solver.core import editing
from solver.core.board_position import BoardPosition, position_to_data
from solver.core.editing import verbs
from solver.errors import InputError, Problem
from solver.titles.g1860 import rulebook
from solver.titles.g1860.board_rules import (
    build_problems,
    lay_problems,
    legal_lays,
    phase_colours,
    position_problems,
    tile_problem,
)

#: 1860's part in the core's edits: its rules and the citation of each refusal.
RULES = editing.EditRules(
    title="1860",
    doc="docs/board-1860.md",
    marker="base",
    train_examples="2+1, 3+2",
    problems=position_problems,
    tile_problem=tile_problem,
    lays=lambda position, hex_: legal_lays(position.board, hex_),
    phase_rule=rulebook.PHASE_TRAINS,
    colours=phase_colours,
    tile_for_hex=rulebook.TILE_FOR_HEX,
    keep_track=rulebook.KEEP_TRACK,
    marker_space=rulebook.BASE_REACH,
    company_rule=rulebook.BASE_COUNT,
    in_play=rulebook.HOME_BASE,
    tiles_in_box=rulebook.TILES_IN_BOX,
    turn_rule="reach, RB L483-L499, L511",
    lay_checks=lay_problems,
    build_checks=build_problems,
    options=(("no_train_limit", "No train limit (RB L285)"), ("two_7_4_trains", "Two 7+4 trains (RB L287)")),
)

#: The core's edit verbs with these rules (each documented in solver/core/editing.py and the module's docs file).
tile_offer, lay_tile, remove_tile, place_marker, remove_marker, set_trains, remove_company, set_phase = verbs(RULES)


def set_option(position: BoardPosition, option: str, on: bool) -> BoardPosition:
    """The position with a board-rule option of its `rules` set: `no_train_limit` (RB L285) or `two_7_4_trains`
    (RB L287)."""
    if option not in dict(RULES.options):
        raise InputError([Problem(f"rules.{option}", rulebook.TRAIN_LIMIT, "not an option of 1860's board rules")])
    data = position_to_data(position)
    rules = {k: v for k, v in data["rules"].items() if k != option}
    data["rules"] = {**rules, option: True} if on else rules
    return editing.rebuilt(RULES, position, data)
