"""Tests of the route evaluator, the enumerator and the score command."""
