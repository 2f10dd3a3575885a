"""The analysis engine for 1862: Railway Mania in the Eastern Counties, 1860: Railways on the Isle of Wight and 18BF:
The Big Four: each title's rules (`solver.titles`) on a title-independent core (`solver.core`), proven-best runs,
money previews, game import and the command line (`solver.cli`); no user interface (docs/architecture.md)."""
