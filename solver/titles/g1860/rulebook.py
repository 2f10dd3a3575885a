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
