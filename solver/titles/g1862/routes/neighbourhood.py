"""A better run before the last round: CP-SAT on small neighbourhoods of the best run found (7.4, 7.8).

Prototype."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

from ortools.sat.python import cp_model

from solver.titles.g1862.routes.chain_candidates import ChainCandidate
from solver.titles.g1862.routes.cpsat_model import Option, RunModel, RunPlan

Solve = Callable[[cp_model.CpModel], tuple[cp_model.CpSolver, cp_model.CpSolverStatus]]
Selection = list[int | None]


def option_key(c: Option) -> object:
    """The same option in the models of two rounds: a route by identity, a chain by its member routes (the
    chains of a later round may be listed again)."""
    if isinstance(c, ChainCandidate):
        return tuple((k, id(m)) for k, m in c.members)
    return id(c)


def selection_of(plan: RunPlan, run: RunModel, solver: cp_model.CpSolver) -> Selection:
    """Per runner of `plan`, the index of the option `solver`'s solution of `run` takes (None: it does not run)."""
    selection: Selection = []
    for rp, r in zip(plan.runners, run.runners, strict=True):
        taken = next((option_key(c) for c, x in r.options if solver.boolean_value(x)), None)
        index = None
        if taken is not None:
            index = next(j for j, c in enumerate(rp.options) if option_key(c) == taken)
        selection.append(index)
    return selection


def improve_by_pairs(
    run: RunModel, start: cp_model.CpSolver, solve: Solve, stopped: Callable[[], bool], free: int = 2
) -> cp_model.CpSolver | None:
    """Solve `run` with every runner but `free` of them fixed to the run in `start`, over every set of `free`
    runners, again while that improves; the best solution found if better than `start`'s, else None."""
    best = start
    value = int(start.objective_value)
    improved_any = False
    runners = list(run.runners)
    count = len(runners)
    taken = [next((j for j, (_, x) in enumerate(r.options) if best.boolean_value(x)), None) for r in runners]
    tried: set[tuple[tuple[int, ...], tuple[int | None, ...]]] = set()
    improved = True
    while improved and not stopped():
        improved = False
        for group in itertools.combinations(range(count), min(free, count)):
            if stopped():
                break
            key = (group, tuple(taken[i] for i in range(count) if i not in group))
            if key in tried or all(not runners[i].options for i in group):
                continue
            tried.add(key)
            model = run.model.clone()
            proto = model.proto
            for k, r in enumerate(runners):
                if k in group:
                    continue
                for j, (_, x) in enumerate(r.options):
                    domain = proto.variables[x.index].domain
                    domain.clear()
                    domain.extend((int(j == taken[k]),) * 2)
            hint = proto.solution_hint
            hint.vars.clear()
            hint.values.clear()
            hint.vars.extend(range(len(proto.variables)))
            hint.values.extend(best.response_proto.solution)
            solver, code = solve(model)
            if code in (cp_model.OPTIMAL, cp_model.FEASIBLE) and int(solver.objective_value) > value:
                best, value, improved, improved_any = solver, int(solver.objective_value), True, True
                taken = [
                    next((j for j, (_, x) in enumerate(r.options) if best.boolean_value(x)), None) for r in runners
                ]
    return best if improved_any else None
