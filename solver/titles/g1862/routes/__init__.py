"""Runs of trains (7.4, 7.8): the evaluator (the one source of truth for scoring), the CP-SAT optimizer and
the independent enumerator that checks it."""
