"""The 18BF run evaluator, the one source of truth for whether an 18BF run is legal and what it earns (§10.6): the
core's `evaluate` with 18BF's route rules (`route_rules.Rules18BF`) for the trains that run routes, the G-trains
judged apart (`goods`), and the Irish Sea ferries assigned to areas of Ireland for the whole run
(`scoring.irish_ferries`).

A run lists one `RouteSpec` per train in any order: a route train's nodes in the order it passes them (every node
on its track, skipped small cities included), a G-train's the cities it counts. Messages name each by its place
in that list (`train 2 (5G)`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from solver.core import evaluator as core
from solver.core.board_position import BoardPosition
from solver.core.evaluator import Evaluation, RouteSpec, TrainScore, train_labels
from solver.core.track_graph import TrackGraph
from solver.errors import InputError, Problem
from solver.titles.g18bf import rulebook
from solver.titles.g18bf.bonuses import company_bonuses
from solver.titles.g18bf.goods import GoodsRun, check_goods, score_goods
from solver.titles.g18bf.route_rules import Rules18BF
from solver.titles.g18bf.scoring import best_countings, countings, irish_ferries
from solver.titles.g18bf.trains import train_problems, train_sides


def rules_for(position: BoardPosition, company: str) -> Rules18BF:
    """18BF's route rules for `company`; InputError when the company is not in the position, or its trains or
    privates are faulty."""
    if position.board.title != "18bf":
        raise InputError(
            [Problem("game", "format", f"an 18BF evaluator cannot judge a {position.board.title} position")]
        )
    core.require_company(position, company, rulebook.EARNINGS)
    problems = train_problems(position, company)
    if problems:
        raise InputError(problems)
    return Rules18BF(position, company, company_bonuses(position, company))


def evaluate(
    position: BoardPosition, company: str, run: Sequence[RouteSpec], graph: TrackGraph | None = None
) -> Evaluation:
    """Judge and score `company`'s run in an 18BF position: every rule broken (each citing its section), or each
    train's earnings. InputError when the run cannot be judged: a faulty position or company, or more routes for
    a train than the company has of it (§10.6: each of its trains runs once)."""
    # The evaluation's own rules keep each route's counting (`Rules18BF.counted`).
    rules = replace(rules_for(position, company), counted={})
    core.require_own_trains(position, company, run, rulebook.EARNINGS)
    if graph is None:
        graph = TrackGraph(position)
    labels = train_labels([spec.train for spec in run])
    goods = [i for i, spec in enumerate(run) if train_sides()[spec.train].goods]
    routes = [i for i in range(len(run)) if i not in goods]
    verdict = core.evaluate(rules, position, company, [run[i] for i in routes], graph, [labels[i] for i in routes])
    goods_run = GoodsRun(tuple(labels[i] for i in goods), tuple(run[i] for i in goods))
    problems = [*verdict.problems, *check_goods(graph, company, goods_run, rules.bonuses)]
    if problems:
        return Evaluation(company, False, tuple(problems))
    scores: dict[int, TrainScore] = dict(zip(routes, _with_ferries(rules, graph, verdict.trains), strict=True))
    for i, label, spec in zip(goods, goods_run.labels, goods_run.specs, strict=True):
        scores[i] = score_goods(graph, label, spec, rules.bonuses)
    return Evaluation(company, True, (), tuple(scores[i] for i in range(len(run))))


def _with_ferries(rules: Rules18BF, graph: TrackGraph, trains: Sequence[TrainScore]) -> list[TrainScore]:
    """The route trains' scores with the Irish Sea ferries assigned to the best areas (§10.6), each train that
    counts an assigned area earning the ferry's bonus (doubled by a plus train, appendix §10.6). A 5+5E that
    could count its Irish area or skip it takes whichever makes the whole run worth most (§10.6: the highest
    legal earnings are declared)."""
    bonuses = rules.bonuses
    options = [
        countings(
            graph, t.label, t.nodes, train_sides()[t.train], bonuses, rules.counting(graph, t.train, t.label, t.nodes)
        )
        for t in trains
    ]
    _, chosen = best_countings(options, bonuses)
    best = [
        (value, train if value is found[0] else rules.score(graph, train.train, train.label, train.nodes, value))
        for train, value, found in zip(trains, chosen, options, strict=True)
    ]
    ferries = irish_ferries([(v.irish, v.multiplier) for v, _ in best], bonuses)
    out = []
    for i, (value, score) in enumerate(best):
        if i not in ferries:
            out.append(score)
            continue
        ferry, amount = ferries[i]
        area = value.irish or ""
        note = f"{ferry} assigned to {graph.position.board.hexes[area].name or area} +{amount}"
        out.append(
            TrainScore(
                score.train, score.label, score.nodes, score.stops, score.revenue + amount, 0, (*score.notes, note)
            )
        )
    return out
