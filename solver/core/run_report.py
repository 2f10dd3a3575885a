"""A run as the Routes page shows it, from a title's Evaluation (solver/core/evaluator.py): one card per train with its
stations in order, each stop's place, value and what it earns or why not (the title's own note), the money paid beside
revenue, and the train's total; and the company's totals. Nothing here judges a run: the title's evaluator has done
that, and the report only lays its verdict out (tested without Streamlit, drawn by pages/routes_core.py)."""

from __future__ import annotations

from dataclasses import dataclass

from solver.core.evaluator import Evaluation, RunTotals, TrainScore
from solver.core.search.run_search import SearchResult
from solver.core.track_graph import NodeRef, TrackGraph


@dataclass(frozen=True)
class StopRow:
    """One node of a route: its reference (`F2:0`), the place (`large Cowes`), the value it adds, whether it
    counts for the train and the title's note (scored, skipped, bypassed, subsidy 10, ...)."""

    node: str
    place: str
    value: int
    counted: bool
    note: str


@dataclass(frozen=True)
class TrainCard:
    """One train's route: its number in the run, the train, the nodes in order, each stop, revenue, the money paid
    beside revenue (`subsidy`) and the title's notes (a pass through a full station, a leased train, ...)."""

    number: int
    train: str
    route: str
    stops: tuple[StopRow, ...]
    revenue: int
    subsidy: int
    notes: tuple[str, ...]

    @property
    def total(self) -> int:
        return self.revenue + self.subsidy


@dataclass(frozen=True)
class RunReport(RunTotals):
    """A company's run: its cards, revenue, subsidy and total, or the problems (`where: message (rule)`) when the
    run is not legal."""

    company: str
    legal: bool
    trains: tuple[TrainCard, ...]
    problems: tuple[str, ...]


def _place(graph: TrackGraph, ref: NodeRef) -> str:
    """The node's kind and name (`large Shide`), or its hex's printed name when the node has none (`large, Chale`)."""
    node = graph.nodes.get(ref)
    if node is None:
        return str(ref)
    if node.name:
        return graph.describe(ref)
    hex_name = graph.position.board.hexes[ref.hex].name
    return f"{node.kind}, {hex_name}" if hex_name else node.kind


def train_card(number: int, score: TrainScore, graph: TrackGraph) -> TrainCard:
    """The card of train `number` (from 1) of a legal run."""
    stops = tuple(
        StopRow(str(s.node), _place(graph, s.node), s.value if s.counted else 0, s.counted, s.note) for s in score.stops
    )
    route = " - ".join(str(n) for n in score.nodes)
    return TrainCard(number, score.train, route, stops, score.revenue, score.subsidy, score.notes)


def run_report(evaluation: Evaluation, graph: TrackGraph) -> RunReport:
    """The report of an evaluation on the position's track graph (the graph names each node's place)."""
    problems = tuple(f"{p.where}: {p.message} ({p.rule})" for p in evaluation.problems)
    trains = (
        tuple(train_card(i, t, graph) for i, t in enumerate(evaluation.trains, start=1)) if evaluation.legal else ()
    )
    return RunReport(evaluation.company, evaluation.legal, trains, problems)


def station_choices(graph: TrackGraph) -> dict[str, str]:
    """Every node of the board a route may name, by reference (`F2:0`) in board order, with its place, for picking a
    route's stations in order (a route names every node it passes)."""
    return {str(ref): f"{ref} {_place(graph, ref)}" for ref in sorted(graph.nodes) if graph.neighbours(ref)}


#: The statuses whose words already say how long the search ran ("best found in N s", "stopped after N s", "... after
#: N s"): an answer adds "solved in N s" only to the others, never the time twice.
TIMED = frozenset({"feasible", "unknown"})


def proof_status(
    status: str, seconds: float, bound: int | None, reason: str, stopped: bool = False, by: str = ""
) -> str:
    """The proof status of a search's answer, as the routes command and the Routes page say it (any title's search):
    proven optimal, the best found with its bound, no legal run and why, or no run found. `stopped`: the search was
    ended by a stop (`by` names it: a Stop button, Ctrl-C), not by its time limit, and an answer not proven says
    what ended it; only a search its time limit ended speaks of the time limit."""
    if status == "optimal":
        return "proven optimal"
    if status == "infeasible":
        return f"no legal run: {reason}"
    if stopped:
        found = f"best run so far, bound {bound}" if status == "feasible" else "no run found yet"
        return f"stopped{f' by {by}' if by else ''} after {seconds:.1f} s: {found}"
    if status == "feasible":
        return f"best found in {seconds:.1f} s, bound {bound}"
    return f"{reason} after {seconds:.1f} s: the time limit came before any run was found"


def status_text(result: SearchResult, stopped: bool = False, by: str = "") -> str:
    """The proof status of the core's run search's answer (`proof_status`)."""
    return proof_status(result.status, result.seconds, result.bound, result.reason, stopped, by)


def solved_in(status: str, seconds: float) -> str:
    """` (solved in N s)` to follow a status whose words do not give the time (`TIMED`), else nothing."""
    return "" if status in TIMED else f" (solved in {seconds:.2f} s)"
