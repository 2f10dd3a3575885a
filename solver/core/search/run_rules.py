"""What a title adds to the choice of one route per train: the rules of a whole run, as data.

- `shared_track`: may two trains of a run use the same track (a path or a hex side)?
- `once_per_company`: is a stop scored once for the company however many trains reach it (each candidate's
  `Option.stops`), or once by every train that reaches it?
- `limits`: run-wide limits, at most `n` routes of the run carrying mark `m`.
- `anchors`: one route of the run must include one of these nodes (None: no such rule).
- `meets`: every route must meet the run, route by route from the one with the anchor, at one of these nodes
  (None: routes need not meet).
- `grants`: at most this many labels are granted in a run, and a candidate's `Option.grant` (label, amount) is
  earned only when its label is (None: every grant is earned). The run grants the labels worth most to it (the
  sum of its routes' amounts for each), which is the best choice since a label's worth does not depend on the
  others (ferries, say, each assigned to one area for the whole run).

The search's model states the same rules as constraints (`solver.core.search.model`); the quick first search
(`solver.core.search.incumbent`) checks track and limits as it goes, and these functions judge its runs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from solver.core.search.candidates import Candidate, Weights, mask_of
from solver.core.track_graph import NodeRef


@dataclass(frozen=True)
class RunRules:
    shared_track: bool = False
    once_per_company: bool = False
    limits: Mapping[str, int] = field(default_factory=dict)
    anchors: frozenset[NodeRef] | None = None
    meets: frozenset[NodeRef] | None = None
    grants: int | None = None

    @property
    def track_only(self) -> bool:
        """Whether a route matters to the run only by its track, score and grant (no stop scored once per company,
        no limits by mark, no anchors, no meeting nodes): then of two routes scoring the same, one on part of the
        other's track, the longer is never needed."""
        return not self.once_per_company and not self.limits and self.anchors is None and self.meets is None

    def masks(self, numbers: Mapping[NodeRef, int]) -> NodeMasks:
        """The anchors and meeting nodes as bit sets (`solver.core.search.candidates.node_numbers`)."""
        return NodeMasks(
            None if self.anchors is None else mask_of(self.anchors, numbers),
            None if self.meets is None else mask_of(self.meets, numbers),
        )


@dataclass(frozen=True)
class NodeMasks:
    """`RunRules.anchors` and `RunRules.meets` as bit sets of node numbers (None where the rule does not apply)."""

    anchors: int | None
    meets: int | None


def joined(masks: NodeMasks, run: Sequence[Candidate]) -> bool:
    """Whether a run (of routes that fit together) includes an anchor and has every route meeting the run."""
    if not run:
        return True
    if masks.anchors is not None:
        reached = {i for i, c in enumerate(run) if c.node_mask & masks.anchors}
        if not reached:
            return False
    else:
        reached = {0}
    if masks.meets is None:
        return True
    meeting = [c.node_mask & masks.meets for c in run]
    grew = True
    while grew:
        grew = False
        for i in range(len(run)):
            if i not in reached and any(meeting[i] & meeting[j] for j in reached):
                reached.add(i)
                grew = True
    return len(reached) == len(run)


def granted(rules: RunRules, run: Sequence[Candidate]) -> frozenset[str]:
    """The labels the run grants (`RunRules.grants`): those whose routes' amounts add up to most, at most
    `rules.grants` of them (ties to the label that sorts first); every label when there is no such limit."""
    worth: Counter[str] = Counter()
    for c in run:
        if c.option.grant is not None:
            worth[c.option.grant[0]] += c.option.grant[1]
    labels = sorted(worth, key=lambda label: (-worth[label], label))
    return frozenset(labels if rules.grants is None else labels[: rules.grants])


def run_score(rules: RunRules, weights: Weights, run: Sequence[Candidate]) -> int:
    """The weighted worth of a run: its routes' scores, less the repeats of stops scored once per company and the
    grants of labels the run does not grant."""
    labels = granted(rules, run)
    total = sum(c.score if c.option.grant is None or c.option.grant[0] in labels else c.base for c in run)
    if rules.once_per_company:
        seen = Counter(node for c in run for node in c.option.stops)
        values = {node: v for c in run for node, v in c.option.stops.items()}
        total -= sum(weights.value(values[node], 0) * (n - 1) for node, n in seen.items() if n > 1)
    return total
