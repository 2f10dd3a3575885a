"""Every pound of a company's run in words: per train its route, each stop with what it earns or why it earns
nothing, the Freight bonus as its sum, the Local subsidy, and the train's revenue (7.8, 7.8.1-7.8.3).

One explanation, two renderings: `explain` turns the evaluator's `Evaluation` (the one source of truth for
scoring) into plain data; the command line prints `explanation_lines`, the Routes page draws one card per train
from the same data. Nothing here scores anything: every figure is the evaluator's.
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.titles.g1862.gamedata import GameData
from solver.titles.g1862.routes.model import Evaluation, StopScore, TrainResult
from solver.titles.g1862.routes.scoring import FREIGHT_PORT_BONUS, LOCAL_SUBSIDY
from solver.titles.g1862.trains import Train, TrainType, parse_train

SCORED = "scored"


@dataclass(frozen=True)
class StopLine:
    """One stop of a train: its name, its printed value, what it earns this train and, when that is nothing,
    the reason in two or three words ("passed through", "dropped", "scored by 4E") and in full with the rule."""

    name: str
    value: int
    earned: int
    reason: str = ""
    why: str = ""


@dataclass(frozen=True)
class TrainExplanation:
    """One train's part of the run. `bonus` is the Freight bonus as its sum ("7 intervening hexes x 30 = 210"),
    `subsidy` the Local subsidy as its sum; both empty when the train earns none."""

    number: int
    train: str
    route: str
    stops: tuple[StopLine, ...]
    chain: str = ""
    bonus: str = ""
    bonus_value: int = 0
    subsidy: str = ""
    subsidy_value: int = 0
    revenue: int = 0


@dataclass(frozen=True)
class RunExplanation:
    """A company's whole run: the trains, the revenue (7.8), the Local subsidy paid to the treasury (7.8.2) and
    the evaluator's notes."""

    company: str
    trains: tuple[TrainExplanation, ...]
    revenue: int
    subsidy: int
    notes: tuple[str, ...]

    @property
    def total(self) -> int:
        """What the run brings the company: revenue plus subsidy."""
        return self.revenue + self.subsidy


def explain(evaluation: Evaluation, game: GameData) -> RunExplanation:
    """The explanation of a legal run as the evaluator scored it (an illegal run has no trains to explain)."""
    chains: dict[int, list[TrainResult]] = {}
    for t in evaluation.trains:
        if t.chain is not None:
            chains.setdefault(t.chain, []).append(t)
    trains = tuple(
        _train(t, parse_train(t.train, game), chains.get(t.chain, []) if t.chain is not None else [])
        for t in evaluation.trains
    )
    return RunExplanation(
        company=evaluation.company,
        trains=trains,
        revenue=evaluation.revenue,
        subsidy=evaluation.subsidy,
        notes=evaluation.notes,
    )


def _train(t: TrainResult, card: Train, chain: list[TrainResult]) -> TrainExplanation:
    stops = tuple(StopLine(s.name, s.value, s.earned, *_why(s, card)) for s in t.stops)
    bonus = ""
    if t.freight_bonus or t.bonus_hexes:
        per = t.freight_bonus // t.bonus_hexes if t.bonus_hexes else 0
        hexes = "hex" if t.bonus_hexes == 1 else "hexes"
        port = ", a port at an end" if per == FREIGHT_PORT_BONUS else ""
        bonus = f"{t.bonus_hexes} intervening {hexes} x {per} = {t.freight_bonus} (as the crow flies{port}, 7.8.1)"
    chain_text = ""
    if len(chain) > 1:
        others = [f"{c.index + 1}: {c.train}" for c in chain if c is not t]
        chain_text = f"runs end to end with {' and '.join(others)} as one Freight run (7.8.1)"
        if not t.freight_bonus and not t.bonus_hexes:
            holder = min(chain, key=lambda c: c.index)
            chain_text += f"; the run's bonus is shown with train {holder.index + 1}"
    subsidy_value = LOCAL_SUBSIDY * len(t.subsidy_hexes)
    subsidy = ""
    if card.type is TrainType.LOCAL:
        n = len(t.subsidy_hexes)
        subsidy = f"{n} {'hex' if n == 1 else 'hexes'} x {LOCAL_SUBSIDY} = {subsidy_value}"
    return TrainExplanation(
        number=t.index + 1,
        train=t.train,
        route=" - ".join(t.hexes),
        stops=stops,
        chain=chain_text,
        bonus=bonus,
        bonus_value=t.freight_bonus,
        subsidy=subsidy,
        subsidy_value=subsidy_value,
        revenue=t.revenue,
    )


def _why(stop: StopScore, card: Train) -> tuple[str, str]:
    """Why a stop earns this train nothing: in a few words, and in full with the rule; empty when it scores."""
    small = stop.node.startswith("S:")
    if stop.status == SCORED:
        return "", ""
    if stop.status == "dropped":
        rule = "7.8.3" if card.type is TrainType.EXPRESS else "7.8.2"
        return "dropped", f"dropped: a {card.name} scores {card.scored} of its {card.visits} stations ({rule})"
    if stop.status.startswith("scored by "):
        return stop.status, f"{stop.status}: each station and area scores once (7.8)"
    if small and card.type is TrainType.EXPRESS:
        return "small station ignored", "small station: ignored by Express trains (7.8.3)"
    if small and card.is_freight:
        return "small station ignored", "small station: ignored by Freight trains (7.8.1)"
    if card.is_freight:
        return "passed through", "passed through: a Freight run scores only its ends (7.8.1)"
    return stop.status, stop.status


def explanation_lines(run: RunExplanation) -> list[str]:
    """The explanation as plain text, one train after another, for the command line."""
    lines: list[str] = []
    width = max((len(s.name) for t in run.trains for s in t.stops), default=10)
    for t in run.trains:
        lines.append(f"  Train {t.number}: {t.train}  {t.route}")
        if t.chain:
            lines.append(f"    {t.chain}")
        for s in t.stops:
            why = f"  {s.why}" if s.why else ""
            lines.append(f"    {s.name:<{width}} {s.value:>4} -> {s.earned:>4}{why}")
        if t.bonus:
            lines.append(f"    Freight bonus: {t.bonus}")
        if t.subsidy:
            lines.append(f"    Local subsidy: {t.subsidy} (to the treasury, not revenue)")
        lines.append(f"    revenue {t.revenue}")
    for note in run.notes:
        lines.append(f"  note: {note}")
    return lines
