"""The route evaluator: the single source of truth for whether a company's run is legal and what it earns.

`evaluate(position, company, routes)` judges a run given as one hex list per train (rulebook 7.4, 7.6.5, 7.8,
7.8.1-7.8.3, 9.0, 11.2; read as in docs/scoring.md). An illegal run comes back with every rule broken, each
naming the train, the hex and the section; a legal one with each train's stops (scored, dropped by an N/M
train, or scored by another train), the Freight bonus, the Local subsidy and the total. The optimizer re-checks
every answer with it, and the enumerator scores with the same functions.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from solver.errors import InputError, Problem
from solver.titles.g1862.position import Position
from solver.titles.g1862.routes.chains import FreightRun, Grouping, freight_groupings
from solver.titles.g1862.routes.legality import TracedRoute, missing_home, run_problems, station_name, trace_route
from solver.titles.g1862.routes.model import Evaluation, RouteSpec, StopScore, TrainResult
from solver.titles.g1862.routes.scoring import LOCAL_SUBSIDY, Scorer, best_credit, freight_bonus
from solver.titles.g1862.track import NodeId, TrackGraph, build_graph
from solver.titles.g1862.trains import Train, TrainType, parse_train


def evaluate(
    position: Position, company: str, routes: Sequence[RouteSpec], graph: TrackGraph | None = None
) -> Evaluation:
    """Judge and score a company's run: one `RouteSpec` (train name and hexes) per train that runs.

    Returns an `Evaluation`: `legal=False` with every rule broken (each `Problem` names the train or hex and
    the rulebook section), or `legal=True` with a `TrainResult` per route (in the order given), the revenue
    (7.8, 7.8.1-7.8.3) and the Local subsidy (7.8.2, paid to the treasury, not revenue). An empty run is legal
    and earns nothing; any other run of a company whose Home Station marker is not on the board is illegal
    (7.8, `missing_home`). Freight trains are grouped into lone trains and chains in the legal way that earns most
    (7.8.1), and N/M drops and once-only credits are chosen to earn most (7.8, 7.8.2, 7.8.3).

    Raises InputError only for input that cannot be judged: a company not in the position, a name that is not
    a train, a train the company does not own, or more routes for a train than the company has of it.
    """
    if graph is None:
        graph = build_graph(position)
    trains = resolve_trains(position, company, routes)
    labels = route_labels([t.name for t in trains])
    traced: list[TracedRoute] = []
    problems: list[Problem] = []
    # 7.8: with no Home Station marker on the board no run is legal, whatever its routes.
    no_home = missing_home(position, company) if routes else None
    if no_home is not None:
        problems.append(no_home)
    untraced = False
    for i, (spec, train) in enumerate(zip(routes, trains, strict=True)):
        route, route_issues = trace_route(graph, company, train, spec.hexes, labels[i], i)
        problems += route_issues
        if route is None:
            untraced = True
        else:
            traced.append(route)
    groupings: list[Grouping] = []
    if not untraced:
        # Run rules need every route on the track; with a broken route they would mislead.
        problems += run_problems(graph, company, traced)
        groupings, chain_issues = freight_groupings(graph, company, [r for r in traced if r.train.is_freight])
        problems += chain_issues
    if problems:
        return Evaluation(company=company, legal=False, problems=tuple(problems))
    return score_run(graph, company, traced, groupings)


def resolve_trains(position: Position, company: str, routes: Sequence[RouteSpec]) -> list[Train]:
    """The train of each route; InputError for an unknown company, a name that is not a train, a train the
    company does not own, or more routes for a train than the company has of it (7.8: a company runs its own
    trains, each once)."""
    state = position.companies.get(company)
    if state is None:
        known = ", ".join(position.companies) or "none"
        raise InputError(
            [Problem(f"company {company}", "2.1", f"{company!r} is not a company of this position; it has {known}")]
        )
    game = position.game
    short = position.variant.length == "short"
    owned = Counter(state.trains)
    owned_names = ", ".join(t.name for t in state.trains) or "no trains"
    problems: list[Problem] = []
    trains: list[Train] = []
    used: Counter[Train] = Counter()
    for i, spec in enumerate(routes):
        where = f"route {i + 1} train {spec.train!r}"
        try:
            train = parse_train(spec.train, game, short)
        except ValueError as exc:
            problems.append(Problem(where, "2.2", str(exc)))
            continue
        trains.append(train)
        used[train] += 1
        if owned[train] == 0:
            problems.append(
                Problem(where, "7.8", f"{company} does not own a {train.name} train; it owns {owned_names}")
            )
    for train, n in used.items():
        if 0 < owned[train] < n:
            problems.append(
                Problem(
                    f"company {company} train {train.name}",
                    "7.8",
                    f"{n} routes are given for {train.name} but {company} has {owned[train]} such train"
                    f"{'s' if owned[train] != 1 else ''}; each train runs once",
                )
            )
    if problems:
        raise InputError(problems)
    return trains


def route_labels(names: Sequence[str]) -> list[str]:
    """How each route's train is named in messages: ``3F``, or ``3F #1`` / ``3F #2`` when a name repeats."""
    counts = Counter(names)
    seen: Counter[str] = Counter()
    labels = []
    for name in names:
        seen[name] += 1
        labels.append(f"{name} #{seen[name]}" if counts[name] > 1 else name)
    return labels


# ---------------------------------------------------------------- scoring a legal run


@dataclass(frozen=True)
class _Scored:
    revenue: int
    runs: Grouping
    scorers: tuple[Scorer, ...]
    owners: tuple[tuple[TracedRoute, ...], ...]
    chosen: tuple[frozenset[str], ...]
    bonuses: tuple[tuple[int, int], ...]


def _unit(graph: TrackGraph, node: NodeId) -> str:
    return graph.stations[node].scoring_unit


def unit_values(graph: TrackGraph) -> dict[str, int]:
    """Value of every scoring unit (a station, or a whole off-board area) in the position's phase (9.0)."""
    return {st.scoring_unit: st.value for st in graph.stations.values()}


def train_scorer(graph: TrackGraph, route: TracedRoute) -> Scorer:
    """What a Local or Express train may score: Local N of its large stations plus every small station
    (7.8.2); Express N of its large stations and off-board areas, small stations ignored (7.8.3)."""
    train = route.train
    if train.type is TrainType.LOCAL:
        limited = tuple(dict.fromkeys(_unit(graph, n) for n in route.large))
        unlimited = tuple(dict.fromkeys(_unit(graph, n) for n in route.small))
        return Scorer(limited, unlimited, train.scored)
    stops = [n for n in route.stations if not n.startswith("S:")]
    return Scorer(tuple(dict.fromkeys(_unit(graph, n) for n in stops)), (), train.scored)


def run_scorer(graph: TrackGraph, run: FreightRun) -> tuple[Scorer, tuple[int, int]]:
    """A Freight run (lone train or chain) scores its two outer ends plus the bonus (7.8.1): returns the
    scorer and (intervening hexes, bonus)."""
    a, b = graph.stations[run.start], graph.stations[run.end]
    offboard_ends = sum(1 for st in (a, b) if st.kind == "offboard")
    port = any(st.area_type == "port" for st in (a, b))
    bonus = freight_bonus(run.start_hex, run.end_hex, offboard_ends, port)
    ends = tuple(dict.fromkeys((a.scoring_unit, b.scoring_unit)))
    return Scorer((), ends, 0), bonus


def subsidy_hexes(routes: Sequence[TracedRoute]) -> list[str]:
    """Distinct land hexes visited by the company's Local trains, each once (7.8.2)."""
    seen: dict[str, None] = {}
    for r in routes:
        if r.train.type is TrainType.LOCAL:
            for h in r.hexes:
                if h in r.land_hexes:
                    seen.setdefault(h, None)
    return list(seen)


def best_scoring(
    graph: TrackGraph,
    traced: Sequence[TracedRoute],
    groupings: Sequence[Grouping],
    values: dict[str, int] | None = None,
    scorer_cache: dict[int, Scorer] | None = None,
) -> _Scored:
    """The Freight grouping, N/M drops and once-only credits that earn the company most (7.8, 7.8.1-7.8.3).

    `scorer_cache` (keyed by `id` of a Local or Express route) lets a caller that scores the same route objects
    many times, such as the enumerator, build each train's scorer once."""
    if values is None:
        values = unit_values(graph)
    others = [r for r in traced if not r.train.is_freight]
    if scorer_cache is None:
        base_scorers = [train_scorer(graph, r) for r in others]
    else:
        base_scorers = []
        for r in others:
            scorer = scorer_cache.get(id(r))
            if scorer is None:
                scorer = scorer_cache[id(r)] = train_scorer(graph, r)
            base_scorers.append(scorer)
    best: _Scored | None = None
    for grouping in groupings:
        scorers = list(base_scorers)
        owners: list[tuple[TracedRoute, ...]] = [(r,) for r in others]
        bonuses: list[tuple[int, int]] = [(0, 0)] * len(others)
        for run in grouping:
            scorer, bonus = run_scorer(graph, run)
            scorers.append(scorer)
            owners.append(run.routes)
            bonuses.append(bonus)
        total, chosen = best_credit(scorers, values)
        revenue = total + sum(b for _, b in bonuses)
        if best is None or revenue > best.revenue:
            best = _Scored(revenue, grouping, tuple(scorers), tuple(owners), tuple(chosen), tuple(bonuses))
    assert best is not None
    return best


def score_run(
    graph: TrackGraph, company: str, traced: Sequence[TracedRoute], groupings: Sequence[Grouping]
) -> Evaluation:
    """The Evaluation of a run already found legal: the best scoring, with each train's stops explained."""
    scored = best_scoring(graph, traced, groupings)
    label = {r.index: r.label for r in traced}

    # Credit each scored unit to one train: a Freight run's end to the train that reaches it, otherwise the
    # first scorer (in route order) allowed to score it.
    credit: dict[str, int] = {}
    order = sorted(range(len(scored.scorers)), key=lambda i: min(r.index for r in scored.owners[i]))
    for i in order:
        owners = scored.owners[i]
        for unit in sorted(scored.chosen[i], key=lambda u: u):
            if unit in credit:
                continue
            if owners[0].train.is_freight:
                run = _run_of(scored.runs, owners[0])
                node = run.start if _unit(graph, run.start) == unit else run.end
                credit[unit] = (run.routes[0] if node == run.start else run.routes[-1]).index
            else:
                credit[unit] = owners[0].index

    results: dict[int, TrainResult] = {}
    chain_ids: dict[int, int] = {}
    chains = sorted((run for run in scored.runs if run.is_chain), key=lambda run: min(r.index for r in run.routes))
    for number, run in enumerate(chains):
        for r in run.routes:
            chain_ids[r.index] = number
    local_seen: set[str] = set()
    for i in order:
        owners = scored.owners[i]
        scorer, chosen, (bonus_hexes, bonus) = scored.scorers[i], scored.chosen[i], scored.bonuses[i]
        if owners[0].train.is_freight:
            run = _run_of(scored.runs, owners[0])
            bonus_holder = min(r.index for r in run.routes)
            for r in run.routes:
                ends = {run.start} if r is run.routes[0] else set()
                if r is run.routes[-1]:
                    ends.add(run.end)
                stops = tuple(
                    _stop(graph, n, r.index, credit, label, scorable=n in ends, allowed=True) for n in r.stations
                )
                mine = r.index == bonus_holder
                results[r.index] = TrainResult(
                    index=r.index,
                    train=r.train.name,
                    hexes=r.hexes,
                    stops=stops,
                    freight_bonus=bonus if mine else 0,
                    bonus_hexes=bonus_hexes if mine else 0,
                    chain=chain_ids.get(r.index),
                )
            continue
        r = owners[0]
        express = r.train.type is TrainType.EXPRESS
        stops = tuple(
            _stop(
                graph,
                n,
                r.index,
                credit,
                label,
                scorable=not (express and n.startswith("S:")),
                allowed=_unit(graph, n) in chosen,
            )
            for n in r.stations
        )
        dropped: NodeId | None = None
        if len(scorer.limited) > scorer.limit:
            for n in r.stations:
                if _unit(graph, n) in scorer.limited and _unit(graph, n) not in chosen:
                    dropped = n
                    break
        sub: tuple[str, ...] = ()
        if r.train.type is TrainType.LOCAL:
            new = [h for h in dict.fromkeys(r.hexes) if h in r.land_hexes and h not in local_seen]
            local_seen.update(new)
            sub = tuple(new)
        results[r.index] = TrainResult(
            index=r.index, train=r.train.name, hexes=r.hexes, stops=stops, dropped=dropped, subsidy_hexes=sub
        )
    ordered = tuple(results[i] for i in sorted(results))
    revenue = sum(t.revenue for t in ordered)
    assert revenue == scored.revenue, "train results disagree with the best scoring"
    notes = _notes(graph, scored.runs)
    return Evaluation(
        company=company,
        legal=True,
        trains=ordered,
        revenue=revenue,
        subsidy=LOCAL_SUBSIDY * len(subsidy_hexes(traced)),
        notes=tuple(notes),
    )


def _run_of(runs: Grouping, route: TracedRoute) -> FreightRun:
    for run in runs:
        if route in run.routes:
            return run
    raise AssertionError("a Freight route outside every run")


def _stop(
    graph: TrackGraph,
    node: NodeId,
    index: int,
    credit: dict[str, int],
    label: dict[int, str],
    *,
    scorable: bool,
    allowed: bool,
) -> StopScore:
    st = graph.stations[node]
    name = station_name(graph, node)
    if not scorable:
        return StopScore(node, name, st.value, "not scored")
    holder = credit.get(st.scoring_unit)
    if holder == index:
        status = "scored"
    elif holder is not None:
        status = f"scored by {label[holder]}"
    elif not allowed:
        status = "dropped"
    else:  # pragma: no cover - every allowed unit is credited to someone
        status = "not scored"
    return StopScore(node, name, st.value, status)


def _notes(graph: TrackGraph, runs: Grouping) -> list[str]:
    notes = []
    for run in runs:
        if run.is_chain:
            names = " + ".join(r.label for r in run.routes)
            notes.append(
                f"Freight trains {names} run end to end as one, from {station_name(graph, run.start)} to "
                f"{station_name(graph, run.end)} (7.8.1)"
            )
    return notes
