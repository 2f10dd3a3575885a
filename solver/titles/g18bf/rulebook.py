"""Where each rule of 18BF that the engine applies stands in the rulebook (rules v0.19,
../shared/rules/002_af0f8bd4e8a1e8cc.txt). "§n" is a section of the main text; "appendix §n" one of its "Rule
Differences from 1861" (numbered as 1861's). `Problem.rule` carries these strings; readings of open points are in
docs/routes-18bf.md.
"""

#: A route is continuous track including a city with one of the company's station markers.
ROUTE = "§10.1"
#: A route reaches or passes through each city and red area once, and uses each track segment once.
ONCE = "§10.1"
#: A route may not pass through a city completely filled with other companies' markers.
TOKENED_OUT = "§10.1"
#: A route that visits a red off-board area terminates there.
RED_AREA_ENDS = "§10.1"
#: A route may not include two separate spaces of one city (Birmingham, Manchester, Leeds, Glasgow, Liverpool).
ONE_SPACE = "§10.1"
#: London's parts each have one exit shared by their two spaces: a train runs to a part, not through it.
LONDON_PARTS = "§5"
#: Each non-G train runs its own route; the routes may not share track, but may meet at cities and red areas.
NO_SHARED_TRACK = "§10.6"
#: 2..N cities and red areas counted; intermediate small cities may be skipped, large cities not (but the 5+5E).
COUNT = "§10.6"
#: A train runs to London only with a marker in that part of London; no London-London, no Ireland-Ireland.
LONDON_IRELAND = "§10.6"
#: No train may run to a port.
PORT = "appendix §10.6"
#: G-trains run no route: the Mine bonus plus up to N cities with the company's markers, cities not shared.
G_TRAINS = "§10.6"
#: Bonuses: borders, London and a red area, doubled by the plus trains, Irish Sea ferries one area each.
BONUSES = "§10.6"
#: Private companies owned by the company add to the value of their city or red area for each train.
PRIVATE_BONUS = "§7.1"
#: Railway privates close at the start of phase 8.
PRIVATES_CLOSE = "§7.1.1"
#: U1 from phase 5, U2 from phase 7.
UNDERGROUNDS = "§7.1.3"
#: The trains of Table 4, the phase each starts or makes obsolete, 5+5E for Systems only, one each.
TRAINS = "§10.10, §8"
#: The earnings of a company are the sum of its routes' values; the highest legal earnings are declared.
EARNINGS = "§10.6"

# What the core's loader checks a position against (data/18bf/title.json → `rules`, one per `BoardRule`).

#: The map's hexes; red off-board areas and grey areas are not built upon.
THE_MAP = "§5"
#: Tiles are laid on the map's land hexes (pale green), never on red or grey areas.
LAND = "§5, §10.4"
#: The tiles in the box and how many of each (the tile manifest).
TILES_IN_BOX = "§10.4, §18"
#: Track may not run off the grid or into a red area's blank side or an impassable hex side.
TILE_PLACEMENT = "§10.4"
#: The Minor and Public Companies and the Systems.
COMPANIES = "§7.2-§7.4"
#: A company places at most one station marker in a hex, on a vacant city space.
STATION_MARKERS = "§10.5"
#: The game's phases.
PHASES = "§8"
#: A public company or System takes station markers when it forms (a conversion replaces the minor's, a merger two
#: of the minors', a System all of the publics'), and markers are never moved: one in play has one on the board.
FORMED_WITH_MARKERS = "§12.2, §12.3, §12.6, §10.5"
