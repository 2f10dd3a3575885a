"""A better run before the last round: CP-SAT on neighbourhoods of the run found so far (7.4, 7.8, 7.8.1).

The last round proves the optimum faster the better the run it starts from (docs/optimizer.md step 6), and the
local search (`solver.titles.g1862.routes.improve`) changes one runner at a time, judging runs from below. Here
the model itself is solved with every runner but two held to the run found so far (a Large Neighbourhood
Search): the two may take any of their options, so that a pair of trains can trade stations or move their
meeting point together, which no change of one train can do. Every pair of runners is tried, again after each
improvement, until a whole pass finds nothing better. Each solve is a solve of the last round's own model with
some variables fixed, so every run found is a legal run of that model (and is re-checked by the evaluator like
every answer); each is limited by CP-SAT's deterministic time, so the same position always takes the same path.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from ortools.sat.python import cp_model

from solver.titles.g1862.routes.cpsat_model import RunModel

Solve = Callable[[cp_model.CpModel], tuple[cp_model.CpSolver, cp_model.CpSolverStatus]]
Pin = tuple[int, int]  # a variable's index in the model and the value it is held at


def improve_by_pairs(
    run: RunModel, start: cp_model.CpSolver, solve: Solve, stopped: Callable[[], bool], free: int = 2
) -> tuple[cp_model.CpSolver | None, bool]:
    """Solve `run`'s model (with `solve`, which limits its work) with every runner but `free` of them held to
    the run in `start` (a solution of that model), over every set of `free` runners in order, again after
    each improvement until nothing improves or `stopped()`; a set already tried with the same runs held is
    not tried again. The solver of the best run found if it beats `start`'s (else None), and whether
    `stopped()` ended the search (asked once before each solve). The model is left as it was (its variables'
    domains and its hint)."""
    best = start
    value = int(start.objective_value)
    runners = list(run.runners)
    count = len(runners)
    proto = run.model.proto
    saved_hint = (list(proto.solution_hint.vars), list(proto.solution_hint.values))

    def pins(solution: cp_model.CpSolver) -> list[Pin]:
        # a runner is fixed by one variable: its chosen option at 1 (run = the sum of its options, so the
        # others are 0), or its run at 0 when it does not run
        fixed = []
        for r in runners:
            taken = next((x for _, x in r.options if solution.boolean_value(x)), None)
            fixed.append((taken.index, 1) if taken is not None else (r.run.index, 0))
        return fixed

    def set_hint(solution: cp_model.CpSolver) -> None:
        hint = proto.solution_hint
        hint.vars.clear()
        hint.values.clear()
        hint.vars.extend(range(len(proto.variables)))
        hint.values.extend(solution.response_proto.solution)

    fixed = pins(best)
    set_hint(best)
    tried: set[tuple[tuple[int, ...], tuple[Pin, ...]]] = set()
    improved = True
    try:
        while improved:
            improved = False
            for group in itertools.combinations(range(count), min(free, count)):
                if stopped():
                    return (best if best is not start else None), True
                held = tuple(fixed[k] for k in range(count) if k not in group)
                if (group, held) in tried or all(not runners[i].options for i in group):
                    continue
                tried.add((group, held))
                domains = [proto.variables[index].domain for index, _ in held]
                saved = [list(d) for d in domains]
                for d, (_, v) in zip(domains, held, strict=True):
                    d.clear()
                    d.extend((v, v))
                try:
                    solver, code = solve(run.model)
                finally:
                    for d, old in zip(domains, saved, strict=True):
                        d.clear()
                        d.extend(old)
                if code in (cp_model.OPTIMAL, cp_model.FEASIBLE) and int(solver.objective_value) > value:
                    best, value, improved = solver, int(solver.objective_value), True
                    fixed = pins(best)
                    set_hint(best)
    finally:  # the model's own hint again
        hint = proto.solution_hint
        hint.vars.clear()
        hint.values.clear()
        hint.vars.extend(saved_hint[0])
        hint.values.extend(saved_hint[1])
    return (best if best is not start else None), False
