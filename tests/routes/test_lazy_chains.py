"""Freight chains listed on demand (solver.titles.g1862.routes.chain_candidates.ChainLister): a listing above a
threshold is exactly the chains of the whole listing that reach it, the ceilings hold, and the optimizer,
listing only what each round needs, proves the same optimum as one solve of the whole model with every
chain, on the benchmark's long-Freight boards (two or three permanent Freight trains of 7-9 hexes)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from benchmarks.boards import LONG_FREIGHT, POSITIONS, file_name, generated, long_freight_positions
from solver.titles.g1862.loading import load_position
from solver.titles.g1862.position import Position, position_to_dict
from solver.titles.g1862.routes import optimizer as optimizer_module
from solver.titles.g1862.routes.chain_candidates import ChainCandidate, ChainLister
from solver.titles.g1862.routes.model import SolveOptions
from solver.titles.g1862.routes.optimizer import optimize, prepare

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _fresh_lister(position: Position, company: str) -> ChainLister:
    """The company's chain lister without the listing `prepare` made, so that each listing starts afresh."""
    prepared = prepare(position, company)
    assert prepared.plan is not None and prepared.plan.lister is not None
    copy = ChainLister.__new__(ChainLister)
    copy.__dict__.update(prepared.plan.lister.__dict__)
    copy._cache = None
    return copy


def _key(lister: ChainLister, chain: ChainCandidate) -> tuple[object, ...]:
    """What the model sees of a chain: the permanent trains it uses, its two scoring ends, the large
    stations it meets other runs at and its bonus (of chains alike in these, either one may be kept)."""
    units = tuple(sorted(lister._unit_of[e.stop] for e in (chain.start, chain.end)))
    return tuple(k for k in chain.keys if k in lister.permanent), units, chain.large, chain.bonus


@pytest.mark.parametrize("share", [0.5, 0.7, 0.85, 0.95])
def test_a_listing_above_a_threshold_is_the_whole_listing_cut_at_it(share: float) -> None:
    """On the late-game example (ECR 6F 5F 3F: 589,000 raw chains, 10,239 kept), listing above a threshold
    per set of trains gives exactly the kept chains that reach it: the pruning by reach loses nothing."""
    position = load_position(EXAMPLES / "position-late-game.json")
    whole_lister = _fresh_lister(position, "ECR")
    whole = whole_lister.chains()

    def permanent(keys: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(k for k in keys if k in whole_lister.permanent)

    values = Counter[tuple[int, ...]]()  # chains with the same permanent trains share a threshold, as the
    for c in whole:  # bounds give them (the other trains can run nowhere else, 7.8.1)
        values[permanent(c.keys)] = max(values[permanent(c.keys)], whole_lister.value(c))
    thresholds = {keys: int(values[permanent(keys)] * share) for keys in whole_lister.keys}
    part_lister = _fresh_lister(position, "ECR")
    part = part_lister.chains(thresholds)
    expected = {_key(whole_lister, c) for c in whole if whole_lister.value(c) >= thresholds.get(c.keys, 0)}
    assert {_key(whole_lister, c) for c in part} == expected
    assert len(part) < len(whole)
    # a higher threshold asked of the same lister is served from its listing and gives the same answer
    higher = {keys: t + 50 for keys, t in thresholds.items()}
    assert {_key(whole_lister, c) for c in part_lister.chains(higher)} == {
        _key(whole_lister, c) for c in whole if whole_lister.value(c) >= higher.get(c.keys, 0)
    }


def test_ceilings_hold_for_every_chain() -> None:
    position = load_position(EXAMPLES / "position-late-game.json")
    lister = _fresh_lister(position, "ECR")
    for chain in lister.chains():
        assert lister.value(chain) <= lister.ceilings[chain.keys]
        assert lister.value(chain) <= lister.best_possible(chain.keys)


@pytest.mark.parametrize("index", [1, 2, 4, 5, 6, 8, 9, 10])
def test_rounds_with_chains_listed_on_demand_prove_the_whole_models_optimum(
    index: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    name, position = long_freight_positions()[index]
    company = next(iter(position.companies))
    in_rounds = optimize(position, company, SolveOptions(time_limit=60))
    monkeypatch.setattr(optimizer_module, "FLOOR_FRACTIONS", ())  # one round: every option, every chain
    whole = optimize(position, company, SolveOptions(time_limit=60))
    assert in_rounds.status == whole.status == "optimal", name
    assert (in_rounds.revenue, in_rounds.subsidy) == (whole.revenue, whole.subsidy), name


def test_the_long_freight_boards_are_legal_late_boards_with_long_permanent_freight() -> None:
    """Issue 16: at least 12 legal boards of phases F-H where the company holds two or three permanent
    Freight trains of 7-9 hexes, the three-9F board among them; within the phase's train limit (9.0) and the
    band counts (2.4.3, checked when the file is read)."""
    boards = long_freight_positions()
    assert len(boards) >= 13 and boards[0][0] == "three-9F.json"
    for name, position in boards:
        assert position.phase in "FGH", name
        (state,) = position.companies.values()
        long_permanent = [t for t in state.trains if t.is_freight and t.permanent and 7 <= t.visits <= 9]
        assert 2 <= len(long_permanent) <= 3, name
        limit = position.game.phases[position.phase].train_limit
        if "total" in limit:
            assert len(state.trains) <= limit["total"], name
        else:
            per_type = Counter(t.type for t in state.trains)
            assert max(per_type.values()) <= limit["per_type"], name


@pytest.mark.parametrize("index", range(len(LONG_FREIGHT)))
def test_the_stored_boards_are_what_the_generator_writes(index: int) -> None:
    """`python -m benchmarks.boards` writes the tracked files; they must not drift from it."""
    stored = load_position(POSITIONS / file_name(index))
    assert position_to_dict(stored) == position_to_dict(generated(index))


@pytest.mark.parametrize("name", ["long-freight-00-F-7F-7F.json", "three-9F.json", "long-freight-11-H-9F-8F-7F.json"])
def test_a_pair_of_chain_ends_earns_its_two_ends_and_the_crow_flies_bonus(name: str) -> None:
    """The lister works a pair of ends' bonus out from their grid positions (the reach less one intervening hex,
    30 with a port end, else 20: 7.8.1, an off-board end one hex beyond its entry); every pair of ends of the
    board earns exactly its two scoring ends and `candidates.freight_bonus`, and a port-port or red-red pair
    is refused (7.8)."""
    from solver.titles.g1862.routes.candidates import freight_bonus

    position = load_position(POSITIONS / name)
    lister = _fresh_lister(position, next(iter(position.companies)))
    for a, start in enumerate(lister._ends):
        for z, end in enumerate(lister._ends):
            area = lister._end_area[a]
            value = lister._pair_value(a, z)
            if area is not None and area == lister._end_area[z]:
                assert value is None
                continue
            ends = sum(lister._values.get(lister._unit_of[e.stop], 0) for e in (start, end))
            assert value == ends + freight_bonus(start, end)
            assert lister._bonus(a, z, lister._reach(a, z)) == freight_bonus(start, end)
