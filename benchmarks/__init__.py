"""Benchmarks of the route optimizer against the exhaustive enumerator (`python -m benchmarks.run`)."""
