"""Where each rule of 1860 that the engine applies stands in the rulebook (../shared/rules/001_3977acb489cb912c.txt).

The rulebook has no section numbers, so a rule is cited by its heading and line ("RB L<n>"), as in
../shared/reference/1860/README.md. `Problem.rule` carries these strings.
"""

#: Trains run on routes between stations; the company runs its own trains (a route for a train it owns).
OWN_TRAINS = "Running Trains, RB L521"
#: Routes begin and end at large or small stations, never at a halt; Ryde Pier counts as a large station.
ROUTE_ENDS = "Running Trains, RB L523"
#: Every route includes a large station with one of the company's bases.
BASE_ON_ROUTE = "Running Trains, RB L524"
#: One run includes the home base; each further run meets an earlier one at a station of any kind.
HOME_AND_MEETING = "Running Trains, RB L525"
#: A route follows continuous track.
CONTINUOUS_TRACK = "Running Trains, RB L526"
#: A route does not leave a hex by the side it entered, nor re-enter a hex (repeated at RB L540).
NO_REENTRY = "Running Trains, RB L527"
#: Trains call at every large and small station on the route.
CALL_AT_ALL = "Running Trains, RB L528"
#: One train of the run may pass through one tokened-out station; tokened-out stations may end routes.
TOKENED_OUT = "Running Trains, RB L530"
#: Halts may be bypassed; each halt counted earns a subsidy of 10 to the treasury, not revenue.
HALTS = "Running Trains, RB L532"
#: N large stations, and M small stations or halts in addition, unused large allowance becoming small.
ALLOWANCE = "Running Trains, RB L534"
#: Trains of one company do not run over the same track; a route does not double back or enter a hex twice.
NO_SHARED_TRACK = "Running Trains, RB L540"
#: Revenue is the sum of the values of the stations each train includes, counted once per train.
REVENUE = "Running Trains, RB L542"
#: Ryde Pier is reached from an upgraded Ryde Esplanade, the end of its line.
RYDE_PIER = "The Map, RB L65"
#: An insolvent company leases a train and runs it with its large-station allowance only, for 40 + 20 a stop.
LEASING = "Insolvency, RB L628-L632"
#: Variant: the leased train runs normally for half its revenue rounded up to 10, plus the full subsidy.
ORIGINAL_INSOLVENCY = "Variant: Original Insolvency Revenue, RB L727"
#: From the stock round after the Southern Railway forms, halts are no longer counted.
SOUTHERN = "Formation of the Southern Railway, RB L660"
#: After nationalisation a train counts only its first number as its total of stations.
NATIONALISATION = "Railway Nationalisation, RB L673"
#: A bankrupt company's bases are turned over and no longer stop other companies' trains.
FLIPPED_BASES = "Bankrupt Companies, RB L691"
#: The 18xx.games options the site mode follows (../shared/reference/1860/README.md §3.6, D1 and D2).
SITE_OPTIONS = "18xx.games options (reference D1, D2)"

# The board's facts the core's loader checks a position against (data/1860/title.json → `rules`, docs/board-data.md).
#: The map's hexes; its perimeter is sea or land no track is built on.
THE_MAP = "The Map, RB L51-L53"
#: Track is built with the tiles of the box (the rulebook gives no counts: those of 18xx.games, reference §3.2).
TILES_IN_BOX = "Components, RB L27; Track Tiles, RB L448"
#: The Newport, Merstone and Ryde tiles are laid one way only.
TILE_PLACEMENT = "Special rules for tile placement, RB L467-L473"
#: The eight major companies.
COMPANIES = "Major Companies, RB L167-L179"
#: A base is built on an empty station circle: one base a space.
BASE_SPACES = "Building Bases, RB L511"
#: The phases, 2 to 9.
PHASES = "Phases, RB L270-L283"

# The board rules (docs/board-1860.md): tiles, bases and trains in a position, and the rules of a company's lay.
#: A tile suits its hex: plain track on an empty hex, a halt or small station per village, large stations on a town.
TILE_FOR_HEX = "Track Tiles, RB L450-L453"
#: A lettered hex takes only tiles with its letter, and such tiles go only there.
LABELS = "Track Tiles, RB L465"
#: An upgrade keeps all the track of the tile it replaces on the same hex sides.
KEEP_TRACK = "Upgrading Track, RB L491"
#: The tile colours of a phase: yellow from phase 2, green from phase 3, russet from phase 5.
PHASE_TILES = "Phases, RB L274-L283; Upgrading Track, RB L491, L501"
#: No track into a barrier (a red border) or into the sea.
NO_BARRIER = "Laying Track, RB L484"
#: Yellow track connects with track traced from a company base, not past tokened-out stations.
QUALIFYING_TRACK = "Laying Track, RB L483, L485"
#: An upgrade needs a route from a base with one of the company's trains, not through tokened-out stations.
UPGRADE_REACH = "Upgrading Track, RB L495, L499"
#: An upgrade adds track the company could run a train on, or raises a value it could run to.
UPGRADE_GAIN = "Upgrading Track, RB L497"
#: Each company's number of bases (its tokens) in the company table.
BASE_COUNT = "Major Companies, RB L171-L179; Building Bases, RB L509"
#: The home base is placed on the company's home town as soon as it floats.
HOME_BASE = "Building Bases, RB L509"
#: Bases go on station circles reached from the company's bases, not past tokened-out stations.
BASE_REACH = "Building Bases, RB L511"
#: No base on another company's home hex unless a space stays free for that company's home base.
HOME_RESERVED = "Building Bases, RB L515"
#: A company has at most one base on a hex.
ONE_BASE_PER_HEX = "Building Bases, RB L517"
#: Trains per company by phase (4, 3, 2), unless the game is played without a limit (RB L285).
TRAIN_LIMIT = "Phases, RB L274-L285; Buying Trains, RB L612"
#: The number of trains of each type (two 7+4 optionally, RB L287; unlimited 9+5, RB L289).
TRAIN_COUNTS = "Phases, RB L274-L289"
#: A phase starts when the first train of its type is bought; trains rust as it starts.
PHASE_TRAINS = "Phases, RB L272, L293"
#: From the stock round after the Southern Railway forms no track is laid or upgraded and no base built.
NO_BUILDING_AFTER_SOUTHERN = "Formation of the Southern Railway, RB L656"
