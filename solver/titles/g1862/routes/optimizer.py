"""The best legal run for a company, found and proven by CP-SAT (7.4, 7.8, 7.8.1-7.8.3).

`optimize` builds the model of `solver.titles.g1862.routes.cpsat_model`, solves it with an explicit time limit and
worker count (or, for a company with one to three Freight trains and nothing else, searches its options
exactly without CP-SAT: `solver.titles.g1862.routes.small_search`), and re-checks the answer with the
evaluator, the single source of truth for scoring. A disagreement (the evaluator finds the routes illegal, or
scores them differently from the model) is a bug and raises `OptimizerMismatch`; an unchecked answer is never
returned.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from ortools.sat.python import cp_model

from solver.core.gc_pause import gc_paused
from solver.core.search.stoppable import solve_stoppable
from solver.errors import InputError, Problem
from solver.titles.g1862.position import CompanyState, Position
from solver.titles.g1862.routes.bounds import OptionBounds, chain_thresholds, option_bounds
from solver.titles.g1862.routes.candidates import Candidate, ListingStopped, legal_candidates
from solver.titles.g1862.routes.chain_candidates import ChainCandidate
from solver.titles.g1862.routes.cpsat_model import (
    REVENUE_WEIGHT,
    Option,
    RunModel,
    RunPlan,
    TrainSlot,
    plan_run,
    slot_routes,
)
from solver.titles.g1862.routes.improve import improve
from solver.titles.g1862.routes.legality import missing_home, station_name
from solver.titles.g1862.routes.model import Evaluation, Objective, RouteSpec, SolveOptions, SolveResult, Status
from solver.titles.g1862.routes.small_search import best_freight_run, is_small
from solver.titles.g1862.routes.stop_graph import StopGraph, build_stop_graph
from solver.titles.g1862.track import TrackGraph, build_graph, large_id
from solver.titles.g1862.trains import parse_train


@dataclass(frozen=True)
class ProgressInfo:
    """An improving solution found during a solve: its objective value (revenue, or revenue plus subsidy
    for the 'cash' objective), the best proven bound, and the seconds since the solve began."""

    objective: int
    bound: int
    seconds: float


class OptimizerMismatch(AssertionError):
    """The evaluator disagrees with the optimizer's model: a bug in one of them, never a user error."""


class SolverFailure(RuntimeError):
    """CP-SAT refused the model or failed (MODEL_INVALID, for example with an impossible worker count): never
    an answer about the run, and never reported as "no run found"."""


LISTING_STOPPED = "stopped while listing routes"
SEARCH_STOPPED = "stopped before any run was found"


def _problem(company: str, message: str, rule: str = "7.8") -> Problem:
    return Problem(f"company {company}", rule, message)


def _check_company(position: Position, company: str) -> CompanyState:
    state = position.companies.get(company)
    if state is None:
        listed = ", ".join(position.companies) or "none"
        raise InputError([_problem(company, f"is not in this position; companies listed: {listed}", "2.1")])
    return state


def _slots(
    position: Position, state: CompanyState, options: SolveOptions, sg: StopGraph
) -> tuple[list[TrainSlot], list[str]]:
    """The trains the model may run (permits held, not excluded; pinned ones with their routes), and the
    reasons some trains cannot run. InputError for excluded or pinned trains the company does not own and
    for pinned routes that do not follow track."""
    game = position.game
    short = position.variant.length == "short"
    problems: list[Problem] = []
    free = list(range(len(state.trains)))
    for name in options.excluded:
        try:
            wanted = parse_train(name, game, short).name
        except ValueError as exc:
            problems.append(_problem(state.id, f"cannot exclude {name!r}: {exc}", "2.2"))
            continue
        match = [i for i in free if state.trains[i].name == wanted]
        if not match:
            problems.append(_problem(state.id, f"cannot exclude {name!r}: the company has no such train", "2.2"))
            continue
        free.remove(match[0])
    pinned: dict[int, tuple[str, tuple[object, ...]]] = {}
    slots: list[TrainSlot] = []
    for k, spec in enumerate(options.pinned):
        where = f"pinned route {k + 1} ({spec.train})"
        try:
            wanted = parse_train(spec.train, game, short).name
        except ValueError as exc:
            problems.append(Problem(where, "2.2", str(exc)))
            continue
        match = [i for i in free if state.trains[i].name == wanted and i not in pinned]
        if not match:
            problems.append(Problem(where, "2.2", f"{state.id} has no other {wanted} train to pin"))
            continue
        nodes, path_problems = sg.graph.path_of(spec.hexes, where)
        if path_problems:
            problems += path_problems
            continue
        route = sg.links_of_path(nodes)
        if route is None:
            problems.append(Problem(where, "7.8", "a route must begin and end at a large station or off-board area"))
            continue
        train = state.trains[match[0]]
        wanted_links = [lk.index for lk in route[1]]
        london = state.id in position.london
        legal = [
            c
            for c in legal_candidates(sg, state.id, train, london)
            if [lk.index for lk in c.links] in (wanted_links, wanted_links[::-1])
        ]
        if not legal:
            problems.append(
                Problem(
                    where,
                    "7.4",
                    f"not a legal route for a {train.name} of {state.id} (check its ends, length, markers, "
                    "ports and red areas, tokened-out cities and London link)",
                )
            )
            continue
        pinned[match[0]] = (spec.train, ())
        slots.append(TrainSlot(match[0], train, legal[0]))
    if problems:
        raise InputError(problems)
    reasons: list[str] = []
    for i in free:
        if i in pinned:
            continue
        train = state.trains[i]
        if not state.can_score(train):
            reasons.append(f"{train.name} needs a {train.type.value} permit, which {state.id} does not hold")
            continue
        slots.append(TrainSlot(i, train))
    for slot in slots:
        if slot.pinned is not None and not state.can_score(slot.train):
            raise InputError(
                [Problem(f"pinned route ({slot.train.name})", "7.8", f"{state.id} holds no {slot.train.type} permit")]
            )
    slots.sort(key=lambda s: s.index)
    return slots, reasons


def _infeasible(company: str, reason: str, started: float) -> SolveResult:
    evaluation = Evaluation(company=company, legal=False, problems=(_problem(company, reason),))
    return SolveResult(company, "infeasible", (), evaluation, None, time.perf_counter() - started, reason)


class _Watcher(cp_model.CpSolverSolutionCallback):
    """Reports solutions better than any reported before to `progress`, with the bound that holds for the
    whole search (`ceiling`: solutions outside the current, smaller model are worth less than it; and no
    run is worth more than the bound from `titles.g1862.routes.bounds`, which holds before CP-SAT has its own)."""

    def __init__(self, search: _Search, ceiling: int):
        super().__init__()
        self.search = search
        self.ceiling = ceiling

    def on_solution_callback(self) -> None:
        search = self.search
        value = int(self.objective_value)
        if search.progress is None or value <= search.reported:
            return
        search.reported = value
        bound = min(max(int(self.best_objective_bound), self.ceiling), search.total)
        search.progress(
            ProgressInfo(value // search.scale, bound // search.scale, time.perf_counter() - search.started)
        )


@dataclass
class _Search:
    """The state of one solve across its rounds."""

    progress: Callable[[ProgressInfo], None] | None
    started: float
    scale: int
    total: int  # a bound on every run (solver.titles.g1862.routes.bounds)
    reported: int = -1


# The rounds keep only options whose bound reaches these fractions of the bound on every run
# (titles.g1862.routes.bounds), or the best run found so far if that is higher; the last round keeps every option.
# Chosen by CP-SAT deterministic time over 48 stress boards and the late-game example (docs/optimizer.md).
FLOOR_FRACTIONS = (0.75, 0.5, 0.25)
# A round before the last is there to find a good run quickly (or to prove one that reaches its floor): it
# is given at most this much of CP-SAT's deterministic time (a unit takes about a second on this machine),
# and the last round, which keeps every option that could beat the best run found, is given the rest of
# the time limit. Deterministic time, not seconds, so that the same position always takes the same path.
ROUND_WORK = 0.15
# Listing routes and chains may take this share of the time limit (see `optimize`).
LISTING_SHARE = 0.5
# When the listing was cut short (or left too little time), each runner keeps this many of its best options
# for a quick search.
PARTIAL_OPTIONS = 100
PARTIAL_SHARE = 0.7  # of the time left for that search; the rest is for re-checking its run
QUICK_WHEN = 0.3  # the same quick search when less than this share of the time limit is left before any run
CUTS = False  # see _run_solver
PROBING = 1  # see _run_solver
# CP-SAT's linearization level (its default is 1): level 2 also puts the relaxation of the model's Boolean
# implications (the home station's `any_run`, identical trains in order) into the LP. The last round, which
# proves the optimum, and any round of a small model use it; measured in docs/optimizer.md.
LINEARIZATION = 1
LINEARIZATION_PROOF = 2
SMALL_MODEL = 500  # variables: a round of a model this small uses LINEARIZATION_PROOF too


@dataclass(frozen=True)
class Prepared:
    """What a solve needs before CP-SAT runs, for one position, company and set of pinned and excluded
    trains: the track and stop graphs, the trains that may run and why others cannot, and every runner's
    options (`plan`; None when no train can run). Listing the options is most of the work outside CP-SAT,
    so the app prepares it in the background while the player looks at the board."""

    position: Position
    company: str
    pinned: tuple[RouteSpec, ...]
    excluded: tuple[str, ...]
    graph: TrackGraph
    sg: StopGraph
    slots: tuple[TrainSlot, ...]
    reasons: tuple[str, ...]
    plan: RunPlan | None
    bounds: OptionBounds | None  # the options' bounds for the revenue objective, before any chain is listed

    def fits(self, position: Position, company: str, options: SolveOptions) -> bool:
        return (
            self.position is position
            and self.company == company
            and self.pinned == tuple(options.pinned)
            and self.excluded == tuple(options.excluded)
        )


@gc_paused()
def prepare(
    position: Position,
    company: str,
    options: SolveOptions = SolveOptions(),  # noqa: B008 - frozen dataclass
    stopped: Callable[[], bool] | None = None,
) -> Prepared:
    """Everything `optimize` does before CP-SAT runs, with the Freight chains the first round needs. Raises
    InputError as `optimize` does, and ListingStopped when `stopped()` becomes true while listing the
    trains' routes; stopped while listing chains, it returns the listing without them (the first round lists
    them again)."""
    state = _check_company(position, company)
    graph = build_graph(position)
    sg = build_stop_graph(graph)
    slots, reasons = _slots(position, state, options, sg)
    # 7.8: without its Home Station marker on the board the company has no legal run, so nothing is listed.
    home = missing_home(position, company) is None
    runnable = bool(home and state.trains and slots and graph.marker_stations(company))
    plan = plan_run(sg, company, slots, stopped) if runnable else None
    if plan is not None and not plan.reaches(large_id(state.home)):
        plan = None  # 7.8: no run can include the home station (optimize says so)
    # a small run is searched without CP-SAT (`small_search`), which needs neither the bounds nor the chains
    small = plan is not None and not options.pinned and is_small(plan)
    bounds = _bounds(graph, plan, "revenue") if plan is not None and not small else None
    if plan is not None and bounds is not None and plan.lister is not None:
        first = (_floors(bounds.total) or [0])[0]
        with contextlib.suppress(ListingStopped):
            _chains_for(graph, plan, "revenue", first, stopped)  # the lister keeps them for the first round
    return Prepared(
        position,
        company,
        tuple(options.pinned),
        tuple(options.excluded),
        graph,
        sg,
        tuple(slots),
        tuple(reasons),
        plan,
        bounds,
    )


def _floors(total: int) -> list[int]:
    return [int(total * f) for f in FLOOR_FRACTIONS]


def _chains_for(
    graph: TrackGraph, plan: RunPlan, objective: Objective, floor: int, stopped: Callable[[], bool] | None
) -> RunPlan:
    """`plan` with the chains a round with this floor needs: those whose bound reaches it (every chain for
    floor 0). ListingStopped when `stopped()` becomes true."""
    if plan.lister is None:
        return plan
    values, unit_of = _values(graph)
    thresholds = chain_thresholds(plan, values, unit_of, objective, floor) if floor > 0 else None
    return plan.with_chains(plan.lister.chains(thresholds, stopped))


def _values(graph: TrackGraph) -> tuple[dict[str, int], dict[str, str]]:
    values = {st.scoring_unit: st.value for st in graph.stations.values()}
    unit_of = {s: st.scoring_unit for s, st in graph.stations.items()}
    return values, unit_of


def _bounds(graph: TrackGraph, plan: RunPlan, objective: Objective) -> OptionBounds:
    values, unit_of = _values(graph)
    return option_bounds(plan, values, unit_of, objective)


@gc_paused()
def optimize(
    position: Position,
    company: str,
    options: SolveOptions = SolveOptions(),  # noqa: B008 - frozen dataclass
    progress: Callable[[ProgressInfo], None] | None = None,
    stop: threading.Event | None = None,
    prepared: Prepared | None = None,
) -> SolveResult:
    """The company's best legal run (7.4, 7.8, 7.8.1-7.8.3) under `options`.

    Returns a SolveResult: status "optimal" when CP-SAT proves it, "feasible" with `bound` when stopped by
    the time limit or `stop`, "infeasible" with a reason when no train can run (among them a company whose
    Home Station marker is not on the board, 7.8), "unknown" when stopped
    before any run was found. Its evaluation comes from the evaluator. Raises InputError for a company not
    in the position, excluded or pinned trains it does not own and pinned routes off the track, and
    OptimizerMismatch if the evaluator disagrees with the model. `prepared` (from `prepare`) is used when it
    was made for the same position, company, pinned and excluded trains, and otherwise ignored.

    A company whose only trains are one to three Freight trains is solved without CP-SAT by an exact search
    (`solver.titles.g1862.routes.small_search`) when that search completes. Otherwise the search runs in
    rounds (docs/optimizer.md), the first possibly decided by a run found by local search
    (`solver.titles.g1862.routes.improve`); when that run falls short of the first round's floor it is the floor
    of the one round instead. Each round solves the model with only the options whose
    upper bound (`solver.titles.g1862.routes.bounds`) reaches a floor. A run found worth at least the floor is the
    optimum: every run using a left-out option is worth less. Otherwise the floor drops, never below the
    best run found, and the last round keeps every option.
    """
    started = time.perf_counter()

    def stopped() -> bool:
        return (stop is not None and stop.is_set()) or time.perf_counter() - started >= options.time_limit

    def listing_stopped() -> bool:
        # listing may take part of the time limit: if it is cut short, the rest goes to a search without
        # the chains not yet listed, so that a run is found (not proven optimal) whenever one can be
        return (
            stop is not None and stop.is_set()
        ) or time.perf_counter() - started >= LISTING_SHARE * options.time_limit

    try:
        if prepared is None or not prepared.fits(position, company, options):
            if listing_stopped():
                raise ListingStopped
            prepared = prepare(position, company, options, listing_stopped)
    except ListingStopped:
        return _stopped_early(company, LISTING_STOPPED, None, started)
    state = position.companies[company]
    graph, sg, slots, plan = prepared.graph, prepared.sg, prepared.slots, prepared.plan
    if not state.trains:
        return _infeasible(company, f"{company} has no trains", started)
    if not slots:
        why = "; ".join(prepared.reasons) if prepared.reasons else "every train is excluded"
        return _infeasible(company, f"no train can run: {why} (7.8)", started)
    no_home = missing_home(position, company)
    if no_home is not None:  # 7.8: no run can include the town of a Home Station marker that is not there
        evaluation = Evaluation(company=company, legal=False, problems=(no_home,))
        seconds = time.perf_counter() - started
        return SolveResult(company, "infeasible", (), evaluation, None, seconds, f"{no_home.message} (7.8)")
    if not graph.marker_stations(company):
        return _infeasible(
            company, f"{company} has no station marker on a tile with track, so no route can include one (7.4)", started
        )
    if plan is None:
        # 7.8 bullet 2: one run must include the home station, and no legal route of any train does
        home = station_name(graph, large_id(state.home))
        return _infeasible(
            company,
            f"no legal route of any {company} train includes its home station {home}, and one run must (7.8)",
            started,
        )
    if not options.pinned and is_small(plan):
        values, unit_of = _values(graph)
        exact = best_freight_run(plan, values, unit_of, options.objective, large_id(state.home), stopped)
        if exact is not None:  # proven: every combination that could beat it was tried
            value, picks = exact
            slots_of = [rp.slot for rp in plan.runners]
            chosen = slot_routes(plan.groups, [(slots_of[i], c) for i, c in picks])
            return _proven(position, company, sg, chosen, value, options, started)
        # stopped, or no legal run found: the rounds below answer (and say why)
    bounds = prepared.bounds if prepared.bounds and options.objective == "revenue" else None
    bounds = bounds or _bounds(graph, plan, options.objective)
    total = bounds.total
    search = _Search(progress, started, 1 if options.objective == "cash" else REVENUE_WEIGHT, total)
    floors = _floors(total)
    best: tuple[int, RunModel, cp_model.CpSolver] | None = None
    partial = False  # a round without the chains the listing had no time for: nothing it finds is proven

    def nothing_found(reason: str) -> SolveResult:
        # stopped before any run: the bound on every run, sharpened by whatever chains were listed since
        # `bounds` was worked out (every chain left out earns less than its threshold)
        sharpest = min(total, _bounds(graph, plan, options.objective).total)
        return _stopped_early(company, reason, sharpest // search.scale, started)

    while True:
        floor = floors.pop(0) if floors else 0
        final = not floors  # a round that is not cut short by ROUND_WORK
        if best is not None and best[0] >= floor:
            # a run worth best[0] exists, so the best run is at least that: this round keeps every option
            # that could beat it, and is the last
            floor, final, floors = best[0], True, []
        try:
            round_plan = _chains_for(graph, plan, options.objective, floor, listing_stopped)
        except ListingStopped:
            if best is not None:
                return _answer(position, graph, best[1], best[2], "feasible", total, options, started)
            if stopped():
                return nothing_found(LISTING_STOPPED)
            round_plan, partial, final = plan, True, True  # the routes listed, and no chain
        if best is None and not partial:
            if stopped():
                return nothing_found(SEARCH_STOPPED)
            if options.time_limit - (time.perf_counter() - started) < QUICK_WHEN * options.time_limit:
                # listing took most of the time: a whole model would not even be built in what is left
                round_plan, partial, final = plan, True, True
        keep: list[list[bool]] | None
        if partial:  # little time is left: a small model that finds a run quickly (the plan is `bounds`'s)
            keep = [_best_few(row, PARTIAL_OPTIONS) for row in bounds.per_option]
        else:
            round_bounds = _bounds(graph, round_plan, options.objective)
            total = search.total = min(total, round_bounds.total)  # both hold for every run
            keep = None if floor <= 0 else [[b >= floor for b in row] for row in round_bounds.per_option]
        searched = None
        if best is None and not partial and keep is not None and not options.pinned:
            # before the first round: a run found by local search becomes the floor of a round that is the
            # last, keeping only the options that could beat that run (docs/optimizer.md step 6)
            searched = _improved(graph, state, round_plan, keep, options.objective, stopped)
            if searched is not None and searched[0] < floor:
                # below the first floor: the round keeps every option that could beat the run, so the
                # chains are listed down to its value
                try:
                    round_plan = _chains_for(graph, plan, options.objective, searched[0], listing_stopped)
                except ListingStopped:
                    searched = None  # the first round runs as before, on the chains listed for its floor
                else:
                    round_bounds = _bounds(graph, round_plan, options.objective)
                    total = search.total = min(total, round_bounds.total)
            if searched is not None:
                keep = [[b >= searched[0] for b in row] for row in round_bounds.per_option]
        run = RunModel(sg, state, round_plan, options.objective, keep)
        if searched is not None:
            filled = _hint(run, searched[1])
            if filled is not None:
                best = (int(filled.objective_value), run, filled)
                floor, final, floors = searched[0], True, []
            else:  # not a legal run for the model after all: the round keeps what its floor keeps
                keep = [[b >= floor for b in row] for row in round_bounds.per_option]
                run = RunModel(sg, state, round_plan, options.objective, keep)
        elif best is not None:
            _hint(run, _chosen(best[1], best[2]))
        remaining = options.time_limit - (time.perf_counter() - started)
        if partial:
            remaining *= PARTIAL_SHARE  # leave time to re-check the run
        work = None if final else ROUND_WORK
        # what holds outside this round's model: worth less than its floor, or (a quick search over a few
        # options) only the bound on every run
        ceiling = total if partial else max(0, floor - 1)
        solver, code = _run_solver(run.model, options, search, ceiling, remaining, work, stop)
        found = code in (cp_model.OPTIMAL, cp_model.FEASIBLE)
        value = int(solver.objective_value) if found else -1
        if found and (best is None or value > best[0]):
            best = (value, run, solver)
        if partial:
            if best is None:
                return nothing_found(LISTING_STOPPED)
            return _answer(position, graph, best[1], best[2], "feasible", total, options, started)
        if code == cp_model.OPTIMAL and (keep is None or value >= floor):
            return _answer(position, graph, run, solver, "optimal", value, options, started)
        if code == cp_model.INFEASIBLE and keep is None:
            return _infeasible(company, "no legal run contains the pinned routes (7.4, 7.8)", started)
        if not final and not stopped():
            continue  # this round's best (if any) is a floor and a hint for the next
        if code not in (cp_model.OPTIMAL, cp_model.INFEASIBLE) or stopped():
            # stopped by the time limit or the stop event: the best run so far, and the bound that holds
            # for every run (inside this round's model, or worth less than its floor)
            round_bound = int(solver.best_objective_bound) if found else total
            ceiling = min(total, max(round_bound, floor - 1))
            if best is None:
                return _stopped_early(company, SEARCH_STOPPED, ceiling // search.scale, started)
            return _answer(position, graph, best[1], best[2], "feasible", ceiling, options, started)


def _best_few(bounds: tuple[int, ...], count: int) -> list[bool]:
    """Keep the `count` options with the highest bounds (ties by listing order)."""
    ranked = sorted(range(len(bounds)), key=lambda j: -bounds[j])[:count]
    chosen = set(ranked)
    return [j in chosen for j in range(len(bounds))]


def _stopped_early(company: str, reason: str, bound: int | None, started: float) -> SolveResult:
    """The answer when the time limit or the stop event ended the solve before any run was found."""
    evaluation = Evaluation(company=company, legal=False, problems=(_problem(company, reason),))
    return SolveResult(company, "unknown", (), evaluation, bound, time.perf_counter() - started, reason)


def _option_key(c: Option) -> object:
    """The same option in the models of two rounds: a route by identity, a chain by its member routes (the
    chains of a later round may be listed again)."""
    if isinstance(c, ChainCandidate):
        return tuple((k, id(m)) for k, m in c.members)
    return id(c)


def _chosen(run: RunModel, solver: cp_model.CpSolver) -> set[tuple[str, object]]:
    """The options of `run` taken in `solver`'s solution, by runner name and option (`_option_key`)."""
    return {(r.name, _option_key(c)) for r in run.runners for c, x in r.options if solver.boolean_value(x)}


def _improved(
    graph: TrackGraph,
    state: CompanyState,
    plan: RunPlan,
    keep: list[list[bool]] | None,
    objective: Objective,
    stopped: Callable[[], bool],
) -> tuple[int, set[tuple[str, object]]] | None:
    """A run among `plan`'s options that `keep` allows (all when None), found by local search
    (`titles.g1862.routes.improve`): what the model counts it worth at least, and its options (as `_chosen`
    gives them); None if none."""
    values, unit_of = _values(graph)
    found = improve(plan, keep, values, unit_of, objective, large_id(state.home), stopped)
    if found is None:
        return None
    value, selection = found
    chosen = {
        (rp.name, _option_key(rp.options[j])) for rp, j in zip(plan.runners, selection, strict=True) if j is not None
    }
    return value, chosen


def _hint(run: RunModel, chosen: set[tuple[str, object]]) -> cp_model.CpSolver | None:
    """Start `run` from a run found before: the options `chosen` (runner name and `_option_key`).

    CP-SAT takes a hint as a first solution only when it gives every variable, so the scores, visits and
    links of those routes are filled in by a quick solve of `run` with its route choices fixed, which is
    returned (its solution is a solution of `run`); if that solve fails (the routes are not a legal run for
    the model), only the route choices are hinted and None is returned."""
    fixed = run.model.clone()
    picks: list[tuple[cp_model.IntVar, bool]] = []
    for r in run.runners:
        for c, x in r.options:
            picks.append((x, (r.name, _option_key(c)) in chosen))
            # the choice fixed in the copy's own variable domain (a constraint per option cost twice the time)
            domain = fixed.proto.variables[x.index].domain
            domain.clear()
            domain.extend((int(picks[-1][1]),) * 2)
    filler = cp_model.CpSolver()
    filler.parameters.num_workers = 1
    filler.parameters.catch_sigint_signal = False
    filler.parameters.max_time_in_seconds = 1.0
    if filler.solve(fixed) in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        # every variable's value at once (the copy numbers its variables as `run`'s model does)
        hint = run.model.proto.solution_hint
        hint.vars.extend(range(len(run.model.proto.variables)))
        hint.values.extend(filler.response_proto.solution)
        return filler
    for x, value in picks:
        run.model.add_hint(x, value)
    return None


def _run_solver(
    model: cp_model.CpModel,
    options: SolveOptions,
    search: _Search,
    ceiling: int,
    remaining: float,
    work: float | None,
    stop: threading.Event | None,
) -> tuple[cp_model.CpSolver, cp_model.CpSolverStatus]:
    """Solve `model` with this optimizer's CP-SAT parameters: `work` limits the deterministic time (None: the
    last round), `ceiling` is the bound reported with each improving solution."""
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = max(0.01, remaining)
    if work is not None:
        solver.parameters.max_deterministic_time = work
    solver.parameters.num_workers = max(1, options.workers)
    # OR-Tools installs its own SIGINT handler during a solve and keeps it afterwards, so Ctrl-C would no
    # longer raise KeyboardInterrupt; Python's handler stays, and the CLI exits cleanly (exit code 130).
    solver.parameters.catch_sigint_signal = False
    # Presolve would turn the linear constraints into clauses, which leave the linear relaxation; the
    # relaxation of this model is tight, so it is measured to be much faster without (docs/optimizer.md).
    solver.parameters.cp_model_presolve = False
    # CP-SAT normally adds linear constraints to its LP only once they are violated; the full relaxation
    # of this model is within a few percent of the optimum, and having it from the start is measured to
    # prove the dense boards several times faster (docs/optimizer.md).
    solver.parameters.add_lp_constraints_lazily = False
    # CP-SAT's generated cuts (Gomory, MIR, zero-half, clique) do not close the gap this model has (it lies
    # in the connectivity, 7.8), and computing them is measured to take most of the time on dense boards.
    solver.parameters.add_cg_cuts = CUTS
    solver.parameters.add_mir_cuts = CUTS
    solver.parameters.add_zero_half_cuts = CUTS
    solver.parameters.add_clique_cuts = CUTS
    solver.parameters.add_lin_max_cuts = CUTS
    # Probing at level 1 instead of CP-SAT's default 2: measured on the late-game example, the last round
    # proves in 0.1 s instead of 0.65 s (the whole solve from a prepared listing 0.4 s instead of 1.1 s),
    # and the stress boards take the same time in sum (20.8 s against 21.0 s).
    solver.parameters.cp_model_probing_level = PROBING
    # Level 2 puts the implications into the LP: without them the LP may leave `any_run` at 0 and ignore the
    # home station (7.8). It proves the last round faster (stress boards: 9.5 -> 6.8 units of deterministic
    # time in sum) and a small model at once (ESR 7F 7F: 0.2 -> 0.002 units), but makes the large first
    # rounds slower (docs/optimizer.md).
    small = len(model.proto.variables) <= SMALL_MODEL
    solver.parameters.linearization_level = LINEARIZATION_PROOF if work is None or small else LINEARIZATION
    code = solve_stoppable(solver, model, _Watcher(search, ceiling), stop)
    if code == cp_model.MODEL_INVALID:
        raise SolverFailure(f"CP-SAT refused the model: {model.validate() or solver.status_name(code)}")
    return solver, code


def _answer(
    position: Position,
    graph: TrackGraph,
    run: RunModel,
    solver: cp_model.CpSolver,
    status: Status,
    bound: int,
    options: SolveOptions,
    started: float,
) -> SolveResult:
    """The result for the run in `solver`'s solution of `run`, re-checked by the evaluator."""
    company = run.company.id
    routes = [
        RouteSpec(slot.train.name, run.sg.route_hexes(route.stops[0], route.links))
        for slot, route in run.routes(solver)
    ]
    scale = 1 if options.objective == "cash" else REVENUE_WEIGHT
    if not routes:
        if status == "optimal":
            return _infeasible(
                company,
                "no train has a legal route: each needs track between two stops, one of them a large station, "
                "and one of the company's station markers on it (7.4, 7.8)",
                started,
            )
        return _stopped_early(company, SEARCH_STOPPED, bound // scale, started)
    modelled = (int(solver.value(run.revenue)), int(solver.value(run.subsidy)))
    evaluation = _recheck(position, company, graph, routes, modelled, status, options)
    return SolveResult(
        company=company,
        status=status,
        routes=tuple(routes),
        evaluation=evaluation,
        bound=bound // scale if status == "feasible" else evaluation.objective_value(options.objective),
        solve_seconds=time.perf_counter() - started,
    )


def _proven(
    position: Position,
    company: str,
    sg: StopGraph,
    chosen: list[tuple[TrainSlot, Candidate]],
    value: int,
    options: SolveOptions,
    started: float,
) -> SolveResult:
    """The result for the Freight run `small_search` proved optimal, worth `value` in model objective units
    (revenue only: a Freight run earns no subsidy, 7.8.2), re-checked by the evaluator."""
    routes = [RouteSpec(slot.train.name, sg.route_hexes(route.stops[0], route.links)) for slot, route in chosen]
    revenue = value if options.objective == "cash" else value // REVENUE_WEIGHT
    evaluation = _recheck(position, company, sg.graph, routes, (revenue, 0), "optimal", options)
    return SolveResult(
        company=company,
        status="optimal",
        routes=tuple(routes),
        evaluation=evaluation,
        bound=evaluation.objective_value(options.objective),
        solve_seconds=time.perf_counter() - started,
    )


def _recheck(
    position: Position,
    company: str,
    graph: TrackGraph,
    routes: list[RouteSpec],
    modelled: tuple[int, int],
    status: Status,
    options: SolveOptions,
) -> Evaluation:
    """The evaluator's verdict on the optimizer's answer (`modelled`: the revenue and subsidy the optimizer
    counts); OptimizerMismatch if it is illegal or scores differently (at the optimum it must score exactly
    as the optimizer; a time-limited answer may only be worth more, because the model's scores are lower
    bounds until proven)."""
    from solver.titles.g1862.routes.evaluator import evaluate

    evaluation = evaluate(position, company, tuple(routes), graph)
    revenue, subsidy = modelled
    described = ", ".join(f"{r.train} {'-'.join(r.hexes)}" for r in routes)
    if not evaluation.legal:
        broken = "; ".join(str(p) for p in evaluation.problems)
        raise OptimizerMismatch(f"optimizer run {described} is illegal for the evaluator: {broken}")
    model_value = revenue + subsidy if options.objective == "cash" else revenue
    value = evaluation.objective_value(options.objective)
    exact = status == "optimal"
    if (exact and (evaluation.revenue, evaluation.subsidy) != (revenue, subsidy)) or value < model_value:
        raise OptimizerMismatch(
            f"optimizer run {described}: model revenue {revenue} subsidy {subsidy}, evaluator revenue "
            f"{evaluation.revenue} subsidy {evaluation.subsidy}"
        )
    return evaluation


__all__ = ["OptimizerMismatch", "Prepared", "ProgressInfo", "SolverFailure", "optimize", "prepare"]
